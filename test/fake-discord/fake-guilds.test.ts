// The fake Discord's guild model: Discord's permission algorithm, the guild/role/member/channel REST
// endpoints with their error codes, posting in guild channels (permissions, dropped embeds, mention
// resolution), and interactions in modelled guilds as a real discord.js Client receives them.

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  DiscordAPIError,
  EmbedBuilder,
  Events,
  PermissionFlagsBits as P,
  Routes,
  type ChatInputCommandInteraction,
  type Client,
  type Interaction,
} from 'discord.js';
import {
  DEFAULT_EVERYONE_PERMISSIONS,
  loginClient,
  OptionType,
  registerTestCommands,
  slashCommand,
  startFakeDiscord,
  testCommand,
  type FakeDiscord,
  type FakeGuildSpec,
  type InteractionInput,
  type RecordedMessage,
} from '../../fake-discord/index.js';

const G = '1300000000000000001';
const OTHER_G = '1300000000000000002';
const UNMODELLED_G = '1300000000000000003';
const OWNER = '1310000000000000001';
const ALICE = '1310000000000000002'; // plain member
const MOD = '1310000000000000003'; // moderator
const MUTED_MOD = '1310000000000000004'; // moderator with a member overwrite denying Send in #news
const ADMIN = '1310000000000000005';
const STRANGER = '1310000000000000006';
const HELPER = '1310000000000000007'; // has two roles: one denied, one allowed Send in #split

const R_ADMIN = '1320000000000000001';
const R_MOD = '1320000000000000002';
const R_WATCHERS = '1320000000000000003'; // mentionable
const R_QUIET = '1320000000000000004'; // not mentionable
const R_BOT = '1320000000000000005'; // the bot's managed role
const R_DENY = '1320000000000000006';
const R_ALLOW = '1320000000000000007';
const R_OTHER = '1320000000000000008'; // a role of the other guild

const C_GENERAL = '1330000000000000001'; // no overwrites
const C_STAFF = '1330000000000000002'; // @everyone denied View, mods allowed
const C_NEWS = '1330000000000000003'; // announcement: @everyone denied Send, mods allowed, one mod denied
const C_SPLIT = '1330000000000000004'; // role deny vs role allow
const C_CATEGORY = '1330000000000000005';
const C_FORUM = '1330000000000000006';
const C_VOICE = '1330000000000000007';
const C_NOEMBED = '1330000000000000008'; // bot denied EMBED_LINKS
const C_HIDDEN = '1330000000000000009'; // bot denied View
const C_READONLY = '1330000000000000010'; // bot denied Send
const C_NOPING = '1330000000000000011'; // bot role denied MENTION_EVERYONE
const C_OTHER = '1330000000000000020'; // channel of the other guild

const guildSpec = (): FakeGuildSpec => ({
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

let fake: FakeDiscord;
let client: Client<true>;

function defineAll(): void {
  fake.guilds.define(guildSpec());
  fake.guilds.define({ id: OTHER_G, roles: [{ id: R_OTHER, permissions: 0n }], channels: [{ id: C_OTHER, name: 'elsewhere' }] });
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  client = await loginClient(fake);
  defineAll();
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

interface ApiAnswer {
  status: number;
  body: Record<string, unknown> & Array<Record<string, unknown>>;
}

async function api(method: string, path: string, body?: unknown, auth = true): Promise<ApiAnswer> {
  const res = await fetch(`${fake.apiUrl}/v10${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bot ${fake.botToken}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as ApiAnswer['body'] };
}

const post = (channelId: string, body: unknown): Promise<ApiAnswer> => api('POST', `/channels/${channelId}/messages`, body);

function has(bits: bigint, flag: bigint): boolean {
  return (bits & flag) === flag;
}

describe('permissionsOf follows Discord\'s documented algorithm', () => {
  beforeEach(defineAll);

  test('the owner has every permission, even where @everyone is denied', () => {
    const perms = fake.guilds.permissionsOf(G, C_STAFF, OWNER);
    expect(has(perms, P.Administrator | P.ViewChannel | P.ManageGuild | P.MentionEveryone)).toBe(true);
  });

  test('an ADMINISTRATOR role has every permission and bypasses overwrites', () => {
    expect(has(fake.guilds.permissionsOf(G, C_STAFF, ADMIN), P.ViewChannel | P.ManageGuild | P.BanMembers)).toBe(true);
    expect(fake.guilds.permissionsOf(G, C_HIDDEN, ADMIN)).toBe(fake.guilds.permissionsOf(G, C_GENERAL, OWNER));
  });

  test('the default @everyone can view, send, embed and read history, but not ping everyone or manage', () => {
    const perms = fake.guilds.permissionsOf(G, C_GENERAL, ALICE);
    expect(perms).toBe(DEFAULT_EVERYONE_PERMISSIONS);
    expect(has(perms, P.ViewChannel | P.SendMessages | P.EmbedLinks | P.ReadMessageHistory | P.UseApplicationCommands)).toBe(true);
    for (const flag of [P.MentionEveryone, P.ManageGuild, P.Administrator, P.ManageMessages, P.KickMembers]) expect(has(perms, flag)).toBe(false);
  });

  test('a deny on the @everyone overwrite removes the permission', () => {
    expect(has(fake.guilds.permissionsOf(G, C_STAFF, ALICE), P.ViewChannel)).toBe(false);
    expect(has(fake.guilds.permissionsOf(G, C_NEWS, ALICE), P.SendMessages)).toBe(false);
  });

  test('a role allow beats the @everyone deny', () => {
    expect(has(fake.guilds.permissionsOf(G, C_STAFF, MOD), P.ViewChannel)).toBe(true);
    expect(has(fake.guilds.permissionsOf(G, C_NEWS, MOD), P.SendMessages)).toBe(true);
  });

  test('a member overwrite beats the role allow', () => {
    expect(has(fake.guilds.permissionsOf(G, C_NEWS, MUTED_MOD), P.SendMessages)).toBe(false);
    expect(has(fake.guilds.permissionsOf(G, C_NEWS, MUTED_MOD), P.ViewChannel)).toBe(true);
  });

  test('role overwrites aggregate: an allow on one role beats a deny on another', () => {
    expect(has(fake.guilds.permissionsOf(G, C_SPLIT, HELPER), P.SendMessages)).toBe(true);
    fake.guilds.define({ ...guildSpec(), members: { ...guildSpec().members, [HELPER]: [R_DENY] } });
    expect(has(fake.guilds.permissionsOf(G, C_SPLIT, HELPER), P.SendMessages)).toBe(false);
  });

  test('the bot: its roles and overwrites; nothing once removed', () => {
    const bot = fake.botUserId;
    expect(has(fake.guilds.permissionsOf(G, C_HIDDEN, bot), P.ViewChannel)).toBe(false);
    expect(has(fake.guilds.permissionsOf(G, C_NOEMBED, bot), P.EmbedLinks)).toBe(false);
    expect(has(fake.guilds.permissionsOf(G, C_GENERAL, bot), P.MentionEveryone)).toBe(false);
    fake.guilds.setBotRoles(G, [R_BOT, R_ADMIN]);
    expect(has(fake.guilds.permissionsOf(G, C_HIDDEN, bot), P.ViewChannel)).toBe(true);
    fake.guilds.removeBot(G);
    expect(fake.guilds.permissionsOf(G, C_GENERAL, bot)).toBe(0n);
    expect(fake.guilds.permissionsOf(G, C_GENERAL, STRANGER)).toBe(0n);
  });

  test('setRole and setOverwrites change the outcome; a role on @everyone\'s id sets @everyone', () => {
    fake.guilds.setOverwrites(C_GENERAL, [{ id: ALICE, type: 1, deny: P.SendMessages }]);
    expect(has(fake.guilds.permissionsOf(G, C_GENERAL, ALICE), P.SendMessages)).toBe(false);
    fake.guilds.setRole(G, { id: G, permissions: P.ViewChannel });
    expect(fake.guilds.permissionsOf(G, C_SPLIT, ALICE)).toBe(P.ViewChannel);
    fake.guilds.setRole(G, { id: R_WATCHERS, permissions: P.SendMessages | P.MentionEveryone, mentionable: true });
    expect(fake.guilds.permissionsOf(G, C_SPLIT, ALICE)).toBe(P.ViewChannel | P.SendMessages | P.MentionEveryone);
  });

  test('impossible definitions are refused', () => {
    expect(() => fake.guilds.define({ id: '1300000000000000009', channels: [], botRoles: ['1320000000000000999'] })).toThrow(/does not have/);
    expect(() => fake.guilds.define({ id: '1300000000000000009', channels: [{ id: C_OTHER }] })).toThrow(/already belongs to guild/);
    expect(() => fake.guilds.define({ id: '1300000000000000009', channels: [{ id: '1330000000000000901' }, { id: '1330000000000000902', parentId: '1330000000000000901' }] })).toThrow(/not a category/);
    expect(() => fake.guilds.setOverwrites(C_GENERAL, [{ id: R_OTHER, type: 0, allow: P.SendMessages }])).toThrow(/names no role/);
    expect(() => fake.guilds.permissionsOf(G, C_OTHER, ALICE)).toThrow(/belongs to guild/);
    expect(() => fake.guilds.define({ id: G, everyonePermissions: 'lots', channels: [] })).toThrow(/not a permission bitfield/);
  });
});

describe('guild, role and member endpoints', () => {
  beforeEach(defineAll);

  test('GET /guilds/:id/roles lists every role with @everyone at position 0', async () => {
    const res = await api('GET', `/guilds/${G}/roles`);
    expect(res.status).toBe(200);
    const everyone = res.body.find((r) => r.id === G);
    expect(everyone).toEqual({
      id: G,
      name: '@everyone',
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: 0,
      permissions: String(DEFAULT_EVERYONE_PERMISSIONS),
      managed: false,
      mentionable: false,
      flags: 0,
    });
    expect(res.body.find((r) => r.id === R_WATCHERS)).toMatchObject({ name: 'Watchers', mentionable: true, permissions: '0' });
    expect(res.body.find((r) => r.id === R_BOT)).toMatchObject({ managed: true, permissions: String(P.ViewChannel | P.SendMessages | P.EmbedLinks) });
    expect(res.body).toHaveLength(8);
  });

  test('GET /guilds/:id and GET /guilds/:id/members/:user', async () => {
    const guild = await api('GET', `/guilds/${G}?with_counts=true`);
    expect(guild.status).toBe(200);
    expect(guild.body).toMatchObject({ id: G, name: 'Anime Club', owner_id: OWNER, icon: null, features: [], approximate_member_count: 7 });
    expect(guild.body.roles).toHaveLength(8);

    const bot = await api('GET', `/guilds/${G}/members/${fake.botUserId}`);
    expect(bot.status).toBe(200);
    expect(bot.body).toMatchObject({ roles: [R_BOT], nick: null, deaf: false, mute: false, flags: 0, pending: false, communication_disabled_until: null });
    expect(bot.body.user).toMatchObject({ id: fake.botUserId, bot: true });
    expect(bot.body.joined_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);

    const alice = await api('GET', `/guilds/${G}/members/${ALICE}`);
    expect(alice.body).toMatchObject({ roles: [R_WATCHERS], user: { id: ALICE } });
    expect((await api('GET', `/guilds/${G}/members/${OWNER}`)).status).toBe(200);
  });

  test('unknown guild, unknown member, bot not in the guild, missing token', async () => {
    expect(await api('GET', `/guilds/${G}/members/${STRANGER}`)).toEqual({ status: 404, body: { message: 'Unknown Member', code: 10007 } });
    const unknownGuild = { status: 404, body: { message: 'Unknown Guild', code: 10004 } };
    expect(await api('GET', `/guilds/${UNMODELLED_G}`)).toEqual(unknownGuild);
    expect(await api('GET', `/guilds/${UNMODELLED_G}/roles`)).toEqual(unknownGuild);
    expect(await api('GET', `/guilds/${UNMODELLED_G}/members/${ALICE}`)).toEqual(unknownGuild);
    expect((await api('GET', `/guilds/${G}/roles`, undefined, false)).status).toBe(401);
    expect((await api('GET', '/guilds/general/roles')).body).toMatchObject({ code: 50035, errors: { guild_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE' }] } } });
    fake.guilds.removeBot(G);
    expect(await api('GET', `/guilds/${G}`)).toEqual(unknownGuild);
    expect(await api('GET', `/guilds/${G}/roles`)).toEqual(unknownGuild);
    expect(await api('GET', `/guilds/${G}/members/${ALICE}`)).toEqual(unknownGuild);
  });
});

describe('GET /channels/:id', () => {
  beforeEach(defineAll);

  test('a guild channel: its object with overwrites as strings', async () => {
    const res = await api('GET', `/channels/${C_NEWS}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: C_NEWS,
      type: 5,
      guild_id: G,
      name: 'news',
      position: 3,
      parent_id: null,
      nsfw: false,
      topic: null,
      rate_limit_per_user: 0,
      last_message_id: null,
      flags: 0,
      permission_overwrites: [
        { id: G, type: 0, allow: '0', deny: String(P.SendMessages) },
        { id: R_MOD, type: 0, allow: String(P.SendMessages), deny: '0' },
        { id: MUTED_MOD, type: 1, allow: '0', deny: String(P.SendMessages) },
      ],
    });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ parent_id: C_CATEGORY, permission_overwrites: [] });
    expect((await api('GET', `/channels/${C_CATEGORY}`)).body).toMatchObject({ type: 4, name: 'Seasonal' });
  });

  test('unknown channel 10003; no VIEW_CHANNEL or not in the guild 50001', async () => {
    expect(await api('GET', '/channels/1330000000000000999')).toEqual({ status: 404, body: { message: 'Unknown Channel', code: 10003 } });
    const missingAccess = { status: 403, body: { message: 'Missing Access', code: 50001 } };
    expect(await api('GET', `/channels/${C_HIDDEN}`)).toEqual(missingAccess);
    fake.guilds.removeBot(G);
    expect(await api('GET', `/channels/${C_GENERAL}`)).toEqual(missingAccess);
  });

  test('a deleted channel is unknown; deleting a category orphans its children', async () => {
    fake.guilds.deleteChannel(C_CATEGORY);
    expect((await api('GET', `/channels/${C_CATEGORY}`)).status).toBe(404);
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ parent_id: null });
  });

  test('a DM channel the bot opened still answers as a DM channel', async () => {
    await registerTestCommands(fake, [testCommand('hello')]);
    fake.interact(slashCommand({ name: 'hello', where: { kind: 'dm' }, user: { id: STRANGER, username: 'sam' } })); // now a known user
    const dm = await api('POST', '/users/@me/channels', { recipient_id: STRANGER });
    expect(dm.status).toBe(200);
    const res = await api('GET', `/channels/${String(dm.body.id)}`);
    expect(res).toMatchObject({ status: 200, body: { id: dm.body.id, type: 1, recipients: [{ id: STRANGER }] } });
  });
});

describe('changing a channel: PATCH /channels/:id and editChannel', () => {
  beforeEach(defineAll);

  test('a member lifts or sets the age restriction (editChannel): GET answers the channel as it is now', async () => {
    fake.guilds.editChannel(C_GENERAL, { nsfw: true });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ nsfw: true, name: 'general' });
    fake.guilds.editChannel(C_GENERAL, { nsfw: false, name: 'chat' });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ nsfw: false, name: 'chat' });
    expect(() => fake.guilds.editChannel(C_GENERAL, { name: '' })).toThrow();
    expect(() => fake.guilds.editChannel('1330000000000000999', { nsfw: true })).toThrow('no guild channel');
  });

  test('the bot needs VIEW_CHANNEL (50001) and MANAGE_CHANNELS (50013); with them the answer is the changed channel', async () => {
    expect(await api('PATCH', `/channels/${C_GENERAL}`, { nsfw: true })).toEqual({ status: 403, body: { message: 'Missing Permissions', code: 50013 } });
    expect(await api('PATCH', `/channels/${C_HIDDEN}`, { nsfw: true })).toEqual({ status: 403, body: { message: 'Missing Access', code: 50001 } });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ nsfw: false });
    fake.guilds.setBotRoles(G, [R_BOT, R_MOD]);
    const changed = await api('PATCH', `/channels/${C_GENERAL}`, { nsfw: true, name: 'after-dark', topic: 'ignored here' });
    expect(changed).toMatchObject({ status: 200, body: { id: C_GENERAL, guild_id: G, nsfw: true, name: 'after-dark' } });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ nsfw: true, name: 'after-dark' });
    // A category has no age restriction.
    expect((await api('PATCH', `/channels/${C_CATEGORY}`, { nsfw: true })).body).toMatchObject({ type: 4, nsfw: false });
    expect((await api('PATCH', '/channels/1330000000000000999', { nsfw: true })).body).toEqual({ message: 'Unknown Channel', code: 10003 });
  });

  test('a bad body is refused before anything changes (50035, naming the field)', async () => {
    fake.guilds.setBotRoles(G, [R_BOT, R_MOD]);
    const bad = await api('PATCH', `/channels/${C_GENERAL}`, { nsfw: 'yes', name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 50035,
      errors: { nsfw: { _errors: [{ code: 'BASE_TYPE_BOOLEAN' }] }, name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] } },
    });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ nsfw: false, name: 'general' });
  });
});

describe('posting in a guild channel', () => {
  beforeEach(defineAll);

  test('a post is stored as Discord has it and answered with the message', async () => {
    const body = { content: 'Episode 3 is out', allowed_mentions: { parse: [] }, components: [] };
    const res = await post(C_GENERAL, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ channel_id: C_GENERAL, guild_id: G, content: 'Episode 3 is out', author: { id: fake.botUserId, bot: true }, mention_roles: [], mentions: [], mention_everyone: false });
    const [stored] = fake.guilds.messagesIn(C_GENERAL);
    expect(stored).toMatchObject({ id: res.body.id, allowed_mentions: { parse: [] }, guild_id: G });
    if (stored) stored.content = 'changed';
    expect(fake.guilds.messagesIn(C_GENERAL)[0]?.content).toBe('Episode 3 is out');
    expect((await api('GET', `/channels/${C_GENERAL}`)).body.last_message_id).toBe(res.body.id);
  });

  test('voice text chat and announcement channels take messages; categories and forums do not (50008)', async () => {
    expect((await post(C_VOICE, { content: 'x' })).status).toBe(200);
    const nonText = { status: 400, body: { message: 'Cannot send messages in a non-text channel', code: 50008 } };
    expect(await post(C_CATEGORY, { content: 'x' })).toEqual(nonText);
    expect(await post(C_FORUM, { content: 'x' })).toEqual(nonText);
  });

  test('no VIEW_CHANNEL → 50001, no SEND_MESSAGES → 50013, unknown or deleted channel → 10003, bot removed → 50001', async () => {
    expect(await post(C_HIDDEN, { content: 'x' })).toEqual({ status: 403, body: { message: 'Missing Access', code: 50001 } });
    expect(await post(C_READONLY, { content: 'x' })).toEqual({ status: 403, body: { message: 'Missing Permissions', code: 50013 } });
    expect(await post('1330000000000000999', { content: 'x' })).toEqual({ status: 404, body: { message: 'Unknown Channel', code: 10003 } });
    fake.guilds.deleteChannel(C_VOICE);
    expect((await post(C_VOICE, { content: 'x' })).status).toBe(404);
    fake.guilds.removeBot(G);
    expect((await post(C_GENERAL, { content: 'x' })).body).toEqual({ message: 'Missing Access', code: 50001 });
    for (const id of [C_HIDDEN, C_READONLY, C_GENERAL]) expect(fake.guilds.messagesIn(id)).toEqual([]);
  });

  test('without EMBED_LINKS the message is sent but its embeds are dropped', async () => {
    const embed = { title: 'Frieren', description: 'Episode 3' };
    const without = await post(C_NOEMBED, { content: 'new episode', embeds: [embed] });
    expect(without.status).toBe(200);
    expect(without.body.embeds).toEqual([]);
    expect(fake.guilds.messagesIn(C_NOEMBED)[0]?.embeds).toEqual([]);
    const withEmbeds = await post(C_GENERAL, { content: 'new episode', embeds: [embed] });
    expect(withEmbeds.body.embeds).toEqual([{ type: 'rich', ...embed }]);
  });

  test('the body is validated like any message; empty → 50006', async () => {
    expect(await post(C_GENERAL, { content: '' })).toEqual({ status: 400, body: { message: 'Cannot send an empty message', code: 50006 } });
    expect((await post(C_GENERAL, { content: 'x'.repeat(2001) })).body).toMatchObject({ code: 50035, errors: { content: {} } });
    expect(fake.guilds.messagesIn(C_GENERAL)).toEqual([]);
  });

  test('failNext faults: one queue for guild channels and DMs', async () => {
    fake.guilds.failNext(1, { status: 500, code: 0, message: '500: Internal Server Error' });
    fake.dms.failNext(1, { status: 429, code: 0, message: 'You are being rate limited.' });
    expect(await post(C_GENERAL, { content: 'a' })).toEqual({ status: 500, body: { message: '500: Internal Server Error', code: 0 } });
    expect((await post(C_GENERAL, { content: 'b' })).status).toBe(429);
    expect((await post(C_GENERAL, { content: 'c' })).status).toBe(200);
    expect(fake.guilds.messagesIn(C_GENERAL).map((m) => m.content)).toEqual(['c']);
  });

  test('enforce_nonce: a repeat within minutes returns the first message instead of posting again', async () => {
    const body = { content: 'Episode 4 is out', nonce: 'reminder-42', enforce_nonce: true };
    const first = await post(C_GENERAL, body);
    expect(first.body.nonce).toBe('reminder-42');
    const again = await post(C_GENERAL, body);
    expect(again).toEqual(first);
    expect(fake.guilds.messagesIn(C_GENERAL)).toHaveLength(1);
    expect((await post(C_GENERAL, { ...body, enforce_nonce: false })).body.id).not.toBe(first.body.id); // no enforcement: a new message
    expect((await post(C_NEWS, body)).status).toBe(403); // still subject to the channel's permissions
    fake.clock.advance(6 * 60_000);
    expect((await post(C_GENERAL, body)).body.id).not.toBe(first.body.id);
    expect(fake.guilds.messagesIn(C_GENERAL)).toHaveLength(3);
    expect((await post(C_GENERAL, { content: 'x', nonce: 'n'.repeat(26) })).body).toMatchObject({ code: 50035, errors: { nonce: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } });
  });

  test('enforce_nonce holds in DMs too', async () => {
    await registerTestCommands(fake, [testCommand('hello')]);
    fake.interact(slashCommand({ name: 'hello', where: { kind: 'dm' }, user: { id: STRANGER, username: 'sam' } }));
    const dm = await api('POST', '/users/@me/channels', { recipient_id: STRANGER });
    const body = { content: 'Episode 5 is out', nonce: 'reminder-43', enforce_nonce: true };
    const first = await post(String(dm.body.id), body);
    expect(first.status).toBe(200);
    expect(await post(String(dm.body.id), body)).toEqual(first);
    expect(fake.dms.messagesTo(STRANGER).filter((m) => m.nonce === 'reminder-43')).toHaveLength(1);
    expect((await post(String(dm.body.id), { content: 'x', nonce: 7.5 })).body).toMatchObject({ code: 50035, errors: { nonce: {} } });
  });

  test('through discord.js: REST errors arrive as DiscordAPIError with Discord\'s codes', async () => {
    const sent = (await client.rest.post(Routes.channelMessages(C_GENERAL), { body: { content: 'hi <@&' + R_WATCHERS + '>' } })) as RecordedMessage;
    expect(sent.mention_roles).toEqual([R_WATCHERS]);
    const error = await client.rest.post(Routes.channelMessages(C_READONLY), { body: { content: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(50013);
    const channel = (await client.rest.get(Routes.channel(C_GENERAL))) as { name: string };
    expect(channel.name).toBe('general');
  });
});

describe('mentions resolve as Discord resolves them', () => {
  beforeEach(defineAll);

  const send = async (channelId: string, body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const res = await post(channelId, body);
    expect(res.status).toBe(200);
    return res.body;
  };
  const ids = (users: unknown): string[] => (users as Array<{ id: string }>).map((u) => u.id);

  test('a mentionable role is pinged, and only the roles written in the text', async () => {
    const m = await send(C_GENERAL, { content: `<@&${R_WATCHERS}> Frieren episode 3 is out` });
    expect(m.mention_roles).toEqual([R_WATCHERS]);
    expect(m.mentions).toEqual([]);
    expect(m.mention_everyone).toBe(false);
    const embedOnly = await send(C_GENERAL, { content: 'new', embeds: [{ description: `<@&${R_WATCHERS}>` }] });
    expect(embedOnly.mention_roles).toEqual([]);
  });

  test('a role that is not mentionable is not pinged unless the bot has MENTION_EVERYONE (ADMINISTRATOR implies it)', async () => {
    const content = `<@&${R_QUIET}> <@&${R_WATCHERS}>`;
    expect((await send(C_GENERAL, { content })).mention_roles).toEqual([R_WATCHERS]);
    fake.guilds.setRole(G, { id: R_BOT, permissions: P.ViewChannel | P.SendMessages | P.MentionEveryone, managed: true });
    expect((await send(C_GENERAL, { content })).mention_roles).toEqual([R_QUIET, R_WATCHERS]);
    // MENTION_EVERYONE is a channel permission: an overwrite denying it there wins.
    expect((await send(C_NOPING, { content })).mention_roles).toEqual([R_WATCHERS]);
    fake.guilds.setBotRoles(G, [R_ADMIN]);
    expect((await send(C_NOPING, { content })).mention_roles).toEqual([R_QUIET, R_WATCHERS]);
  });

  test('allowed_mentions {parse: []} suppresses every ping', async () => {
    fake.guilds.setBotRoles(G, [R_ADMIN]);
    const m = await send(C_GENERAL, { content: `@everyone <@&${R_WATCHERS}> <@${ALICE}>`, allowed_mentions: { parse: [] } });
    expect(m).toMatchObject({ mention_roles: [], mentions: [], mention_everyone: false });
    const empty = await send(C_GENERAL, { content: `<@&${R_WATCHERS}> <@${ALICE}>`, allowed_mentions: {} });
    expect(empty).toMatchObject({ mention_roles: [], mentions: [] });
  });

  test('allowed_mentions roles / users lists ping exactly those', async () => {
    fake.guilds.setRole(G, { id: R_QUIET, permissions: 0n, mentionable: true });
    const content = `<@&${R_WATCHERS}> <@&${R_QUIET}> <@${ALICE}> <@!${MOD}>`;
    const onlyWatchers = await send(C_GENERAL, { content, allowed_mentions: { roles: [R_WATCHERS] } });
    expect(onlyWatchers.mention_roles).toEqual([R_WATCHERS]);
    expect(onlyWatchers.mentions).toEqual([]);
    const users = await send(C_GENERAL, { content, allowed_mentions: { parse: ['users'], roles: [R_QUIET] } });
    expect(users.mention_roles).toEqual([R_QUIET]);
    expect(ids(users.mentions)).toEqual([ALICE, MOD]);
    const alice = await send(C_GENERAL, { content, allowed_mentions: { users: [ALICE] } });
    expect(ids(alice.mentions)).toEqual([ALICE]);
    expect(alice.mention_roles).toEqual([]);
  });

  test('user mentions name members (both <@id> and <@!id>), never strangers or a role id', async () => {
    const m = await send(C_GENERAL, { content: `<@${ALICE}> <@!${ALICE}> <@${STRANGER}x> <@1319999999999999999> <@&${ALICE}>` });
    expect(ids(m.mentions)).toEqual([ALICE]);
    expect(m.mention_roles).toEqual([]);
  });

  test('@everyone / @here never ping without MENTION_EVERYONE, and need parse "everyone" when allowed_mentions is given', async () => {
    expect((await send(C_GENERAL, { content: '@everyone new episode' })).mention_everyone).toBe(false);
    expect((await send(C_GENERAL, { content: '@here new episode', allowed_mentions: { parse: ['everyone'] } })).mention_everyone).toBe(false);
    fake.guilds.setBotRoles(G, [R_ADMIN]);
    expect((await send(C_GENERAL, { content: '@here new episode', allowed_mentions: { parse: ['everyone'] } })).mention_everyone).toBe(true);
    expect((await send(C_GENERAL, { content: '@everyone new episode' })).mention_everyone).toBe(true);
    expect((await send(C_GENERAL, { content: '@everyone new episode', allowed_mentions: { parse: ['roles', 'users'] } })).mention_everyone).toBe(false);
    expect((await send(C_GENERAL, { content: 'new episode', allowed_mentions: { parse: ['everyone'] } })).mention_everyone).toBe(false);
  });

  test('Components V2 text displays carry mentions too', async () => {
    const m = await send(C_GENERAL, {
      flags: 1 << 15,
      components: [{ type: 17, components: [{ type: 10, content: `<@&${R_WATCHERS}> episode 4` }] }],
      allowed_mentions: { roles: [R_WATCHERS] },
    });
    expect(m.mention_roles).toEqual([R_WATCHERS]);
  });
});

describe('interactions in a modelled guild', () => {
  const handlers: Array<(i: ChatInputCommandInteraction) => void> = [];
  const rawPayloads = new Map<string, Record<string, unknown>>();
  const onRaw = (packet: { t?: string; d?: Record<string, unknown> }): void => {
    if (packet.t === 'INTERACTION_CREATE' && packet.d && typeof packet.d.id === 'string') rawPayloads.set(packet.d.id, packet.d);
  };
  const onInteraction = (i: Interaction): void => {
    if (i.isChatInputCommand()) handlers.forEach((h) => h(i));
  };

  beforeAll(async () => {
    await registerTestCommands(fake, [
      testCommand('setup', [
        { type: 7, name: 'channel', description: 'where', required: true, channel_types: [0, 5] },
        { type: 8, name: 'role', description: 'who to ping' },
        { type: 9, name: 'who', description: 'someone' },
      ]),
      testCommand('anywhere', [{ type: 7, name: 'channel', description: 'any channel' }]),
    ]);
    client.on(Events.Raw, onRaw);
    client.on(Events.InteractionCreate, onInteraction);
  });
  afterAll(() => {
    client.off(Events.Raw, onRaw);
    client.off(Events.InteractionCreate, onInteraction);
  });
  beforeEach(defineAll);
  afterEach(() => {
    handlers.length = 0;
  });

  function receive(input: InteractionInput): Promise<ChatInputCommandInteraction> {
    return new Promise((resolve) => {
      handlers.push((i) => {
        if (i.id === input.id) resolve(i);
      });
      fake.interact(input);
    });
  }

  const setup = (options: Record<string, string | { type: number; value: string }>, who = MOD, where: Record<string, unknown> = {}): InteractionInput =>
    slashCommand({
      name: 'setup',
      where: { kind: 'guild', guildId: G, channelId: C_GENERAL, ...where },
      user: { id: who, username: 'mod' },
      options: Object.fromEntries(Object.entries(options).map(([k, v]) => [k, typeof v === 'string' ? { type: k === 'role' ? OptionType.Role : OptionType.Channel, value: v } : v])),
    });

  test('resolved channel and role, app_permissions and member permissions come from the model', async () => {
    const input = setup({ channel: C_NEWS, role: R_WATCHERS });
    const i = await receive(input);

    expect(i.appPermissions.bitfield).toBe(fake.guilds.permissionsOf(G, C_GENERAL, fake.botUserId));
    expect(i.memberPermissions?.bitfield).toBe(fake.guilds.permissionsOf(G, C_GENERAL, MOD));
    expect(i.memberPermissions?.has(P.ManageMessages)).toBe(true);

    const channel = i.options.getChannel('channel', true) as unknown as Record<string, unknown>;
    expect(channel).toMatchObject({ id: C_NEWS, name: 'news', type: 5, nsfw: false, parent_id: null, flags: 0 });
    expect(channel.permissions).toBe(String(fake.guilds.permissionsOf(G, C_NEWS, MOD)));
    expect(channel).not.toHaveProperty('permission_overwrites');
    expect(channel).not.toHaveProperty('thread_metadata');
    const role = i.options.getRole('role', true) as unknown as Record<string, unknown>;
    expect(role).toEqual({
      id: R_WATCHERS,
      name: 'Watchers',
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: 3,
      permissions: '0',
      managed: false,
      mentionable: true,
      flags: 0,
    });

    const raw = rawPayloads.get(input.id);
    expect(raw?.channel).toMatchObject({ id: C_GENERAL, name: 'general', type: 0, parent_id: C_CATEGORY, permissions: String(fake.guilds.permissionsOf(G, C_GENERAL, MOD)) });
    expect(raw?.member).toMatchObject({ roles: [R_MOD] });
  });

  test('a mentionable option resolves a role or a member', async () => {
    const byRole = await receive(setup({ channel: C_GENERAL, who: { type: OptionType.Mentionable, value: R_QUIET } }));
    expect(byRole.options.getMentionable('who')).toMatchObject({ id: R_QUIET, name: 'Quiet' });
    const byMember = await receive(setup({ channel: C_GENERAL, who: { type: OptionType.Mentionable, value: ALICE } }));
    expect(byMember.options.getUser('who')?.id).toBe(ALICE);
    expect(byMember.options.getMember('who')).toMatchObject({ roles: [R_WATCHERS] });
  });

  test('the bot\'s view: app_permissions lack what the channel denies it; without its bot the app gets @everyone\'s plus embeds and files', async () => {
    const noEmbed = await receive(setup({ channel: C_GENERAL }, MOD, { channelId: C_NOEMBED }));
    expect(noEmbed.appPermissions.has(P.EmbedLinks)).toBe(false);
    expect(noEmbed.appPermissions.has(P.SendMessages)).toBe(true);
    fake.guilds.removeBot(G);
    const gone = await receive(setup({ channel: C_GENERAL }, MOD, { channelId: C_NOEMBED }));
    expect(gone.appPermissions.bitfield).toBe((DEFAULT_EVERYONE_PERMISSIONS & ~P.EmbedLinks) | P.EmbedLinks | P.AttachFiles);
  });

  test('explicit memberPermissions / memberRoles win; an unlisted user joins with @everyone only', async () => {
    const explicit = await receive(setup({ channel: C_GENERAL }, ALICE, { memberPermissions: P.ViewChannel | P.UseApplicationCommands }));
    expect(explicit.memberPermissions?.bitfield).toBe(P.ViewChannel | P.UseApplicationCommands);
    // Explicit permissions are the test's word for what Discord sent: not checked against the channel.
    const overridden = await receive(setup({ channel: C_GENERAL }, ALICE, { channelId: C_STAFF, memberPermissions: P.ManageGuild | P.ViewChannel }));
    expect(overridden.memberPermissions?.bitfield).toBe(P.ManageGuild | P.ViewChannel);
    const promoted = await receive(setup({ channel: C_STAFF }, ALICE, { memberRoles: [R_MOD] }));
    expect(promoted.memberPermissions?.has(P.ManageChannels)).toBe(true);
    expect((await api('GET', `/guilds/${G}/members/${ALICE}`)).body.roles).toEqual([R_MOD]);

    const newcomer = await receive(setup({ channel: C_GENERAL }, STRANGER));
    expect(newcomer.memberPermissions?.bitfield).toBe(DEFAULT_EVERYONE_PERMISSIONS);
    expect((await api('GET', `/guilds/${G}/members/${STRANGER}`)).body).toMatchObject({ roles: [], user: { id: STRANGER } });
  });

  test('interact() refuses what Discord would never send in a modelled guild', () => {
    expect(() => fake.interact(setup({ channel: C_OTHER }))).toThrow(/not a channel of the guild/);
    expect(() => fake.interact(setup({ channel: '1330000000000000999' }))).toThrow(/not a channel of the guild/);
    expect(() => fake.interact(setup({ channel: C_VOICE }))).toThrow(/outside its channel_types \[0,5\]/);
    expect(() => fake.interact(setup({ channel: C_CATEGORY }))).toThrow(/channel_types/);
    expect(() => fake.interact(setup({ channel: C_GENERAL, role: R_OTHER }))).toThrow(/not a role of the guild/);
    expect(() => fake.interact(setup({ channel: C_GENERAL, who: { type: OptionType.Mentionable, value: '1310000000000000999' } }))).toThrow(/not a role or member/);
    expect(() => fake.interact(setup({ channel: C_GENERAL }, MOD, { channelId: C_OTHER }))).toThrow(/belongs to guild/);
    expect(() => fake.interact(setup({ channel: C_GENERAL }, ALICE, { channelId: C_STAFF }))).toThrow(/cannot view channel/);
    expect(() => fake.interact(setup({ channel: C_GENERAL }, ALICE, { memberRoles: [R_OTHER] }))).toThrow(/not a role of the guild/);
    expect(() => fake.interact(setup({ channel: C_GENERAL }, MOD, { channelId: C_CATEGORY }))).toThrow(/type 4/);
    fake.guilds.setRole(G, { id: G, permissions: P.ViewChannel | P.SendMessages });
    expect(() => fake.interact(setup({ channel: C_GENERAL }, ALICE))).toThrow(/USE_APPLICATION_COMMANDS/);
  });

  test('a channel option without channel_types accepts any channel of the guild; unchecked skips the channel_types check', async () => {
    const i = await receive(
      slashCommand({ name: 'anywhere', where: { kind: 'guild', guildId: G, channelId: C_GENERAL }, user: { id: MOD }, options: { channel: { type: OptionType.Channel, value: C_FORUM } } }),
    );
    expect(i.options.getChannel('channel')).toMatchObject({ id: C_FORUM, type: 15 });
    const crafted = slashCommand({
      name: 'setup',
      where: { kind: 'guild', guildId: G, channelId: C_GENERAL },
      user: { id: MOD },
      options: { channel: { type: OptionType.Channel, value: C_VOICE } },
      unchecked: true,
    });
    const unchecked = await receive(crafted);
    expect(unchecked.options.getChannel('channel')).toMatchObject({ id: C_VOICE, type: 2 });
  });

  test('unmodelled guilds keep the default payload', async () => {
    const input = slashCommand({ name: 'anywhere', where: { kind: 'guild', guildId: UNMODELLED_G }, user: { id: ALICE }, options: { channel: { type: OptionType.Channel, value: C_GENERAL } } });
    const i = await receive(input);
    expect(i.appPermissions.bitfield).toBe(2248473465835073n);
    expect(i.memberPermissions?.bitfield).toBe(2248473465835073n);
    expect(i.options.getChannel('channel')).toBeNull();
    expect(rawPayloads.get(input.id)?.member).toMatchObject({ roles: [] });
  });

  test('a reminder set up by command then posted pings exactly the chosen role', async () => {
    handlers.push((i) => {
      if (i.commandName !== 'setup') return;
      const channel = i.options.getChannel('channel', true);
      const role = i.options.getRole('role', true);
      void (async () => {
        await i.reply({ content: `Reminders go to <#${channel.id}>`, allowedMentions: { parse: [] } });
        await client.rest.post(Routes.channelMessages(channel.id), {
          body: { content: `<@&${role.id}> Frieren episode 5 is out — ask <@${MOD}>`, allowed_mentions: { roles: [role.id] }, embeds: [new EmbedBuilder().setTitle('Frieren').toJSON()] },
        });
      })();
    });
    fake.guilds.setRole(G, { id: R_BOT, permissions: P.ViewChannel | P.SendMessages | P.EmbedLinks, managed: true });
    fake.guilds.setOverwrites(C_NEWS, [{ id: G, type: 0, deny: P.SendMessages }, { id: R_BOT, type: 0, allow: P.SendMessages }]);
    const h = fake.interact(setup({ channel: C_NEWS, role: R_WATCHERS }));
    expect((await h.settled()).content).toContain(C_NEWS);
    await expect.poll(() => fake.guilds.messagesIn(C_NEWS).length).toBe(1);
    const [reminder] = fake.guilds.messagesIn(C_NEWS);
    expect(reminder).toMatchObject({ mention_roles: [R_WATCHERS], mentions: [], mention_everyone: false, allowed_mentions: { roles: [R_WATCHERS] } });
    expect(reminder?.embeds).toHaveLength(1);
  });
});
