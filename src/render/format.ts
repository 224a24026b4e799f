// Human-readable forms of service values in the reader's language: enums, partial dates, durations,
// counts. Dates go through Intl.DateTimeFormat in the reader's locale, words through the catalogue.
import { EN, type MessageKey, type Translator } from '../i18n/index.js';
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

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

type DatePrecision = 'year' | 'month' | 'day';
const DATE_OPTIONS: Readonly<Record<DatePrecision, Intl.DateTimeFormatOptions>> = {
  year: { year: 'numeric', timeZone: 'UTC' },
  month: { year: 'numeric', month: 'short', timeZone: 'UTC' },
  day: { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' },
};
const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** One cached Intl.DateTimeFormat per locale and precision (building one costs far more than using it). */
function dateFormat(locale: string, precision: DatePrecision): Intl.DateTimeFormat {
  const id = `${locale}|${precision}`;
  let format = DATE_FORMATS.get(id);
  if (!format) DATE_FORMATS.set(id, (format = new Intl.DateTimeFormat(locale, DATE_OPTIONS[precision])));
  return format;
}

/**
 * A partial date in the reader's locale: `2010` → `2010`, `2010-01` → `Jan 2010`, `2010-01-10` →
 * `Jan 10, 2010` (en-US; ja `2010年1月10日`, de `10. Jan. 2010`); anything else is returned as given.
 */
export function formatPartialDate(t: Translator, value: string): string {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value.trim());
  if (!m) return value;
  const year = Number(m[1]);
  if (year < 1) return value;
  const month = m[2] === undefined ? 1 : Number(m[2]);
  if (month < 1 || month > 12) return value;
  const day = m[3] === undefined ? 1 : Number(m[3]);
  if (day < 1 || day > daysInMonth(year, month)) return value;
  const precision: DatePrecision = m[2] === undefined ? 'year' : m[3] === undefined ? 'month' : 'day';
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return dateFormat(t.locale, precision).format(date);
}

/** `start – end`, `start – ?` (or `– present` when ongoing), `? – end`; undefined when both are missing. */
export function formatDateRange(t: Translator, start: string | undefined, end: string | undefined, ongoing = false): string | undefined {
  const s = start ? formatPartialDate(t, start) : undefined;
  const e = end ? formatPartialDate(t, end) : undefined;
  if (s === undefined && e === undefined) return undefined;
  if (s !== undefined && e !== undefined && s === e) return s;
  const unknown = t.t('works.date.unknown');
  return t.t('works.date.range', {
    start: s ?? unknown,
    end: e ?? (ongoing && s !== undefined ? t.t('works.date.present') : unknown),
  });
}

/** Seconds → `45 sec`, `24 min`, `1 hr 30 min` (in the reader's language); `?` when unknown (0, negative, not finite). */
export function formatDuration(t: Translator, seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return t.t('works.date.unknown');
  if (seconds < 60) return t.t('works.duration.seconds', { n: Math.round(seconds) });
  const totalMinutes = Math.round(seconds / 60);
  if (totalMinutes < 60) return t.t('works.duration.minutes', { n: totalMinutes });
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return minutes === 0 ? t.t('works.duration.hours', { h: hours }) : t.t('works.duration.hoursMinutes', { h: hours, m: minutes });
}

/** Seconds per episode → `24 min per ep`. */
export function formatEpisodeDuration(t: Translator, seconds: number): string {
  return t.t('works.duration.perEpisode', { duration: formatDuration(t, seconds) });
}

const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();

/** `1234567` → `1,234,567` in the reader's locale (at most 2 decimals); `?` when not finite. */
export function formatNumber(t: Translator, n: number): string {
  if (!Number.isFinite(n)) return t.t('works.date.unknown');
  // Cached here by locale: the hottest call of every list page (ranks, scores, members).
  let format = NUMBER_FORMATS.get(t.locale);
  if (!format) NUMBER_FORMATS.set(t.locale, (format = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 2 })));
  return format.format(n);
}

/** Totals where the service uses 0 for unknown (episodes, volumes, chapters): `0`/missing → `?`. */
export function formatCount(t: Translator, n: number | undefined): string {
  return n === undefined || n === 0 || !Number.isFinite(n) ? t.t('works.date.unknown') : formatNumber(t, n);
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

/** `{year: 2020, season: 'fall'}` → `Fall 2020` (ja `2020年秋`); undefined when empty. */
export function formatSeason(t: Translator, season: StartSeason | undefined): string | undefined {
  if (!season) return undefined;
  // The season's name as render/terms.ts gives it (that file builds on this one, so it is not imported).
  const key = season.season ? `term.season.${season.season.trim().toLowerCase()}` : undefined;
  const name = key === undefined ? undefined : Object.hasOwn(EN, key) ? t.t(key as MessageKey) : humanize(season.season ?? '');
  const year = season.year !== undefined && Number.isFinite(season.year) ? String(season.year) : undefined;
  if (name !== undefined && year !== undefined) return t.t('works.season.name', { season: name, year });
  return name ?? year;
}
