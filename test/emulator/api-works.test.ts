import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { call, items, node, record } from '../../emulator/helpers.js';

const NOW = Date.UTC(2025, 4, 10, 12, 0, 0);
let emu: Emulator;
let token: string;
beforeAll(async () => {
  emu = await startEmulator({ now: () => NOW });
  token = emu.issueTokensFor('alice').access_token;
});
afterAll(async () => {
  await emu.close();
});

describe('parameter validation', () => {
  it.each([
    ['/anime?q=one&limit=0', 'invalid limit'],
    ['/anime?q=one&limit=101', 'invalid limit'],
    ['/anime?q=one&limit=abc', 'invalid limit'],
    ['/anime?q=one&limit=-1', 'invalid limit'],
    ['/anime?q=one&limit=1.5', 'invalid limit'],
    ['/anime?q=one&offset=-3', 'invalid offset'],
    ['/anime?q=on', 'invalid q'],
    ['/anime', 'invalid q'],
    ['/manga?q=ab', 'invalid q'],
    ['/anime/ranking?ranking_type=best', 'invalid ranking_type'],
    ['/anime/ranking', 'invalid ranking_type'],
    ['/anime/ranking?ranking_type=all&limit=501', 'invalid limit'],
    ['/manga/ranking?ranking_type=tv', 'invalid ranking_type'],
    ['/anime/season/2020/autumn', 'invalid season'],
    ['/anime/season/20x0/fall', 'invalid year'],
    ['/anime/season/2020/fall?sort=anime_title', 'invalid sort'],
    ['/anime/abc', 'invalid anime_id'],
    ['/manga/1.5', 'invalid manga_id'],
    ['/anime/1?fields=title{', 'invalid fields'],
    ['/anime?q=one&nsfw=maybe', 'invalid nsfw'],
  ])('%s → 400 %s', async (path, message) => {
    const res = await call(emu, path);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, error: 'bad_request' });
  });

  it('accepts the maximum limits', async () => {
    expect((await call(emu, '/anime?q=one&limit=100')).status).toBe(200);
    expect((await call(emu, '/anime/ranking?ranking_type=all&limit=500')).status).toBe(200);
    expect((await call(emu, '/anime/season/2020/fall?limit=500')).status).toBe(200);
  });

  it('answers 404 for unknown ids', async () => {
    expect((await call(emu, '/anime/999999999')).json).toEqual({ message: '', error: 'not_found' });
    expect((await call(emu, '/manga/999999999')).status).toBe(404);
  });
});

describe('field selection', () => {
  it('returns only id, title, main_picture by default', async () => {
    const res = await call(emu, '/anime/1');
    expect(Object.keys(record(res.json)).sort()).toEqual(['id', 'main_picture', 'title']);
    const search = items((await call(emu, '/anime?q=hokuto no ken&limit=3')).json);
    for (const it of search) expect(Object.keys(node(it)).sort()).toEqual(['id', 'main_picture', 'title']);
  });

  it('adds requested fields, ignores unknown ones, tolerates whitespace and newlines', async () => {
    const res = record((await call(emu, `/anime/967?fields=${encodeURIComponent(' num_episodes ,\n bogus_field, genres , studios')}`)).json);
    expect(Object.keys(res)).toEqual(['id', 'title', 'main_picture', 'num_episodes', 'genres', 'studios']);
    expect(res.num_episodes).toBe(109);
  });

  it('gives authors nodes with id only unless sub-fields are named', async () => {
    const plain = record((await call(emu, '/manga/401?fields=authors')).json);
    expect(plain.authors).toEqual([{ node: { id: 2377 }, role: 'Story & Art' }]);
    const named = record((await call(emu, `/manga/401?fields=${encodeURIComponent('authors{ last_name,\nfirst_name }')}`)).json);
    expect(named.authors).toEqual([{ node: { id: 2377, last_name: 'Iwaaki', first_name: 'Hitoshi' }, role: 'Story & Art' }]);
  });

  it('keeps related/recommendation nodes to id, title, main_picture plus relation fields', async () => {
    const res = record((await call(emu, '/anime/967?fields=related_anime{num_episodes},recommendations,related_manga')).json);
    const related = res.related_anime as Array<Record<string, unknown>>;
    expect(related.length).toBeGreaterThan(0);
    for (const r of related) {
      expect(Object.keys(r).sort()).toEqual(['node', 'relation_type', 'relation_type_formatted']);
      expect(Object.keys(record(r.node)).every((k) => ['id', 'title', 'main_picture'].includes(k))).toBe(true);
    }
    for (const r of res.recommendations as Array<Record<string, unknown>>) {
      expect(Object.keys(r).sort()).toEqual(['node', 'num_recommendations']);
    }
  });

  it('shows my_list_status only with a user token and only for works on the list; extras only when named', async () => {
    const withClient = record((await call(emu, '/anime/967?fields=my_list_status')).json);
    expect(withClient).not.toHaveProperty('my_list_status');
    const mine = record((await call(emu, '/anime/967?fields=my_list_status', { token })).json);
    const status = record(mine.my_list_status);
    expect(Object.keys(status).sort()).toEqual(['is_rewatching', 'num_episodes_watched', 'score', 'status', 'updated_at']);
    expect(status.num_episodes_watched).toBe(73);
    const extras = record(record((await call(emu, '/anime/967?fields=my_list_status{comments,tags,priority}', { token })).json).my_list_status);
    expect(extras).toHaveProperty('comments');
    expect(Array.isArray(extras.tags)).toBe(true);
    expect(extras).toHaveProperty('priority');
    expect(extras).not.toHaveProperty('rewatch_value');
    const notOnList = record((await call(emu, '/anime/1358?fields=my_list_status', { token })).json);
    expect(notOnList).not.toHaveProperty('my_list_status');
  });

  it('serves statistics counts as strings for anime and never for manga', async () => {
    const anime = record(record((await call(emu, '/anime/1?fields=statistics')).json).statistics);
    expect(typeof record(anime.status).watching).toBe('string');
    expect(typeof anime.num_list_users).toBe('number');
    expect(record((await call(emu, '/manga/2?fields=statistics')).json)).not.toHaveProperty('statistics');
  });

  it('escapes / and non-ASCII in raw bodies like the real service', async () => {
    const res = await call(emu, '/anime/967?fields=alternative_titles');
    expect(res.text).toContain('\\u5317\\u6597\\u306e\\u62f3');
    expect(res.text).toContain('https:\\/\\/');
    expect(record(record(res.json).alternative_titles).ja).toBe('北斗の拳');
  });
});

describe('search, ranking, season, suggestions', () => {
  it('finds by title and alternative titles, best matches first', async () => {
    const hnk = items((await call(emu, '/anime?q=hokuto no ken&limit=3')).json).map((i) => node(i).id);
    expect(hnk).toEqual([967, 1356, 1358]);
    const parasyte = items((await call(emu, '/manga?q=parasyte&limit=5')).json).map((i) => node(i).id);
    expect(parasyte[0]).toBe(401);
  });

  it('hides non-white works unless nsfw=true, applying the filter after paging', async () => {
    const all = items((await call(emu, '/anime/ranking?ranking_type=bypopularity&limit=500&nsfw=true&fields=nsfw')).json);
    const filtered = items((await call(emu, '/anime/ranking?ranking_type=bypopularity&limit=500&fields=nsfw')).json);
    expect(all.some((i) => node(i).nsfw !== 'white')).toBe(true);
    expect(filtered.every((i) => node(i).nsfw === 'white')).toBe(true);
    expect(filtered.length).toBeLessThan(all.length);
    const hidden = all.find((i) => node(i).nsfw === 'black');
    expect(hidden).toBeDefined();
    const details = await call(emu, `/anime/${String(node(hidden ?? {}).id)}?fields=nsfw`);
    expect(details.status).toBe(200);
  });

  it('adds ranking.rank to ranking results in order', async () => {
    const data = items((await call(emu, '/manga/ranking?ranking_type=bypopularity&limit=6&fields=rank,popularity&nsfw=true')).json);
    expect(data.map((i) => record(i.ranking).rank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(data.map((i) => node(i).popularity)).toEqual([1, 2, 3, 4, 5, 6]);
    const airing = items((await call(emu, '/anime/ranking?ranking_type=airing&limit=50&fields=status&nsfw=true')).json);
    expect(airing.length).toBeGreaterThan(0);
    expect(airing.every((i) => node(i).status === 'currently_airing')).toBe(true);
  });

  it('includes carry-overs and the season object in seasonal lists', async () => {
    const res = record((await call(emu, '/anime/season/2020/fall?sort=anime_num_list_users&limit=500&fields=start_season,num_list_users&nsfw=true')).json);
    expect(res.season).toEqual({ year: 2020, season: 'fall' });
    const data = items(res);
    const ids = data.map((i) => node(i).id);
    expect(ids).toEqual(expect.arrayContaining([21, 34572, 40748]));
    expect(record(node(data.find((i) => node(i).id === 21) ?? {}).start_season).year).toBe(1999);
    const counts = data.map((i) => Number(node(i).num_list_users));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('returns works for the current and recent seasons of the injected clock', async () => {
    const current = items((await call(emu, '/anime/season/2025/spring?limit=100')).json);
    expect(current.length).toBeGreaterThan(3);
    const scored = items((await call(emu, '/anime/season/2025/winter?sort=anime_score&limit=100&fields=mean')).json).map((i) => Number(node(i).mean ?? -1));
    expect(scored).toEqual([...scored].sort((a, b) => b - a));
  });

  it('suggests works off the user list for users with a list, nothing for a new user', async () => {
    const alice = items((await call(emu, '/anime/suggestions?limit=100&nsfw=true', { token })).json).map((i) => Number(node(i).id));
    expect(alice.length).toBeGreaterThan(0);
    const list = items((await call(emu, '/users/@me/animelist?limit=1000&nsfw=true', { token })).json).map((i) => Number(node(i).id));
    expect(alice.filter((id) => list.includes(id))).toEqual([]);
    const carol = emu.issueTokensFor('carol').access_token;
    expect(record((await call(emu, '/anime/suggestions', { token: carol })).json)).toEqual({ data: [], paging: {} });
  });
});

describe('paging', () => {
  it('builds absolute next/previous URLs on the request origin with re-serialized parameters', async () => {
    const res = record((await call(emu, `/anime/ranking?ranking_type=all&limit=5&offset=5&fields=${encodeURIComponent('rank , popularity')}`)).json);
    const paging = record(res.paging);
    const next = new URL(String(paging.next));
    const prev = new URL(String(paging.previous));
    expect(next.origin).toBe(emu.url);
    expect(next.pathname).toBe('/v2/anime/ranking');
    expect(Object.fromEntries(next.searchParams)).toEqual({ offset: '10', limit: '5', ranking_type: 'all', fields: 'rank,popularity' });
    expect(String(paging.next)).toContain('fields=rank%2Cpopularity');
    expect([...next.searchParams.keys()]).not.toEqual(['ranking_type', 'limit', 'offset', 'fields']);
    expect(prev.searchParams.get('offset')).toBe('0');
  });

  it('answers paging {} for a single complete page', async () => {
    const res = record((await call(emu, '/anime?q=hokuto no ken&limit=100')).json);
    expect(res.paging).toEqual({});
  });

  it('walks a whole result set by following next; the last page has only previous', async () => {
    const seen: unknown[] = [];
    let url: string | undefined = `${emu.url}/v2/anime?q=sora&limit=7&nsfw=true`;
    let pages = 0;
    let last: Record<string, unknown> = {};
    while (url !== undefined) {
      last = record((await call(emu, url)).json);
      seen.push(...items(last).map((i) => node(i).id));
      const next: unknown = record(last.paging).next;
      url = typeof next === 'string' ? next : undefined;
      pages++;
    }
    expect(pages).toBeGreaterThan(1);
    expect(Object.keys(record(last.paging))).toEqual(['previous']);
    expect(new Set(seen).size).toBe(seen.length);
    const whole = items((await call(emu, '/anime?q=sora&limit=100&nsfw=true')).json).map((i) => node(i).id);
    expect(seen).toEqual(whole.slice(0, seen.length));
  });
});
