// The catalogue's integrity: every locale has exactly English's keys, every message parses as ICU in
// its locale, uses the same arguments as English, and no locale carries English text left untranslated.

import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, EN, LOCALES, type MessageKey } from '../../src/i18n/index.js';

/** The argument names of a parsed message, nested ones (inside plural/select branches) included. */
function argumentsOf(ast: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(ast)) for (const el of ast) argumentsOf(el, into);
  else if (ast && typeof ast === 'object') {
    const el = ast as { type?: number; value?: unknown; options?: Record<string, { value: unknown }> };
    // Types 1–6 are argument, number, date, time, select and plural elements (formatjs TYPE enum).
    if (typeof el.type === 'number' && el.type >= 1 && el.type <= 6 && typeof el.value === 'string') into.add(el.value);
    if (el.options) for (const option of Object.values(el.options)) argumentsOf(option.value, into);
  }
  return into;
}

const keys = Object.keys(EN) as MessageKey[];

/** Words the anime community of these languages uses as they are (loanwords), so the same text is right. */
const LOANWORDS = new Set([
  'Manga', 'Doujinshi', 'Manhwa', 'Manhua', 'One-shot', 'Special', 'Light Novel', 'Light novel', 'Visual Novel', 'Visual novel', 'Original', 'Radio', 'Winter', 'Mixed Media', 'Rx – Hentai',
  // The same word in these languages (de/fr Genres, Studios, Status; fr Page, Adaptation, image; de/pt Tags, Total, Volumes; Spin-off), NSFW everywhere.
  'NSFW', 'Genres', 'Studios', 'Status', 'Tags', 'Total', 'Page {page}', 'Volumes', 'Spin-off', 'Adaptation', 'image', 'Anime · ID {id}', 'Manga · ID {id}',
  // pt-BR "volume(s)".
  '{count, plural, one {# volume} other {# volumes}}', '? volumes', '{done}/{total, plural, one {# volume} other {# volumes}}', '{done}/? volumes',
]);

describe('the message catalogue', () => {
  it('has keys', () => {
    expect(keys.length).toBeGreaterThan(40);
  });

  for (const locale of LOCALES) {
    describe(locale, () => {
      const messages = CATALOGUE[locale] as Readonly<Record<string, string>>;

      it('has every English key and none English lacks', () => {
        const have = Object.keys(messages);
        expect(keys.filter((k) => !have.includes(k))).toEqual([]);
        expect(have.filter((k) => !(k in EN))).toEqual([]);
      });

      it('every message parses as ICU and uses exactly the arguments English uses', () => {
        const problems: string[] = [];
        for (const key of keys) {
          const text = messages[key];
          if (typeof text !== 'string' || text.trim() === '') {
            problems.push(`${key}: empty`);
            continue;
          }
          try {
            const ast = new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).getAst();
            const english = new IntlMessageFormat(EN[key], 'en-US', undefined, { ignoreTag: true }).getAst();
            const mine = [...argumentsOf(ast)].sort();
            const theirs = [...argumentsOf(english)].sort();
            if (JSON.stringify(mine) !== JSON.stringify(theirs)) problems.push(`${key}: arguments ${mine.join(',')} ≠ English ${theirs.join(',')}`);
          } catch (error) {
            problems.push(`${key}: ${(error as Error).message}`);
          }
        }
        expect(problems).toEqual([]);
      });

      if (locale !== 'en-US') it('carries no English text left untranslated', () => {
        // Identical to English is fine only for text without words (`{option}: {detail}`, a number, an emoji).
        const untranslated = keys.filter(
          (k) => messages[k] === EN[k] && !LOANWORDS.has(EN[k]) && /[A-Za-z]{4,}/.test(EN[k].replace(/\{[^}]*\}|`[^`]*`/g, '')),
        );
        expect(untranslated).toEqual([]);
      });
    });
  }
});
