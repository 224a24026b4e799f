// Title suggestions for following an anime (episode reminders): what can still be followed, airing
// or not yet aired, comes first; finished titles come last and say so.

import type { Translator } from '../i18n/index.js';
import type { CachedWork } from '../known-works/title-cache.js';
import { clipPlain } from '../render/text.js';

/** One title suggestion before it becomes an autocomplete choice (`name` already in the reader's language). */
export interface Suggestion {
  id: number;
  name: string;
  /** The work's status as the service gave it (e.g. `currently_airing`), when known. */
  status?: string;
}

/** A search result as the title cache keeps it for every reader: no translated words, only the service's values. */
export interface CachedSuggestion extends CachedWork {
  /** The service's media type (`tv`) and start year, named in the reader's language when shown. */
  mediaType?: string;
  year?: string;
}

/** Discord's limit on a choice's name. */
const CHOICE_NAME_MAX = 100;

function group(status: string | undefined): number {
  if (status === 'currently_airing' || status === 'not_yet_aired') return 0;
  return status === 'finished_airing' ? 2 : 1;
}

/** Airing and upcoming titles first, then any of unknown status, then finished ones marked `(finished)`; search order kept within each. */
export function followableFirst(suggestions: readonly Suggestion[], t: Translator): Suggestion[] {
  // The mark's length in this language: the title is clipped so that the whole name stays within Discord's limit.
  const markLength = t.t('works.choice.finished', { name: '' }).length;
  return suggestions
    .map((s, i) => ({ s, i, g: group(s.status) }))
    .sort((a, b) => a.g - b.g || a.i - b.i)
    .map(({ s, g }) =>
      g === 2 ? { ...s, name: t.t('works.choice.finished', { name: clipPlain(s.name, CHOICE_NAME_MAX - markLength).trim() }) } : s,
    );
}
