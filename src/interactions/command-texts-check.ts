// The type-level check that every language's command texts (src/i18n/commands) have exactly the
// paths of each definition: a missing or extra path is a type error where the command is declared a
// SlashCommand (commands/*.ts, and so the registry's list), not only a test failure.

import type { COMMAND_TEXTS } from '../i18n/commands/index.js';

/** A definition's paths: the command (`feed`), then each group, subcommand and option below it (`feed channel add role`). */
type Definition = { readonly name: string; readonly options?: unknown };

export type CommandPathsOf<D extends Definition> = D['name'] | PathsBelow<D['name'], D['options']>;

type PathsBelow<Prefix extends string, O> = O extends readonly (infer E)[]
  ? E extends { readonly name: infer N extends string }
    ? `${Prefix} ${N}` | PathsBelow<`${Prefix} ${N}`, E extends { readonly options?: infer S } ? S : never>
    : never
  : never;

/** Every language's texts, keyed by path (the bot's: src/i18n/commands). */
type Texts = typeof COMMAND_TEXTS;

/** The paths a language's texts have for command `N`. */
type TextPathsUnder<T, N extends string> = Extract<keyof T, N | `${N} ${string}`>;

type Missing<D extends Definition, T> = Exclude<CommandPathsOf<D>, keyof T>;
type Extra<D extends Definition, T> = Exclude<TextPathsUnder<T, D['name']>, CommandPathsOf<D>>;

/**
 * Every gap between the languages' texts and definition `D`, one message each: `"de lacks feed
 * channel add role"`, `"ja has feed channel bogus, which the definition does not"`. Never when they fit.
 */
export type TextGapsOf<D extends Definition, T extends object = Texts> = {
  [L in keyof T & string]: `${L} lacks ${Missing<D, T[L]>}` | `${L} has ${Extra<D, T[L]> & string}, which the definition does not`;
}[keyof T & string];

/** `true` when every language fits definition `D` exactly, else its gaps (which no SlashCommand accepts). */
export type TextsFit<D extends Definition, T extends object = Texts> = [TextGapsOf<D, T>] extends [never] ? true : TextGapsOf<D, T>;
