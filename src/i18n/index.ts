// The bot's languages: the locales, the message catalogue and the translators that format it.

export { DEFAULT_LOCALE, LOCALES, isLocale, localeFromAcceptLanguage, localeOf, type Locale } from './locales.js';
export { CATALOGUE, EN, type MessageKey } from './message-catalogue.js';
export { ENGLISH, translator, type MessageValues, type Translator } from './translator.js';
