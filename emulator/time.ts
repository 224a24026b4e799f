/** Date helpers shared by catalogue and API. All times are UTC. */

/** ISO 8601 with seconds precision and a `+00:00` offset, like the real service. */
export function isoSeconds(ms: number): string {
  const secs = Math.floor(ms / 1000);
  const days = Math.floor(secs / 86_400);
  const rest = secs - days * 86_400;
  const h = Math.floor(rest / 3600);
  const m = Math.floor((rest % 3600) / 60);
  return `${ymd(days)}T${pad2(h)}:${pad2(m)}:${pad2(rest % 60)}+00:00`;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Civil date of a day count since 1970-01-01 (proleptic Gregorian); hand-rolled because Date is slow in bulk. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** YYYY-MM-DD of a day count since the epoch. */
export function ymd(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

export const SEASONS = ['winter', 'spring', 'summer', 'fall'] as const;
export type Season = (typeof SEASONS)[number];

export function isSeason(value: string): value is Season {
  return (SEASONS as readonly string[]).includes(value);
}

/** Season of a 1-based month. */
export function seasonOfMonth(month: number): Season {
  const season = SEASONS[Math.floor((month - 1) / 3)];
  if (season === undefined) throw new Error(`bad month ${month}`);
  return season;
}

/** Absolute season index (year*4 + season number), for ordering seasons. */
export function seasonIndex(year: number, season: Season): number {
  return year * 4 + SEASONS.indexOf(season);
}

/** First month (1-based) of a season. */
export function seasonStartMonth(season: Season): number {
  return SEASONS.indexOf(season) * 3 + 1;
}

/** Month index (year*12 + month-1) of a YYYY / YYYY-MM / YYYY-MM-DD date; a bare year counts as its January. */
export function monthIndexOfDate(date: string): number {
  const [y, m] = date.split('-');
  return Number(y) * 12 + (m === undefined ? 0 : Number(m) - 1);
}
