// What a title option may hold: an autocomplete pick (`id:40748`), a typed ID (`40748`, `#40748`),
// a link to the title's page on the service's website, or free text to search for.

import { UserFacingError } from '../interactions/user-errors.js';
import type { WorkKind } from '../service/work-types.js';

export type TitleInput = { id: number; via: 'pick' | 'id' | 'link' } | { text: string };

/** What a title option's description says it accepts (Discord allows 100 characters). */
export const TITLE_OPTION_DESCRIPTION = 'Pick a suggestion, or type a title, ID (40748) or link';

/** The value an autocomplete choice carries for a work. */
export const ID_PREFIX = 'id:';
const MAX_ID = 2_147_483_647;

function parseId(digits: string): number {
  const id = Number(digits);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
    throw new UserFacingError('works.error.invalidId', { max: String(MAX_ID) });
  }
  return id;
}

function sameSite(host: string, webHost: string): boolean {
  const strip = (h: string) => h.toLowerCase().replace(/^www\./, '');
  return strip(host) === strip(webHost);
}

/** Reads a link as a URL: any `http(s)://…`, or the service's own host without the scheme. */
function asUrl(text: string, web: URL): URL | undefined {
  if (/\s/.test(text)) return undefined;
  const lower = text.toLowerCase();
  const host = web.host.toLowerCase().replace(/^www\./, '');
  const bare = lower.startsWith(`${host}/`) || lower.startsWith(`www.${host}/`);
  const withScheme = /^https?:\/\//i.test(text) ? text : bare ? `${web.protocol}//${text}` : undefined;
  if (withScheme === undefined) return undefined;
  try {
    return new URL(withScheme);
  } catch {
    return undefined;
  }
}

function fromLink(url: URL, kind: WorkKind, web: URL, webUrl: string): number {
  const shownHost = web.host.replace(/^www\./, '');
  if (!sameSite(url.host, web.host)) {
    throw new UserFacingError('works.error.notServiceLink', { host: shownHost, example: `${webUrl}/${kind}/1` });
  }
  const base = web.pathname.replace(/\/+$/, '');
  const path = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length) : url.pathname;
  const m = /^\/(anime|manga)\/(\d+)(?:\/.*)?$/i.exec(path);
  if (!m?.[1] || !m[2]) {
    throw new UserFacingError('works.error.notTitlePage', { kind, example: `${webUrl}/${kind}/1` });
  }
  const linked = m[1].toLowerCase();
  if (linked !== kind) {
    throw new UserFacingError('works.error.wrongKind', { linked, kind });
  }
  return parseId(m[2]);
}

/**
 * Reads a title option. A pick or a typed number is an ID; a link must point to a page of the
 * right kind on the service's website (`webUrl`), else a UserFacingError says why; anything else
 * is text to search for.
 */
export function parseTitleInput(value: string, kind: WorkKind, webUrl: string): TitleInput {
  const text = value.trim();
  const picked = /^id:(\d{1,16})$/.exec(text);
  if (picked?.[1]) return { id: parseId(picked[1]), via: 'pick' };
  const typed = /^#?\s*(\d{1,16})$/.exec(text);
  if (typed?.[1]) return { id: parseId(typed[1]), via: 'id' };
  const web = new URL(webUrl);
  const url = asUrl(text, web);
  if (url) return { id: fromLink(url, kind, web, webUrl), via: 'link' };
  return { text };
}

/** The ID a partly typed title option names (for suggestions while typing); undefined for text or a bad link. */
export function typedTitleId(value: string, kind: WorkKind, webUrl: string): number | undefined {
  try {
    const input = parseTitleInput(value, kind, webUrl);
    return 'id' in input ? input.id : undefined;
  } catch {
    return undefined;
  }
}
