// Which picture URLs the bot may fetch: only from the hosts the service's picture URLs use (the
// operator's COVER_HOSTS), over HTTPS, or an origin named in full (`http://127.0.0.1:8788`, for the
// emulator's picture host in tests and the sandbox).

export { type HostRule as CoverHostRule, parseHostRules as parseCoverHosts, urlAllowed as coverAllowed } from '../util/allowed-hosts.js';

/** The host of a URL, for the operator's log and metrics ("(unparsable)" when it is not one). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || '(none)';
  } catch {
    return '(unparsable)';
  }
}
