// Each member's summary of one list kind, `soc:sum:<id>:<kind>`, kept beside their mirror at every
// mirror write (a sync, a list change through the bot, a lost login): the sums the leaderboards rank
// by and each title's status and score, compact. `/server leaderboard` and `/server top` read the
// server's members' summaries in one store read instead of decoding every member's mirror. A summary
// carries the version of the mirror it was computed from, so a slower writer never puts back an older one.
// Stored as a JSON line of the sums, then the titles packed in base64 (about 11 bytes per entry): a
// leaderboard parses the short line only, the top titles decode the rest natively.

import { modify } from '../store/compare-and-set.js';
import type { SocialKv } from './kv.js';
import type { MirrorRecord } from './records.js';
import { statusAt, statusIndex } from './status-codes.js';
import type { ListKind, MemberMirror, MemberSummary, MirrorEntry } from './types.js';

export const SUMMARY_KEY = (userId: string, kind: ListKind): string => `soc:sum:${userId}:${kind}`;

/** The code of a status not listed (status-codes.ts). */
export const OTHER_STATUS = 15;

export function statusCode(kind: ListKind, status: string): number {
  return statusIndex(kind, status) ?? OTHER_STATUS;
}

interface StoredSummary {
  u: string;
  /** The version of the mirror it was computed from. */
  v: number;
  x?: number;
  /** [count, progress, seconds, completed, scoreSum, scored] */
  s: [number, number, number, number, number, number];
  /** Per title two unsigned 32-bit little-endian words, its id and statusCode × 16 + score, in base64 (decoded natively, not number by number). */
  e: string;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function packTitles(words: readonly number[]): string {
  const bytes = Buffer.alloc(words.length * 4);
  words.forEach((w, i) => bytes.writeUInt32LE(w >>> 0, i * 4));
  return bytes.toString('base64');
}

function unpackTitles(packed: string): Uint32Array {
  const bytes = Buffer.from(packed, 'base64');
  const words = new Uint32Array((bytes.length >> 3) * 2);
  if (LITTLE_ENDIAN) new Uint8Array(words.buffer).set(bytes.subarray(0, words.length * 4));
  else for (let i = 0; i < words.length; i++) words[i] = bytes.readUInt32LE(i * 4);
  return words;
}

/** What a summary is computed from: a mirror as stored, or as readers see it. */
type Summarized = Pick<MirrorRecord, 'serviceUser' | 'staleUntil'> & { version?: number; entries: ReadonlyMap<number, MirrorEntry> | readonly MirrorEntry[] };

function stored(kind: ListKind, m: Summarized): StoredSummary {
  let count = 0;
  let progress = 0;
  let seconds = 0;
  let completed = 0;
  let scoreSum = 0;
  let scored = 0;
  const e: number[] = [];
  for (const entry of m.entries.values()) {
    count++;
    const p = Math.max(0, entry.progress);
    progress += p;
    seconds += p * Math.max(0, entry.episodeSeconds);
    if (entry.status === 'completed') completed++;
    const score = Math.max(0, Math.min(10, Math.round(entry.score)));
    if (score > 0) {
      scoreSum += score;
      scored++;
    }
    e.push(entry.id, statusCode(kind, entry.status) * 16 + score);
  }
  const s: StoredSummary = { u: m.serviceUser, v: m.version ?? 0, s: [count, progress, seconds, completed, scoreSum, scored], e: packTitles(e) };
  if (m.staleUntil !== undefined) s.x = m.staleUntil;
  return s;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function encode(s: StoredSummary): string {
  const { e, ...sums } = s;
  return `${JSON.stringify(sums)}\n${e}`;
}

function parse(raw: string | undefined): StoredSummary | undefined {
  if (raw === undefined) return undefined;
  const end = raw.indexOf('\n');
  if (end < 0) return undefined;
  try {
    const v = JSON.parse(raw.slice(0, end)) as Partial<StoredSummary>;
    if (typeof v.u !== 'string' || !finite(v.v) || !Array.isArray(v.s) || v.s.length !== 6 || !v.s.every(finite)) return undefined;
    return { ...(v as StoredSummary), e: raw.slice(end + 1) };
  } catch {
    return undefined;
  }
}

/** The summary as stored, decoded (undefined when absent or unreadable). */
export function decodeSummary(discordUserId: string, kind: ListKind, raw: string | undefined): MemberSummary | undefined {
  const s = parse(raw);
  if (!s) return undefined;
  const [count, progress, seconds, completed, scoreSum, scored] = s.s;
  let titles: Uint32Array | undefined;
  const packed = s.e;
  // Decoded when first read (the leaderboards never read them).
  const summary: MemberSummary = {
    discordUserId,
    serviceUser: s.u,
    kind,
    count,
    progress,
    seconds,
    completed,
    scoreSum,
    scored,
    get titles() {
      return (titles ??= unpackTitles(packed));
    },
  };
  if (finite(s.x)) summary.staleUntil = s.x;
  return summary;
}

/** A mirror's summary, as the leaderboards read it. */
export function summaryOf(mirror: MemberMirror): MemberSummary {
  return decodeSummary(mirror.discordUserId, mirror.kind, encode(stored(mirror.kind, mirror))) as MemberSummary;
}

/** The status and score of each title on a summarized list. */
export function titleStates(s: MemberSummary): Map<number, { status: string; score: number }> {
  const states = new Map<number, { status: string; score: number }>();
  for (let i = 0; i < s.titles.length; i += 2) {
    const code = s.titles[i + 1] ?? 0;
    states.set(s.titles[i] ?? 0, { status: statusAt(s.kind, code >> 4) ?? 'other', score: code & 15 });
  }
  return states;
}

export class MemberSummaries {
  constructor(private readonly kv: SocialKv) {}

  /**
   * Writes the summary of this mirror unless one of the same or a newer mirror is kept; returns whether
   * what it sums changed (not only the mirror's version: a sync that found nothing new changes nothing).
   */
  async write(userId: string, kind: ListKind, m: MirrorRecord): Promise<boolean> {
    const next = stored(kind, m);
    const value = encode(next);
    return modify(this.kv, SUMMARY_KEY(userId, kind), (raw) => {
      const kept = parse(raw);
      if (kept && kept.v >= next.v) return { keep: true, result: false };
      return { value, result: kept === undefined || encode({ ...kept, v: next.v }) !== value };
    });
  }

  /** The summaries of these members (in their order; members without one, or stale past their time, left out). One store read. */
  async read(userIds: readonly string[], kind: ListKind, now: number): Promise<MemberSummary[]> {
    if (userIds.length === 0) return [];
    const raws = await this.kv.getMany(userIds.map((id) => SUMMARY_KEY(id, kind)));
    const found: MemberSummary[] = [];
    userIds.forEach((id, i) => {
      const s = decodeSummary(id, kind, raws[i]);
      if (s && (s.staleUntil === undefined || s.staleUntil > now)) found.push(s);
    });
    return found;
  }

  /** The summary of this mirror version, gone (its mirror was dropped meanwhile); a summary of another version stays. */
  async takeBack(userId: string, kind: ListKind, version: number): Promise<void> {
    await modify(this.kv, SUMMARY_KEY(userId, kind), (raw) => {
      const kept = parse(raw);
      return kept?.v === version ? { value: undefined, result: undefined } : { keep: true, result: undefined };
    });
  }

  /** Returns whether a summary was kept. */
  drop(userId: string, kind: ListKind): Promise<boolean> {
    return this.kv.delete(SUMMARY_KEY(userId, kind));
  }
}
