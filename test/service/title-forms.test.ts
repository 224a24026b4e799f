// The title forms a scoped view of the service client shows: which form, the fallback to the main
// title, the fields asked for, copies (the cache keeps the service's data) and no extra request.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/service/client.js';
import { ResponseCache } from '../../src/service/response-cache.js';
import {
  answerInTitleForm,
  inTitleForm,
  isWorkPath,
  mainTitleOf,
  withAlternativeTitles,
  type TitleForm,
} from '../../src/service/title-forms.js';
import type { Anime } from '../../src/service/work-types.js';
import { startScriptedServer, type ScriptedServer } from './http-fixture.js';

const HOKUTO: Anime = { id: 967, title: 'Hokuto no Ken', alternative_titles: { synonyms: ['HNK'], en: 'Fist of the North Star', ja: '北斗の拳' } };

describe('inTitleForm', () => {
  it('shows the chosen form and keeps the main title among the alternative titles', () => {
    const english = inTitleForm(HOKUTO, 'english');
    expect(english.title).toBe('Fist of the North Star');
    expect(english.alternative_titles).toEqual({ synonyms: ['HNK'], en: 'Hokuto no Ken', ja: '北斗の拳' });
    const japanese = inTitleForm(HOKUTO, 'japanese');
    expect(japanese.title).toBe('北斗の拳');
    expect(japanese.alternative_titles).toEqual({ synonyms: ['HNK'], en: 'Fist of the North Star', ja: 'Hokuto no Ken' });
    // The service's object is never changed.
    expect(HOKUTO.title).toBe('Hokuto no Ken');
    expect(HOKUTO.alternative_titles?.en).toBe('Fist of the North Star');
  });

  it('falls back to the main title when the form is empty, blank or not sent', () => {
    for (const alt of [{ en: '', ja: '' }, { en: '  ', ja: ' ' }, {}, undefined]) {
      const work: Anime = { id: 1, title: 'Main', ...(alt ? { alternative_titles: alt } : {}) };
      for (const form of ['english', 'japanese'] as const) expect(inTitleForm(work, form)).toBe(work);
    }
    expect(inTitleForm(HOKUTO, 'romaji')).toBe(HOKUTO);
  });

  it('trims the chosen form', () => {
    expect(inTitleForm({ id: 2, title: 'X', alternative_titles: { en: '  Spaced  ' } }, 'english').title).toBe('Spaced');
  });

  it('mainTitleOf: the main title of a shown copy, of copies of it, and of the service’s own work', () => {
    const shown = inTitleForm(HOKUTO, 'english');
    expect(mainTitleOf(shown)).toBe('Hokuto no Ken');
    expect(mainTitleOf({ ...shown, nsfw: 'white' } as Anime)).toBe('Hokuto no Ken');
    expect(mainTitleOf(HOKUTO)).toBe('Hokuto no Ken');
    expect(mainTitleOf({ id: 3 } as Anime)).toBeUndefined();
    // Nothing of it reaches JSON.
    expect(JSON.parse(JSON.stringify(shown))).toEqual({ ...HOKUTO, title: 'Fist of the North Star', alternative_titles: { synonyms: ['HNK'], en: 'Hokuto no Ken', ja: '北斗の拳' } });
  });
});

describe('the request and the answer', () => {
  it('adds alternative_titles to the top-level fields once', () => {
    const fields = (q: string) => withAlternativeTitles(new URLSearchParams(q)).get('fields');
    expect(fields('limit=5')).toBe('alternative_titles');
    expect(fields('fields=')).toBe('alternative_titles');
    expect(fields('fields=mean,media_type')).toBe('mean,media_type,alternative_titles');
    expect(fields('fields=mean,alternative_titles')).toBe('mean,alternative_titles');
    expect(fields('fields=list_status{status},num_episodes')).toBe('list_status{status},num_episodes,alternative_titles');
    const query = new URLSearchParams('q=x&fields=mean');
    withAlternativeTitles(query);
    expect(query.get('fields')).toBe('mean');
  });

  it('knows the paths that answer with works', () => {
    for (const path of ['anime', 'manga', 'anime/967', 'manga/21', 'anime/ranking', 'manga/ranking', 'anime/season/2026/winter', 'anime/suggestions', 'users/@me/animelist', 'users/alice/mangalist']) {
      expect(isWorkPath(path), path).toBe(true);
    }
    for (const path of ['users/@me', 'forum/boards', 'forum/topics', 'forum/topic/1', 'animex', 'users/alice/animelist/extra']) expect(isWorkPath(path), path).toBe(false);
  });

  it('maps a page’s nodes and a work, and leaves anything else as it is', () => {
    const page = { data: [{ node: HOKUTO, list_status: { status: 'watching' } }, { node: { id: 2, title: 'Plain' } }], paging: { next: 'n' } };
    const mapped = answerInTitleForm(page, 'english') as typeof page;
    expect(mapped.data.map((d) => d.node.title)).toEqual(['Fist of the North Star', 'Plain']);
    expect(mapped.data[0]?.list_status).toEqual({ status: 'watching' });
    expect(mapped.paging).toEqual({ next: 'n' });
    expect(page.data[0]?.node.title).toBe('Hokuto no Ken');
    expect((answerInTitleForm(HOKUTO, 'japanese') as Anime).title).toBe('北斗の拳');
    const user = { name: 'alice' };
    expect(answerInTitleForm(user, 'english')).toBe(user);
    expect(answerInTitleForm(page, 'romaji')).toBe(page);
  });
});

describe('a scoped client with a title form', () => {
  let server: ScriptedServer;
  let client: ServiceClient;
  let asked: number;
  const scoped = (form: TitleForm) =>
    client.scoped({
      signal: new AbortController().signal,
      titleForm: () => {
        asked++;
        return Promise.resolve(form);
      },
    });

  beforeAll(async () => {
    server = await startScriptedServer((req) => {
      if (req.url.startsWith('/v2/forum')) return { status: 200, json: { categories: [] } };
      if (req.url.startsWith('/v2/anime/967')) return { status: 200, json: HOKUTO };
      return { status: 200, json: { data: [{ node: HOKUTO }], paging: {} } };
    });
    client = new ServiceClient({ apiUrl: `${server.url}/`, clientId: 'cid', userAgent: 'test', cache: new ResponseCache({ ttlMs: 60_000 }) });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    asked = 0;
  });

  it('asks for alternative_titles, shows the form, and the cache keeps the service’s data', async () => {
    const page = await scoped('english').searchAnime({ q: 'hokuto', fields: 'mean' });
    expect(page.data[0]?.node.title).toBe('Fist of the North Star');
    expect(server.requests).toHaveLength(1);
    expect(new URL(server.requests[0]!.url, server.url).searchParams.get('fields')).toBe('mean,alternative_titles');
    // The same request unscoped is the cache's answer: the service's own title, no new request.
    const raw = await client.searchAnime({ q: 'hokuto', fields: 'mean,alternative_titles' });
    expect(raw.data[0]?.node.title).toBe('Hokuto no Ken');
    expect(server.requests).toHaveLength(1);
    // Another reader of the same cached answer sees their own form.
    expect((await scoped('japanese').searchAnime({ q: 'hokuto', fields: 'mean' })).data[0]?.node.title).toBe('北斗の拳');
    expect(server.requests).toHaveLength(1);
  });

  it('the main title changes nothing in the request; the form is asked only for works', async () => {
    const view = scoped('romaji');
    const work = await view.getAnime(967, { fields: 'mean' });
    expect(work.title).toBe('Hokuto no Ken');
    expect(new URL(server.requests[0]!.url, server.url).searchParams.get('fields')).toBe('mean');
    await view.forumBoards();
    expect(asked).toBe(1);
  });

  it('details in the chosen form', async () => {
    expect((await scoped('japanese').getAnime(967, { fields: 'synopsis' })).title).toBe('北斗の拳');
    expect(server.requests).toHaveLength(1);
  });
});
