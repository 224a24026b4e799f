// The server's week read from the store (zero service requests): the community's per-member sums over
// the week (progress, titles advanced, titles seen completed), the members' names from their kept sums,
// the titles' names and ratings from the title index, and the airing titles most members watch (the
// titles most members have as watching, among those the store knows to be airing: the season's ids
// kept by src/airing, and followed titles' airing records). New joiners: the members not in the
// snapshot of member ids kept when the last recap posted (`srecap:members:<guild>`, 15 days; a member
// is dropped from it by "forget me" and by not being a member at the next recap).

import { keptAiringIds } from '../airing/kept-airing.js';
import type { ListKind, TitleName } from '../community/types.js';
import { KEY as REMINDER_KEY, parseTitle } from '../reminders/records.js';
import { modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import type { RecapKind, RecapKv } from './channels.js';
import { kindsOf, type ServerWeek, type WeekFinish, type WeekSource, type WeekTitle } from './week.js';

/** One member's sums over a window, as the community answers them. */
export interface MemberWeekSums {
  discordUserId: string;
  /** When the bot began noticing this member's changes. */
  since: number;
  sums: { progress: number; watched: ReadonlyArray<{ id: number; progress: number }>; completed: readonly number[] };
}

/** What the recap reads of the community (ctx.deps.social answers it). */
export interface WeekCommunity {
  members(guildId: string): Promise<string[]>;
  weekSums(guildId: string, kind: ListKind, fromMs: number, toMs: number): Promise<MemberWeekSums[]>;
  memberSums(guildId: string, kind: ListKind): Promise<ReadonlyArray<{ discordUserId: string; serviceUser: string }>>;
  topCounts(guildId: string, kind: ListKind, status: string | undefined, minMembers: number): Promise<ReadonlyArray<{ id: number; members: number }>>;
  titleNames(kind: ListKind, ids: readonly number[]): Promise<Map<number, TitleName>>;
}

export const MEMBERS_KEY = (guildId: string): string => `srecap:members:${guildId}`;
export const MEMBERS_PREFIX = 'srecap:members:';
const MEMBERS_KEEP_MS = 15 * 24 * 3_600_000;
/** Titles ranked on the card and in the text. */
const RANKED = 5;
/** Watching titles looked at for the airing ranking. */
const AIRING_CANDIDATES = 40;

const snapshotDecoder = jsonDecoder<{ at: number; ids: string[] }>('srecap:members', (v) => {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  return typeof r.at === 'number' && Array.isArray(r.ids) && r.ids.every((id) => typeof id === 'string') ? { at: r.at, ids: r.ids as string[] } : undefined;
});

interface KindWeek {
  progress: number;
  completed: number;
  top: WeekTitle[];
  finished: WeekFinish[];
  since: number | undefined;
}

export class StoreWeekSource implements WeekSource {
  constructor(
    private readonly kv: RecapKv,
    private readonly community: WeekCommunity,
  ) {}

  async week(guildId: string, kind: RecapKind, fromMs: number, toMs: number): Promise<ServerWeek> {
    const [members, snapshot] = await Promise.all([this.community.members(guildId), this.kv.get(MEMBERS_KEY(guildId)).then((raw) => snapshotDecoder.decode(raw))]);
    const kinds = kindsOf(kind);
    const perKind = await Promise.all(kinds.map((k) => this.kindWeek(guildId, k, fromMs, toMs)));
    const known = snapshot ? new Set(snapshot.ids) : undefined;
    const since = perKind.map((w) => w.since).filter((s): s is number => s !== undefined);
    const by = (k: ListKind): KindWeek | undefined => perKind[kinds.indexOf(k)];
    return {
      fromMs,
      toMs,
      members: members.length,
      episodes: by('anime')?.progress ?? 0,
      chapters: by('manga')?.progress ?? 0,
      completed: perKind.reduce((n, w) => n + w.completed, 0),
      newMembers: known ? members.filter((id) => !known.has(id)).length : 0,
      topTitles: perKind.flatMap((w) => w.top).sort((a, b) => b.members - a.members || b.units - a.units).slice(0, RANKED),
      finished: perKind.flatMap((w) => w.finished),
      airing: kind === 'manga' ? [] : await this.airing(guildId),
      ...(since.length > 0 ? { seenSince: Math.max(...since) } : {}),
    };
  }

  /** Keeps the server's members now, for the next recap's new joiners (after a recap posted). */
  async noteMembers(guildId: string, at: number): Promise<void> {
    const ids = await this.community.members(guildId);
    await this.kv.set(MEMBERS_KEY(guildId), JSON.stringify({ at, ids }), MEMBERS_KEEP_MS);
  }

  /** "Forget me": the member's id leaves every server's snapshot. Returns how many records changed. */
  async forgetUser(discordUserId: string): Promise<number> {
    let changed = 0;
    for (const key of await this.kv.keys(MEMBERS_PREFIX)) {
      const dropped = await modify(this.kv, key, (raw) => {
        const s = snapshotDecoder.decode(raw);
        if (!s?.ids.includes(discordUserId)) return { keep: true, result: false };
        return { value: JSON.stringify({ at: s.at, ids: s.ids.filter((id) => id !== discordUserId) }), result: true };
      });
      if (dropped) changed++;
    }
    return changed;
  }

  private async kindWeek(guildId: string, kind: ListKind, fromMs: number, toMs: number): Promise<KindWeek> {
    const [sums, names] = await Promise.all([this.community.weekSums(guildId, kind, fromMs, toMs), this.community.memberSums(guildId, kind)]);
    const units = new Map<number, { members: number; units: number }>();
    const finishedIds: Array<{ discordUserId: string; id: number }> = [];
    let progress = 0;
    for (const m of sums) {
      progress += m.sums.progress;
      for (const w of m.sums.watched) {
        const u = units.get(w.id) ?? { members: 0, units: 0 };
        units.set(w.id, { members: u.members + 1, units: u.units + w.progress });
      }
      for (const id of m.sums.completed) finishedIds.push({ discordUserId: m.discordUserId, id });
    }
    const ranked = [...units].sort((a, b) => b[1].members - a[1].members || b[1].units - a[1].units).slice(0, RANKED * 2);
    const titles = await this.community.titleNames(kind, [...new Set([...ranked.map(([id]) => id), ...finishedIds.map((f) => f.id)])]);
    const user = new Map(names.map((n) => [n.discordUserId, n.serviceUser]));
    const named = (id: number): TitleName => titles.get(id) ?? { title: `#${id}`, nsfw: true };
    return {
      progress,
      completed: finishedIds.length,
      top: ranked.map(([id, u]) => ({ kind, id, ...named(id), members: u.members, units: u.units })),
      finished: finishedIds.map((f) => ({ discordUserId: f.discordUserId, serviceUser: user.get(f.discordUserId) ?? '?', kind, id: f.id, title: named(f.id).title, nsfw: named(f.id).nsfw })),
      since: sums.length > 0 ? Math.max(...sums.map((m) => m.since)) : undefined,
    };
  }

  /** The watching titles of most members that the store knows to be airing, most members first. */
  private async airing(guildId: string): Promise<WeekTitle[]> {
    const watching = (await this.community.topCounts(guildId, 'anime', 'watching', 2)).slice(0, AIRING_CANDIDATES);
    if (watching.length === 0) return [];
    const season = await keptAiringIds(this.kv);
    const records = await this.kv.getMany(watching.map((w) => REMINDER_KEY.title(w.id)));
    const airing = watching.filter((w, i) => season.has(w.id) || parseTitle(records[i])?.status === 'currently_airing').slice(0, RANKED);
    const names = await this.community.titleNames('anime', airing.map((w) => w.id));
    return airing.map((w) => ({ kind: 'anime' as const, id: w.id, ...(names.get(w.id) ?? { title: `#${w.id}`, nsfw: true }), members: w.members, units: 0 }));
  }
}
