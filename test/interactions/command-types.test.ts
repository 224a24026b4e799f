// Handlers are typed from the command definitions: the handler map's keys are the subcommand paths
// and each handler's arguments are its options. The @ts-expect-error lines fail `npm run typecheck`
// the day a misspelt subcommand or option stops being a type error.

import { ApplicationCommandOptionType, type CommandInteractionOption } from 'discord.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { booleanOption, channelOption, defineCommand, group, integerOption, slashCommand, stringOption, subcommand } from '../../src/interactions/command-data.js';
import type { ArgumentsOf, OptionsAt, SubcommandPath } from '../../src/interactions/command-types.js';
import { readArguments } from '../../src/interactions/arguments.js';
import type { RenderedMessage } from '../../src/render/limits.js';

const data = slashCommand('demo', 'A command for the type tests', [
  subcommand('add', 'Add', [stringOption('title', 'Title', { required: true }), integerOption('delay', 'Minutes', { min: 0 })]),
  subcommand('list', 'List'),
  group('channel', 'Channel', [subcommand('add', 'Add', [channelOption('channel', 'Where', { required: true }), booleanOption('thread', 'Thread')])]),
]);
const reply = (): Promise<RenderedMessage> => Promise.resolve({ content: 'ok' });

describe('handlers typed from command data', () => {
  it('derives the subcommand paths and each one’s arguments', () => {
    expectTypeOf<SubcommandPath<typeof data>>().toEqualTypeOf<'add' | 'list' | 'channel add'>();
    expectTypeOf<ArgumentsOf<OptionsAt<typeof data, 'add'>>>().toEqualTypeOf<{ title: string; delay?: number }>();
    expectTypeOf<ArgumentsOf<OptionsAt<typeof data, 'channel add'>>>().toEqualTypeOf<{ channel: string; thread?: boolean }>();
    expectTypeOf<ArgumentsOf<OptionsAt<typeof data, 'list'>>>().toEqualTypeOf<Record<never, never>>();
  });

  it('treats a command without subcommands as the path ""', () => {
    const _flat = slashCommand('flat', 'No subcommands', [stringOption('q', 'Query', { required: true })]);
    expectTypeOf<SubcommandPath<typeof _flat>>().toEqualTypeOf<''>();
    expectTypeOf<ArgumentsOf<OptionsAt<typeof _flat, ''>>>().toEqualTypeOf<{ q: string }>();
  });

  it('refuses a misspelt subcommand, a missing handler and a misspelt option at compile time', () => {
    const command = defineCommand(data, {
      add: { run: (_ctx, args) => (expectTypeOf(args.title).toEqualTypeOf<string>(), reply()) },
      list: { run: reply },
      'channel add': {
        run: (_ctx, args) => {
          // @ts-expect-error: no option "chanel"
          void args.chanel;
          return reply();
        },
      },
      // @ts-expect-error: no subcommand "remvoe"
      remvoe: { run: reply },
    });
    // @ts-expect-error: the "list" handler is missing
    defineCommand(data, { add: { run: reply }, 'channel add': { run: reply } });
    expect(Object.keys(command.handlers).sort()).toEqual(['add', 'channel add', 'list', 'remvoe']);
  });
});

describe('readArguments', () => {
  const opt = (o: Partial<CommandInteractionOption> & Pick<CommandInteractionOption, 'name' | 'type'>): CommandInteractionOption => o;

  it('reads the options of a subcommand inside a group, ids for channels', () => {
    const args = readArguments([
      opt({
        name: 'channel',
        type: ApplicationCommandOptionType.SubcommandGroup,
        options: [
          opt({
            name: 'add',
            type: ApplicationCommandOptionType.Subcommand,
            options: [opt({ name: 'channel', type: ApplicationCommandOptionType.Channel, value: '123' }), opt({ name: 'thread', type: ApplicationCommandOptionType.Boolean, value: false })],
          }),
        ],
      }),
    ]);
    expect(args).toEqual({ channel: '123', thread: false });
  });

  it('reads top-level options of a command without subcommands and leaves out absent ones', () => {
    expect(readArguments([opt({ name: 'q', type: ApplicationCommandOptionType.String, value: 'frieren' })])).toEqual({ q: 'frieren' });
    expect(readArguments([opt({ name: 'list', type: ApplicationCommandOptionType.Subcommand })])).toEqual({});
  });
});
