// Contract: every real response body in test/fixtures/real/ rendered through the REAL command code
// (discord.js client → router → command → view → render) within Discord's limits. The emulator answers
// the command's service request with the fixture body (fault injection), so the bot parses and renders
// exactly what the real service sent.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CommandSpec, InteractionHandle, RecordedMessage, Who } from '../../fake-discord/index.js';
import { NSFW_CHANNEL, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { isEphemeral } from './catalogue-helpers.js';
import { FIXTURES_DIR } from '../fixtures-dir.js';

const FIXTURES = FIXTURES_DIR;

interface Case {
  /** The command whose service request the fixture answers (run as `user` in an age-restricted channel). */
  command: Omit<CommandSpec, 'user' | 'where'>;
  /** Path of that service request. */
  request: RegExp;
  /** Link the user to alice first (commands that act as the logged-in user). */
  login?: boolean;
  /** Run the command once against the emulator first, so that its other (anonymous, cached) requests are not made again. */
  warm?: boolean;
  /** How many requests to answer with the body (a retried 403 is asked again). */
  times?: number;
  /** Text that must be visible. */
  facts: string[];
  /** The answer is an ephemeral error matching this. */
  error?: RegExp;
}

const CASES: Record<string, Case> = {
  'ankai__error-400_invalid-client-id.json': {
    command: { name: 'anime', subcommand: 'search', options: { query: 'bogus client' } },
    request: /^\/v2\/anime$/,
    facts: ['Invalid client id'],
    error: /Rejected by the service/,
  },
  'ankai__error-403_missing-client-id-header.json': {
    command: { name: 'manga', subcommand: 'search', options: { query: 'no header' } },
    request: /^\/v2\/manga$/,
    times: 5,
    facts: [],
    error: /busy|not allowed/i,
  },
  'ankai__error-404_unknown-forum-topic.json': {
    command: { name: 'forum', subcommand: 'topic', options: { id: 99_999_998 } },
    request: /^\/v2\/forum\/topic\/99999998$/,
    facts: ['Not found'],
    error: /Not found/,
  },
  'go-myanimelist__anime-details_967_fields-subset.json': {
    command: { name: 'anime', subcommand: 'info', options: { title: 'id:967' } },
    request: /^\/v2\/anime\/967$/,
    facts: ['Hokuto no Ken', 'Toei Animation', 'Fall 1984', 'Manga', '109', 'Martial Arts'],
  },
  'go-myanimelist__anime-my_list_status-PATCH-response.json': {
    command: { name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { title: 'id:967', status: 'watching', score: 8 } },
    request: /^\/v2\/anime\/967\/my_list_status$/,
    login: true,
    warm: true,
    facts: ['Watching', '73', 'You wa shock!'],
  },
  'go-myanimelist__anime-ranking_airing.json': {
    command: { name: 'anime', subcommand: 'ranking', options: { type: 'airing' } },
    request: /^\/v2\/anime\/ranking$/,
    facts: ['#1', '#6'],
  },
  'go-myanimelist__anime-search_q-hokuto-no-ken.json': {
    command: { name: 'anime', subcommand: 'search', options: { query: 'hokuto no ken' } },
    request: /^\/v2\/anime$/,
    facts: ['Fall 1984'],
  },
  'go-myanimelist__anime-season_2020-fall.json': {
    command: { name: 'anime', subcommand: 'season', options: { year: 2020, season: 'fall', sort: 'anime_num_list_users' } },
    request: /^\/v2\/anime\/season\/2020\/fall$/,
    facts: ['Fall 2020'],
  },
  'go-myanimelist__anime-suggestions.json': {
    command: { name: 'anime', subcommand: 'suggestions' },
    request: /^\/v2\/anime\/suggestions$/,
    login: true,
    facts: ['Suggested for you'],
  },
  'go-myanimelist__forum-boards.json': {
    command: { name: 'forum', subcommand: 'boards' },
    request: /^\/v2\/forum\/boards$/,
    facts: ['MyAnimeList', 'Updates & Announcements', 'Anime Series'],
  },
  'go-myanimelist__forum-topic_1877721_with-poll.json': {
    command: { name: 'forum', subcommand: 'topic', options: { id: 1877721 } },
    request: /^\/v2\/forum\/topic\/1877721$/,
    facts: ['What is the best JoJo opening?', 'Ringtomb', 'Kenzolo-folk', "Traitor's Requiem", 'Bloody Stream', 'votes'],
  },
  'go-myanimelist__forum-topics_q-jojo-opening.json': {
    command: { name: 'forum', subcommand: 'topics', options: { query: 'JoJo opening' } },
    request: /^\/v2\/forum\/topics$/,
    facts: ['ID 1877721', 'Ringtomb'],
  },
  'go-myanimelist__manga-details_401_with-authors.json': {
    command: { name: 'manga', subcommand: 'info', options: { title: 'id:401' } },
    request: /^\/v2\/manga\/401$/,
    facts: ['Kiseijuu', 'Parasyte', 'Iwaaki', 'Hitoshi'],
  },
  'go-myanimelist__manga-my_list_status-PATCH-response.json': {
    command: { name: 'list', subcommandGroup: 'manga', subcommand: 'update', options: { title: 'id:401', status: 'reading', chapters: 5 } },
    request: /^\/v2\/manga\/401\/my_list_status$/,
    login: true,
    warm: true,
    facts: ['Reading', 'Migi'],
  },
  'go-myanimelist__manga-ranking_bypopularity.json': {
    command: { name: 'manga', subcommand: 'ranking', options: { type: 'bypopularity' } },
    request: /^\/v2\/manga\/ranking$/,
    facts: ['#1'],
  },
  'go-myanimelist__manga-search_q-parasyte.json': {
    command: { name: 'manga', subcommand: 'search', options: { query: 'parasyte' } },
    request: /^\/v2\/manga$/,
    facts: [],
  },
  'go-myanimelist__users-me-animelist_list_status.json': {
    command: { name: 'list', subcommandGroup: 'anime', subcommand: 'view', options: { user: 'alice', sort: 'list_updated_at' } },
    request: /^\/v2\/users\/alice\/animelist$/,
    facts: [],
  },
  'go-myanimelist__users-me-mangalist_list_status.json': {
    command: { name: 'list', subcommandGroup: 'manga', subcommand: 'view', options: { user: 'bob' } },
    request: /^\/v2\/users\/bob\/mangalist$/,
    facts: [],
  },
  'go-myanimelist__users-me.json': {
    command: { name: 'profile' },
    request: /^\/v2\/users\/@me$/,
    login: true,
    facts: ['nstratos'],
  },
  'node-myanimelist__manga-search_q-sakurasou_all-fields_with-my_list_status.json': {
    command: { name: 'manga', subcommand: 'search', options: { query: 'Sakurasou' } },
    request: /^\/v2\/manga$/,
    facts: [],
  },
  'node-myanimelist__users-me-animelist_default-limit.json': {
    command: { name: 'list', subcommandGroup: 'anime', subcommand: 'view', options: { user: 'alice' } },
    request: /^\/v2\/users\/alice\/animelist$/,
    facts: [],
  },
};

/** Titles of every item of a list body (`data[].node.title` or `data[].title`). */
function listedTitles(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || !('data' in body) || !Array.isArray(body.data)) return [];
  return body.data.flatMap((item: unknown) => {
    const record = item as { node?: { title?: unknown }; title?: unknown };
    const title = record.node?.title ?? record.title;
    return typeof title === 'string' ? [title] : [];
  });
}

/** Visible text with markdown escapes removed, for comparing with raw titles. */
function plain(message: RecordedMessage | undefined): string {
  return textOf(message).replace(/\\([\\*_~`|>#\-[\]()])/g, '$1');
}

async function shownMessage(handle: InteractionHandle): Promise<RecordedMessage> {
  await handle.firstResponse();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const followUp = handle.followUps()[0];
    if (followUp) return followUp;
    const original = handle.original();
    if (original && ((original.flags ?? 0) & 128) === 0) return original;
    if (Date.now() > deadline) throw new Error('no answer shown');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('real service responses through the real commands', () => {
  let stack: Stack;
  beforeAll(async () => {
    // A short cool-off: the 403 fixture (throttling) must not hold up the cases after it for long.
    stack = await startStack({ limits: { serviceCoolOffMs: 100, serviceCoolOffMaxMs: 200 } });
  });
  afterEach(async () => {
    stack.emulator.faults.reset();
    while (stack.bot.deps.service.coolingOffMs > 0) await new Promise((r) => setTimeout(r, 20));
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('every fixture file has a case', () => {
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.json')).sort();
    expect(files.length).toBeGreaterThan(0);
    expect(Object.keys(CASES).sort()).toEqual(files);
  });

  it.each(Object.entries(CASES))('%s', async (file, c) => {
    const body = readFileSync(path.join(FIXTURES, file), 'utf8');
    const parsed: unknown = JSON.parse(body);
    const status = file.startsWith('ankai__error-') ? Number(/error-(\d{3})/.exec(file)?.[1]) : 200;
    const user: Who = newUser();
    const where = NSFW_CHANNEL;
    if (c.login) await stack.login(user, { name: 'alice', password: 'alice-password' }, where);
    if (c.warm) {
      const warm = stack.command({ ...c.command, where, user });
      await warm.settled();
      expect(warm.errors()).toEqual([]);
    }

    const before = stack.emulator.requestLog.length;
    stack.emulator.faults.failNext(c.times ?? 1, { status, body, contentType: 'application/json; charset=UTF-8' });
    const handle = stack.command({ ...c.command, where, user });
    const message = await shownMessage(handle);

    const requests = stack.emulator.requestLog.slice(before).filter((r) => r.path.startsWith('/v2/'));
    expect(requests[0]?.path).toMatch(c.request);
    expect(requests[0]?.status).toBe(status);
    expect(handle.errors()).toEqual([]);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(isEphemeral(message)).toBe(c.error !== undefined);
    const text = plain(message);
    if (c.error) expect(text).toMatch(c.error);
    for (const fact of [...c.facts, ...listedTitles(parsed)]) expect(text).toContain(fact);
    expect(text).not.toMatch(/&#0?39;|&amp;|<br\s*\/?>|\[\/?(b|i|url|img|size)\b/);
  });
});
