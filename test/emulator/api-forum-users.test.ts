import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { call, items, record } from '../../emulator/helpers.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ forumTopicsTimeoutMs: 150, now: () => Date.UTC(2025, 4, 10) });
});
afterAll(async () => {
  await emu.close();
});

describe('forum', () => {
  it('lists categories → boards → subboards without paging', async () => {
    const res = record((await call(emu, '/forum/boards')).json);
    expect(Object.keys(res)).toEqual(['categories']);
    const categories = res.categories as Array<{ title: string; boards: Array<Record<string, unknown>> }>;
    expect(categories.map((c) => c.title)).toEqual(['MyAnimeList', 'Anime & Manga', 'General']);
    expect(Object.keys(categories[0]?.boards[0] ?? {})).toEqual(['id', 'title', 'description', 'subboards']);
  });

  it('answers an unfiltered topic list with a delayed HTML 504', async () => {
    const res = await call(emu, '/forum/topics?limit=5');
    expect(res.status).toBe(504);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.json).toBeUndefined();
  });

  it('filters topics by board, subboard, q and user names, newest last post first', async () => {
    const board = items((await call(emu, '/forum/topics?board_id=19&limit=100')).json);
    expect(board.length).toBe(100);
    const last = board.map((t) => String(t.last_post_created_at));
    expect(last).toEqual([...last].sort().reverse());
    const sub = items((await call(emu, '/forum/topics?subboard_id=4&limit=100')).json);
    expect(sub.length).toBeGreaterThan(0);
    expect(sub.every((t) => /Chapter \d+ Discussion$/.test(String(t.title)))).toBe(true);
    const jojo = items((await call(emu, '/forum/topics?q=JoJo opening&sort=recent&limit=2')).json);
    expect(jojo.map((t) => t.id)).toContain(1877721);
    expect(Object.keys(jojo[0] ?? {}).sort()).toEqual(
      ['created_at', 'created_by', 'id', 'is_locked', 'last_post_created_at', 'last_post_created_by', 'number_of_posts', 'title'],
    );
    const byAlice = items((await call(emu, '/forum/topics?q=jojo&topic_user_name=alice')).json);
    expect(byAlice.map((t) => record(t.created_by).name)).toEqual(['alice']);
    const poster = items((await call(emu, '/forum/topics?board_id=19&user_name=alice&limit=100')).json);
    expect(poster.length).toBeGreaterThan(0);
  });

  it('validates sort, limit and ids', async () => {
    expect((await call(emu, '/forum/topics?board_id=1&sort=oldest')).json).toEqual({ message: 'invalid sort', error: 'bad_request' });
    expect((await call(emu, '/forum/topics?board_id=1&limit=101')).status).toBe(400);
    expect((await call(emu, '/forum/topics?board_id=x')).status).toBe(400);
    expect((await call(emu, '/forum/topic/abc')).status).toBe(400);
    expect((await call(emu, '/forum/topic/1877721?limit=101')).status).toBe(400);
  });

  it('serves a topic with paged BBCode posts and a poll', async () => {
    const first = record((await call(emu, '/forum/topic/1877721?limit=3')).json);
    const data = record(first.data);
    expect(Object.keys(data)).toEqual(['title', 'posts', 'poll']);
    const posts = data.posts as Array<Record<string, unknown>>;
    expect(posts.map((p) => p.number)).toEqual([1, 2, 3]);
    expect(Object.keys(record(posts[0]?.created_by))).toEqual(expect.arrayContaining(['id', 'name', 'forum_avator']));
    expect(record(data.poll).question).toBe('What is the best JoJo opening?');
    const next = new URL(String(record(first.paging).next));
    expect(next.searchParams.get('offset')).toBe('3');
    const all = record(record((await call(emu, '/forum/topic/1877721?limit=100')).json).data).posts as Array<Record<string, unknown>>;
    expect(all.length).toBe(74);
    const bodies = all.map((p) => String(p.body)).join('\n');
    expect(bodies).toMatch(/\[(b|i|u|s|quote|spoiler|url|color|size|center|list)[=\]]/);
    expect(bodies).toMatch(/&(#039|quot|amp|gt|lt);/);
    expect(bodies).toContain('<br />');
  });

  it('has poll null on ordinary topics and multi-page topics', async () => {
    const topics = items((await call(emu, '/forum/topics?board_id=19&limit=100')).json);
    const big = topics.find((t) => Number(t.number_of_posts) > 100);
    expect(big).toBeDefined();
    const res = record((await call(emu, `/forum/topic/${String(big?.id)}`)).json);
    expect(record(res.data).poll).toBeNull();
    expect(record(res.paging).next).toBeDefined();
  });
});

describe('users', () => {
  it('serves @me with default profile fields and extras on request', async () => {
    const token = emu.issueTokensFor('alice').access_token;
    const me = record((await call(emu, '/users/@me', { token })).json);
    expect(Object.keys(me)).toEqual(['id', 'name', 'picture', 'gender', 'birthday', 'location', 'joined_at'].filter((k) => k in me));
    expect(me.name).toBe('alice');
    const full = record((await call(emu, '/users/@me?fields=anime_statistics,time_zone,is_supporter', { token })).json);
    expect(full).toHaveProperty('time_zone');
    expect(full.is_supporter).toBe(true);
    const stats = record(full.anime_statistics);
    const list = items((await call(emu, '/users/@me/animelist?limit=1000&nsfw=true&fields=list_status', { token })).json);
    expect(stats.num_items).toBe(list.length);
    expect(stats.num_items_watching).toBe(list.filter((i) => record(i.list_status).status === 'watching').length);
    expect(stats.num_episodes).toBe(list.reduce((s, i) => s + Number(record(i.list_status).num_episodes_watched), 0));
    for (const k of ['num_items_completed', 'num_items_on_hold', 'num_items_dropped', 'num_items_plan_to_watch', 'num_days_watched', 'num_days', 'num_times_rewatched', 'mean_score']) {
      expect(typeof stats[k], k).toBe('number');
    }
  });

  it('leaves absent what a new user has not set, and zero statistics', async () => {
    const token = emu.issueTokensFor('carol').access_token;
    const me = record((await call(emu, '/users/@me?fields=anime_statistics', { token })).json);
    expect(me).not.toHaveProperty('picture');
    expect(me).not.toHaveProperty('gender');
    expect(record(me.anime_statistics)).toMatchObject({ num_items: 0, mean_score: 0, num_days: 0 });
  });

  it('answers 404 for any profile but @me', async () => {
    const token = emu.issueTokensFor('alice').access_token;
    expect((await call(emu, '/users/bob', { token })).json).toEqual({ message: '', error: 'not_found' });
  });
});
