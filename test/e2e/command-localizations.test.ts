// The commands as registered with Discord carry every language's names and descriptions (the fake
// checks them as Discord does), and a client in another language still reaches every handler:
// Discord sends the default (English) names whatever the user's language, and the router reads those.

import { REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type CommandSpec, type FakeDiscord } from '../../fake-discord/index.js';
import { GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { commandDefinitions, commands } from '../../src/app/command-registry.js';
import { registerCommands } from '../../src/app/register-commands.js';
import { localizeCommands } from '../../src/interactions/command-localizations.js';
import { COMMAND_TEXTS } from '../../src/i18n/commands/index.js';

interface Registered {
  name: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: Registered[];
  choices?: { value: string; name_localizations?: Record<string, string> }[];
}

describe('registering the localized commands', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord({ applicationId: '1100000000000000007' });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('registers every command with every language’s texts, accepted by Discord’s validation', async () => {
    const discord = { token: fake.botToken, applicationId: fake.applicationId, apiUrl: fake.apiUrl };
    expect(await registerCommands(discord)).toBe(commands.length);
    const registered = fake.registeredCommands() as Registered[];
    const sent = commandDefinitions() as unknown as Registered[];
    expect(registered.map((c) => c.name)).toEqual(sent.map((c) => c.name));
    for (const [i, command] of registered.entries()) {
      expect(command.name_localizations).toEqual(sent[i]?.name_localizations);
      expect(command.description_localizations).toEqual(sent[i]?.description_localizations);
      expect(command.options).toEqual(sent[i]?.options);
    }
    const anime = registered.find((c) => c.name === 'anime');
    expect(anime?.name_localizations?.ja).toBe(COMMAND_TEXTS.ja.anime?.name);
    const status = registered
      .find((c) => c.name === 'list')
      ?.options?.find((o) => o.name === 'anime')
      ?.options?.find((o) => o.name === 'update')
      ?.options?.find((o) => o.name === 'status');
    expect(status?.name_localizations?.['pt-BR']).toBe(COMMAND_TEXTS['pt-BR']['list anime update status']?.name);
    expect(status?.choices?.find((c) => c.value === 'plan_to_watch')?.name_localizations?.['pt-BR']).toBe(
      COMMAND_TEXTS['pt-BR']['list anime update status']?.choices?.plan_to_watch,
    );
  });

  it('would be refused a name Discord does not allow (the check above is a real one)', async () => {
    const { ja } = COMMAND_TEXTS;
    const body = localizeCommands(
      commands.map((c) => c.data),
      { ja: { ...ja, 'anime search': { name: '検索 する', description: 'タイトルでアニメを検索' } } },
    );
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    await expect(rest.put(Routes.applicationCommands(fake.applicationId), { body })).rejects.toThrow(/name_localizations/);
  });
});

describe('a client in another language', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const CASES: [string, Omit<CommandSpec, 'user' | 'where' | 'locale'>, string][] = [
    ['ja', { name: 'anime', subcommand: 'search', options: { query: 'Hokuto' } }, 'Hokuto no Ken'],
    ['de', { name: 'list', subcommandGroup: 'anime', subcommand: 'view', options: { user: 'alice' } }, 'Hokuto no Ken'],
    ['fr', { name: 'manga', subcommand: 'search', options: { query: 'Kiseijuu' } }, 'Kiseijuu'],
    ['es-ES', { name: 'manga', subcommand: 'info', options: { title: 'id:401' } }, 'Hitoshi Iwaaki'],
    ['es-419', { name: 'anime', subcommand: 'info', options: { title: 'id:967' } }, 'Hokuto no Ken'],
    ['pt-BR', { name: 'list', subcommandGroup: 'manga', subcommand: 'view', options: { user: 'bob' } }, 'One Piece'],
  ];

  it.each(CASES)('in %s reaches the handler of the English path Discord sends', async (locale, command, fact) => {
    const handle = stack.command({ ...command, locale, where: GUILD, user: newUser() });
    const message = await handle.settled();
    expect(handle.errors()).toEqual([]);
    expect(textOf(message)).toContain(fact);
  });
});
