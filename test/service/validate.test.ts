import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/service/client.js';
import { InvalidOptionError } from '../../src/service/errors.js';
import { type TokenSource } from '../../src/service/token-source.js';
import { checkEnum, checkIntRange, checkTags, checkText } from '../../src/service/validate.js';
import { startScriptedServer, type ScriptedServer } from './http-fixture.js';

describe('validators', () => {
  it('checkIntRange accepts the bounds and rejects outside, non-integers and non-numbers', () => {
    expect(checkIntRange('score', 0, 0, 10)).toBe(0);
    expect(checkIntRange('score', 10, 0, 10)).toBe(10);
    for (const bad of [-1, 11, 1.5, Number.NaN, Infinity, '5', null, undefined]) {
      expect(() => checkIntRange('score', bad, 0, 10)).toThrow(InvalidOptionError);
    }
    try {
      checkIntRange('limit', 101, 1, 100);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidOptionError);
      expect((e as InvalidOptionError).option).toBe('limit');
      expect((e as InvalidOptionError).message).toContain('from 1 to 100');
      expect((e as InvalidOptionError).message).toContain('101');
    }
    expect(checkIntRange('offset', 123456, 0)).toBe(123456);
  });

  it('checkEnum lists the allowed values', () => {
    expect(checkEnum('season', 'fall', ['winter', 'fall'])).toBe('fall');
    expect(() => checkEnum('season', 'autumn', ['winter', 'fall'])).toThrow(/season must be one of winter, fall/);
    expect(() => checkEnum('season', 3, ['winter', 'fall'])).toThrow(InvalidOptionError);
  });

  it('checkText trims and enforces a minimum length', () => {
    expect(checkText('q', '  abc ', 3)).toBe('abc');
    expect(() => checkText('q', '  ab  ', 3)).toThrow(/at least 3 characters/);
    expect(() => checkText('user', '   ', 1)).toThrow(/must not be empty/);
  });

  it('checkTags rejects commas inside a tag', () => {
    expect(checkTags('tags', ['a', ' b '])).toEqual(['a', 'b']);
    expect(() => checkTags('tags', ['a,b'])).toThrow(InvalidOptionError);
    expect(() => checkTags('tags', 'a')).toThrow(InvalidOptionError);
  });
});

describe('client options are validated before any request', () => {
  let server: ScriptedServer;
  let client: ServiceClient;
  const auth: TokenSource = {
    getAccessToken: () => Promise.resolve('tok'),
    refreshAfterRejection: () => Promise.resolve('tok2'),
  };

  beforeAll(async () => {
    server = await startScriptedServer();
    client = new ServiceClient({ apiUrl: server.url, clientId: 'cid', userAgent: 'test/1', backoff: () => 0 });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  const cases: Array<[string, string, () => Promise<unknown>]> = [
    ['search limit 101', 'limit', () => client.searchAnime({ q: 'naruto', limit: 101 })],
    ['search limit 0', 'limit', () => client.searchManga({ q: 'naruto', limit: 0 })],
    ['search limit 2.5', 'limit', () => client.searchAnime({ q: 'naruto', limit: 2.5 })],
    ['offset -1', 'offset', () => client.searchAnime({ q: 'naruto', offset: -1 })],
    ['q too short after trim', 'q', () => client.searchAnime({ q: '  ab ' })],
    ['ranking limit 501', 'limit', () => client.animeRanking({ rankingType: 'all', limit: 501 })],
    ['unknown ranking type', 'rankingType', () => client.animeRanking({ rankingType: 'best' as 'all' })],
    ['manga ranking type of anime', 'rankingType', () => client.mangaRanking({ rankingType: 'tv' as 'all' })],
    ['season limit 501', 'limit', () => client.seasonalAnime({ year: 2020, season: 'fall', limit: 501 })],
    ['unknown season', 'season', () => client.seasonalAnime({ year: 2020, season: 'autumn' as 'fall' })],
    ['unknown season sort', 'sort', () => client.seasonalAnime({ year: 2020, season: 'fall', sort: 'x' as 'anime_score' })],
    ['bad year', 'year', () => client.seasonalAnime({ year: 20.5, season: 'fall' })],
    ['suggestions limit 101', 'limit', () => client.animeSuggestions({ limit: 101 }, { auth })],
    ['user list limit 1001', 'limit', () => client.userAnimeList('alice', { limit: 1001 })],
    ['user list unknown status', 'status', () => client.userAnimeList('alice', { status: 'reading' as 'watching' })],
    ['manga list unknown status', 'status', () => client.userMangaList('alice', { status: 'watching' as 'reading' })],
    ['user list unknown sort', 'sort', () => client.userMangaList('alice', { sort: 'anime_title' as 'manga_title' })],
    ['empty user name', 'user', () => client.userAnimeList('  ')],
    ['forum topics without board/subboard/q', 'boardId', () => client.forumTopics({ userName: 'alice' })],
    ['forum topics limit 101', 'limit', () => client.forumTopics({ boardId: 1, limit: 101 })],
    ['forum topics unknown sort', 'sort', () => client.forumTopics({ boardId: 1, sort: 'old' as 'recent' })],
    ['forum topic limit 101', 'limit', () => client.forumTopic(1, { limit: 101 })],
    ['forum topic id 0', 'id', () => client.forumTopic(0)],
    ['anime id negative', 'id', () => client.getAnime(-5)],
    ['manga id fractional', 'id', () => client.getManga(1.5)],
    ['score 11', 'score', () => client.updateAnimeListStatus(1, { score: 11 }, { auth })],
    ['score -1', 'score', () => client.updateMangaListStatus(1, { score: -1 }, { auth })],
    ['priority 3', 'priority', () => client.updateAnimeListStatus(1, { priority: 3 }, { auth })],
    ['rewatch_value 6', 'rewatch_value', () => client.updateAnimeListStatus(1, { rewatch_value: 6 }, { auth })],
    ['reread_value -1', 'reread_value', () => client.updateMangaListStatus(1, { reread_value: -1 }, { auth })],
    ['negative episodes', 'num_watched_episodes', () => client.updateAnimeListStatus(1, { num_watched_episodes: -1 }, { auth })],
    ['fractional chapters', 'num_chapters_read', () => client.updateMangaListStatus(1, { num_chapters_read: 1.5 }, { auth })],
    ['anime status on manga', 'status', () => client.updateMangaListStatus(1, { status: 'watching' as 'reading' }, { auth })],
    [
      'read-side name used for writing',
      'num_episodes_watched',
      () => client.updateAnimeListStatus(1, { num_episodes_watched: 3 } as never, { auth }),
    ],
    ['delete id 0', 'id', () => client.deleteAnimeListStatus(0, { auth })],
  ];

  it.each(cases)('%s → InvalidOptionError(%s), no request', async (_name, option, call) => {
    const before = server.requests.length;
    const err = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InvalidOptionError);
    expect((err as InvalidOptionError).option).toBe(option);
    expect(server.requests.length).toBe(before);
  });

  it('valid edge values go through', async () => {
    await client.searchAnime({ q: 'abc', limit: 100, offset: 0 });
    await client.animeRanking({ rankingType: 'bypopularity', limit: 500 });
    await client.userAnimeList('alice', { limit: 1000 });
    await client.updateAnimeListStatus(1, { score: 0, priority: 2, rewatch_value: 5 }, { auth });
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v2/anime?limit=100&offset=0&q=abc',
      '/v2/anime/ranking?limit=500&ranking_type=bypopularity',
      '/v2/users/alice/animelist?limit=1000',
      '/v2/anime/1/my_list_status',
    ]);
  });
});
