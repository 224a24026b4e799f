// The sandbox server's list community, there from the start: alice, bob and carol (members of the
// server, each linked to the emulator account of the same name as if they had used /login) joined it
// with /server join's own code path, #general has the activity feed, and alice has just watched an
// episode through the bot, so #general shows its feed post. A visitor sees the server view under
// /anime info, /compare, the leaderboards and a feed post without setting anything up.

import type { RunningBot } from '../src/app/bot.js';
import type { MirrorEntry } from '../src/social/types.js';
import type { Emulator } from '../emulator/server.js';
import type { SandboxClock } from './clock.js';
import { GUILD_ID, JOINED, SERVER_CHANNELS } from './places.js';

export interface CommunitySeed {
  bot: RunningBot;
  emulator: Emulator;
  /** The bot's client id at the emulator: the members' tokens are issued to it. */
  clientId: string;
  clock: SandboxClock;
  /** FEED_BATCH_SECONDS in ms: how far the clock moves for a batch to be posted. */
  feedBatchMs: number;
}

/** The feed's channel in the sandbox. */
export const FEED_CHANNEL_ID = SERVER_CHANNELS.find((c) => c.name === 'general')?.id ?? '';

/** What seeding did, for the page and the tests. */
export interface SeededCommunity {
  members: Array<{ username: string; anime: number; manga: number }>;
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
  return { members, ...(advanced ? { advanced } : {}) };
}

/** Moves the sandbox clock past one feed batch window and runs the jobs that fell due. */
async function settleFeed(o: CommunitySeed): Promise<void> {
  o.clock.advanceTo(o.clock.now() + o.feedBatchMs + 1000);
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
  const res = await fetch(`${o.emulator.url}/v2/anime/${entry.id}/my_list_status`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ num_watched_episodes: String(entry.progress + 1) }).toString(),
  });
  if (!res.ok) throw new Error(`the sandbox could not update alice's list (${res.status})`);
  const status = (await res.json()) as { num_episodes_watched?: number; updated_at?: string };
  const after: MirrorEntry = {
    ...entry,
    progress: status.num_episodes_watched ?? entry.progress + 1,
    updatedAt: status.updated_at ? Date.parse(status.updated_at) : o.clock.now(),
  };
  await o.bot.deps.social.listChanged(alice.id, 'anime', entry.id, after);
  return { id: entry.id, title: entry.title, progress: after.progress };
}
