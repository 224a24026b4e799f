// When a server's weekly recap is due: a weekday and a local time in an IANA time zone, turned into
// instants with Intl alone (no date library). A week's slot is named by its local date (`YYYY-MM-DD`),
// unique per channel and week whatever the clocks do; the week a recap covers runs from the slot
// before to this one (167 or 169 hours across a daylight-saving change). A local time that does not
// exist on the day (the hour skipped when clocks go forward) is read as the same wall time after the
// change; one that happens twice (clocks going back) as its first occurrence.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** 0 = Sunday … 6 = Saturday (as Date#getUTCDay). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekdayName = (typeof WEEKDAYS)[number];

export interface RecapSchedule {
  weekday: Weekday;
  /** Minutes after local midnight (0 … 1439). */
  minuteOfDay: number;
  /** IANA time zone name (e.g. `Europe/Berlin`), checked with `isTimeZone`. */
  timeZone: string;
}

/** One week's slot: when it is due (epoch ms), its name and the start of the week it covers. */
export interface RecapSlot {
  atMs: number;
  /** The slot's local date, `YYYY-MM-DD`: the week's name. */
  week: string;
  /** The previous slot's instant: the recap covers [fromMs, atMs). */
  fromMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `name` is a time zone this runtime knows (IANA names and `UTC`). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** `HH:MM` (24-hour) as minutes after midnight, undefined when it is not one. */
export function parseTimeOfDay(text: string): number | undefined {
  const m = /^\s*(\d{1,2})[:h.](\d{2})\s*$/.exec(text);
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : undefined;
}

export function formatTimeOfDay(minuteOfDay: number): string {
  return `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(ms: number, timeZone: string): LocalParts {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year ?? 1970, month: out.month ?? 1, day: out.day ?? 1, hour: out.hour ?? 0, minute: out.minute ?? 0, second: out.second ?? 0 };
}

/** The zone's offset from UTC at an instant, in ms (east positive). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant a local wall time (a calendar day as UTC midnight ms, plus minutes) happens in the zone. */
export function zonedInstant(dayUtcMs: number, minuteOfDay: number, timeZone: string): number {
  const wall = dayUtcMs + minuteOfDay * MINUTE;
  const before = wall - zoneOffsetMs(wall - DAY / 2, timeZone);
  const after = wall - zoneOffsetMs(wall + DAY / 2, timeZone);
  // The offset that holds on either side of a change: a wall time both read back to is valid for both
  // (a repeated hour: the first), one neither reads back to was skipped (read after the change).
  const reads = (t: number): boolean => t + zoneOffsetMs(t, timeZone) === wall;
  if (reads(before)) return before;
  if (reads(after)) return after;
  return Math.max(before, after);
}

/** The calendar day (UTC midnight ms of the local date) and weekday an instant falls on in the zone. */
function localDay(ms: number, timeZone: string): { dayUtcMs: number; weekday: number } {
  const p = localParts(ms, timeZone);
  const dayUtcMs = Date.UTC(p.year, p.month - 1, p.day);
  return { dayUtcMs, weekday: new Date(dayUtcMs).getUTCDay() };
}

function slotOn(dayUtcMs: number, s: RecapSchedule): RecapSlot {
  const atMs = zonedInstant(dayUtcMs, s.minuteOfDay, s.timeZone);
  return { atMs, week: new Date(dayUtcMs).toISOString().slice(0, 10), fromMs: zonedInstant(dayUtcMs - 7 * DAY, s.minuteOfDay, s.timeZone) };
}

/** The latest slot at or before `nowMs`. */
export function slotAtOrBefore(s: RecapSchedule, nowMs: number): RecapSlot {
  const { dayUtcMs, weekday } = localDay(nowMs, s.timeZone);
  const back = (weekday - s.weekday + 7) % 7;
  const slot = slotOn(dayUtcMs - back * DAY, s);
  return slot.atMs <= nowMs ? slot : slotOn(dayUtcMs - (back + 7) * DAY, s);
}

/** The first slot after `nowMs`. */
export function slotAfter(s: RecapSchedule, nowMs: number): RecapSlot {
  const last = slotAtOrBefore(s, nowMs);
  return slotOn(Date.parse(`${last.week}T00:00:00Z`) + 7 * DAY, s);
}

/** A recap posts late at most this long after its slot (the bot was down); later, that week is skipped. */
export const LATE_LIMIT_MS = 6 * 60 * MINUTE;

/** Whether a slot may still be posted at `nowMs`. */
export function postableAt(slot: RecapSlot, nowMs: number): boolean {
  return nowMs >= slot.atMs && nowMs - slot.atMs <= LATE_LIMIT_MS;
}
