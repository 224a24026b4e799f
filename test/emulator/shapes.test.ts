/**
 * The emulator's answers must have the shapes of the real service's answers to the same requests
 * (test/fixtures/real): same key paths and the same JSON types at the leaves.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { call, record } from '../../emulator/helpers.js';
import { FIXTURES_DIR } from '../fixtures-dir.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(`${FIXTURES_DIR}/${name}`, 'utf8'));

/** "a.b[].c:number" style paths; objects and arrays contribute their keys, leaves their JSON type. */
function shape(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    if (value.length === 0) out.add(`${prefix}:[]`);
    for (const v of value) shape(v, `${prefix}[]`, out);
  } else if (value !== null && typeof value === 'object') {
    out.add(`${prefix}:{}`);
    for (const [k, v] of Object.entries(value)) shape(v, prefix === '' ? k : `${prefix}.${k}`, out);
  } else {
    out.add(`${prefix}:${value === null ? 'null' : typeof value}`);
  }
  return out;
}

function only(value: unknown, key: string): unknown {
  return record(value)[key];
}

function expectSameShape(actual: unknown, expected: unknown, opts: { extra?: RegExp; missing?: RegExp } = {}): void {
  const a = shape(actual);
  const e = shape(expected);
  const unexpected = [...a].filter((p) => !e.has(p) && !(opts.extra?.test(p) ?? false) && !p.endsWith(':[]'));
  const absent = [...e].filter((p) => !a.has(p) && !(opts.missing?.test(p) ?? false) && !p.endsWith(':[]'));
  expect({ unexpected, absent }).toEqual({ unexpected: [], absent: [] });
}

let emu: Emulator;
let alice: string;
let carol: string;
beforeAll(async () => {
  emu = await startEmulator({ now: () => Date.UTC(2025, 4, 10) });
  alice = emu.issueTokensFor('alice').access_token;
  carol = emu.issueTokensFor('carol').access_token;
});
afterAll(async () => {
  await emu.close();
});

describe('shapes match the real fixtures for the same requests', () => {
  it('anime details 967 (fields subset)', async () => {
    const res = await call(emu, '/anime/967?fields=alternative_titles,media_type,num_episodes,start_season,source,genres,studios,average_episode_duration');
    expectSameShape(res.json, fixture('go-myanimelist__anime-details_967_fields-subset.json'));
    expect(Object.keys(record(res.json))).toEqual(Object.keys(record(fixture('go-myanimelist__anime-details_967_fields-subset.json'))));
  });

  it('manga details 401 with authors', async () => {
    const res = await call(emu, '/manga/401?fields=alternative_titles,media_type,num_volumes,num_chapters,authors{last_name,first_name},genres,status');
    expectSameShape(res.json, fixture('go-myanimelist__manga-details_401_with-authors.json'));
  });

  it('anime search', async () => {
    const res = await call(emu, '/anime?q=hokuto no ken&fields=rank,popularity,start_season&limit=3');
    expectSameShape(only(res.json, 'data'), only(fixture('go-myanimelist__anime-search_q-hokuto-no-ken.json'), 'data'));
  });

  it('manga search', async () => {
    const res = await call(emu, '/manga?q=parasyte&fields=num_volumes,num_chapters,alternative_titles&limit=3');
    expectSameShape(only(res.json, 'data'), only(fixture('go-myanimelist__manga-search_q-parasyte.json'), 'data'));
  });

  it('anime ranking (airing) and manga ranking (bypopularity), including paging.next', async () => {
    expectSameShape((await call(emu, '/anime/ranking?ranking_type=airing&fields=rank,popularity&limit=6')).json, fixture('go-myanimelist__anime-ranking_airing.json'));
    expectSameShape((await call(emu, '/manga/ranking?ranking_type=bypopularity&fields=rank,popularity&limit=6')).json, fixture('go-myanimelist__manga-ranking_bypopularity.json'));
  });

  it('seasonal anime with the season object', async () => {
    const res = await call(emu, '/anime/season/2020/fall?sort=anime_num_list_users&fields=rank,popularity&limit=3');
    expectSameShape(res.json, fixture('go-myanimelist__anime-season_2020-fall.json'));
  });

  it('suggestions', async () => {
    const res = await call(emu, '/anime/suggestions?fields=rank,popularity&limit=3', { token: alice });
    expectSameShape(res.json, fixture('go-myanimelist__anime-suggestions.json'));
  });

  it('user anime and manga lists with list_status', async () => {
    const anime = await call(emu, '/users/@me/animelist?fields=list_status&sort=list_updated_at&limit=5', { token: alice });
    expectSameShape(only(anime.json, 'data'), only(fixture('go-myanimelist__users-me-animelist_list_status.json'), 'data'));
    expectSameShape(only(anime.json, 'data'), only(fixture('node-myanimelist__users-me-animelist_default-limit.json'), 'data'));
    const manga = await call(emu, '/users/@me/mangalist?fields=list_status{comments,tags}&limit=5', { token: alice });
    expectSameShape(only(manga.json, 'data'), only(fixture('go-myanimelist__users-me-mangalist_list_status.json'), 'data'), { extra: /^\[\]\.list_status\.tags\[\]:string$/ });
  });

  it('PUT my_list_status responses', async () => {
    const anime = await call(emu, '/anime/967/my_list_status', { method: 'PUT', token: carol, form: { status: 'watching', score: '8', num_watched_episodes: '73', comments: 'You wa shock!' } });
    expectSameShape(anime.json, fixture('go-myanimelist__anime-my_list_status-PATCH-response.json'));
    const manga = await call(emu, '/manga/401/my_list_status', { method: 'PATCH', token: carol, form: { status: 'reading', num_volumes_read: '1', num_chapters_read: '5', comments: 'Migi' } });
    expectSameShape(manga.json, fixture('go-myanimelist__manga-my_list_status-PATCH-response.json'));
  });

  it('manga search with nearly all fields and my_list_status', async () => {
    await call(emu, '/manga/30051/my_list_status', { method: 'PUT', token: carol, form: { status: 'on_hold', score: '8', num_volumes_read: '1' } });
    const fields = 'alternative_titles,start_date,end_date,synopsis,mean,rank,popularity,num_list_users,num_scoring_users,nsfw,genres,created_at,updated_at,media_type,status,my_list_status{start_date,finish_date,priority,num_times_reread,reread_value,tags,comments},num_volumes,num_chapters,authors{first_name,last_name}';
    const res = await call(emu, `/manga?q=Sakurasou&limit=10&fields=${encodeURIComponent(fields)}`, { token: carol });
    expectSameShape(only(res.json, 'data'), only(fixture('node-myanimelist__manga-search_q-sakurasou_all-fields_with-my_list_status.json'), 'data'), {
      missing: /my_list_status\.(start_date|finish_date)/,
    });
  });

  it('users/@me', async () => {
    const res = await call(emu, '/users/@me', { token: alice });
    expectSameShape(res.json, fixture('go-myanimelist__users-me.json'), { extra: /^birthday:string$/ });
  });

  it('forum boards, topics and topic', async () => {
    expectSameShape((await call(emu, '/forum/boards')).json, fixture('go-myanimelist__forum-boards.json'));
    expectSameShape((await call(emu, '/forum/topics?q=JoJo opening&sort=recent&limit=2')).json, fixture('go-myanimelist__forum-topics_q-jojo-opening.json'));
    expectSameShape((await call(emu, '/forum/topic/1877721?limit=3')).json, fixture('go-myanimelist__forum-topic_1877721_with-poll.json'), {
      extra: /created_by\.forum_title:string$/,
    });
  });
});
