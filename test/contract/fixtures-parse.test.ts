// Every real response body parses into the client's types without loss, with paging read correctly,
// both through the pure parsers and end-to-end through ServiceClient against a local server replaying them.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CoolOff } from '../../src/service/cool-off.js';
import { type CallContext, ServiceClient } from '../../src/service/client.js';
import { ServiceHttpError, ThrottledError } from '../../src/service/errors.js';
import {
  errorFromResponse,
  parseForumBoards,
  parseForumTopicPage,
  parseForumTopicsPage,
  parseNodePage,
  parseObject,
  parseSeasonalPage,
} from '../../src/service/parse.js';
import { type TokenSource } from '../../src/service/token-source.js';
import type { Paging } from '../../src/service/common-types.js';
import { startScriptedServer, type ScriptedServer } from '../service/http-fixture.js';
import { FIXTURES_DIR } from '../fixtures-dir.js';

const FIXTURES = FIXTURES_DIR;
const API = 'https://api.myanimelist.net/v2';

type Parser = (json: unknown) => unknown;
type Call = (c: ServiceClient, ctx: CallContext) => Promise<unknown>;

interface Case {
  parse: Parser;
  /** Expected paging (undefined: the body has no envelope). */
  paging?: Paging;
  items?: number;
  /** The client call that produced the body (see SOURCES.md). */
  call: Call;
}

const auth: TokenSource = { getAccessToken: async () => 'tok', refreshAfterRejection: async () => 'tok' };

const CASES: Record<string, Case> = {
  'go-myanimelist__anime-details_967_fields-subset.json': {
    parse: parseObject,
    call: (c, ctx) => c.getAnime(967, { fields: 'alternative_titles,media_type' }, ctx),
  },
  'go-myanimelist__anime-search_q-hokuto-no-ken.json': {
    parse: parseNodePage,
    items: 3,
    paging: { next: `${API}/anime?offset=3&fields=rank%2Cpopularity%2Cstart_season&limit=3&q=hokuto+no+ken` },
    call: (c, ctx) => c.searchAnime({ q: 'hokuto no ken', limit: 3 }, ctx),
  },
  'go-myanimelist__anime-ranking_airing.json': {
    parse: parseNodePage,
    items: 6,
    paging: { next: `${API}/anime/ranking?offset=6&fields=rank%2Cpopularity&limit=6&ranking_type=airing` },
    call: (c, ctx) => c.animeRanking({ rankingType: 'airing', limit: 6 }, ctx),
  },
  'go-myanimelist__anime-season_2020-fall.json': {
    parse: parseSeasonalPage,
    items: 3,
    paging: { next: `${API}/anime/season/2020/fall?offset=3&fields=rank%2Cpopularity&limit=3&sort=anime_num_list_users` },
    call: (c, ctx) => c.seasonalAnime({ year: 2020, season: 'fall', sort: 'anime_num_list_users', limit: 3 }, ctx),
  },
  'go-myanimelist__anime-suggestions.json': {
    parse: parseNodePage,
    items: 3,
    paging: { next: `${API}/anime/suggestions?offset=3&fields=rank%2Cpopularity&limit=3` },
    call: (c, ctx) => c.animeSuggestions({ limit: 3 }, { ...ctx, auth }),
  },
  'go-myanimelist__forum-boards.json': {
    parse: parseForumBoards,
    call: (c, ctx) => c.forumBoards(ctx),
  },
  'go-myanimelist__forum-topic_1877721_with-poll.json': {
    parse: parseForumTopicPage,
    paging: { next: `${API}/forum/topic/1877721?offset=3&limit=3` },
    call: (c, ctx) => c.forumTopic(1877721, { limit: 3 }, ctx),
  },
  'go-myanimelist__forum-topics_q-jojo-opening.json': {
    parse: parseForumTopicsPage,
    items: 2,
    paging: { next: `${API}/forum/topics?offset=2&limit=2&q=JoJo+opening&sort=recent` },
    call: (c, ctx) => c.forumTopics({ q: 'JoJo opening', sort: 'recent', limit: 2 }, ctx),
  },
  'go-myanimelist__manga-details_401_with-authors.json': {
    parse: parseObject,
    call: (c, ctx) => c.getManga(401, { fields: 'authors{last_name,first_name}' }, ctx),
  },
  'go-myanimelist__manga-search_q-parasyte.json': {
    parse: parseNodePage,
    items: 3,
    paging: { next: `${API}/manga?offset=3&fields=num_volumes%2Cnum_chapters%2Calternative_titles&limit=3&q=parasyte` },
    call: (c, ctx) => c.searchManga({ q: 'parasyte', limit: 3 }, ctx),
  },
  'go-myanimelist__manga-ranking_bypopularity.json': {
    parse: parseNodePage,
    items: 6,
    paging: { next: `${API}/manga/ranking?offset=6&fields=rank%2Cpopularity&limit=6&ranking_type=bypopularity` },
    call: (c, ctx) => c.mangaRanking({ rankingType: 'bypopularity', limit: 6 }, ctx),
  },
  'go-myanimelist__anime-my_list_status-PATCH-response.json': {
    parse: parseObject,
    call: (c, ctx) => c.updateAnimeListStatus(967, { status: 'watching', score: 8 }, { ...ctx, auth }),
  },
  'go-myanimelist__manga-my_list_status-PATCH-response.json': {
    parse: parseObject,
    call: (c, ctx) => c.updateMangaListStatus(401, { status: 'reading', num_chapters_read: 5 }, { ...ctx, auth }),
  },
  'go-myanimelist__users-me-animelist_list_status.json': {
    parse: parseNodePage,
    items: 5,
    paging: {},
    call: (c, ctx) => c.userAnimeList('@me', { fields: 'list_status', sort: 'list_updated_at', limit: 5 }, { ...ctx, auth }),
  },
  'go-myanimelist__users-me-mangalist_list_status.json': {
    parse: parseNodePage,
    items: 2,
    paging: {},
    call: (c, ctx) => c.userMangaList('@me', { fields: 'list_status{comments,tags}' }, { ...ctx, auth }),
  },
  'go-myanimelist__users-me.json': {
    parse: parseObject,
    call: (c, ctx) => c.me({}, { ...ctx, auth }),
  },
  'node-myanimelist__manga-search_q-sakurasou_all-fields_with-my_list_status.json': {
    parse: parseNodePage,
    items: 9,
    call: (c, ctx) => c.searchManga({ q: 'Sakurasou' }, ctx),
  },
  'node-myanimelist__users-me-animelist_default-limit.json': {
    parse: parseNodePage,
    items: 10,
    paging: { next: `${API}/users/@me/animelist?offset=10&fields=list_status%7B%7D` },
    call: (c, ctx) => c.userAnimeList('@me', { fields: 'list_status', nsfw: false }, { ...ctx, auth }),
  },
};

interface ErrorCase {
  status: number;
  code: string;
  message: string;
}
const ERROR_CASES: Record<string, ErrorCase> = {
  'ankai__error-400_invalid-client-id.json': { status: 400, code: 'bad_request', message: 'Invalid client id' },
  'ankai__error-403_missing-client-id-header.json': { status: 403, code: 'forbidden', message: '' },
  'ankai__error-404_unknown-forum-topic.json': { status: 404, code: 'not_found', message: '' },
};

const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.json'));
const raw = (f: string): string => readFileSync(path.join(FIXTURES, f), 'utf8');

describe('real fixtures', () => {
  it('are all covered by this test', () => {
    expect(files.length).toBeGreaterThanOrEqual(21);
    expect([...files].sort()).toEqual([...Object.keys(CASES), ...Object.keys(ERROR_CASES)].sort());
  });

  describe.each(Object.entries(CASES))('%s', (file, c) => {
    it('parses without loss', () => {
      const json: unknown = JSON.parse(raw(file));
      const parsed = c.parse(json);
      expect(JSON.parse(JSON.stringify(parsed))).toEqual(json);
    });

    it('reads paging and item count', () => {
      const parsed = c.parse(JSON.parse(raw(file))) as { data?: unknown; paging?: Paging };
      if (c.items !== undefined) expect(parsed.data).toHaveLength(c.items);
      if (c.paging !== undefined) expect(parsed.paging).toEqual(c.paging);
      else if (file.includes('sakurasou')) {
        // 9 items although limit was 10: not the last page, `next` continues at offset 10.
        expect(new URL(parsed.paging!.next!).searchParams.get('offset')).toBe('10');
      } else expect(parsed.paging).toBeUndefined();
    });
  });

  it('keeps the real shapes: string statistics, poll, forum_avator, season', () => {
    const topic = parseForumTopicPage(JSON.parse(raw('go-myanimelist__forum-topic_1877721_with-poll.json')));
    expect(topic.data.poll).toBeTruthy();
    expect(topic.data.posts?.[0]?.created_by?.forum_avator).toMatch(/^https:/);
    const season = parseSeasonalPage(JSON.parse(raw('go-myanimelist__anime-season_2020-fall.json')));
    expect(season.season).toEqual({ year: 2020, season: 'fall' });
  });

  describe.each(Object.entries(ERROR_CASES))('%s', (file, e) => {
    it('maps to the right error', () => {
      const err = errorFromResponse(e.status, raw(file), { credentialsSent: false });
      expect(err).toBeInstanceOf(ServiceHttpError);
      expect(err).toMatchObject({ status: e.status, code: e.code, serviceMessage: e.message, rawBody: raw(file) });
      if (e.status === 403) {
        // With credentials sent, a 403 is the throttling signal.
        expect(errorFromResponse(403, raw(file), { credentialsSent: true })).toBeInstanceOf(ThrottledError);
      }
    });
  });
});

describe('real fixtures through ServiceClient', () => {
  let server: ScriptedServer;
  let client: ServiceClient;
  /** The cool-off's clock: the 403 fixture (throttling) must not hold up the cases after it. */
  let coolNow = 0;
  beforeAll(async () => {
    server = await startScriptedServer();
    client = new ServiceClient({
      apiUrl: server.url,
      clientId: 'cid',
      userAgent: 'contract/1',
      backoff: () => 0,
      coolOff: new CoolOff({ now: () => coolNow }),
    });
  });
  beforeEach(() => {
    coolNow += 3_600_000;
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it.each(Object.entries(CASES))('%s', async (file, c) => {
    const body = raw(file);
    server.queue.push({ status: 200, body, headers: { 'content-type': 'application/json' } });
    const result = await c.call(client, {});
    expect(JSON.parse(JSON.stringify(result))).toEqual(JSON.parse(body));
  });

  it.each(Object.entries(ERROR_CASES))('%s', async (file, e) => {
    const body = raw(file);
    const reply = { status: e.status, body, headers: { 'content-type': 'application/json' } };
    server.queue.length = 0;
    server.queue.push(reply, reply, reply);
    const err = await client.forumTopic(999999999).catch((x: unknown) => x);
    if (e.status === 403) {
      expect(err).toBeInstanceOf(ThrottledError);
    } else {
      expect(err).toBeInstanceOf(ServiceHttpError);
      expect(err).toMatchObject({ status: e.status, code: e.code, serviceMessage: e.message });
    }
    server.queue.length = 0;
  });
});
