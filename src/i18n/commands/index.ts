// The slash commands' names and descriptions in every language besides English (English is the
// definitions themselves, commands/*.ts). Filled into the definitions at registration by
// src/interactions/command-localizations.ts.

import type { Locale } from '../locales.js';
import { de } from './de.js';
import { esES } from './es-ES.js';
import { fr } from './fr.js';
import { ja } from './ja.js';
import { ptBR } from './pt-BR.js';
import type { CommandTexts } from './types.js';

export type { CommandText, CommandTexts } from './types.js';

export type TranslatedLocale = Exclude<Locale, 'en-US'>;

export const COMMAND_TEXTS: Readonly<Record<TranslatedLocale, CommandTexts>> = { ja, de, fr, 'es-ES': esES, 'pt-BR': ptBR };
