// Text from the service and from other users carrying Discord syntax and hidden characters, through
// the real bot and fake Discord: every answer shows it as plain text.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedMessage } from '../../fake-discord/index.js';
import { HOSTILE, messageProblems, visibleText } from '../render/hostile-text.js';
import { GUILD, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';

const ANIME_ID = 990_001;
const MANGA_ID = 990_002;
const TOPIC_ID = 990_003;
const ALL = HOSTILE.map((h) => h.text).join('\n');
const SHORT = 'Evil <@&123456789012345678> @everyone [click](https://evil.example/p) in\u202Everse <t:1700000000:R>';
const CAROL = { name: 'carol', password: 'carol-password' };

function expectNeutral(message: RecordedMessage, mustShow: string[]): void {
  expect(messageProblems(message)).toEqual([]);
  const visible = visibleText(message.embeds ?? []);
  for (const text of mustShow) expect(visible).toContain(text);
}

describe('hostile text end to end', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      emulator: {
        catalogue: {
          extra: {
            anime: [
              {
                id: ANIME_ID,
                title: SHORT,
                alternative_titles: { en: `EN ${SHORT}`, ja: 'JA <#123456789012345678>\u200B', synonyms: ['</ban user:123456789012345678>'] },
                synopsis: ALL,
                genres: [{ id: 1, name: '<:pepe:123456789012345678>' }],
                studios: [{ id: 2, name: '@here Studio' }],
              },
            ],
            manga: [{ id: MANGA_ID, title: `Manga ${SHORT}`, synopsis: ALL, serialization: [{ id: 3, name: '<a:wave:123456789012345678>' }] }],
            topics: [
              {
                id: TOPIC_ID,
                title: `Topic ${SHORT}`,
                poll: { question: 'Vote <@&123456789012345678>', options: ['@everyone yes', '[no](https://evil.example/n)'] },
                posts: [
                  { by: 'mallory', body: ALL, forumTitle: 'Admin\u202E <@&1>' },
                  { by: 'x\u202Emallory <@1>', body: '[url=https://evil.example/x]https://good.example[/url] [b]<@&123456789012345678>[/b] [quote=<@1>]@here[/quote]' },
                ],
              },
            ],
          },
        },
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const user = newUser('viewer');

  it('anime details: title, alternative titles, synopsis, genres, studios', async () => {
    const answer = await answerOf(stack.command({ name: 'anime', subcommand: 'info', options: { title: String(ANIME_ID) }, user, where: GUILD }));
    expect(answer.ephemeral).toBe(false);
    expectNeutral(answer.message, [...HOSTILE.map((h) => h.shows), '<#123456789012345678>', '</ban user:123456789012345678>', '<:pepe:123456789012345678>', '@here Studio']);
    expect(answer.message.allowed_mentions).toEqual({ parse: [] });
  });

  it('manga details: title, synopsis, serialization', async () => {
    const answer = await answerOf(stack.command({ name: 'manga', subcommand: 'info', options: { title: `#${MANGA_ID}` }, user, where: GUILD }));
    expectNeutral(answer.message, [...HOSTILE.map((h) => h.shows), '<a:wave:123456789012345678>']);
  });

  it('search results and their select menu', async () => {
    const answer = await answerOf(stack.command({ name: 'anime', subcommand: 'search', options: { query: 'evil everyone' }, user, where: GUILD }));
    expectNeutral(answer.message, ['<@&123456789012345678>', 'click (https://evil.example/p)', 'inverse']);
    expect(JSON.stringify(answer.message.components)).toContain(`a:${ANIME_ID}`);
  });

  it('autocomplete choice names', async () => {
    const choices = await stack.autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value: 'evil everyone', user, where: GUILD }).autocompleteChoices();
    expect(choices.map((c) => c.value)).toContain(`id:${ANIME_ID}`);
    expect(messageProblems({ components: [{ options: choices.map((c) => ({ label: c.name })) }] })).toEqual([]);
  });

  it('forum topic list, topic title, poll, posts with BBCode, user names and forum titles', async () => {
    const list = await answerOf(stack.command({ name: 'forum', subcommand: 'topics', options: { query: 'topic evil' }, user, where: GUILD }));
    expectNeutral(list.message, ['Topic Evil <@&123456789012345678> @everyone']);
    const topic = await answerOf(stack.command({ name: 'forum', subcommand: 'topic', options: { id: TOPIC_ID }, user, where: GUILD }));
    // Post bodies are BBCode with HTML: `</ban …>` reads as a closing HTML tag and is dropped.
    expectNeutral(topic.message, [
      ...HOSTILE.filter((h) => h.name !== 'command link').map((h) => h.shows),
      'Vote <@&123456789012345678>',
      '@everyone yes',
      'no (https://evil.example/n)',
      'https://good.example (https://evil.example/x)',
      '<@1> wrote:',
      'Admin <@&1>',
      'xmallory <@1>',
    ]);
  });

  it('list comments and tags someone else reads', async () => {
    const carol = newUser('carol');
    await stack.login(carol, CAROL);
    const answer = await answerOf(
      stack.command({
        name: 'list',
        subcommandGroup: 'anime',
        subcommand: 'update',
        options: { title: `id:${ANIME_ID}`, status: 'watching', comments: 'ping @everyone <@&123456789012345678> [here](https://evil.example/c)', tags: '<#123456789012345678>,@here' },
        user: carol,
        where: GUILD,
      }),
    );
    expect(answer.ephemeral).toBe(false);
    expectNeutral(answer.message, ['@everyone <@&123456789012345678> here (https://evil.example/c)', '<#123456789012345678>', '@here']);
  });
});
