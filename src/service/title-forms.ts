// Which of a work's title forms the service sends is shown: the main title (`title`, usually
// romaji), its English or its Japanese title. The service's text is never changed, only picked:
// an interaction's view of the client (CallScope.titleForm) shows every work in one form, in
// copies, so cached answers stay the service's own data.

import type { AlternativeTitles } from './work-types.js';
import { isRecord } from '../util/is-record.js';

export const TITLE_FORMS = ['romaji', 'english', 'japanese'] as const;
/** `romaji` is the service's main title (`title`), whatever script it is in. */
export type TitleForm = (typeof TITLE_FORMS)[number];
export const MAIN_TITLE_FORM = 'romaji' satisfies TitleForm;

export function isTitleForm(value: unknown): value is TitleForm {
  return typeof value === 'string' && (TITLE_FORMS as readonly string[]).includes(value);
}

/** The main title of a work shown in another form, kept for what is stored for everyone (mirrors, reminders). */
const MAIN_TITLE = Symbol('mainTitle');

interface Titled {
  title?: string;
  alternative_titles?: AlternativeTitles;
}

/**
 * The service's main title of a work, also when the work is a copy shown in someone's preferred form:
 * what the bot stores for everyone (server mirrors, reminder titles) must never be one person's choice.
 */
export function mainTitleOf(work: Titled): string | undefined {
  const kept = (work as { [MAIN_TITLE]?: string | undefined })[MAIN_TITLE];
  return MAIN_TITLE in work ? kept : work.title;
}

const ALTERNATIVE_KEY = { english: 'en', japanese: 'ja' } as const;

/**
 * A copy of `work` whose `title` is its `form` (the main title when that form is empty or not sent).
 * The main title takes the chosen form's place in `alternative_titles`, so every name stays shown once.
 */
export function inTitleForm<W extends Titled>(work: W, form: TitleForm): W {
  if (form === MAIN_TITLE_FORM) return work;
  const key = ALTERNATIVE_KEY[form];
  const alt = work.alternative_titles;
  const chosen = alt?.[key]?.trim();
  if (!chosen || !alt) return work;
  const copy: W = { ...work, title: chosen, alternative_titles: { ...alt, [key]: work.title ?? '' } };
  Object.defineProperty(copy, MAIN_TITLE, { value: work.title, enumerable: true });
  return copy;
}

/** Paths (relative to the API root + /v2) whose answers are works or pages of works. */
const WORK_PATH = /^(?:(?:anime|manga)(?:\/[^?]*)?|users\/[^/?]+\/(?:anime|manga)list)$/;

export function isWorkPath(relativePath: string): boolean {
  return WORK_PATH.test(relativePath);
}

/** `query` with `alternative_titles` among its fields (a copy; the service adds fields to its defaults). */
export function withAlternativeTitles(query: URLSearchParams): URLSearchParams {
  const copy = new URLSearchParams(query);
  const fields = copy.get('fields')?.trim() ?? '';
  if (!topLevelNames(fields).includes('alternative_titles')) copy.set('fields', fields === '' ? 'alternative_titles' : `${fields},alternative_titles`);
  return copy;
}

function topLevelNames(fields: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of fields) {
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (depth === 0 && c === ',') {
      names.push(current.trim());
      current = '';
    } else if (depth === 0) current += c;
  }
  names.push(current.trim());
  return names;
}

/**
 * A parsed answer of a work path with every work in `form`: a page's nodes, or a work itself. Copies
 * only what changes (the answer may be the cache's own object); anything else is returned as it is.
 */
export function answerInTitleForm(json: unknown, form: TitleForm): unknown {
  if (form === MAIN_TITLE_FORM || !isRecord(json)) return json;
  if (Array.isArray(json.data)) {
    return {
      ...json,
      data: json.data.map((item: unknown) => (isRecord(item) && isRecord(item.node) ? { ...item, node: inTitleForm(item.node as Titled, form) } : item)),
    };
  }
  return typeof json.id === 'number' ? inTitleForm(json as Titled, form) : json;
}
