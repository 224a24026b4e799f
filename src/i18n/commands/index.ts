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

/** Each language's texts with their paths kept in the type: src/interactions/command-types.ts checks them against each definition. */
export const COMMAND_TEXTS = { ja, de, fr, 'es-ES': esES, 'pt-BR': ptBR } as const satisfies Readonly<Record<TranslatedLocale, CommandTexts>>;

type PathsIn<L extends TranslatedLocale> = keyof (typeof COMMAND_TEXTS)[L] & string;

/** Paths one language has and Japanese lacks, or the reverse: every language has the same paths. */
type ShapeGaps = { [L in TranslatedLocale]: `${L} has ${Exclude<PathsIn<L>, PathsIn<'ja'>>}, ja does not` | `${L} lacks ${Exclude<PathsIn<'ja'>, PathsIn<L>>}` }[TranslatedLocale];

/** A type error here names a path one language has and another lacks (each definition's own check: src/interactions/command-texts-check.ts). */
export const SAME_SHAPE: [ShapeGaps] extends [never] ? true : ShapeGaps = true;
