// What the fake Discord's guild tests share (fake-guilds-*.test.ts): one modelled guild with roles,
// members and channels whose overwrites exercise Discord's permission algorithm, a second guild whose
// role and channel the first must refuse, the fake started with a discord.js Client logged in, and
// the REST API called directly.

import { afterAll, beforeAll } from 'vitest';
import { PermissionFlagsBits as P, type Client } from 'discord.js';
import { loginClient, startFakeDiscord, type FakeDiscord, type FakeGuildSpec } from '../../fake-discord/index.js';

export const G = '1300000000000000001';
export const OTHER_G = '1300000000000000002';
export const UNMODELLED_G = '1300000000000000003';
export const OWNER = '1310000000000000001';
export const ALICE = '1310000000000000002'; // plain member
export const MOD = '1310000000000000003'; // moderator
export const MUTED_MOD = '1310000000000000004'; // moderator with a member overwrite denying Send in #news
export const ADMIN = '1310000000000000005';
export const STRANGER = '1310000000000000006';
export const HELPER = '1310000000000000007'; // has two roles: one denied, one allowed Send in #split

export const R_ADMIN = '1320000000000000001';
export const R_MOD = '1320000000000000002';
export const R_WATCHERS = '1320000000000000003'; // mentionable
export const R_QUIET = '1320000000000000004'; // not mentionable
export const R_BOT = '1320000000000000005'; // the bot's managed role
export const R_DENY = '1320000000000000006';
export const R_ALLOW = '1320000000000000007';
export const R_OTHER = '1320000000000000008'; // a role of the other guild

export const C_GENERAL = '1330000000000000001'; // no overwrites
export const C_STAFF = '1330000000000000002'; // @everyone denied View, mods allowed
export const C_NEWS = '1330000000000000003'; // announcement: @everyone denied Send, mods allowed, one mod denied
export const C_SPLIT = '1330000000000000004'; // role deny vs role allow
export const C_CATEGORY = '1330000000000000005';
export const C_FORUM = '1330000000000000006';
export const C_VOICE = '1330000000000000007';
export const C_NOEMBED = '1330000000000000008'; // bot denied EMBED_LINKS
export const C_HIDDEN = '1330000000000000009'; // bot denied View
export const C_READONLY = '1330000000000000010'; // bot denied Send
export const C_NOPING = '1330000000000000011'; // bot role denied MENTION_EVERYONE
export const C_OTHER = '1330000000000000020'; // channel of the other guild


export const guildSpec = (): FakeGuildSpec => ({
  id: G,
  name: 'Anime Club',
  ownerId: OWNER,
  roles: [
    { id: R_ADMIN, name: 'Admin', permissions: P.Administrator },
    { id: R_MOD, name: 'Mod', permissions: P.ManageMessages | P.ManageChannels },
    { id: R_WATCHERS, name: 'Watchers', permissions: 0n, mentionable: true },
    { id: R_QUIET, name: 'Quiet', permissions: 0n },
    { id: R_BOT, name: 'AMLS Bot', permissions: P.ViewChannel | P.SendMessages | P.EmbedLinks, managed: true },
    { id: R_DENY, name: 'Deny', permissions: 0n },
    { id: R_ALLOW, name: 'Allow', permissions: 0n },
  ],
  channels: [
    { id: C_CATEGORY, name: 'Seasonal', type: 4 },
    { id: C_GENERAL, name: 'general', parentId: C_CATEGORY },
    {
      id: C_STAFF,
      name: 'staff',
      overwrites: [
        { id: G, type: 0, deny: P.ViewChannel },
        { id: R_MOD, type: 0, allow: P.ViewChannel },
      ],
    },
    {
      id: C_NEWS,
      name: 'news',
      type: 5,
      overwrites: [
        { id: G, type: 0, deny: P.SendMessages },
        { id: R_MOD, type: 0, allow: P.SendMessages },
        { id: MUTED_MOD, type: 1, deny: P.SendMessages },
      ],
    },
    {
      id: C_SPLIT,
      name: 'split',
      overwrites: [
        { id: R_DENY, type: 0, deny: P.SendMessages },
        { id: R_ALLOW, type: 0, allow: P.SendMessages },
      ],
    },
    { id: C_FORUM, name: 'episodes', type: 15 },
    { id: C_VOICE, name: 'Watch party', type: 2 },
    { id: C_NOEMBED, name: 'no-embeds', overwrites: [{ id: R_BOT, type: 0, deny: P.EmbedLinks }, { id: G, type: 0, deny: P.EmbedLinks }] },
    { id: C_HIDDEN, name: 'hidden', overwrites: [{ id: G, type: 0, deny: P.ViewChannel }] },
    { id: C_READONLY, name: 'readonly', overwrites: [{ id: G, type: 0, deny: P.SendMessages }] },
    { id: C_NOPING, name: 'no-ping', overwrites: [{ id: R_BOT, type: 0, deny: P.MentionEveryone }] },
  ],
  botRoles: [R_BOT],
  members: {
    [ALICE]: [R_WATCHERS],
    [MOD]: [R_MOD],
    [MUTED_MOD]: [R_MOD],
    [ADMIN]: [R_ADMIN],
    [HELPER]: [R_DENY, R_ALLOW],
  },
});

/** Defines (again) both guilds as `guildSpec` has them: each test starts from this model. */
export function defineGuilds(fake: FakeDiscord): void {
  fake.guilds.define(guildSpec());
  fake.guilds.define({ id: OTHER_G, roles: [{ id: R_OTHER, permissions: 0n }], channels: [{ id: C_OTHER, name: 'elsewhere' }] });
}

/** The fake with both guilds defined and a discord.js Client logged in. */
export async function startModelledGuilds(): Promise<{ fake: FakeDiscord; client: Client<true> }> {
  const fake = await startFakeDiscord();
  const client = await loginClient(fake);
  defineGuilds(fake);
  return { fake, client };
}

export async function stopModelledGuilds(fake: FakeDiscord | undefined, client: Client<true> | undefined): Promise<void> {
  await client?.destroy();
  await fake?.close();
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown> & Array<Record<string, unknown>>;
}

/** Calls the fake's REST API as the bot (or without its token). */
export async function callApi(fake: FakeDiscord, method: string, path: string, body?: unknown, auth = true): Promise<ApiAnswer> {
  const res = await fetch(`${fake.apiUrl}/v10${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bot ${fake.botToken}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as ApiAnswer['body'] };
}

/** One test file's modelled guilds: reads of `fake` and `client` (once started), both guilds defined again, the REST API. */
export interface ModelledGuilds {
  readonly fake: FakeDiscord;
  readonly client: Client<true>;
  /** Defines both guilds again as `guildSpec` has them: each test starts from this model. */
  defineAll(): void;
  /** Calls the fake's REST API as the bot (or without its token). */
  api(method: string, path: string, body?: unknown, auth?: boolean): Promise<ApiAnswer>;
}

/** The fake with both guilds and a logged-in Client for the calling test file: started before its tests, stopped after them. */
export function useModelledGuilds(): ModelledGuilds {
  let started: { fake: FakeDiscord; client: Client<true> } | undefined;
  beforeAll(async () => {
    started = await startModelledGuilds();
  });
  afterAll(async () => {
    await stopModelledGuilds(started?.fake, started?.client);
  });
  const running = (): { fake: FakeDiscord; client: Client<true> } => {
    if (!started) throw new Error('the modelled guilds are started before the tests (beforeAll)');
    return started;
  };
  return {
    get fake() {
      return running().fake;
    },
    get client() {
      return running().client;
    },
    defineAll: () => defineGuilds(running().fake),
    api: (method, path, body, auth) => callApi(running().fake, method, path, body, auth),
  };
}
