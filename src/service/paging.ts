// Paging URLs are followed only inside the configured API root + /v2, so a token is never sent elsewhere.

import { PagingOriginError } from './errors.js';

export interface PagingTarget {
  origin: string;
  /** Normalised path plus the query exactly as the service wrote it. */
  path: string;
}

/** `apiUrl` + '/v2/' as a URL (always with a trailing slash, so '/v2x' does not match '/v2'). */
export function apiV2Root(apiUrl: string): URL {
  const root = new URL(apiUrl);
  if (root.protocol !== 'http:' && root.protocol !== 'https:') {
    throw new TypeError('apiUrl must be an http(s) URL');
  }
  root.search = '';
  root.hash = '';
  root.pathname = `${root.pathname.replace(/\/+$/, '')}/v2/`;
  return root;
}

export function resolvePagingUrl(url: string, root: URL): PagingTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PagingOriginError(url);
  }
  if (
    parsed.origin !== root.origin ||
    parsed.username !== '' ||
    parsed.password !== '' ||
    !parsed.pathname.startsWith(root.pathname)
  ) {
    throw new PagingOriginError(url);
  }
  return { origin: parsed.origin, path: parsed.pathname + rawQuery(url, parsed) };
}

// The query is sent byte-for-byte as given (no re-encoding) unless it holds characters that cannot go on the wire.
function rawQuery(url: string, parsed: URL): string {
  const withoutFragment = url.split('#', 1)[0] ?? '';
  const q = withoutFragment.indexOf('?');
  if (q < 0) return '';
  const query = withoutFragment.slice(q);
  return /^[\x21-\x7e]*$/.test(query) ? query : parsed.search;
}
