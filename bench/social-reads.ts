// The social bench's reads on the 1 000-member server, through the views the handlers call: the "In
// this server" part of /anime|manga info (`serverDetailsPart`), /compare (`compareMembers`), /server
// leaderboard (`openLeaderboard`) and /server top (`openTopTitles`), rendering included. Each is timed
// twice: warm (the per-process memo of decoded mirrors holds the server's members, as for views within
// its ttl of each other) and cold (an empty memo, as for the first view after the memo's ttl passed).
// Cold samples run the same views over a reader of the same community whose memo starts empty.
// The boards (/server leaderboard, /server top) keep their counts in the store until a member's summary
// changes (src/community/server-totals.ts), so their cold samples are split: the first view after a change
// (a member's list changed through the bot just before, untimed: the counts are made again) and a view
// while the kept counts hold.

import { performance } from 'node:perf_hooks';
import type { BaseContext } from '../src/interactions/context.js';
import { LEADERBOARD_METRICS, metricApplies } from '../src/community/leaderboards.js';
import type { ListKind, SocialService } from '../src/community/types.js';
import { compareMembers } from '../src/views/compare.js';
import { openLeaderboard, openTopTitles, serverDetailsPart } from '../src/views/social.js';
import type { Catalogue } from '../emulator/catalogue/index.js';
import type { WorkCore } from '../emulator/catalogue/types.js';
import { Prng } from '../emulator/prng.js';
import type { SocialStack } from './social-stack.js';
import type { SocialWorkload } from './social-workload.js';
import { summarize, type Summary } from './stats.js';
import { ENGLISH } from '../src/i18n/index.js';

export interface ReadTimes {
  warm: Summary;
  cold: Summary;
  /** CPU time of this process per cold read (ms): what a loaded machine's real time hides. */
  coldCpu: Summary;
  /** Upstream requests made while timing it. */
  upstream: number;
  /** The boards' cold views split: the first after a member's summary changed, and one while the kept counts hold. */
  boards?: { afterChange: Summary; afterChangeCpu: Summary; kept: Summary; keptCpu: Summary };
}

export interface Reads {
  serverView: ReadTimes;
  compare: ReadTimes;
  leaderboard: ReadTimes;
  top: ReadTimes;
}

/** The same community, seen through a new object: the views' per-process memo (keyed by it) starts empty. */
function freshReader(social: SocialService): SocialService {
  return {
    members: (g) => social.members(g),
    isMember: (g, u) => social.isMember(g, u),
    mirror: (u, k) => social.mirror(u, k),
    holders: (g, k, i) => social.holders(g, k, i),
    summaries: (g, k) => social.summaries(g, k),
    topCounts: (g, k, s, m) => social.topCounts(g, k, s, m),
    memberSummary: (g, u, k) => social.memberSummary(g, u, k),
    memberSums: (g, k) => social.memberSums(g, k),
    titleNames: (k, ids) => social.titleNames(k, ids),
    yearSums: (g, k, y) => social.yearSums(g, k, y),
    weekSums: (g, k, f, t) => social.weekSums(g, k, f, t),
    history: (u, k) => social.history(u, k),
    join: (g, u, s) => social.join(g, u, s),
    leave: (g, u) => social.leave(g, u),
    listChanged: (u, k, i, e) => social.listChanged(u, k, i, e),
    forgetUser: (u) => social.forgetUser(u),
    // Nothing changes while the bench reads.
    onChanges: () => undefined,
  };
}

function contextFor(stack: SocialStack, guildId: string, userId: string, social: SocialService): BaseContext {
  const controller = new AbortController();
  return {
    userId,
    t: ENGLISH,
    guildId,
    where: { place: 'guild', ageRestricted: false },
    deps: { ...stack.core.deps, social },
    signal: controller.signal,
    deadlineAt: Date.now() + 10_000,
    budgetEndsAt: () => Date.now() + 10_000,
    viewerAuth: () => Promise.resolve(undefined),
    requireAuth: () => Promise.reject(new Error('the bench reads need no login')),
  };
}

async function timed(samples: number[], fn: () => Promise<unknown>, cpuSamples?: number[]): Promise<void> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  samples.push(performance.now() - t0);
  const cpu = process.cpuUsage(cpu0);
  cpuSamples?.push((cpu.user + cpu.system) / 1000);
}

/** Times `read` `n` times warm (one shared reader, filled first) and `coldN` times cold (a new reader each). */
async function both(stack: SocialStack, n: number, coldN: number, read: (social: SocialService, i: number) => Promise<unknown>): Promise<ReadTimes> {
  const social = stack.core.social;
  const r0 = stack.requests();
  const cold: number[] = [];
  const coldCpu: number[] = [];
  for (let i = 0; i < coldN; i++) await timed(cold, () => read(freshReader(social), i), coldCpu);
  const warmReader = freshReader(social);
  await read(warmReader, 0);
  const warm: number[] = [];
  for (let i = 0; i < n; i++) await timed(warm, () => read(warmReader, i));
  return { warm: summarize(warm), cold: summarize(cold), coldCpu: summarize(coldCpu), upstream: stack.requests() - r0 };
}

/**
 * A board's cold views, `n` of each: a member's list changes through the bot (untimed), then a view from
 * an empty memo (the counts are made again), then another (the kept counts). `change(i)` makes the change.
 */
async function boardTimes(stack: SocialStack, n: number, read: (social: SocialService, i: number) => Promise<unknown>, change: (i: number) => Promise<void>): Promise<NonNullable<ReadTimes['boards']>> {
  const social = stack.core.social;
  const afterChange: number[] = [];
  const afterChangeCpu: number[] = [];
  const kept: number[] = [];
  const keptCpu: number[] = [];
  for (let i = 0; i < n; i++) {
    await change(i);
    await timed(afterChange, () => read(freshReader(social), i), afterChangeCpu);
    await timed(kept, () => read(freshReader(social), i), keptCpu);
  }
  return { afterChange: summarize(afterChange), afterChangeCpu: summarize(afterChangeCpu), kept: summarize(kept), keptCpu: summarize(keptCpu) };
}

/** A change of one member's list through the bot: the score of a title on it, 1 to 10 and round again. */
function listChanger(stack: SocialStack, members: readonly string[]): (kind: ListKind, i: number) => Promise<void> {
  return async (kind, i) => {
    const who = members[(i * 37) % members.length] ?? '';
    const mirror = await stack.core.social.mirror(who, kind);
    const entry = mirror?.entries[0];
    if (!entry) return;
    await stack.core.social.listChanged(who, kind, entry.id, { ...entry, score: (entry.score % 10) + 1, updatedAt: entry.updatedAt + 1 });
  };
}

export async function timeReads(stack: SocialStack, workload: SocialWorkload, catalogue: Catalogue, n: number): Promise<Reads> {
  const guild = workload.guilds[0];
  if (!guild) throw new Error('no server');
  const g = guild.guildId;
  const coldN = Math.max(20, Math.round(n / 5));
  const rng = new Prng(777);
  const popular = [...catalogue.anime.list].sort((a, b) => a.popularity - b.popularity);
  const titles: Array<[ListKind, number]> = [];
  const pairs: Array<[string, string, string]> = [];
  for (let i = 0; i < n; i++) {
    const pool: readonly WorkCore[] = i % 4 === 3 ? catalogue.manga.list : i % 2 === 0 ? popular.slice(0, 100) : catalogue.anime.list;
    titles.push([i % 4 === 3 ? 'manga' : 'anime', rng.pick(pool).id]);
    const [viewer, a, b] = rng.sample(guild.members, 3);
    pairs.push([viewer ?? '', a ?? '', b ?? '']);
  }
  const boards: Array<[(typeof LEADERBOARD_METRICS)[number], ListKind]> = [];
  for (const kind of ['anime', 'manga'] as const) for (const metric of LEADERBOARD_METRICS) if (metricApplies(metric, kind)) boards.push([metric, kind]);
  const viewer = guild.members[0] ?? '';

  const serverView = await both(stack, n, coldN, async (social, i) => {
    const [kind, id] = titles[i % titles.length] ?? ['anime', 0];
    const part = await serverDetailsPart(contextFor(stack, g, viewer, social), kind, id);
    if (part.embeds.length === 0) throw new Error('the server view showed nothing');
  });
  // Half compare the viewer with a member, half two other members.
  const compare = await both(stack, n, coldN, (social, i) => {
    const [who, a, b] = pairs[i % pairs.length] ?? ['', '', ''];
    const kind: ListKind = i % 4 === 3 ? 'manga' : 'anime';
    return compareMembers(contextFor(stack, g, who, social), kind, a, i % 2 === 0 ? b : undefined);
  });
  const leaderboardRead = (social: SocialService, i: number): Promise<unknown> => {
    const [metric, kind] = boards[i % boards.length] ?? ['episodes', 'anime'];
    return openLeaderboard(contextFor(stack, g, viewer, social), metric, kind);
  };
  const topRead = (social: SocialService, i: number): Promise<unknown> => openTopTitles(contextFor(stack, g, viewer, social), i % 2 === 0 ? 'anime' : 'manga', undefined);
  const leaderboard = await both(stack, n, coldN, leaderboardRead);
  const top = await both(stack, n, coldN, topRead);
  const change = listChanger(stack, guild.members);
  leaderboard.boards = await boardTimes(stack, coldN, leaderboardRead, (i) => change(boards[i % boards.length]?.[1] ?? 'anime', i));
  top.boards = await boardTimes(stack, coldN, topRead, (i) => change(i % 2 === 0 ? 'anime' : 'manga', i));
  return { serverView, compare, leaderboard, top };
}
