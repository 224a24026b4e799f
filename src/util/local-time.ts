// Wall-clock times in an IANA time zone: `YYYY-MM-DD HH:MM` read as a local time there (daylight
// saving included, through Intl), whether a zone name is known, and zone names matching a prefix.

const LOCAL = /^\s*(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})\s*$/;

/** Whether `zone` is an IANA time zone name this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at instant `ms` (ms to add to UTC for the local wall clock). */
function offsetAt(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(ms));
  const n = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? '0');
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant of a local `YYYY-MM-DD HH:MM` in `zone`; undefined when the text is not such a time or
 * names no real date. A time skipped by a daylight-saving change reads as the hour after it.
 */
export function parseLocalDateTime(text: string, zone: string): number | undefined {
  const m = LOCAL.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return undefined;
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return undefined;
  const first = wall - offsetAt(wall, zone);
  return wall - offsetAt(first, zone);
}

let zones: readonly string[] | undefined;

/** Up to `max` zone names containing `query` (case-insensitive), those starting with it first. */
export function timeZoneChoices(query: string, max = 25): string[] {
  zones ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  const q = query.trim().toLowerCase().replace(/ /g, '_');
  if (q === '') return zones.slice(0, max);
  const starts = zones.filter((z) => z.toLowerCase().startsWith(q) || z.toLowerCase().split('/').some((p) => p.startsWith(q)));
  const contains = zones.filter((z) => !starts.includes(z) && z.toLowerCase().includes(q));
  return [...starts, ...contains].slice(0, max);
}
