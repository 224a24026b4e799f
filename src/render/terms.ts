// The service's values (list statuses, media types, seasons, weekdays, sources, ratings, nsfw) in the
// reader's language; a value the catalogue does not know yet is shown as it comes, made readable.

import { EN, type MessageKey, type Translator } from '../i18n/index.js';
import { humanize } from './format.js';

export type TermGroup = 'listStatus' | 'mediaType' | 'workStatus' | 'season' | 'weekday' | 'source' | 'rating' | 'nsfw';

/** `term(t, 'listStatus', 'plan_to_watch')` → `Plan to Watch` (ja: `視聴予定`). */
export function term(t: Translator, group: TermGroup, value: string): string {
  const key = `term.${group}.${value.trim().toLowerCase()}`;
  return Object.hasOwn(EN, key) ? t.t(key as MessageKey) : humanize(value);
}
