// Which picture URLs the bot may fetch: only from the hosts the service's picture URLs use (the
// operator's COVER_HOSTS), over HTTPS, or an origin named in full (`http://127.0.0.1:8788`, for the
// emulator's picture host in tests and the sandbox).

/** A parsed allowance: a host reached over HTTPS, or one exact origin. */
export type CoverHostRule = { host: string } | { origin: string };

export function parseCoverHosts(entries: readonly string[]): CoverHostRule[] {
  return entries.map((entry) => {
    const trimmed = entry.trim().toLowerCase();
    if (/^https?:\/\//.test(trimmed)) return { origin: new URL(trimmed).origin };
    return { host: trimmed };
  });
}

/** Whether a picture URL may be fetched under the rules; a URL that does not parse may not. */
export function coverAllowed(url: string, rules: readonly CoverHostRule[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  return rules.some((rule) => ('origin' in rule ? parsed.origin === rule.origin : parsed.protocol === 'https:' && parsed.host === rule.host));
}

/** The host of a URL, for the operator's log and metrics ("(unparsable)" when it is not one). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || '(none)';
  } catch {
    return '(unparsable)';
  }
}
