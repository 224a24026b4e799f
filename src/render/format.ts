// Human-readable forms of service values: enums, partial dates, durations, counts.
import type { StartSeason } from '../service/work-types.js';

const SPECIAL: Readonly<Record<string, string>> = {
  tv_special: 'TV Special',
  pg_13: 'PG-13',
  'r+': 'R+',
  rx: 'Rx',
  one_shot: 'One-shot',
  '4_koma_manga': '4-koma Manga',
};

const ACRONYMS = new Set(['tv', 'ova', 'ona', 'oad', 'cm', 'pv', 'oel', 'pg', 'g', 'r', 'nsfw']);
const MINOR_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'per', 'the', 'to', 'vs', 'with']);

function capitalize(word: string): string {
  const first = word.codePointAt(0);
  if (first === undefined) return word;
  const head = String.fromCodePoint(first);
  return head.toUpperCase() + word.slice(head.length);
}

/** `tv_special` → `TV Special`, `pg_13` → `PG-13`; any unknown value → readable Title Case. */
export function humanize(value: string): string {
  const trimmed = value.trim();
  const lower = trimmed.toLowerCase();
  const special = SPECIAL[lower];
  if (special !== undefined) return special;
  const words = trimmed.split(/[_\s]+/).filter((w) => w !== '');
  return words
    .map((word, index) => {
      const w = word.toLowerCase();
      if (ACRONYMS.has(w)) return w.toUpperCase();
      if (index > 0 && MINOR_WORDS.has(w)) return w;
      return word
        .split('-')
        .map((part) => (ACRONYMS.has(part.toLowerCase()) ? part.toUpperCase() : capitalize(part)))
        .join('-');
    })
    .join(' ');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `2010` → `2010`, `2010-01` → `Jan 2010`, `2010-01-10` → `Jan 10, 2010`; anything else is returned as given. */
export function formatPartialDate(value: string): string {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value.trim());
  if (!m) return value;
  const year = Number(m[1]);
  if (year < 1) return value;
  if (m[2] === undefined) return String(year);
  const month = Number(m[2]);
  const name = MONTHS[month - 1];
  if (name === undefined) return value;
  if (m[3] === undefined) return `${name} ${year}`;
  const day = Number(m[3]);
  if (day < 1 || day > daysInMonth(year, month)) return value;
  return `${name} ${day}, ${year}`;
}

/** `start – end`, `start – ?` (or `– present` when ongoing), `? – end`; undefined when both are missing. */
export function formatDateRange(start: string | undefined, end: string | undefined, ongoing = false): string | undefined {
  const s = start ? formatPartialDate(start) : undefined;
  const e = end ? formatPartialDate(end) : undefined;
  if (s === undefined && e === undefined) return undefined;
  if (s !== undefined && e !== undefined) return s === e ? s : `${s} – ${e}`;
  if (s !== undefined) return `${s} – ${ongoing ? 'present' : '?'}`;
  return `? – ${e ?? '?'}`;
}

/** Seconds → `45 sec`, `24 min`, `1 hr 30 min`; `?` when unknown (0, negative, not finite). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '?';
  if (seconds < 60) return `${Math.round(seconds)} sec`;
  const totalMinutes = Math.round(seconds / 60);
  if (totalMinutes < 60) return `${totalMinutes} min`;
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return minutes === 0 ? `${hours} hr` : `${hours} hr ${minutes} min`;
}

/** Seconds per episode → `24 min per ep`. */
export function formatEpisodeDuration(seconds: number): string {
  return `${formatDuration(seconds)} per ep`;
}

const NUMBER_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** `1234567` → `1,234,567`; `?` when not finite. */
export function formatNumber(n: number): string {
  return Number.isFinite(n) ? NUMBER_FORMAT.format(n) : '?';
}

/** Totals where the service uses 0 for unknown (episodes, volumes, chapters): `0`/missing → `?`. */
export function formatCount(n: number | undefined): string {
  return n === undefined || n === 0 || !Number.isFinite(n) ? '?' : formatNumber(n);
}

/** Counts that may arrive as JSON strings (`"1234"`, `"1,234"`); undefined when not a number. */
export function parseCount(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  if (!/^-?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(s)) return undefined;
  return Number(s.replace(/,/g, ''));
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * ISO 8601 date-time → Discord timestamp markup `<t:unix:STYLE>` (rendered in the reader's locale).
 * Undefined for anything unparseable and for the epoch placeholder (`1970-01-01T00:00:00+00:00`).
 */
export function discordTimestamp(iso: string | undefined, style: 't' | 'T' | 'd' | 'D' | 'f' | 'F' | 'R' = 'R'): string | undefined {
  if (iso === undefined || !ISO_DATETIME.test(iso.trim())) return undefined;
  const ms = Date.parse(iso.trim());
  if (!Number.isFinite(ms) || ms <= 0) return undefined;
  return `<t:${Math.floor(ms / 1000)}:${style}>`;
}

/** `{year: 2020, season: 'fall'}` → `Fall 2020`; undefined when empty. */
export function formatSeason(season: StartSeason | undefined): string | undefined {
  if (!season) return undefined;
  const parts: string[] = [];
  if (season.season) parts.push(humanize(season.season));
  if (season.year !== undefined && Number.isFinite(season.year)) parts.push(String(season.year));
  return parts.length > 0 ? parts.join(' ') : undefined;
}
