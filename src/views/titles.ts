// Title autocomplete and resolution. Autocomplete must answer within Discord's 3 s even when the
// service is slow: recent answers are kept, and when a search is cut off at the budget the
// choices come from the best cached query that the typed text extends.

import { AbortedError } from '../service/errors.js';
import { KINDS, type AnyWork, type KindSpec } from '../service/kinds.js';
import type { Translator } from '../i18n/index.js';
import { term } from '../render/terms.js';
import { escapeMarkdown } from '../render/text.js';
import type { AutocompleteChoice, AutocompleteContext, BaseContext } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { CachedSuggestion, Suggestion } from './followable.js';
import { allowNsfw, isNsfw } from './nsfw.js';
import type { Anime, WorkKind } from '../service/work-types.js';
import { KIND_FIELDS } from './kind-views.js';
import type { CachedWork } from '../known-works/title-cache.js';
import { ID_PREFIX, parseTitleInput, typedTitleId } from './title-input.js';
import { TITLE_TEXT_MAX } from '../interactions/option-limits.js';

const MIN_QUERY = 3;
const MAX_CHOICES = 25;

/** A search result as it is cached for every reader: the service's values, no translated words. */
function cachedSuggestion(kind: WorkKind, work: AnyWork): CachedSuggestion {
  const year = startYear(KINDS[kind].dating, work);
  const name = work.title ?? `#${work.id}`;
  const s: CachedSuggestion = { id: work.id, name, searchable: '' };
  if (work.media_type) s.mediaType = work.media_type;
  if (year !== undefined && String(year) !== '') s.year = String(year);
  if (work.status !== undefined) s.status = work.status;
  // Matched against typed words (the cache's best prefix): the title and the raw type and year.
  s.searchable = [name, s.mediaType, s.year].filter(Boolean).join(' ').toLowerCase();
  return s;
}

/** The year a work started: of its season, or of its start date (the kind's table says which it is dated by). */
function startYear(dating: KindSpec['dating'], work: AnyWork): string | number | undefined {
  return dating === 'start_season' ? (work as Anime).start_season?.year : work.start_date?.slice(0, 4);
}

/** `Title (TV, 2020)` with the type in the reader's language. */
function shownName(t: Translator, s: CachedSuggestion): Suggestion {
  const suffix = [s.mediaType ? term(t, 'mediaType', s.mediaType) : undefined, s.year].filter(Boolean).join(', ');
  return { id: s.id, name: suffix ? `${s.name} (${suffix})` : s.name, ...(s.status !== undefined ? { status: s.status } : {}) };
}

async function search(ctx: BaseContext, kind: WorkKind, q: string, nsfw: boolean, limit: number, signal?: AbortSignal) {
  const options = { q, limit, nsfw };
  const callContext = signal ? { signal } : {};
  const page = await ctx.deps.service.searchWorks(kind, { ...options, fields: KIND_FIELDS[kind].suggestion }, callContext);
  return page.data.map((item) => item.node);
}

/** The suggestion for a typed ID or link: the work's title when it exists (masked when not safe here). */
async function choiceForId(ctx: AutocompleteContext, kind: WorkKind, id: number): Promise<Suggestion[]> {
  try {
    const work = await ctx.deps.service.getWork(kind, id, { fields: KIND_FIELDS[kind].suggestionById }, { signal: ctx.signal });
    const name = isNsfw(work.nsfw) && !allowNsfw(ctx.where) ? ctx.t.t('works.choice.nsfw', { kind, id: String(id) }) : shownName(ctx.t, cachedSuggestion(kind, work)).name;
    return [{ id, name: ctx.t.t('works.choice.withId', { name, id: String(id) }), ...(work.status !== undefined ? { status: work.status } : {}) }];
  } catch {
    // Unknown ID, slow service: no suggestion; submitting still answers clearly.
    return [];
  }
}

/** Search suggestions for typed text: cached answers first, the best cached prefix when cut off. */
async function searchChoices(ctx: AutocompleteContext, kind: WorkKind, q: string): Promise<Suggestion[]> {
  // Only this file fills the title cache, always with CachedSuggestions: what it gives back is one.
  const named = (works: readonly CachedWork[]): Suggestion[] => (works as readonly CachedSuggestion[]).map((w) => shownName(ctx.t, w));
  const cache = ctx.deps.titleCache;
  const nsfw = allowNsfw(ctx.where);
  const cached = cache.get(kind, nsfw, q);
  if (cached) return named(cached);
  try {
    const works = (await search(ctx, kind, q, nsfw, MAX_CHOICES, ctx.signal)).map((w) => cachedSuggestion(kind, w));
    cache.set(kind, nsfw, q, works);
    return named(works);
  } catch (error) {
    if (error instanceof AbortedError || ctx.signal.aborted) return named(cache.bestPrefix(kind, nsfw, q));
    throw error;
  }
}

function toChoices(suggestions: readonly Suggestion[]): AutocompleteChoice[] {
  return suggestions.slice(0, MAX_CHOICES).map((s) => ({ name: s.name, value: `${ID_PREFIX}${s.id}` }));
}

/**
 * Title suggestions for a title option. `arrange` may reorder and relabel them (e.g. followable
 * titles first for reminders); the typed ID's own title stays first.
 */
export function titleAutocomplete(kind: WorkKind, arrange: (suggestions: readonly Suggestion[], t: Translator) => readonly Suggestion[] = (s) => s) {
  return async (ctx: AutocompleteContext): Promise<AutocompleteChoice[]> => {
    const q = ctx.focused.value.trim();
    const id = typedTitleId(q, kind, ctx.deps.serviceWebUrl);
    const searchable = q.length >= MIN_QUERY && q.length <= TITLE_TEXT_MAX;
    // A link is only an ID; a number may also be (part of) a title, so its search results follow.
    if (id === undefined) return searchable ? toChoices(arrange(await searchChoices(ctx, kind, q), ctx.t)) : [];
    if (!searchable || !/^#?\s*\d+$/.test(q)) return toChoices(arrange(await choiceForId(ctx, kind, id), ctx.t));
    const [byId, bySearch] = await Promise.all([choiceForId(ctx, kind, id), searchChoices(ctx, kind, q).catch(() => [])]);
    return toChoices([...arrange(byId, ctx.t), ...arrange(bySearch, ctx.t)]);
  };
}

/** Every name a work goes by, lower-cased: its title, English and Japanese titles and synonyms. */
function namesOf(work: AnyWork): string[] {
  const alt = work.alternative_titles;
  return [work.title, alt?.en, alt?.ja, ...(alt?.synonyms ?? [])].filter((n): n is string => Boolean(n)).map((n) => n.trim().toLowerCase());
}

/**
 * A title option (title-input.ts): the ID picked from autocomplete, typed, or read from a link to
 * the title's page, or else free text resolved by search. With `exact` (commands that change a
 * list) free text must be one of a work's names, so a typo never changes or removes some other entry.
 */
export async function resolveTitle(ctx: BaseContext, kind: WorkKind, value: string, o: { exact?: boolean } = {}): Promise<number> {
  const input = parseTitleInput(value, kind, ctx.deps.serviceWebUrl);
  if ('id' in input) return input.id;
  const text = input.text;
  if (text.length > TITLE_TEXT_MAX) {
    throw new UserFacingError('works.error.titleTooLong', { max: TITLE_TEXT_MAX });
  }
  if (text.length < MIN_QUERY) {
    throw new UserFacingError('works.error.titleTooShort', { min: MIN_QUERY });
  }
  const shown = escapeMarkdown(text.slice(0, 80));
  const found = await search(ctx, kind, text, allowNsfw(ctx.where), o.exact ? EXACT_CANDIDATES : 1);
  if (found.length === 0) throw new UserFacingError('works.error.titleNotFound', { kind, query: shown });
  if (!o.exact) return (found[0] as AnyWork).id;
  const wanted = text.toLowerCase();
  const match = found.find((work) => namesOf(work).includes(wanted));
  if (match) return match.id;
  const examples = found
    .slice(0, 5)
    .map((w) => ctx.t.t('works.choice.quoted', { text: escapeMarkdown(w.title ?? `#${w.id}`) }))
    .join(', ');
  throw new UserFacingError('works.error.pickTitle', { kind, query: shown, examples });
}

const EXACT_CANDIDATES = 10;
