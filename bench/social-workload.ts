// The social bench's workload: 1 000 members with 300 list entries each (200 anime, 100 manga), picked
// from the emulator's catalogue with a popularity skew (so lists overlap as real ones do), spread over
// 100 servers (server 0 has every member; each member also joins two of the 99 others); and list changes
// at a realistic rate (15 % of the members update daily, most hardly ever; most changes are progress). Seeded: the
// same on every engine and every run.

import type { Catalogue } from '../emulator/catalogue/index.js';
import { ANIME_LIST_STATUSES, MANGA_LIST_STATUSES, type ListEntry, type WorkCore } from '../emulator/catalogue/types.js';
import type { UserLists } from '../emulator/catalogue/users.js';
import { Prng } from '../emulator/prng.js';

export const MEMBERS = 1_000;
export const ANIME_PER_MEMBER = 200;
export const MANGA_PER_MEMBER = 100;
export const GUILDS = 100;
/** Servers besides server 0 each member joins. */
export const EXTRA_GUILDS_PER_MEMBER = 2;
/** Works of each kind in the emulator's catalogue the lists are picked from. */
export const CATALOGUE_SIZE = 4_000;

const DAY = 86_400_000;

export type Activity = 'daily' | 'weekly' | 'occasional' | 'dormant';
/**
 * List changes per member and day by activity, and the share of members with it: some update their
 * list as they watch, most now and then, many joined accounts hardly change (≈ 2.2 changes per member
 * and day on average, ≈ 90 an hour for 1 000 members).
 */
export const CHANGES_PER_DAY: Record<Activity, number> = { daily: 12, weekly: 1, occasional: 0.15, dormant: 0.01 };
const ACTIVITY_SHARE: Array<[Activity, number]> = [['daily', 0.15], ['weekly', 0.35], ['occasional', 0.3], ['dormant', 0.2]];

export interface BenchMember {
  discordUserId: string;
  serviceUser: string;
  activity: Activity;
  /** The lists the emulator serves for this user (the same objects: changes made here are what it answers). */
  lists: UserLists;
}

export interface BenchGuild {
  guildId: string;
  /** Discord ids, in join order. */
  members: string[];
}

export interface SocialWorkload {
  members: BenchMember[];
  guilds: BenchGuild[];
}

export function memberName(i: number): string {
  return `member${String(i).padStart(4, '0')}`;
}

export function memberId(i: number): string {
  return `5${String(i).padStart(17, '0')}`;
}

export function guildId(g: number): string {
  return `6${String(g).padStart(17, '0')}`;
}

/** Every member's service name, in order (what the emulator is started with). */
export function memberNames(): string[] {
  return Array.from({ length: MEMBERS }, (_, i) => memberName(i));
}

/** Picks by popularity: weight 1 / (popularity rank + 30), a long tail as on real lists. */
class SkewedPicker<T extends WorkCore> {
  private readonly works: T[];
  private readonly cumulative: number[];

  constructor(works: readonly T[]) {
    this.works = [...works].sort((a, b) => a.popularity - b.popularity || a.id - b.id);
    let sum = 0;
    this.cumulative = this.works.map((_, i) => (sum += 1 / (i + 30)));
  }

  pick(rng: Prng): T {
    const total = this.cumulative[this.cumulative.length - 1] ?? 0;
    const x = rng.next() * total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    const work = this.works[lo];
    if (work === undefined) throw new Error('empty catalogue');
    return work;
  }
}

type Kind = 'anime' | 'manga';

const pickers = new WeakMap<Catalogue, Record<Kind, SkewedPicker<WorkCore>>>();

function pickersOf(catalogue: Catalogue): Record<Kind, SkewedPicker<WorkCore>> {
  let p = pickers.get(catalogue);
  if (p === undefined) {
    p = { anime: new SkewedPicker<WorkCore>(catalogue.anime.list), manga: new SkewedPicker<WorkCore>(catalogue.manga.list) };
    pickers.set(catalogue, p);
  }
  return p;
}

function totalOf(catalogue: Catalogue, kind: Kind, id: number): number {
  if (kind === 'anime') return catalogue.anime.byId.get(id)?.num_episodes ?? 0;
  return catalogue.manga.byId.get(id)?.num_chapters ?? 0;
}

function statusesOf(kind: Kind): readonly string[] {
  return kind === 'anime' ? ANIME_LIST_STATUSES : MANGA_LIST_STATUSES;
}

function newEntry(rng: Prng, kind: Kind, total: number, updatedAt: number, status: string): ListEntry {
  const statuses = statusesOf(kind);
  const max = total > 0 ? total : rng.int(12, 200);
  const progress = status === 'completed' ? max : status === statuses[4] ? 0 : rng.int(1, Math.max(1, max - 1));
  const scored = status !== statuses[4] && rng.chance(status === 'completed' ? 0.85 : 0.4);
  return {
    status,
    score: scored ? rng.int(3, 10) : 0,
    episodes: kind === 'anime' ? progress : 0,
    volumes: kind === 'manga' ? Math.floor(progress / 8) : 0,
    chapters: kind === 'manga' ? progress : 0,
    repeating: false,
    updatedAt,
    priority: 0,
    timesRepeated: 0,
    repeatValue: 0,
    tags: [],
    comments: '',
  };
}

/** A status as real lists hold them: half completed, some watching, plan to watch, dropped, on hold. */
function seedStatus(rng: Prng, kind: Kind): string {
  const s = statusesOf(kind);
  const x = rng.next();
  return (x < 0.5 ? s[1] : x < 0.62 ? s[0] : x < 0.85 ? s[4] : x < 0.93 ? s[3] : s[2]) ?? 'completed';
}

function fill(rng: Prng, catalogue: Catalogue, kind: Kind, picker: SkewedPicker<WorkCore>, count: number, start: number): Map<number, ListEntry> {
  const list = new Map<number, ListEntry>();
  while (list.size < count) {
    const work = picker.pick(rng);
    if (list.has(work.id)) continue;
    list.set(work.id, newEntry(rng, kind, totalOf(catalogue, kind, work.id), start - rng.int(1, 1500) * DAY - rng.int(0, DAY - 1), seedStatus(rng, kind)));
  }
  return list;
}

/** The members, their lists and the servers they joined; `start` is the simulated clock's start. */
export function buildWorkload(catalogue: Catalogue, start: number, seed = 22): SocialWorkload {
  const rng = new Prng(seed);
  const { anime, manga } = pickersOf(catalogue);
  const members: BenchMember[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const roll = rng.next();
    let acc = 0;
    const activity = ACTIVITY_SHARE.find(([, share]) => (acc += share) > roll)?.[0] ?? 'dormant';
    members.push({
      discordUserId: memberId(i),
      serviceUser: memberName(i),
      activity,
      lists: { anime: fill(rng, catalogue, 'anime', anime, ANIME_PER_MEMBER, start), manga: fill(rng, catalogue, 'manga', manga, MANGA_PER_MEMBER, start) },
    });
  }
  const guilds: BenchGuild[] = Array.from({ length: GUILDS }, (_, g) => ({ guildId: guildId(g), members: [] }));
  for (const m of members) {
    guilds[0]?.members.push(m.discordUserId);
    const extra = new Set<number>();
    while (extra.size < EXTRA_GUILDS_PER_MEMBER) extra.add(rng.int(1, GUILDS - 1));
    for (const g of extra) guilds[g]?.members.push(m.discordUserId);
  }
  return { members, guilds };
}

export interface ChangeCounts {
  progress: number;
  completed: number;
  started: number;
  added: number;
  scored: number;
  dropped: number;
  removed: number;
}

export function emptyCounts(): ChangeCounts {
  return { progress: 0, completed: 0, started: 0, added: 0, scored: 0, dropped: 0, removed: 0 };
}

export function totalChanges(c: ChangeCounts): number {
  return c.progress + c.completed + c.started + c.added + c.scored + c.dropped + c.removed;
}

/**
 * The list changes members make on the service itself (its site or app) between `from` and `to`: each
 * member changes with the chance their activity gives for that span, stamped with a time in it. Mutates
 * the lists the emulator serves. Anime 75 %, manga 25 %; most changes move progress.
 */
export function applyChanges(workload: SocialWorkload, catalogue: Catalogue, rng: Prng, from: number, to: number): ChangeCounts {
  const counts = emptyCounts();
  const span = to - from;
  const picker = pickersOf(catalogue);
  for (const m of workload.members) {
    let expected = (CHANGES_PER_DAY[m.activity] * span) / DAY;
    while (expected > 0) {
      if (!rng.chance(Math.min(1, expected))) break;
      expected -= 1;
      const kind: Kind = rng.chance(0.75) ? 'anime' : 'manga';
      change(m.lists[kind], kind, catalogue, picker[kind], rng, from + rng.int(0, Math.max(0, span - 1)), counts);
    }
  }
  return counts;
}

interface ChangeContext {
  list: Map<number, ListEntry>;
  kind: Kind;
  catalogue: Catalogue;
  picker: SkewedPicker<WorkCore>;
  rng: Prng;
  at: number;
  counts: ChangeCounts;
  /** Entries with the "watching" ("reading") status. */
  inProgress: Array<[number, ListEntry]>;
}

function setProgress(kind: Kind, e: ListEntry, p: number): void {
  if (kind === 'anime') e.episodes = p;
  else {
    e.chapters = p;
    e.volumes = Math.floor(p / 8);
  }
}

/** A few more episodes (chapters); completed when the last one is reached. */
function advance(c: ChangeContext): void {
  const [id, e] = c.rng.pick(c.inProgress);
  const total = totalOf(c.catalogue, c.kind, id);
  const next = (c.kind === 'anime' ? e.episodes : e.chapters) + c.rng.int(1, 3);
  if (total > 0 && next >= total) {
    setProgress(c.kind, e, total);
    e.status = 'completed';
    if (c.rng.chance(0.8)) e.score = c.rng.int(3, 10);
    c.counts.completed++;
  } else {
    setProgress(c.kind, e, next);
    c.counts.progress++;
  }
  e.updatedAt = c.at;
}

function complete(c: ChangeContext): void {
  const [id, e] = c.rng.pick(c.inProgress);
  const total = totalOf(c.catalogue, c.kind, id);
  if (total > 0) setProgress(c.kind, e, total);
  e.status = 'completed';
  e.score = c.rng.int(3, 10);
  e.updatedAt = c.at;
  c.counts.completed++;
}

function start(c: ChangeContext, current: string, planned: string): void {
  const plannedOnes = [...c.list.entries()].filter(([, e]) => e.status === planned);
  if (plannedOnes.length === 0) return;
  const [, e] = c.rng.pick(plannedOnes);
  e.status = current;
  setProgress(c.kind, e, 1);
  e.updatedAt = c.at;
  c.counts.started++;
}

function add(c: ChangeContext, current: string, planned: string): void {
  const work = c.picker.pick(c.rng);
  if (c.list.has(work.id)) return;
  c.list.set(work.id, newEntry(c.rng, c.kind, totalOf(c.catalogue, c.kind, work.id), c.at, c.rng.chance(0.6) ? planned : current));
  c.counts.added++;
}

function rescore(c: ChangeContext, planned: string): void {
  const scorable = [...c.list.values()].filter((e) => e.status !== planned);
  if (scorable.length === 0) return;
  const e = c.rng.pick(scorable);
  e.score = c.rng.int(1, 10);
  e.updatedAt = c.at;
  c.counts.scored++;
}

function drop(c: ChangeContext): void {
  const [, e] = c.rng.pick(c.inProgress);
  e.status = 'dropped';
  e.updatedAt = c.at;
  c.counts.dropped++;
}

function change(list: Map<number, ListEntry>, kind: Kind, catalogue: Catalogue, picker: SkewedPicker<WorkCore>, rng: Prng, at: number, counts: ChangeCounts): void {
  const s = statusesOf(kind);
  const current = s[0] ?? 'watching';
  const planned = s[4] ?? 'plan_to_watch';
  const inProgress = [...list.entries()].filter(([, e]) => e.status === current);
  const c: ChangeContext = { list, kind, catalogue, picker, rng, at, counts, inProgress };
  const x = rng.next();
  if (x < 0.55 && inProgress.length > 0) advance(c);
  else if (x < 0.65 && inProgress.length > 0) complete(c);
  else if (x < 0.75) start(c, current, planned);
  else if (x < 0.88) add(c, current, planned);
  else if (x < 0.94) rescore(c, planned);
  else if (x < 0.98) {
    if (inProgress.length > 0) drop(c);
  } else {
    list.delete(rng.pick([...list.keys()]));
    counts.removed++;
  }
}
