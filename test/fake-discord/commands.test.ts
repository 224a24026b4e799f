import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ApplicationIntegrationType,
  DiscordAPIError,
  InteractionContextType,
  SlashCommandBuilder,
  type Client,
} from 'discord.js';
import { loginClient, slashCommand, startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';

let fake: FakeDiscord;
let client: Client<true>;

beforeAll(async () => {
  fake = await startFakeDiscord();
  client = await loginClient(fake);
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

const GUILD = '1100000000000000001';

async function put(path: string, body: unknown, token = fake.botToken): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${fake.apiUrl}/v10${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bot ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

function errorCodesAt(json: unknown, path: Array<string | number>): string[] {
  let node: unknown = (json as { errors?: unknown }).errors;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[String(key)];
  return ((node as { _errors?: Array<{ code: string }> } | undefined)?._errors ?? []).map((e) => e.code);
}

const cmd = (over: Record<string, unknown> = {}): Record<string, unknown> => ({ name: 'anime', description: 'Search anime', ...over });
const opt = (name: string, over: Record<string, unknown> = {}): Record<string, unknown> => ({
  name,
  description: `the ${name}`,
  type: 3,
  ...over,
});

describe('registration through discord.js', () => {
  test('global set() stores commands with ids; GET returns them; ids are reused on overwrite', async () => {
    const built = new SlashCommandBuilder()
      .setName('anime')
      .setDescription('Anime lookups')
      .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel)
      .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
      .addSubcommand((s) =>
        s
          .setName('search')
          .setDescription('Search')
          .addStringOption((o) => o.setName('query').setDescription('Title').setRequired(true).setAutocomplete(true))
          .addIntegerOption((o) => o.setName('limit').setDescription('How many').setMinValue(1).setMaxValue(25)),
      );
    const set = await client.application.commands.set([built.toJSON()]);
    expect(set.size).toBe(1);
    const stored = fake.registeredCommands() as Array<Record<string, unknown>>;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'anime', contexts: [0, 1, 2], integration_types: [0, 1], application_id: fake.applicationId });
    expect(String(stored[0]?.id)).toMatch(/^\d{17,20}$/);
    expect(set.first()?.id).toBe(stored[0]?.id);

    const fetched = await client.application.commands.fetch();
    expect([...fetched.keys()]).toEqual([stored[0]?.id]);

    await client.application.commands.set([built.toJSON(), new SlashCommandBuilder().setName('ping').setDescription('Ping').toJSON()]);
    const again = fake.registeredCommands() as Array<Record<string, unknown>>;
    expect(again.map((c) => c.name)).toEqual(['anime', 'ping']);
    expect(again[0]?.id).toBe(stored[0]?.id);

    // interactions for a registered command carry its id
    const input = slashCommand({ name: 'ping', where: { kind: 'dm' }, user: { id: '512345678901234567' } });
    const seen = new Promise<string>((resolve) => client.once('interactionCreate', (i) => resolve(i.isChatInputCommand() ? i.commandId : '')));
    fake.interact(input);
    expect(await seen).toBe(again[1]?.id);
  });

  test('interact() refuses a registered command where its contexts / integration types exclude it', async () => {
    await client.application.commands.set([
      new SlashCommandBuilder().setName('serveronly').setDescription('x').setContexts(InteractionContextType.Guild).toJSON(),
      new SlashCommandBuilder()
        .setName('guildinstall')
        .setDescription('x')
        .setIntegrationTypes(ApplicationIntegrationType.GuildInstall)
        .toJSON(),
    ]);
    const user = { id: '512345678901234567' };
    expect(() => fake.interact(slashCommand({ name: 'serveronly', where: { kind: 'dm' }, user }))).toThrow(/contexts \[0\]/);
    expect(() => fake.interact(slashCommand({ name: 'guildinstall', where: { kind: 'private' }, user }))).toThrow(/integration_types \[0\]/);
    expect(() => fake.interact(slashCommand({ name: 'serveronly', where: { kind: 'guild' }, user }))).not.toThrow();
  });

  test('guild commands are stored per guild', async () => {
    await client.application.commands.set([new SlashCommandBuilder().setName('admin').setDescription('Admin').toJSON()], GUILD);
    expect((fake.registeredCommands(GUILD) as Array<{ name: string; guild_id: string }>)[0]).toMatchObject({
      name: 'admin',
      guild_id: GUILD,
    });
    expect(fake.registeredCommands('999')).toEqual([]);
    const fetched = await client.application.commands.fetch({ guildId: GUILD });
    expect(fetched.map((c) => c.name)).toEqual(['admin']);
  });

  test('an invalid command surfaces as DiscordAPIError 50035 and nothing is stored', async () => {
    const before = fake.registeredCommands();
    const err = await client.application.commands.set([{ name: 'Bad Name', description: 'x' }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).code).toBe(50035);
    expect(errorCodesAt((err as DiscordAPIError).rawError, [0, 'name'])).toContain('APPLICATION_COMMAND_INVALID_NAME');
    expect(fake.registeredCommands()).toEqual(before);
  });
});

describe('registration validation (raw PUT)', () => {
  const cases: Array<[string, unknown, Array<string | number>, string]> = [
    ['uppercase name', [cmd({ name: 'Anime' })], [0, 'name'], 'APPLICATION_COMMAND_INVALID_NAME'],
    ['name with space', [cmd({ name: 'top anime' })], [0, 'name'], 'APPLICATION_COMMAND_INVALID_NAME'],
    ['name > 32', [cmd({ name: 'a'.repeat(33) })], [0, 'name'], 'BASE_TYPE_BAD_LENGTH'],
    ['empty description', [cmd({ description: '' })], [0, 'description'], 'BASE_TYPE_BAD_LENGTH'],
    ['description > 100', [cmd({ description: 'd'.repeat(101) })], [0, 'description'], 'BASE_TYPE_BAD_LENGTH'],
    ['> 25 options', [cmd({ options: Array.from({ length: 26 }, (_, i) => opt(`o${i}`)) })], [0, 'options'], 'BASE_TYPE_MAX_LENGTH'],
    [
      '> 25 choices',
      [cmd({ options: [opt('kind', { choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) })] })],
      [0, 'options', 0, 'choices'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'required after optional',
      [cmd({ options: [opt('a'), opt('b', { required: true })] })],
      [0, 'options'],
      'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
    ],
    [
      'autocomplete with choices',
      [cmd({ options: [opt('q', { autocomplete: true, choices: [{ name: 'a', value: 'a' }] })] })],
      [0, 'options', 0, 'autocomplete'],
      'APPLICATION_COMMAND_AUTOCOMPLETE_AND_CHOICES',
    ],
    [
      'subcommand mixed with plain options',
      [cmd({ options: [opt('search', { type: 1 }), opt('q')] })],
      [0, 'options'],
      'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
    ],
    [
      'subcommand inside a subcommand',
      [cmd({ options: [opt('search', { type: 1, options: [opt('deeper', { type: 1 })] })] })],
      [0, 'options', 0, 'options', 0, 'type'],
      'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
    ],
    [
      'group inside a group',
      [cmd({ options: [opt('g', { type: 2, options: [opt('h', { type: 2, options: [opt('s', { type: 1 })] })] })] })],
      [0, 'options', 0, 'options', 0, 'type'],
      'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
    ],
    ['empty group', [cmd({ options: [opt('g', { type: 2, options: [] })] })], [0, 'options', 0, 'options'], 'BASE_TYPE_MIN_LENGTH'],
    ['required subcommand', [cmd({ options: [opt('s', { type: 1, required: true })] })], [0, 'options', 0, 'required'], 'APPLICATION_COMMAND_OPTION_INVALID'],
    ['duplicate option names', [cmd({ options: [opt('q'), opt('q')] })], [0, 'options', 1, 'name'], 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS'],
    ['duplicate command names', [cmd(), cmd()], [1, 'name'], 'APPLICATION_COMMANDS_DUPLICATE_NAME'],
    ['choice value > 100', [cmd({ options: [opt('k', { choices: [{ name: 'n', value: 'v'.repeat(101) }] })] })], [0, 'options', 0, 'choices', 0, 'value'], 'BASE_TYPE_BAD_LENGTH'],
    ['integer choice not an int', [cmd({ options: [opt('k', { type: 4, choices: [{ name: 'n', value: 1.5 }] })] })], [0, 'options', 0, 'choices', 0, 'value'], 'NUMBER_TYPE_COERCE'],
    ['bad context', [cmd({ contexts: [0, 3] })], [0, 'contexts', 1], 'BASE_TYPE_CHOICES'],
    ['bad localized name', [cmd({ name_localizations: { fr: 'Anime Liste' } })], [0, 'name_localizations', 'fr'], 'APPLICATION_COMMAND_INVALID_NAME'],
    ['localized name > 32', [cmd({ name_localizations: { de: 'a'.repeat(33) } })], [0, 'name_localizations', 'de'], 'BASE_TYPE_BAD_LENGTH'],
    ['localized description > 100', [cmd({ description_localizations: { ja: 'あ'.repeat(101) } })], [0, 'description_localizations', 'ja'], 'BASE_TYPE_BAD_LENGTH'],
    ['localization for a locale Discord lacks', [cmd({ description_localizations: { pt: 'Olá' } })], [0, 'description_localizations', 'pt'], 'BASE_TYPE_CHOICES'],
    ['localized option name with a space', [cmd({ options: [opt('q', { name_localizations: { 'es-ES': 'mi lista' } })] })], [0, 'options', 0, 'name_localizations', 'es-ES'], 'APPLICATION_COMMAND_INVALID_NAME'],
  ];

  test.each(cases)('%s is 400 50035', async (_name, body, path, code) => {
    const res = await put(`/applications/${fake.applicationId}/commands`, body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: 'Invalid Form Body', code: 50035 });
    expect(errorCodesAt(res.json, path), JSON.stringify(res.json)).toContain(code);
  });

  test('guild route validates too, and the happy path at the limits is accepted', async () => {
    const bad = await put(`/applications/${fake.applicationId}/guilds/${GUILD}/commands`, [cmd({ name: 'X' })]);
    expect(bad.status).toBe(400);
    const atLimits = [
      cmd({
        name: 'a'.repeat(32),
        description: 'd'.repeat(100),
        options: [
          opt('group', {
            type: 2,
            options: [opt('sub', { type: 1, options: [opt('q', { required: true, autocomplete: true }), opt('n', { type: 4 })] })],
          }),
        ],
      }),
      cmd({ name: 'ünïcödé-名前_1', options: [opt('k', { choices: Array.from({ length: 25 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) })] }),
      { name: 'Add To List', type: 3 },
    ];
    const ok = await put(`/applications/${fake.applicationId}/guilds/${GUILD}/commands`, atLimits);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((ok.json as unknown[]).length).toBe(3);
  });

  test('wrong token is 401, wrong application is 404', async () => {
    expect((await put(`/applications/${fake.applicationId}/commands`, [cmd()], 'nope')).status).toBe(401);
    const wrongApp = await put('/applications/123/commands', [cmd()]);
    expect(wrongApp).toEqual({ status: 404, json: { message: 'Unknown Application', code: 10002 } });
  });
});
