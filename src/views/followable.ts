// Title suggestions for following an anime (episode reminders): what can still be followed, airing
// or not yet aired, comes first; finished titles come last and say so.

import { clipPlain } from '../render/text.js';

/** One title suggestion before it becomes an autocomplete choice. */
export interface Suggestion {
  id: number;
  name: string;
  /** The work's status as the service gave it (e.g. `currently_airing`), when known. */
  status?: string;
}

const FINISHED_MARK = ' (finished)';
/** Discord's limit on a choice's name. */
const CHOICE_NAME_MAX = 100;

function group(status: string | undefined): number {
  if (status === 'currently_airing' || status === 'not_yet_aired') return 0;
  return status === 'finished_airing' ? 2 : 1;
}

/** Airing and upcoming titles first, then any of unknown status, then finished ones marked `(finished)`; search order kept within each. */
export function followableFirst(suggestions: readonly Suggestion[]): Suggestion[] {
  return suggestions
    .map((s, i) => ({ s, i, g: group(s.status) }))
    .sort((a, b) => a.g - b.g || a.i - b.i)
    .map(({ s, g }) => (g === 2 ? { ...s, name: `${clipPlain(s.name, CHOICE_NAME_MAX - FINISHED_MARK.length).trim()}${FINISHED_MARK}` } : s));
}
