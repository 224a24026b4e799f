// A title as an answer may show it: not-safe-for-work titles are masked outside age-restricted
// channels (the rendering side of src/views/nsfw.ts, taking only whether the channel is age-restricted).

import type { Translator } from '../i18n/index.js';
import type { NsfwLevel } from '../service/work-types.js';

/** The title, or the masked word for a title rated not safe for work outside an age-restricted channel; "untitled" for none. */
export function maskedTitle(t: Translator, title: string | undefined, level: NsfwLevel | undefined, ageRestricted: boolean): string {
  if (level !== undefined && level !== 'white' && !ageRestricted) return t.t('works.nsfw.maskedTitle');
  return title ?? t.t('works.untitled');
}
