// /forum boards | topics | topic end to end, in a server channel, an age-restricted channel and a DM.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandSpec, Where } from '../../fake-discord/index.js';
import { GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { apiRequests, expectClean, PLACES, selectOf } from './catalogue-helpers.js';
import { translator } from '../../src/i18n/index.js';
import { optionNameIn } from '../../src/interactions/command-localizations.js';

describe('forum commands end to end', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function run(spec: Omit<CommandSpec, 'user'>) {
    const handle = stack.command({ ...spec, user: newUser() });
    const message = await handle.settled();
    expectClean(handle, message);
    return { handle, message, text: textOf(message) };
  }

  describe.each(PLACES)('in %s', (_name, where: Where) => {
    it('/forum boards lists categories and boards with their ids', async () => {
      const { text, message } = await run({ name: 'forum', subcommand: 'boards', where });
      expect(text).toContain('Forum boards');
      expect(text).toMatch(/\*\*Series Discussion\*\* · board `19`/);
      expect(text).toMatch(/Anime Series · subboard `1`/);
      expect(text).toContain('Anime & Manga');
      expect(selectOf(message).options?.map((o) => o.value)).toContain('b:19');
    });

    it('/forum topics by query lists the matching topics', async () => {
      const { text, message } = await run({ name: 'forum', subcommand: 'topics', options: { query: 'jojo opening' }, where });
      expect(text).toContain('Forum topics: “jojo opening”');
      expect(text).toMatch(/What is the best JoJo opening\?\n.*by Ringtomb · 73 posts .*ID 1877721/);
      expect(selectOf(message).options?.map((o) => o.value)).toContain('t:1877721:74');
    });

    it('/forum topic id:1877721 shows the poll and BBCode rendered as markdown', async () => {
      const { text, message } = await run({ name: 'forum', subcommand: 'topic', options: { id: 1877721 }, where });
      expect(text).toContain('What is the best JoJo opening?');
      expect(text).toMatch(/📊 \*\*What is the best JoJo opening\?\*\*/);
      expect(text).toMatch(/Bloody Stream\n`█{10}` 61 votes \(29\.8%\)/);
      expect(text).toContain('Total: 205 votes');
      expect(text).toContain('**#1**');
      expect(text).toContain('Ringtomb');
      expect(text).not.toMatch(/\[\/?(b|i|u|s|url|quote|spoiler|color|size|center|img|list)\b[^\]]*\]/i);
      expect(text).not.toMatch(/<br\s*\/?>/i);
      expect(text).not.toMatch(/&(#\d+|amp|quot|lt|gt);/);
      // 74 posts, a few per page: there is a next page.
      expect(message.components?.length).toBeGreaterThan(0);
    });
  });

  it('/forum topics by board and topic_user sends both filters', async () => {
    const before = stack.emulator.requestLog.length;
    const { text } = await run({ name: 'forum', subcommand: 'topics', options: { board: 19, topic_user: 'Ringtomb' }, where: GUILD });
    const [request] = apiRequests(stack, '/forum/topics', before);
    expect(request?.query).toMatchObject({ board_id: '19', topic_user_name: 'Ringtomb' });
    expect(text).toContain('board 19, started by Ringtomb');
    expect(text).toContain('What is the best JoJo opening?');
    expect(text).not.toMatch(/by (?!Ringtomb)\S+ · \d+ posts/);
  });

  it('/forum topics with only a board lists that board', async () => {
    const before = stack.emulator.requestLog.length;
    const { text } = await run({ name: 'forum', subcommand: 'topics', options: { board: 8 }, where: GUILD });
    expect(apiRequests(stack, '/forum/topics', before)[0]?.query.board_id).toBe('8');
    expect(text).toMatch(/\*\*1\.\*\* Hello from /);
  });

  it('/forum topics with neither board, subboard nor query explains what to give', async () => {
    const handle = stack.command({ name: 'forum', subcommand: 'topics', options: { topic_user: 'alice' }, where: GUILD, user: newUser() });
    const message = await handle.settled();
    expect(handle.errors()).toEqual([]);
    expect(handle.ephemeral()).toBe(true);
    expect(textOf(message)).toMatch(/board.*subboard.*query/s);
  });

  it('/forum topics with a too short query names the option in a clear ephemeral error', async () => {
    const handle = stack.command({ name: 'forum', subcommand: 'topics', options: { query: 'jo' }, where: GUILD, user: newUser(), unchecked: true });
    const message = await handle.settled();
    expect(handle.errors()).toEqual([]);
    expect(handle.ephemeral()).toBe(true);
    expect(textOf(message)).toMatch(/`query`: must be at least 3 characters long/);
  });

  it('the same error for a Japanese client names the option as its picker shows it, in Japanese', async () => {
    const ja = translator('ja');
    const handle = stack.command({ name: 'forum', subcommand: 'topics', options: { query: 'jo' }, where: GUILD, user: newUser(), unchecked: true, locale: 'ja' });
    const message = await handle.settled();
    expect(textOf(message)).toContain(ja.t('error.invalidOption.text', { option: optionNameIn('ja', 'forum topics', 'query'), detail: ja.t('error.rule.minLength', { min: 3 }) }));
    expect(textOf(message)).toContain('`検索語`');
  });

  it('/forum topic of an unknown id says it was not found', async () => {
    const handle = stack.command({ name: 'forum', subcommand: 'topic', options: { id: 12 }, where: GUILD, user: newUser() });
    const message = await handle.settled();
    expect(handle.errors()).toEqual([]);
    expect(handle.ephemeral()).toBe(true);
    expect(textOf(message)).toContain('Not found');
  });
});
