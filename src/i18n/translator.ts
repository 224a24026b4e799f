// Formatting through the catalogue: one translator per locale, its messages compiled once on first
// use (ICU MessageFormat by @formatjs's intl-messageformat), numbers and lists through Intl.

import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUE, type MessageKey } from './message-catalogue.js';
import { DEFAULT_LOCALE, LOCALES, localeOf, type Locale } from './locales.js';

/** Values of a message's arguments; strings are inserted as they are (escape untrusted text first). */
export type MessageValues = Readonly<Record<string, string | number>>;

export interface Translator {
  readonly locale: Locale;
  /** The message `key` in this locale with `values` filled in. */
  t(key: MessageKey, values?: MessageValues): string;
  /** A number in this locale's digits and grouping. */
  number(n: number, o?: Intl.NumberFormatOptions): string;
  /** `a, b and c` in this locale. */
  list(items: readonly string[], type?: 'conjunction' | 'disjunction'): string;
}

class CatalogueTranslator implements Translator {
  private readonly compiled = new Map<MessageKey, IntlMessageFormat>();
  private readonly numbers = new Map<string, Intl.NumberFormat>();
  private readonly lists = new Map<string, Intl.ListFormat>();

  constructor(readonly locale: Locale) {}

  t(key: MessageKey, values?: MessageValues): string {
    let format = this.compiled.get(key);
    if (!format) {
      // Markdown and Discord's `<t:…>` pass through as text: no rich-text tags.
      format = new IntlMessageFormat(CATALOGUE[this.locale][key], this.locale, undefined, { ignoreTag: true });
      this.compiled.set(key, format);
    }
    return String(format.format(values));
  }

  number(n: number, o?: Intl.NumberFormatOptions): string {
    const id = o ? JSON.stringify(o) : '';
    let format = this.numbers.get(id);
    if (!format) this.numbers.set(id, (format = new Intl.NumberFormat(this.locale, o)));
    return format.format(n);
  }

  list(items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
    let format = this.lists.get(type);
    if (!format) this.lists.set(type, (format = new Intl.ListFormat(this.locale, { type })));
    return format.format(items);
  }
}

const TRANSLATORS = new Map<Locale, Translator>(LOCALES.map((l) => [l, new CatalogueTranslator(l)]));

/** The translator of a locale: of a Discord locale code (nearest catalogue), or English. */
export function translator(locale: string | null | undefined): Translator {
  return TRANSLATORS.get(localeOf(locale)) ?? (TRANSLATORS.get(DEFAULT_LOCALE) as Translator);
}

/** English, for text that has no reader's locale (logs are not translated: they never use this). */
export const ENGLISH: Translator = translator(DEFAULT_LOCALE);
