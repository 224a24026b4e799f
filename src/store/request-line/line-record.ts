// The records of the deployment's paced line (shared-line.ts): the line itself, and per person the start of
// their one reserved slot. Plain strings, so every engine's compare-and-set compares them as written;
// the line's is written by compare-and-set over the value read, and forgotten a while after its last slot.

import type { StoreEngine } from '../engine.js';

/** An idle line is forgotten this long after its last slot (the next request starts it again). */
const LINE_TTL_MS = 60_000;

/**
 * The line: `tat`, the instant the next paced slot falls due (its "theoretical arrival time"), and
 * `free`, slots callers gave back that still lie ahead (ascending), handed to the next callers first.
 */
export interface LineState {
  tat: number;
  free: number[];
}

/** At most this many given-back slots are kept; any more are left unused (a slot lost, never an extra one). */
export const MAX_FREE_SLOTS = 64;

/** Reads `tat` or `tat;f1,f2,…` (a bare number is a line with nothing given back); given-back slots already past are dropped. */
export function parseLine(raw: string | undefined, now: number): LineState {
  if (raw === undefined) return { tat: 0, free: [] };
  const [head = '', rest] = raw.split(';', 2);
  const tat = Number(head) || 0;
  if (!rest) return { tat, free: [] };
  const free = rest
    .split(',')
    .map(Number)
    .filter((at) => Number.isFinite(at) && at >= now)
    .sort((x, y) => x - y);
  return { tat, free };
}

export function formatLine(line: LineState): string {
  return line.free.length === 0 ? String(line.tat) : `${line.tat};${line.free.slice(0, MAX_FREE_SLOTS).join(',')}`;
}

/**
 * Writes the line over the record read (`raw`; undefined: there was none), to be forgotten
 * LINE_TTL_MS after its last slot. False: another process moved the line first.
 */
export function writeLine(
  engine: Pick<StoreEngine, 'setIfAbsent' | 'compareAndSet'>,
  key: string,
  raw: string | undefined,
  next: LineState,
  now: number,
): Promise<boolean> {
  const value = formatLine(next);
  const ttlMs = Math.max(0, next.tat - now) + LINE_TTL_MS;
  return raw === undefined ? engine.setIfAbsent(key, value, ttlMs) : engine.compareAndSet(key, raw, value, ttlMs);
}

/** The line with one more given-back slot, kept in order. */
export function withFreeSlot(line: LineState, at: number): LineState {
  return { tat: line.tat, free: [...line.free, at].sort((x, y) => x - y) };
}

/** A person's record, `<start of their reserved slot>:<token>`: when that slot starts (0 when there is none). */
export function heldUntil(raw: string | undefined): number {
  if (raw === undefined) return 0;
  return Number(raw.split(':', 1)[0]) || 0;
}
