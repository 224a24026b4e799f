import { DEFAULT_POSTGRES_TABLE, DEFAULT_REDIS_PREFIX } from './defaults.js';

export type StoreLocation =
  | { engine: 'memory' }
  | { engine: 'sqlite'; path: string }
  | { engine: 'postgres'; connectionString: string; table: string }
  | { engine: 'redis'; url: string; prefix: string };

export const STORE_URL_FORMS =
  'sqlite://PATH (e.g. sqlite://data/bot.sqlite), postgres://USER:PASSWORD@HOST:PORT/DB[?table=NAME], ' +
  'postgresql://…, redis://[:PASSWORD@]HOST:PORT[/DB][?prefix=P] or rediss://… (TLS)';

/**
 * Reads STORE_URL. Throws an Error naming the accepted forms; the message shows the URL without credentials.
 * `memory://` (process memory, lost on exit) is for tests.
 */
export function parseStoreUrl(storeUrl: string): StoreLocation {
  const text = storeUrl.trim();
  if (text === 'memory://' || text === 'memory:') return { engine: 'memory' };
  const sqlite = /^sqlite:\/\/(.+)$/.exec(text);
  if (sqlite?.[1]) return { engine: 'sqlite', path: sqlite[1] };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`unsupported STORE_URL ${describeStoreUrl(text)}: use ${STORE_URL_FORMS}`);
  }
  if (url.protocol === 'postgres:' || url.protocol === 'postgresql:') {
    if (!url.hostname || url.pathname.length <= 1) {
      throw new Error(`STORE_URL ${describeStoreUrl(text)} needs a host and a database name: postgres://USER:PASSWORD@HOST:PORT/DB`);
    }
    const table = url.searchParams.get('table') ?? DEFAULT_POSTGRES_TABLE;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) throw new Error(`STORE_URL table= must be lower-case letters, digits and _ (at most 63)`);
    url.searchParams.delete('table');
    return { engine: 'postgres', connectionString: url.toString(), table };
  }
  if (url.protocol === 'redis:' || url.protocol === 'rediss:') {
    if (!url.hostname) throw new Error(`STORE_URL ${describeStoreUrl(text)} needs a host: redis://HOST:PORT`);
    if (url.pathname.length > 1 && !/^\/\d{1,2}$/.test(url.pathname)) {
      throw new Error(`STORE_URL ${describeStoreUrl(text)}: the path of a Redis URL is the database number (e.g. /0)`);
    }
    const prefix = url.searchParams.get('prefix') ?? DEFAULT_REDIS_PREFIX;
    if (!/^[A-Za-z0-9_:.-]{1,64}$/.test(prefix)) throw new Error(`STORE_URL prefix= must be 1–64 of A-Z a-z 0-9 _ : . -`);
    url.searchParams.delete('prefix');
    return { engine: 'redis', url: url.toString(), prefix };
  }
  throw new Error(`unsupported STORE_URL ${describeStoreUrl(text)}: use ${STORE_URL_FORMS}`);
}

/** The URL for messages and logs: the password replaced, length capped. */
export function describeStoreUrl(storeUrl: string): string {
  let shown = storeUrl;
  try {
    const url = new URL(storeUrl);
    if (url.password) {
      url.password = '***';
      shown = url.toString();
    }
  } catch {
    // not a URL, so no parsed password to hide
  }
  return JSON.stringify(shown.slice(0, 200));
}
