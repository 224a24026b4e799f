import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Events, type ChatInputCommandInteraction, type Client, type Interaction } from 'discord.js';
import {
  autocomplete,
  loginClient,
  registerTestCommands,
  slashCommand,
  startFakeDiscord,
  testCommand,
  type AutocompleteSpec,
  type CommandSpec,
  type FakeDiscord,
  type InteractionInput,
} from '../../fake-discord/index.js';

const user = { id: '912345678901234567', username: 'frank' };
const GUILD_A = '1200000000000000001';
const GUILD_B = '1200000000000000002';
const inGuildA = { kind: 'guild', guildId: GUILD_A } as const;

let fake: FakeDiscord;
let client: Client<true>;

const update = {
  type: 1,
  name: 'update',
  description: 'update',
  options: [
    { type: 3, name: 'title', description: 't', required: true, autocomplete: true, max_length: 10 },
    { type: 3, name: 'status', description: 's', choices: [{ name: 'Watching', value: 'watching' }, { name: 'Dropped', value: 'dropped' }] },
    { type: 4, name: 'score', description: 's', min_value: 0, max_value: 10 },
    { type: 10, name: 'ratio', description: 'r', min_value: 0.5, max_value: 2 },
    { type: 3, name: 'note', description: 'n', min_length: 3, max_length: 5 },
    { type: 5, name: 'private', description: 'p' },
    { type: 4, name: 'year', description: 'y', autocomplete: true, min_value: 1917 },
  ],
};

beforeAll(async () => {
  fake = await startFakeDiscord();
  client = await loginClient(fake);
  await registerTestCommands(fake, [
    testCommand('plain', [{ type: 3, name: 'q', description: 'q' }]),
    testCommand('list', [
      { type: 2, name: 'anime', description: 'anime', options: [update] },
      { type: 1, name: 'help', description: 'help' },
    ]),
  ]);
  await registerTestCommands(fake, [testCommand('admin')], GUILD_A);
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

/** The interaction discord.js builds from the dispatched payload. */
function receive(input: InteractionInput, opts?: { unchecked?: boolean }): Promise<Interaction> {
  return new Promise((resolve) => {
    const listener = (i: Interaction): void => {
      if (i.id !== input.id) return;
      client.off(Events.InteractionCreate, listener);
      resolve(i);
    };
    client.on(Events.InteractionCreate, listener);
    fake.interact(input, opts);
  });
}

function run(spec: Partial<CommandSpec>): () => void {
  const input = slashCommand({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', where: inGuildA, user, ...spec });
  return () => fake.interact(input);
}

function complete(spec: Partial<AutocompleteSpec>): () => void {
  const input = autocomplete({
    name: 'list',
    subcommandGroup: 'anime',
    subcommand: 'update',
    focused: 'title',
    value: 'fri',
    where: inGuildA,
    user,
    ...spec,
  });
  return () => fake.interact(input);
}

describe('commands must be registered for the scope', () => {
  test('an unregistered command is refused', () => {
    expect(() => fake.interact(slashCommand({ name: 'nope', where: inGuildA, user }))).toThrow(/command "nope" \(type 1\) is not registered/);
    expect(() => fake.interact(autocomplete({ name: 'nope', focused: 'q', value: 'a', where: inGuildA, user }))).toThrow(/not registered/);
  });

  test('a guild command exists only in its guild', async () => {
    const ok = await receive(slashCommand({ name: 'admin', where: inGuildA, user }));
    expect(ok.isChatInputCommand() && ok.commandGuildId).toBe(GUILD_A);
    expect(() => fake.interact(slashCommand({ name: 'admin', where: { kind: 'guild', guildId: GUILD_B }, user }))).toThrow(
      /"admin" \(type 1\) is not registered globally or for guild 1200000000000000002/,
    );
    expect(() => fake.interact(slashCommand({ name: 'admin', where: { kind: 'dm' }, user }))).toThrow(/not registered globally/);
  });

  test('a context menu command type does not match a chat-input name', () => {
    const input = slashCommand({ name: 'plain', where: inGuildA, user });
    input.data = { ...input.data, type: 3 };
    expect(() => fake.interact(input)).toThrow(/"plain" \(type 3\) is not registered/);
  });
});

describe('subcommand structure', () => {
  test('unknown group, unknown subcommand, missing subcommand, subcommand on a flat command', () => {
    expect(run({ subcommandGroup: 'manga' })).toThrow(/\/list: no subcommand or group "manga"/);
    expect(run({ subcommand: 'delete' })).toThrow(/\/list anime: no subcommand "delete"/);
    expect(() => fake.interact(slashCommand({ name: 'list', where: inGuildA, user }))).toThrow(/exactly one option naming a subcommand or subcommand group, got 0/);
    expect(() => fake.interact(slashCommand({ name: 'list', subcommand: 'anime', where: inGuildA, user }))).toThrow(/no subcommand or group "anime" \(type 1\)/);
    expect(() => fake.interact(slashCommand({ name: 'plain', subcommand: 'x', where: inGuildA, user }))).toThrow(/has no subcommands/);
  });

  test('a registered subcommand without options is accepted', async () => {
    const i = (await receive(slashCommand({ name: 'list', subcommand: 'help', where: inGuildA, user }))) as ChatInputCommandInteraction;
    expect(i.options.getSubcommand()).toBe('help');
  });
});

describe('options of a slash command', () => {
  test('unknown option name', () => {
    expect(run({ options: { title: 'x', rating: 3 } })).toThrow(/\/list anime update: unknown option "rating"; registered: "title"/);
  });

  test('missing required option', () => {
    expect(run({ options: { score: 3 } })).toThrow(/required option\(s\) missing: "title"/);
  });

  test('value of the wrong type', () => {
    expect(run({ options: { title: 'x', score: 'ten' } })).toThrow(/option "score" has value "ten" \(sent as type 3\), which is not a valid type 4 value/);
    expect(run({ options: { title: 'x', score: 2.5 } })).toThrow(/option "score" has value 2.5/);
    expect(run({ options: { title: 'x', private: 'yes' } })).toThrow(/option "private" has value "yes"/);
    expect(run({ options: { title: 7 } })).toThrow(/option "title" has value 7/);
  });

  test('integer and number ranges', () => {
    expect(run({ options: { title: 'x', score: 11 } })).toThrow(/option "score" value 11 is above max_value 10/);
    expect(run({ options: { title: 'x', score: -1 } })).toThrow(/option "score" value -1 is below min_value 0/);
    expect(run({ options: { title: 'x', ratio: 0.25 } })).toThrow(/option "ratio" value 0.25 is below min_value 0.5/);
    expect(run({ options: { title: 'x', ratio: 2.5 } })).toThrow(/above max_value 2/);
    expect(run({ options: { title: 'x', score: 0, ratio: 2 } })).not.toThrow();
  });

  test('string lengths count characters, not UTF-16 units', () => {
    expect(run({ options: { title: 'x', note: 'ab' } })).toThrow(/option "note" has 2 characters, below min_length 3/);
    expect(run({ options: { title: 'x', note: 'abcdef' } })).toThrow(/has 6 characters, above max_length 5/);
    expect(run({ options: { title: 'x', note: '😀😀😀' } })).not.toThrow();
  });

  test('value not among the choices', () => {
    expect(run({ options: { title: 'x', status: 'reading' } })).toThrow(/option "status" value "reading" is not one of the choices \["watching","dropped"\]/);
  });

  test('an option given twice', () => {
    const input = slashCommand({ name: 'plain', options: { q: 'a' }, where: inGuildA, user });
    input.data = { ...input.data, options: [{ name: 'q', type: 3, value: 'a' }, { name: 'q', type: 3, value: 'b' }] };
    expect(() => fake.interact(input)).toThrow(/option "q" given twice/);
  });

  test('an integral value for a number option reaches the bot as type 10, like Discord sends it', async () => {
    const i = (await receive(
      slashCommand({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { title: 'x', ratio: 1 }, where: inGuildA, user }),
    )) as ChatInputCommandInteraction;
    expect(i.options.getNumber('ratio')).toBe(1);
    expect(i.options.get('ratio')?.type).toBe(10);
  });
});

describe('autocomplete', () => {
  test('the focused option must exist and be registered with autocomplete: true', () => {
    expect(complete({ focused: 'nothing' })).toThrow(/unknown option "nothing"/);
    expect(complete({ focused: 'note' })).toThrow(/autocomplete focused on option "note", which is not registered with autocomplete: true/);
    expect(complete({ focused: 'status' })).toThrow(/not registered with autocomplete: true/);
    expect(complete({ subcommand: 'remove' })).toThrow(/no subcommand "remove"/);
  });

  test('partial text: no min_length/choices/required checks, max_length still applies', async () => {
    const i = await receive(autocomplete({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', focused: 'title', value: '', where: inGuildA, user }));
    expect(i.isAutocomplete() && i.options.getFocused()).toBe('');
    expect(complete({ value: 'x'.repeat(11) })).toThrow(/option "title" has 11 characters, above max_length 10/);
  });

  test('a numeric autocomplete option is sent with its registered type; partial input skips the range', async () => {
    const i = await receive(
      autocomplete({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', focused: 'year', value: '19', where: inGuildA, user }),
    );
    if (!i.isAutocomplete()) throw new Error('expected autocomplete');
    expect(i.options.getFocused(true)).toMatchObject({ name: 'year', type: 4, value: '19' });
  });

  test('the other, completed options are fully checked', () => {
    expect(complete({ options: { score: 42 } })).toThrow(/option "score" value 42 is above max_value 10/);
    expect(complete({ options: { status: 'x' } })).toThrow(/not one of the choices/);
    expect(complete({ options: { score: 4, status: 'dropped' } })).not.toThrow();
  });
});

describe('unchecked: a crafted payload for defence-in-depth tests', () => {
  test('out-of-range, too-short, unknown-choice and wrong-type values reach the bot as sent', async () => {
    const options = { title: 'x', score: 11, note: 'ab', status: 'reading', private: 'yes' };
    const input = slashCommand({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options, where: inGuildA, user, unchecked: true });
    const i = (await receive(input)) as ChatInputCommandInteraction;
    expect(i.options.getInteger('score')).toBe(11);
    expect(i.options.getString('note')).toBe('ab');
    expect(i.options.getString('status')).toBe('reading');
    expect(i.options.get('private')).toMatchObject({ type: 3, value: 'yes' });
  });

  test('the flag also works as a second argument to interact()', async () => {
    const input = slashCommand({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { title: 'x', score: -5 }, where: inGuildA, user });
    expect(() => fake.interact(structuredClone(input))).toThrow(/below min_value 0/);
    const i = (await receive(input, { unchecked: true })) as ChatInputCommandInteraction;
    expect(i.options.getInteger('score')).toBe(-5);
  });

  test('an unchecked autocomplete skips value checks of the other options', async () => {
    const i = await receive(
      autocomplete({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { score: 99 }, focused: 'title', value: 'x'.repeat(20), where: inGuildA, user, unchecked: true }),
    );
    expect(i.isAutocomplete() && i.options.getInteger('score')).toBe(99);
  });

  test('never skips command, subcommand, option, required and autocomplete-flag checks', () => {
    expect(() => fake.interact(slashCommand({ name: 'nope', where: inGuildA, user, unchecked: true }))).toThrow(/not registered/);
    expect(run({ subcommand: 'delete', options: { title: 'x' }, unchecked: true })).toThrow(/no subcommand "delete"/);
    expect(run({ options: { title: 'x', rating: 3 }, unchecked: true })).toThrow(/unknown option "rating"/);
    expect(run({ options: { score: 3 }, unchecked: true })).toThrow(/required option\(s\) missing/);
    expect(complete({ focused: 'note', unchecked: true })).toThrow(/not registered with autocomplete: true/);
    const input = slashCommand({ name: 'admin', where: { kind: 'dm' }, user });
    expect(() => fake.interact(input, { unchecked: true })).toThrow(/not registered globally/);
  });
});
