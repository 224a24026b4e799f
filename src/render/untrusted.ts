// The one gate for text that comes from the service or from another user (titles, synopses, forum
// posts, user names, tags, comments…). Such text must never render as a Discord object (mention,
// channel, command link, timestamp, custom emoji, masked link) nor hide what it says (invisible,
// bidirectional or control characters). escapeMarkdown and clipPlain pass everything through here,
// so every renderer gets it.

/** Variation selectors keep emoji and CJK presentation: visible, harmless. */
const VARIATION_SELECTOR = /[\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]/;

/**
 * Characters that draw nothing or steer layout: default-ignorable code points (zero-width, bidi
 * marks/overrides/isolates, word joiner, soft hyphen, Hangul fillers, tags…), other formatting
 * characters, C0/C1 controls except tab and newline, and lone surrogates.
 */
const HIDDEN = /(?![\t\n])\p{Cc}|\p{Default_Ignorable_Code_Point}|\p{Cf}|\p{Cs}/gu;

const PICTOGRAPHIC = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]$/u;
const STARTS_PICTOGRAPHIC = /^\p{Extended_Pictographic}/u;
const LETTER_BEFORE = /[\p{L}\p{M}]$/u;
const LETTER_AFTER = /^[\p{L}\p{M}]/u;
const ASCII_LETTER_BEFORE = /[A-Za-z]$/;
const ASCII_LETTER_AFTER = /^[A-Za-z]/;
/** Waving black flag: the base of subdivision flags spelled with tag characters. */
const FLAG_TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]{1,8}\u{E007F}/gu;
/** More than this many combining marks on one base is "Zalgo" text that draws over other lines. */
const MAX_MARKS = 4;
const MARK_RUN = new RegExp(`(\\p{M}{${MAX_MARKS}})\\p{M}+`, 'gu');

/** Whether a joiner at `index` is part of a word or an emoji sequence (kept) or a hiding trick (removed). */
function keepJoiner(text: string, index: number, ch: string): boolean {
  const before = text.slice(Math.max(0, index - 2), index);
  const after = text.slice(index + 1, index + 3);
  if (ch === '\u200D') return PICTOGRAPHIC.test(before) && STARTS_PICTOGRAPHIC.test(after);
  // ZWNJ shapes words in Persian and Indic scripts; between Latin letters it only hides.
  return (
    LETTER_BEFORE.test(before) && LETTER_AFTER.test(after) && !ASCII_LETTER_BEFORE.test(before) && !ASCII_LETTER_AFTER.test(after)
  );
}

/**
 * Removes characters that are invisible or reorder text: controls (tab and newline kept; CR and
 * line/paragraph separators become newlines), zero-width and bidi formatting, lone surrogates, and
 * combining marks beyond a few per letter. Joiners inside emoji sequences and scripts that need
 * them, variation selectors and subdivision flags are kept.
 */
export function removeHiddenCharacters(text: string): string {
  if (/^[\x20-\x7E\n\t]*$/.test(text)) return text;
  const normalized = text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n');
  const flags = [...normalized.matchAll(FLAG_TAG_SEQUENCE)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const inFlag = (index: number): boolean => flags.some((f) => f.start < index && index < f.end);
  return normalized
    .replace(HIDDEN, (ch: string, index: number, whole: string) => {
      if (VARIATION_SELECTOR.test(ch) || inFlag(index)) return ch;
      if ((ch === '\u200D' || ch === '\u200C') && keepJoiner(whole, index, ch)) return ch;
      return '';
    })
    .replace(MARK_RUN, '$1');
}

/**
 * Masked links `[label](url)` (and `[label](<url>)`) become `label (url)`: the text stays, the real
 * address is shown instead of hidden behind it.
 */
export function disarmMaskedLinks(text: string): string {
  if (!text.includes('](')) return text;
  return text.replace(/\[([^[\]\n]*)\]\(\s*<?([a-zA-Z][a-zA-Z0-9+.-]*:[^()\s<>]+)>?\s*\)/g, (_m, label: string, url: string) => {
    const shown = label.trim();
    return shown === '' || shown === url ? url : `${shown} (${url})`;
  });
}

/**
 * `<…>` forms Discord turns into objects: user, role and channel mentions, slash-command links,
 * timestamps, custom emoji, guild navigation (`<id:customize>`) and sound references.
 */
const DISCORD_OBJECT = /<(?=[@#]|\/[^<>\n]*:\d|t:-?\d|a?:[\w~-]+:\d|id:|sound:)/g;
const MASS_MENTION = /@(?=(?:everyone|here)\b)/g;

/**
 * For markdown contexts, after markdown escaping: a backslash before the `<` of every Discord
 * object form and before the `@` of `@everyone`/`@here` makes Discord show them literally.
 */
export function escapeDiscordObjects(escapedSegment: string): string {
  return escapedSegment.replace(DISCORD_OBJECT, '\\<').replace(MASS_MENTION, '\\@');
}

/** For text Discord shows without markdown (footers, author names, labels, autocomplete choices). */
export function untrustedPlain(text: string): string {
  return removeHiddenCharacters(text);
}
