// Which URLs the bot may fetch from an operator's list of hosts (COVER_HOSTS, ATTACHMENT_HOSTS): a
// bare host is reached over HTTPS only; an origin named in full (`http://127.0.0.1:8788`) allows
// exactly that origin, for the emulator's and the fake Discord's hosts in tests and the sandbox.
// A URL with credentials in it is never allowed.

/** A parsed allowance: a host reached over HTTPS, or one exact origin. */
export type HostRule = { host: string } | { origin: string };

export function parseHostRules(entries: readonly string[]): HostRule[] {
  return entries.map((entry) => {
    const trimmed = entry.trim().toLowerCase();
    if (/^https?:\/\//.test(trimmed)) return { origin: new URL(trimmed).origin };
    return { host: trimmed };
  });
}

/** Whether `url` may be fetched under the rules; a URL that does not parse may not. */
export function urlAllowed(url: string, rules: readonly HostRule[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  return rules.some((rule) => ('origin' in rule ? parsed.origin === rule.origin : parsed.protocol === 'https:' && parsed.host === rule.host));
}
