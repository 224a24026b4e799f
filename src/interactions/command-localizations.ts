// Fills the slash commands' translations (src/i18n/commands) into their definitions for Discord's
// command picker: `name_localizations` and `description_localizations` on every command, group,
// subcommand and option, `name_localizations` on every choice. Only what is registered changes:
// Discord sends the default (English) names in interactions whatever the user's language, so the
// router keeps reading the English definitions.

import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { COMMAND_TEXTS, type CommandTexts, type TranslatedLocale } from '../i18n/commands/index.js';

export type CommandTextsByLocale = Readonly<Partial<Record<TranslatedLocale, CommandTexts>>>;

/** Discord locales shown another locale's texts, as the bot answers them (`localeOf`): Latin American Spanish reads Spain's. */
const ALSO_SHOWN_TO: Readonly<Partial<Record<TranslatedLocale, readonly string[]>>> = { 'es-ES': ['es-419'] };

/** What the walk reads of a definition: every level has a name and a description; value options may have choices. */
interface TextNode {
  readonly name: string;
  readonly description: string;
  readonly options?: readonly TextNode[];
  readonly choices?: readonly { readonly name: string; readonly value: string | number }[];
}

/** One command path (`anime`, `anime search`, `anime search query`) and its choices' values, if any. */
export interface CommandPath {
  readonly path: string;
  readonly choices: readonly string[];
}

/** The definitions with every translation there is filled in; the definitions themselves are not changed. */
export function localizeCommands(
  definitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[],
  texts: CommandTextsByLocale = COMMAND_TEXTS,
): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  const locales = Object.entries(texts).flatMap(([locale, entries]) =>
    entries === undefined ? [] : [locale, ...(ALSO_SHOWN_TO[locale as TranslatedLocale] ?? [])].map((shownTo) => ({ shownTo, entries })),
  );
  return definitions.map((d) => localizeNode(d, [], locales) as RESTPostAPIChatInputApplicationCommandsJSONBody);
}

function localizeNode(node: TextNode, parent: readonly string[], locales: readonly { shownTo: string; entries: CommandTexts }[]): TextNode {
  const path = [...parent, node.name];
  const key = path.join(' ');
  const names: Record<string, string> = {};
  const descriptions: Record<string, string> = {};
  const choiceNames = new Map<string, Record<string, string>>();
  for (const { shownTo, entries } of locales) {
    const entry = entries[key];
    if (entry === undefined) continue;
    names[shownTo] = entry.name;
    descriptions[shownTo] = entry.description;
    for (const [value, name] of Object.entries(entry.choices ?? {})) {
      choiceNames.set(value, { ...choiceNames.get(value), [shownTo]: name });
    }
  }
  const localized: Record<string, unknown> = { ...node };
  if (Object.keys(names).length > 0) {
    localized.name_localizations = names;
    localized.description_localizations = descriptions;
  }
  if (node.options !== undefined) localized.options = node.options.map((o) => localizeNode(o, path, locales));
  if (node.choices !== undefined) {
    localized.choices = node.choices.map((c) => {
      const translated = choiceNames.get(String(c.value));
      return translated === undefined ? c : { ...c, name_localizations: translated };
    });
  }
  return localized as unknown as TextNode;
}

/** Every path the definitions have, command first, in definition order. */
export function commandPaths(definitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[]): CommandPath[] {
  const paths: CommandPath[] = [];
  const walk = (node: TextNode, parent: readonly string[]): void => {
    const path = [...parent, node.name];
    paths.push({ path: path.join(' '), choices: (node.choices ?? []).map((c) => String(c.value)) });
    for (const option of node.options ?? []) walk(option, path);
  };
  for (const d of definitions) walk(d, []);
  return paths;
}

/**
 * What one language's texts lack or have too many of for these definitions: `missing: anime
 * search query`, `missing choice: anime season season = winter`, `unknown: …`, `unknown choice: …`.
 * Empty when they fit exactly.
 */
export function textGaps(definitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[], entries: CommandTexts): string[] {
  const gaps: string[] = [];
  const paths = commandPaths(definitions);
  const known = new Set(paths.map((p) => p.path));
  for (const { path, choices } of paths) {
    const entry = entries[path];
    if (entry === undefined) {
      gaps.push(`missing: ${path}`);
      continue;
    }
    const translated = entry.choices ?? {};
    for (const value of choices) if (!(value in translated)) gaps.push(`missing choice: ${path} = ${value}`);
    for (const value of Object.keys(translated)) if (!choices.includes(value)) gaps.push(`unknown choice: ${path} = ${value}`);
  }
  for (const path of Object.keys(entries)) if (!known.has(path)) gaps.push(`unknown: ${path}`);
  return gaps;
}

/** An option's name as the command picker shows it in `locale` (`anime search` + `query` → ja `タイトル`); English as given. */
export function optionNameIn(locale: string, commandPath: string, option: string): string {
  return textsIn(locale)?.[`${commandPath} ${option}`]?.name ?? option;
}

function textsIn(locale: string): CommandTexts | undefined {
  return (COMMAND_TEXTS as Readonly<Record<string, CommandTexts>>)[locale];
}

/** A command path as the picker shows it in `locale`, with its slash: `/feed channel add` (ja `/フィード チャンネル 追加`). */
export function commandNameIn(locale: string, commandPath: string): string {
  const words = commandPath.split(' ');
  const texts = textsIn(locale);
  return `/${words.map((word, i) => texts?.[words.slice(0, i + 1).join(' ')]?.name ?? word).join(' ')}`;
}

/** A choice's name as the picker shows it in `locale`; undefined when that language does not name it. */
export function choiceNameIn(locale: string, optionPath: string, value: string): string | undefined {
  return textsIn(locale)?.[optionPath]?.choices?.[value];
}

/** The names of an option's choice values as the picker shows them in `locale` (English: the definition's names). */
export function choiceNamesIn(
  locale: string,
  commandPath: string,
  options: readonly { readonly name: string; readonly choices?: readonly { readonly name: string; readonly value: string | number }[] }[],
  option: string,
  values: readonly string[],
): string[] {
  const choices = options.find((o) => o.name === option)?.choices ?? [];
  return values.map((value) => choiceNameIn(locale, `${commandPath} ${option}`, value) ?? choices.find((c) => String(c.value) === value)?.name ?? value);
}
