// The sandbox server's list community, there from the start: alice, bob and carol (members of the
// server, each linked to the emulator account of the same name as if they had used /login; carol,
// whose emulator list starts empty, first puts a few titles alice and bob share on it) joined it
// with /server join's own code path, #general has the activity feed, and alice has just watched an
// episode through the bot, so #general shows its feed post. A visitor sees the server view under
// /anime info, /compare, the leaderboards and a feed post without setting anything up.

import type { RunningBot } from '../src/app/bot.js';
import type { MirrorEntry } from '../src/community/types.js';
import type { Emulator } from '../emulator/server.js';
import type { FakeDiscord } from '../fake-discord/index.js';
import type { SandboxClock } from './clock.js';
import { GUILD_ID, JOINED, SERVER_CHANNELS } from './places.js';

export interface CommunitySeed {
  bot: RunningBot;
  emulator: Emulator;
  discord: Pick<FakeDiscord, 'guilds'>;
  /** The bot's client id at the emulator: the members' tokens are issued to it. */
  clientId: string;
  clock: SandboxClock;
  /** FEED_BATCH_SECONDS in ms: how far the clock moves for a batch to be posted (seeding moves it `seedingMs`). */
  feedBatchMs: number;
}

/** The feed's channel in the sandbox. */
export const FEED_CHANNEL_ID = SERVER_CHANNELS.find((c) => c.name === 'general')?.id ?? '';

/** What seeding did, for the page and the tests. */
export interface SeededCommunity {
  members: Array<{ username: string; anime: number; manga: number }>;
  /** The feed's posts in #general when the page opens (alice's change). */
  feedPostIds: string[];
  /** The title alice advanced (its feed post is in #general), when her list had one to advance. */
  advanced?: { id: number; title: string; progress: number };
}

export async function seedCommunity(o: CommunitySeed): Promise<SeededCommunity> {
  const { bot, emulator, clock } = o;
  const social = bot.deps.social;
  const members: SeededCommunity['members'] = [];
  const accessTokens = new Map<string, string>();
  for (const user of JOINED) {
    const tokens = emulator.issueTokensFor(user.username, o.clientId);
    accessTokens.set(user.username, tokens.access_token);
    // carol starts with an empty list on the emulator: she gets a few of the titles alice and bob share.
    if (user === JOINED[2]) await shareTitles(o, tokens.access_token);
    const now = clock.now();
    await bot.store.accounts.set(user.id, {
      serviceUserName: user.username,
      linkedAt: now,
      tokens: { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: now + tokens.expires_in * 1000, obtainedAt: now },
    });
    const joined = await social.join(GUILD_ID, user.id);
    if (!joined.ok) throw new Error(`the sandbox could not join ${user.username} to its community (${joined.reason})`);
    members.push({ username: user.username, ...joined.entries });
  }
  // Joining read their lists; whatever the feed made of that is past its batch before the feed channel exists.
  await settleFeed(o);
  await bot.deps.feed.channels.add(GUILD_ID, { channelId: FEED_CHANNEL_ID, ageRestricted: false });
  const advanced = await advanceOneEpisode(o, accessTokens.get(JOINED[0]?.username ?? '') ?? '');
  await settleFeed(o);
  const feedPostIds = o.discord.guilds.messagesIn(FEED_CHANNEL_ID).map((m) => m.id);
  return { members, feedPostIds, ...(advanced ? { advanced } : {}) };
}

/** Titles carol puts on her (empty) list before joining: anime alice and bob both have, scored near alice. */
const CAROL_TITLES = 8;

async function shareTitles(o: CommunitySeed, token: string): Promise<void> {
  const [alice, bob] = await Promise.all(JOINED.slice(0, 2).map((u) => o.bot.deps.social.mirror(u.id, 'anime')));
  const bobs = new Set((bob?.entries ?? []).map((e) => e.id));
  const shared = (alice?.entries ?? []).filter((e) => bobs.has(e.id) && !e.nsfw && e.score > 0).slice(0, CAROL_TITLES);
  for (const [i, e] of shared.entries()) {
    const score = Math.max(1, Math.min(10, e.score + (i % 3) - 1));
    const form = { status: 'completed', score: String(score), ...(e.total > 0 ? { num_watched_episodes: String(e.total) } : {}) };
    await putListStatus(o, token, e.id, form);
  }
}

async function putListStatus(o: CommunitySeed, token: string, id: number, form: Record<string, string>): Promise<{ num_episodes_watched?: number; updated_at?: string }> {
  const res = await fetch(`${o.emulator.url}/v2/anime/${id}/my_list_status`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  if (!res.ok) throw new Error(`the sandbox could not update a list on the emulator (${res.status})`);
  return (await res.json()) as { num_episodes_watched?: number; updated_at?: string };
}

/** How far seeding moves the sandbox clock: two feed batch windows (the sandbox starts its clock this far behind). */
export function seedingMs(feedBatchMs: number): number {
  return 2 * (feedBatchMs + 1000);
}

/** Moves the sandbox clock past one feed batch window and runs the jobs that fell due. */
async function settleFeed(o: CommunitySeed): Promise<void> {
  o.clock.advanceBy(o.feedBatchMs + 1000);
  await o.bot.jobs.runDue();
}

/**
 * alice watches one more episode of a title she is watching: on the service (with her token) and, as
 * `/list anime update` does, in the mirror at once, which tells the feed.
 */
async function advanceOneEpisode(o: CommunitySeed, token: string): Promise<SeededCommunity['advanced']> {
  const alice = JOINED[0];
  if (!alice) return undefined;
  const mirror = await o.bot.deps.social.mirror(alice.id, 'anime');
  const entry = mirror?.entries.find((e) => e.status === 'watching' && !e.nsfw && (e.total === 0 || e.progress + 1 < e.total));
  if (!entry) return undefined;
  const status = await putListStatus(o, token, entry.id, { num_watched_episodes: String(entry.progress + 1) });
  const after: MirrorEntry = {
    ...entry,
    progress: status.num_episodes_watched ?? entry.progress + 1,
    updatedAt: status.updated_at ? Date.parse(status.updated_at) : o.clock.now(),
  };
  await o.bot.deps.social.listChanged(alice.id, 'anime', entry.id, after);
  return { id: entry.id, title: entry.title, progress: after.progress };
}
