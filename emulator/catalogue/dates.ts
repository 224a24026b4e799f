import { type Prng } from '../prng.js';
import { ymd } from '../time.js';

export type DateShape = 'day' | 'month' | 'year';

const DAY_MS = 86_400_000;

export function formatDate(ms: number, shape: DateShape): string {
  const iso = ymd(Math.floor(ms / DAY_MS));
  if (shape === 'year') return iso.slice(0, 4);
  if (shape === 'month') return iso.slice(0, 7);
  return iso;
}

/** Milliseconds of the earliest instant a YYYY / YYYY-MM / YYYY-MM-DD date can denote. */
export function dateToMs(date: string): number {
  const [y, m, d] = date.split('-');
  return Date.UTC(Number(y), m === undefined ? 0 : Number(m) - 1, d === undefined ? 1 : Number(d));
}

export function pickShape(rng: Prng, dayWeight: number): DateShape {
  const r = rng.next();
  if (r < dayWeight) return 'day';
  return r < dayWeight + (1 - dayWeight) * 0.65 ? 'month' : 'year';
}

export function addDays(ms: number, days: number): number {
  return ms + days * DAY_MS;
}

export function randomTimestamp(rng: Prng, fromMs: number, toMs: number): number {
  return fromMs + Math.floor(rng.next() * Math.max(0, toMs - fromMs));
}
