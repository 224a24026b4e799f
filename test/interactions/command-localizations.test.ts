// The slash commands in every language of src/i18n/commands: every command, group, subcommand,
// option and choice has its texts in each language and nothing is left over; every text fits
// Discord's limits; names stay unique among their siblings in every language. A new command, option
// or choice without its translations fails here, naming what to add.

import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commandDefinitions, commands } from '../../src/app/command-registry.js';
import { booleanOption, slashCommand, stringOption, subcommand } from '../../src/interactions/command-data.js';
import { commandPaths, localizeCommands, textGaps } from '../../src/interactions/command-localizations.js';
import { COMMAND_TEXTS, type CommandTexts, type TranslatedLocale } from '../../src/i18n/commands/index.js';
import { LOCALES } from '../../src/i18n/index.js';

const ENGLISH = commands.map((c) => c.data);
const LOCALIZED = commandDefinitions();
const TRANSLATED = Object.entries(COMMAND_TEXTS) as [TranslatedLocale, CommandTexts][];
/** Discord's rule for chat-input names (as the fake enforces it): lower case where the script has case. */
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const length = (text: string): number => [...text].length;

interface Localized {
  name: string;
  description: string;
  name_localizations?: Record<string, string>;
  description_localizations?: Record<string, string>;
  options?: Localized[];
  choices?: { name: string; value: string | number; name_localizations?: Record<string, string> }[];
}

/** Every node of the localized definitions with its path. */
function nodes(definitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[]): { path: string; node: Localized }[] {
  const found: { path: string; node: Localized }[] = [];
  const walk = (node: Localized, parent: string): void => {
    const path = parent === '' ? node.name : `${parent} ${node.name}`;
    found.push({ path, node });
    for (const option of node.options ?? []) walk(option, path);
  };
  for (const d of definitions) walk(d as unknown as Localized, '');
  return found;
}

describe('slash command translations', () => {
  it('covers the five languages besides English', () => {
    expect(Object.keys(COMMAND_TEXTS).sort()).toEqual(LOCALES.filter((l) => l !== 'en-US').sort());
  });

  it.each(TRANSLATED)('%s has every command path and choice, and nothing else', (_locale, texts) => {
    expect(textGaps(ENGLISH, texts)).toEqual([]);
  });

  it('fills a name and a description in every language into every command, group, subcommand and option, and a name into every choice', () => {
    const all = nodes(LOCALIZED);
    expect(all.length).toBe(commandPaths(ENGLISH).length);
    for (const { path, node } of all) {
      for (const [locale, texts] of TRANSLATED) {
        const entry = texts[path];
        expect(node.name_localizations?.[locale], `${locale} name of ${path}`).toBe(entry?.name);
        expect(node.description_localizations?.[locale], `${locale} description of ${path}`).toBe(entry?.description);
        for (const choice of node.choices ?? []) {
          expect(choice.name_localizations?.[locale], `${locale} name of ${path} = ${choice.value}`).toBe(entry?.choices?.[String(choice.value)]);
        }
      }
    }
  });

  it('shows Latin American Spanish clients the Spanish texts, as the bot answers them', () => {
    for (const { node } of nodes(LOCALIZED)) {
      expect(node.name_localizations?.['es-419']).toBe(node.name_localizations?.['es-ES']);
      expect(node.description_localizations?.['es-419']).toBe(node.description_localizations?.['es-ES']);
      for (const choice of node.choices ?? []) expect(choice.name_localizations?.['es-419']).toBe(choice.name_localizations?.['es-ES']);
    }
  });

  it.each(TRANSLATED)('%s fits Discord’s limits: names of 1–32 lower-case letters, digits, - or _; descriptions and choice names of 1–100 characters', (locale, texts) => {
    for (const [path, entry] of Object.entries(texts)) {
      expect(NAME.test(entry.name), `${locale} name of ${path}: ${entry.name}`).toBe(true);
      expect(entry.name, `${locale} name of ${path}`).toBe(entry.name.toLowerCase());
      expect(length(entry.description), `${locale} description of ${path}`).toBeGreaterThan(0);
      expect(length(entry.description), `${locale} description of ${path}`).toBeLessThanOrEqual(100);
      for (const [value, name] of Object.entries(entry.choices ?? {})) {
        expect(length(name), `${locale} name of ${path} = ${value}`).toBeGreaterThan(0);
        expect(length(name), `${locale} name of ${path} = ${value}`).toBeLessThanOrEqual(100);
      }
    }
  });

  it('keeps names unique among their siblings in every language (commands, subcommands, options)', () => {
    const levels: { where: string; siblings: Localized[] }[] = [{ where: 'commands', siblings: LOCALIZED as unknown as Localized[] }];
    for (const { path, node } of nodes(LOCALIZED)) if (node.options?.length) levels.push({ where: path, siblings: node.options });
    for (const { where, siblings } of levels) {
      for (const [locale] of TRANSLATED) {
        const names = siblings.map((s) => s.name_localizations?.[locale] ?? s.name);
        expect(new Set(names).size, `${locale} names under ${where}: ${names.join(', ')}`).toBe(names.length);
      }
      const english = siblings.map((s) => s.name);
      expect(new Set(english).size).toBe(english.length);
    }
  });

  it('keeps every command within Discord’s 4000 characters, counting each text’s longest language', () => {
    const longest = (text: string, localizations: Record<string, string> | undefined): number =>
      Math.max(length(text), ...Object.values(localizations ?? {}).map(length));
    for (const command of LOCALIZED) {
      let total = 0;
      const walk = (node: Localized): void => {
        total += longest(node.name, node.name_localizations) + longest(node.description, node.description_localizations);
        for (const c of node.choices ?? []) total += longest(c.name, c.name_localizations) + length(String(c.value));
        for (const o of node.options ?? []) walk(o);
      };
      walk(command as unknown as Localized);
      expect(total, command.name).toBeLessThanOrEqual(4000);
    }
  });

  it('writes no description in English in another language', () => {
    const english = new Map(nodes(ENGLISH).map(({ path, node }) => [path, node.description]));
    for (const [locale, texts] of TRANSLATED) {
      for (const [path, entry] of Object.entries(texts)) expect(entry.description, `${locale} description of ${path}`).not.toBe(english.get(path));
    }
  });

  it('names Japanese commands and options in Japanese', () => {
    const kept = new Set(['id']);
    for (const [path, entry] of Object.entries(COMMAND_TEXTS.ja)) {
      if (!kept.has(entry.name)) expect(entry.name, path).toMatch(/[\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Han}]/u);
    }
  });

  it('leaves the English definitions the router reads as they are', () => {
    const before = JSON.stringify(ENGLISH);
    const localized = localizeCommands(ENGLISH);
    expect(JSON.stringify(ENGLISH)).toBe(before);
    expect(JSON.stringify(ENGLISH)).not.toContain('name_localizations');
    // The defaults Discord sends back in interactions are the English names.
    expect(nodes(localized).map((n) => n.path)).toEqual(commandPaths(ENGLISH).map((p) => p.path));
    expect(localized.map((c) => [c.name, c.description])).toEqual(ENGLISH.map((c) => [c.name, c.description]));
  });

  it('names what a new option, subcommand or choice lacks, and what a language has too many of', () => {
    const grown = slashCommand('anime', 'Search and browse anime', [
      subcommand('search', 'Search anime by title', [
        stringOption('query', 'Title to look for', { required: true }),
        booleanOption('nsfw', 'Include not-safe-for-work titles'),
        stringOption('order', 'A new option', { choices: ['newest', 'oldest'] as const }),
      ]),
      subcommand('surprise', 'A new subcommand'),
    ]);
    const texts: CommandTexts = {
      ...COMMAND_TEXTS.de,
      'anime search order': { name: 'reihenfolge', description: 'Reihenfolge', choices: { newest: 'Neueste', oldest: 'Älteste', best: 'Beste' } },
    };
    const gaps = textGaps([grown], texts);
    expect(gaps).toContain('missing: anime surprise');
    expect(gaps).toContain('unknown choice: anime search order = best');
    expect(gaps).toContain('unknown: anime info');
    expect(textGaps([grown], COMMAND_TEXTS.de)).toEqual(expect.arrayContaining(['missing: anime search order', 'missing: anime surprise']));
    const oneChoice: CommandTexts = { ...texts, 'anime search order': { name: 'reihenfolge', description: 'Reihenfolge', choices: { newest: 'Neueste' } } };
    expect(textGaps([grown], oneChoice)).toContain('missing choice: anime search order = oldest');
  });
});
