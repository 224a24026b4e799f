// Each joined member's yearly and weekly sums of one list kind, `soc:tally:<discord id>:<kind>`, kept
// beside their summary (src/community/member-summary.ts) and written at the same moments (every mirror
// write), so `/server wrapped`, `/wrapped`'s standing and the weekly recap read one small record per
// member instead of mirrors. What it sums: src/community/year-sums.ts. It keeps the current and the
// previous UTC year, the events of the last 15 days (for a week in any time zone) and the completions
// the bot saw (13 months); it expires 13 months after its last write, and goes with the member's
// mirrors (leaving their last server, "forget me", a lost login's removal).

import { modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { packEvents, unpackEvents } from './history-codec.js';
import type { SocialKv } from './kv.js';
import type { HistoryEvent, ListKind, MemberWeek, MemberYear, MirrorEntry } from './types.js';
import { addEvents, emptyYear, RECENT_MS, SEEN_KEEP_MS, utcYear, weekSums, yearFromMirror, yearSums, type YearRaw } from './year-sums.js';

export const TALLY_KEY = (userId: string, kind: ListKind): string => `soc:tally:${userId}:${kind}`;

interface StoredTally {
  /** When the bot began noticing this member's changes (epoch ms). */
  s: number;
  y: Record<string, YearRaw>;
  /** Completions seen: flat pairs id, epoch s. */
  ds: number[];
  /** The recent events, packed (src/community/history-codec.ts). */
  r: string;
}

const numbers = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => typeof n === 'number' && Number.isFinite(n));

function yearRaw(v: unknown): YearRaw | undefined {
  const y = v as Partial<YearRaw> | null;
  if (typeof y !== 'object' || y === null || typeof y.p !== 'number' || typeof y.n !== 'number') return undefined;
  if (!numbers(y.t) || !numbers(y.c) || !numbers(y.d)) return undefined;
  return { p: y.p, n: y.n, t: y.t, c: y.c, d: y.d };
}

export const tallyDecoder = jsonDecoder<StoredTally>('soc:tally', (value) => {
  const v = value as Partial<StoredTally> | null;
  if (typeof v !== 'object' || v === null || typeof v.s !== 'number' || typeof v.r !== 'string' || !numbers(v.ds)) return undefined;
  if (typeof v.y !== 'object' || v.y === null) return undefined;
  const y: Record<string, YearRaw> = {};
  for (const [year, raw] of Object.entries(v.y)) {
    const ok = /^\d{4}$/.test(year) ? yearRaw(raw) : undefined;
    if (!ok) return undefined;
    y[year] = ok;
  }
  return { s: v.s, y, ds: v.ds, r: v.r };
});


function seenMap(ds: readonly number[]): Map<number, number> {
  const seen = new Map<number, number>();
  for (let i = 0; i + 1 < ds.length; i += 2) seen.set(ds[i] ?? 0, ds[i + 1] ?? 0);
  return seen;
}

/** The tally after these events and this mirror, seen at `nowMs`. */
export function nextTally(kind: ListKind, kept: StoredTally | undefined, entries: Iterable<MirrorEntry>, events: readonly HistoryEvent[], nowMs: number): StoredTally {
  const years: Record<string, YearRaw> = { ...(kept?.y ?? {}) };
  const seen = seenMap(kept?.ds ?? []);
  addEvents(kind, years, seen, events);
  const nowS = Math.floor(nowMs / 1000);
  for (const [id, at] of seen) if (at < nowS - SEEN_KEEP_MS / 1000) seen.delete(id);
  const recent = [...unpackEvents(kind, kept?.r ?? ''), ...events].filter((e) => e.at >= nowS - RECENT_MS / 1000);
  const current = utcYear(nowMs);
  const list = [...entries];
  for (const year of [current - 1, current]) years[String(year)] = { ...(years[String(year)] ?? emptyYear()), ...yearFromMirror(year, list, seen) };
  for (const year of Object.keys(years)) if (Number(year) < current - 1 || Number(year) > current) delete years[year];
  return { s: kept?.s ?? nowMs, y: years, ds: [...seen].flat(), r: packEvents(kind, recent) };
}

export class MemberTallies {
  constructor(private readonly kv: SocialKv) {}

  /** The member's tally after a mirror write (`entries`: the mirror as written) and the changes it found. */
  async note(userId: string, kind: ListKind, entries: Iterable<MirrorEntry>, events: readonly HistoryEvent[], nowMs: number): Promise<void> {
    const list = [...entries];
    await modify(this.kv, TALLY_KEY(userId, kind), (raw) => ({ value: JSON.stringify(nextTally(kind, tallyDecoder.decode(raw), list, events, nowMs)), result: undefined }), SEEN_KEEP_MS);
  }

  /** These members' years (in their order; members without a tally left out). One store read. */
  async years(userIds: readonly string[], kind: ListKind, year: number): Promise<MemberYear[]> {
    const raws = userIds.length > 0 ? await this.kv.getMany(userIds.map((id) => TALLY_KEY(id, kind))) : [];
    const found: MemberYear[] = [];
    userIds.forEach((discordUserId, i) => {
      const t = tallyDecoder.decode(raws[i]);
      if (t) found.push({ discordUserId, since: t.s, sums: yearSums(year, t.y[String(year)] ?? emptyYear()) });
    });
    return found;
  }

  /** These members' sums over [fromMs, toMs) (within the last 15 days). One store read. */
  async weeks(userIds: readonly string[], kind: ListKind, fromMs: number, toMs: number): Promise<MemberWeek[]> {
    const raws = userIds.length > 0 ? await this.kv.getMany(userIds.map((id) => TALLY_KEY(id, kind))) : [];
    const found: MemberWeek[] = [];
    userIds.forEach((discordUserId, i) => {
      const t = tallyDecoder.decode(raws[i]);
      if (t) found.push({ discordUserId, since: t.s, sums: weekSums(kind, unpackEvents(kind, t.r), fromMs, toMs) });
    });
    return found;
  }

  /** Returns how many records were deleted. */
  async drop(userId: string, kinds: readonly ListKind[]): Promise<number> {
    const deleted = await Promise.all(kinds.map((kind) => this.kv.delete(TALLY_KEY(userId, kind))));
    return deleted.filter(Boolean).length;
  }
}
