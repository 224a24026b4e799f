// Catalogue commands without login, through the real discord.js client, the fake Discord and the emulator:
// /anime search|info|ranking|season, /manga search|info|ranking, /list … view user:NAME, and NSFW handling.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandSpec, Where } from '../../fake-discord/index.js';
import { DM, GUILD, NSFW_CHANNEL, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { apiRequests, expectClean, isEphemeral, PLACES, searchWithNsfw, selectOf } from './catalogue-helpers.js';

const NSFW_NOTE = /not-safe-for-work are hidden/;

describe('catalogue commands end to end', () => {
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
    it('/anime search lists the matching titles with their facts and an open menu', async () => {
      const { message, text, handle } = await run({ name: 'anime', subcommand: 'search', options: { query: 'Hokuto' }, where });
      expect(handle.ephemeral()).toBe(false);
      expect(text).toContain('Anime search: Hokuto');
      expect(text).toMatch(/1\.\*\* Hokuto no Ken\n.*TV · 109 episodes · Fall 1984 · ★ 8\.01/);
      expect(text).toContain('Hokuto no Ken Movie');
      expect(selectOf(message).options?.map((o) => o.value)).toEqual(expect.arrayContaining(['a:967', 'a:1356', 'a:1358']));
    });

    it('/anime info by the autocomplete id shows the details', async () => {
      const { text } = await run({ name: 'anime', subcommand: 'info', options: { title: 'id:967' }, where });
      for (const fact of ['Hokuto no Ken', 'Fist of the North Star', 'ID 967', '109', 'Toei Animation', 'Fall 1984', 'Finished Airing', '8.01']) {
        expect(text).toContain(fact);
      }
    });

    it('/anime info by free text resolves the title through a search', async () => {
      // A distinct text per place: anonymous answers are cached by the bot.
      const typed = `fullmetal alchemist ${where.kind === 'guild' && where.nsfw ? 'brotherhood' : where.kind === 'guild' ? '' : 'Brotherhood'}`.trim();
      const before = stack.emulator.requestLog.length;
      const { text } = await run({ name: 'anime', subcommand: 'info', options: { title: typed }, where });
      expect(text).toContain('Fullmetal Alchemist: Brotherhood');
      expect(text).toContain('ID 5114');
      const searches = apiRequests(stack, '/anime', before).filter((r) => r.path === '/v2/anime');
      expect(searches.map((r) => r.query.q)).toContain(typed);
    });

    it('/manga search, info and ranking show manga facts', async () => {
      const search = await run({ name: 'manga', subcommand: 'search', options: { query: 'Kiseijuu' }, where });
      expect(search.text).toContain('Manga search: Kiseijuu');
      expect(search.text).toMatch(/Kiseijuu\n.*10 volumes · 64 chapters/);
      const info = await run({ name: 'manga', subcommand: 'info', options: { title: 'id:401' }, where });
      for (const fact of ['Kiseijuu', 'Parasyte', 'Hitoshi Iwaaki', 'Afternoon', 'ID 401']) expect(info.text).toContain(fact);
      const byText = await run({ name: 'manga', subcommand: 'info', options: { title: 'death note' }, where });
      expect(byText.text).toContain('Tsugumi Ohba');
      const ranking = await run({ name: 'manga', subcommand: 'ranking', options: { type: 'manga' }, where });
      expect(ranking.text).toMatch(/\*\*#\d+\*\* /);
      expect(ranking.text).toContain('Manga ranking: Top manga');
    });

    it('/list anime view and /list manga view of named users need no login', async () => {
      const alice = await run({ name: 'list', subcommandGroup: 'anime', subcommand: 'view', options: { user: 'alice' }, where });
      expect(alice.text).toContain("alice's anime list");
      expect(alice.text).toMatch(/Hokuto no Ken\n.*Watching · 73\/109 episodes/);
      const bob = await run({ name: 'list', subcommandGroup: 'manga', subcommand: 'view', options: { user: 'bob' }, where });
      expect(bob.text).toContain("bob's manga list");
      expect(bob.text).toContain('One Piece');
    });
  });

  it.each([
    ['all', 'Top anime series'],
    ['airing', 'Top airing'],
    ['upcoming', 'Top upcoming'],
    ['movie', 'Top movies'],
    ['bypopularity', 'Most popular'],
    ['favorite', 'Most favorited'],
  ])('/anime ranking type:%s asks for that ranking and shows ranks under a readable title', async (type, title) => {
    const before = stack.emulator.requestLog.length;
    const { text } = await run({ name: 'anime', subcommand: 'ranking', options: { type }, where: GUILD });
    expect(text).toContain(`Anime ranking: ${title}`);
    expect(apiRequests(stack, '/anime/ranking', before).map((r) => r.query.ranking_type)).toEqual([type]);
    expect(text).toMatch(/\*\*#\d+\*\* \S/);
    expect(text).not.toContain('Nothing found');
  });

  it('/anime ranking type:all starts with the best scored anime', async () => {
    const { text } = await run({ name: 'anime', subcommand: 'ranking', options: { type: 'all' }, where: NSFW_CHANNEL });
    expect(text).toMatch(/\*\*#1\*\* Fullmetal Alchemist: Brotherhood/);
  });

  it('/anime season with year and season lists that season', async () => {
    const before = stack.emulator.requestLog.length;
    const { text } = await run({ name: 'anime', subcommand: 'season', options: { year: 2020, season: 'fall', sort: 'anime_num_list_users' }, where: GUILD });
    expect(apiRequests(stack, '/anime/season/2020/fall', before)[0]?.query.sort).toBe('anime_num_list_users');
    expect(text).toContain('Fall 2020 anime');
    expect(text).toContain('Jujutsu Kaisen (TV)');
    expect(text).toContain('Shingeki no Kyojin: The Final Season');
  });

  it('/anime season without options shows the current season', async () => {
    const seasonAt = (date: Date) => {
      const season = ['winter', 'spring', 'summer', 'fall'][Math.floor(date.getUTCMonth() / 3)] ?? 'winter';
      return { path: `/v2/anime/season/${date.getUTCFullYear()}/${season}`, title: `${season[0]?.toUpperCase()}${season.slice(1)} ${date.getUTCFullYear()} anime` };
    };
    const before = stack.emulator.requestLog.length;
    const start = seasonAt(new Date());
    const { text } = await run({ name: 'anime', subcommand: 'season', where: DM });
    const end = seasonAt(new Date());
    // Whichever season the bot saw, at the start or (across a quarter boundary) the end of the command.
    const [path] = apiRequests(stack, '/anime/season/', before).map((r) => r.path);
    const expected = path === end.path ? end : start;
    expect(path).toBe(expected.path);
    expect(text).toContain(expected.title);
    if (start.path === end.path) expect(text).toMatch(/\*\*1\.\*\* \S/);
  });

  it('/anime search with a too short query answers with a clear ephemeral error naming the option', async () => {
    const handle = stack.command({ name: 'anime', subcommand: 'search', options: { query: 'ab' }, where: GUILD, user: newUser(), unchecked: true });
    const message = await handle.settled();
    expect(handle.errors()).toEqual([]);
    expect(handle.ephemeral()).toBe(true);
    expect(textOf(message)).toMatch(/`query`: must be at least 3 characters long/);
  });

  describe('not-safe-for-work titles', () => {
    it('outside age-restricted channels nsfw=false is sent and the reply says results may be hidden', async () => {
      for (const [where, query] of [[GUILD, 'Senki'], [DM, 'Sensou']] as const) {
        const before = stack.emulator.requestLog.length;
        const { message } = await run({ name: 'anime', subcommand: 'search', options: { query, nsfw: true }, where });
        const requests = apiRequests(stack, '/anime', before);
        expect(requests.length).toBeGreaterThan(0);
        for (const r of requests) expect(r.query.nsfw).toBe('false');
        expect(message.content).toMatch(NSFW_NOTE);
      }
    });

    it('in an age-restricted channel with nsfw:true the nsfw titles appear, and nowhere else', async () => {
      const nsfwWorks = (await searchWithNsfw(stack, 'anime', 'Sekai')).filter((w) => w.nsfw !== undefined && w.nsfw !== 'white');
      expect(nsfwWorks.length).toBeGreaterThan(0);
      const before = stack.emulator.requestLog.length;
      const inside = await run({ name: 'anime', subcommand: 'search', options: { query: 'Sekai', nsfw: true }, where: NSFW_CHANNEL });
      expect(apiRequests(stack, '/anime', before).map((r) => r.query.nsfw)).toEqual(['true']);
      expect(inside.message.content ?? '').not.toMatch(NSFW_NOTE);
      const shownInside = nsfwWorks.filter((w) => inside.text.includes(w.title));
      expect(shownInside.length).toBeGreaterThan(0);

      const outside = await run({ name: 'anime', subcommand: 'search', options: { query: 'Sekai', nsfw: true }, where: GUILD });
      for (const w of shownInside) expect(selectOf(outside.message).options?.map((o) => o.value) ?? []).not.toContain(`a:${w.id}`);
    });

    it('in an age-restricted channel without nsfw:true the note says how to include them, not that they are hidden there', async () => {
      for (const kind of ['anime', 'manga'] as const) {
        const before = stack.emulator.requestLog.length;
        const { message } = await run({ name: kind, subcommand: 'search', options: { query: 'Tokyo' }, where: NSFW_CHANNEL });
        expect(apiRequests(stack, `/${kind}`, before).map((r) => r.query.nsfw)).toEqual(['false']);
        expect(message.content).toBe('-# Titles marked not-safe-for-work are left out; add `nsfw:True` to include them.');
      }
      // A list that has no such option and already includes them there says nothing.
      const ranking = await run({ name: 'anime', subcommand: 'ranking', options: { type: 'airing' }, where: NSFW_CHANNEL });
      expect(ranking.message.content ?? '').toBe('');
    });

    it('details of a non-white work are refused outside age-restricted channels and shown inside', async () => {
      const work = (await searchWithNsfw(stack, 'anime', 'Sekai')).find((w) => w.nsfw === 'gray' || w.nsfw === 'black');
      if (!work) throw new Error('the emulator has no nsfw anime matching "Sekai"');
      for (const where of [GUILD, DM]) {
        const handle = stack.command({ name: 'anime', subcommand: 'info', options: { title: `id:${work.id}` }, where, user: newUser() });
        const message = await handle.settled();
        expect(handle.errors()).toEqual([]);
        expect(isEphemeral(message)).toBe(true);
        expect(textOf(message)).toMatch(/not-safe-for-work.*age-restricted channel/s);
        expect(textOf(message)).not.toContain(work.title);
      }
      const { text } = await run({ name: 'anime', subcommand: 'info', options: { title: `id:${work.id}` }, where: NSFW_CHANNEL });
      expect(text).toContain(work.title);
      expect(text).toContain(`ID ${work.id}`);
    });
  });
});
