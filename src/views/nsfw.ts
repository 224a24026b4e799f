// Not-safe-for-work content is only shown in age-restricted channels.

import type { NsfwLevel } from '../service/work-types.js';
import type { Where } from '../interactions/where.js';
import type { Translator } from '../i18n/index.js';
import { maskedTitle } from '../render/masked-title.js';

/**
 * The note under results the service filtered (`nsfw=false`). Outside age-restricted channels such
 * titles are always hidden; inside one only a command's own `nsfw` option leaves them out, so the
 * note says how to include them, and says nothing for a command without that option.
 */
export function nsfwFilteredNote(t: Translator, where: Where, option?: string): string | undefined {
  if (!where.ageRestricted) return t.t('works.nsfw.hiddenNote');
  return option === undefined ? undefined : t.t('works.nsfw.leftOutNote', { option });
}

/** The `nsfw` parameter to send: only true in an age-restricted channel and when wanted. */
export function allowNsfw(where: Where, wanted = true): boolean {
  return wanted && where.ageRestricted;
}

export function isNsfw(level: NsfwLevel | undefined): boolean {
  return level !== undefined && level !== 'white';
}

/** Lists fetched with `nsfw=true` (a user's own list) still mask such titles outside age-restricted channels. */
export function maskTitle(t: Translator, title: string | undefined, level: NsfwLevel | undefined, where: Where): string {
  return maskedTitle(t, title, level, where.ageRestricted);
}
