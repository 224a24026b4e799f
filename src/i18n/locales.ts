// The languages the bot speaks, and how a Discord locale or a browser's Accept-Language picks one.

/** Discord's locale codes of the languages with a full catalogue; the first is the default. */
export const LOCALES = ['en-US', 'ja', 'de', 'fr', 'es-ES', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Languages whose nearest catalogue is another locale of the same language. */
const NEAREST: Readonly<Record<string, Locale>> = { 'en-GB': 'en-US', 'es-419': 'es-ES' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The catalogue for a Discord locale (`interaction.locale`, `guild_locale`); English when there is none. */
export function localeOf(discordLocale: string | null | undefined): Locale {
  if (!discordLocale) return DEFAULT_LOCALE;
  if (isLocale(discordLocale)) return discordLocale;
  return NEAREST[discordLocale] ?? DEFAULT_LOCALE;
}

/** A language tag's primary subtag → our catalogue (`es-MX` → Spanish, `pt-PT` → Brazilian Portuguese). */
const BY_LANGUAGE: Readonly<Record<string, Locale>> = { en: 'en-US', ja: 'ja', de: 'de', fr: 'fr', es: 'es-ES', pt: 'pt-BR' };

/** The best catalogue for an HTTP Accept-Language header (RFC 9110 quality values); English when none fits. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .slice(0, 512)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((r) => r.tag !== '' && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranked) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = BY_LANGUAGE[tag.split('-')[0] ?? ''];
    if (language) return language;
  }
  return DEFAULT_LOCALE;
}
