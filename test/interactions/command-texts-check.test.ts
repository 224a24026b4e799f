// Command localizations are typed from the definitions: a path a language lacks, or has without a
// definition, is a type error where the command is declared a SlashCommand. The @ts-expect-error
// lines fail `npm run typecheck` the day such a gap stops being a type error.

import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineCommand, slashCommand, stringOption, subcommand } from '../../src/interactions/command-data.js';
import type { SlashCommand } from '../../src/interactions/command-types.js';
import type { CommandPathsOf, TextGapsOf, TextsFit } from '../../src/interactions/command-texts-check.js';
import { commands } from '../../src/app/command-registry.js';
import type { RenderedMessage } from '../../src/render/limits.js';

const reply = (): Promise<RenderedMessage> => Promise.resolve({ content: 'ok' });
interface Text {
  name: string;
  description: string;
}

const demo = slashCommand('demo', 'Demo', [subcommand('add', 'Add', [stringOption('title', 'Title', { required: true })]), subcommand('list', 'List')]);

describe('command texts typed from the definitions', () => {
  it('derives every path of a definition', () => {
    expectTypeOf<CommandPathsOf<typeof demo>>().toEqualTypeOf<'demo' | 'demo add' | 'demo add title' | 'demo list'>();
  });

  it('names each path a language lacks or has too many, and none when they fit', () => {
    type Fits = { ja: { demo: Text; 'demo add': Text; 'demo add title': Text; 'demo list': Text; other: Text } };
    expectTypeOf<TextsFit<typeof demo, Fits>>().toEqualTypeOf<true>();
    type Gaps = { de: { demo: Text; 'demo add': Text; 'demo list': Text; 'demo remove': Text } };
    expectTypeOf<TextGapsOf<typeof demo, Gaps>>().toEqualTypeOf<'de lacks demo add title' | 'de has demo remove, which the definition does not'>();
  });

  it('refuses as a SlashCommand a definition the languages do not fit, against the bot’s own texts', () => {
    // @ts-expect-error: no language has texts for /demo
    const untranslated: SlashCommand = defineCommand(demo, { add: { run: reply }, list: { run: reply } });
    // @ts-expect-error: every language lacks /feed bogus and has /feed channel …, which this definition does not
    const changed: SlashCommand = defineCommand(slashCommand('feed', 'Feed', [subcommand('bogus', 'Bogus')]), { bogus: { run: reply } });
    expect([untranslated, changed].map((c) => c.data.name)).toEqual(['demo', 'feed']);
  });

  it('the registry lists only commands every language fits', () => {
    expectTypeOf(commands).toEqualTypeOf<readonly SlashCommand[]>();
    expect(commands.length).toBeGreaterThan(0);
  });
});
