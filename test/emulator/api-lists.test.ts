import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { call, items, node, record } from '../../emulator/helpers.js';

let clock = Date.UTC(2025, 4, 10, 12, 0, 0);
let emu: Emulator;
let alice: string;
let carol: string;
beforeAll(async () => {
  emu = await startEmulator({ now: () => clock });
  alice = emu.issueTokensFor('alice').access_token;
  carol = emu.issueTokensFor('carol').access_token;
});
afterAll(async () => {
  await emu.close();
});

describe('GET /users/{name}/animelist|mangalist', () => {
  it('reads any known user\'s list with just the client header; unknown user → 404; @me needs a token', async () => {
    expect(items((await call(emu, '/users/bob/animelist?nsfw=true')).json).length).toBeGreaterThan(0);
    expect((await call(emu, '/users/BOB/mangalist')).status).toBe(200);
    expect((await call(emu, '/users/nobody/animelist')).json).toEqual({ message: '', error: 'not_found' });
    expect((await call(emu, '/users/@me/animelist')).status).toBe(401);
    expect(items((await call(emu, '/users/@me/animelist', { token: carol })).json)).toEqual([]);
  });

  it('validates status, sort and limit (max 1000)', async () => {
    expect((await call(emu, '/users/alice/animelist?status=reading')).json).toEqual({ message: 'invalid status', error: 'bad_request' });
    expect((await call(emu, '/users/alice/mangalist?sort=anime_title')).json).toEqual({ message: 'invalid sort', error: 'bad_request' });
    expect((await call(emu, '/users/alice/animelist?limit=1001')).status).toBe(400);
    expect((await call(emu, '/users/alice/animelist?limit=1000')).status).toBe(200);
  });

  it('filters by status and shows list_status with read-back names only when asked', async () => {
    const res = items((await call(emu, '/users/alice/animelist?status=watching&fields=list_status&limit=1000&nsfw=true')).json);
    expect(res.length).toBeGreaterThan(0);
    for (const it of res) {
      const st = record(it.list_status);
      expect(st.status).toBe('watching');
      expect(Object.keys(st).sort()).toEqual(['is_rewatching', 'num_episodes_watched', 'score', 'status', 'updated_at']);
    }
    const plain = items((await call(emu, '/users/alice/animelist?limit=3')).json);
    expect(plain[0]).not.toHaveProperty('list_status');
    const manga = items((await call(emu, '/users/alice/mangalist?fields=list_status{comments,tags}&limit=1000&nsfw=true')).json);
    for (const it of manga) {
      expect(Object.keys(record(it.list_status)).sort()).toEqual(
        ['comments', 'is_rereading', 'num_chapters_read', 'num_volumes_read', 'score', 'status', 'tags', 'updated_at'],
      );
    }
  });

  it('sorts by the five sort keys', async () => {
    const get = async (sort: string, fields: string) =>
      items((await call(emu, `/users/alice/animelist?sort=${sort}&fields=${fields}&limit=1000&nsfw=true`)).json);
    const score = (await get('list_score', 'list_status')).map((i) => Number(record(i.list_status).score));
    expect(score).toEqual([...score].sort((a, b) => b - a));
    const updated = (await get('list_updated_at', 'list_status')).map((i) => String(record(i.list_status).updated_at));
    expect(updated).toEqual([...updated].sort().reverse());
    const titles = (await get('anime_title', '')).map((i) => String(node(i).title).toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const ids = (await get('anime_id', '')).map((i) => Number(node(i).id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await get('anime_start_date', 'start_date')).length).toBe(ids.length);
  });

  it('hides nsfw entries unless nsfw=true', async () => {
    const all = items((await call(emu, '/users/alice/animelist?fields=nsfw&limit=1000&nsfw=true')).json);
    const safe = items((await call(emu, '/users/alice/animelist?fields=nsfw&limit=1000')).json);
    expect(all.some((i) => node(i).nsfw !== 'white')).toBe(true);
    expect(safe.every((i) => node(i).nsfw === 'white')).toBe(true);
    expect(safe.length).toBeLessThan(all.length);
  });
});

describe('PUT/PATCH/DELETE my_list_status', () => {
  it('adds an entry, writes num_watched_episodes, reads back num_episodes_watched, updated_at in +00:00', async () => {
    const res = await call(emu, '/anime/1/my_list_status', { method: 'PUT', token: carol, form: { status: 'watching', num_watched_episodes: '3', tags: 'space, jazz,,', comments: 'Bang' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 'watching', score: 0, num_episodes_watched: 3, is_rewatching: false, updated_at: '2025-05-10T12:00:00+00:00',
      priority: 0, num_times_rewatched: 0, rewatch_value: 0, tags: ['space', 'jazz'], comments: 'Bang',
    });
    const list = items((await call(emu, '/users/@me/animelist?fields=list_status', { token: carol })).json);
    expect(list.map((i) => node(i).id)).toEqual([1]);
    expect(record(list[0]?.list_status).num_episodes_watched).toBe(3);
  });

  it('changes only supplied values (PATCH too) and ignores unknown fields, including the read-back name', async () => {
    clock += 60_000;
    const res = await call(emu, '/anime/1/my_list_status', { method: 'PATCH', token: carol, form: { score: '9', num_episodes_watched: '20', bogus: 'x' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'watching', score: 9, num_episodes_watched: 3, tags: ['space', 'jazz'], comments: 'Bang', updated_at: '2025-05-10T12:01:00+00:00' });
  });

  it('writes manga progress under the same names it reads back', async () => {
    const res = await call(emu, '/manga/401/my_list_status', { method: 'PUT', token: carol, form: { status: 'reading', num_volumes_read: '1', num_chapters_read: '5', is_rereading: 'false', comments: 'Migi' } });
    expect(res.json).toEqual({
      status: 'reading', is_rereading: false, num_volumes_read: 1, num_chapters_read: 5, score: 0, updated_at: expect.stringMatching(/\+00:00$/) as unknown,
      priority: 0, num_times_reread: 0, reread_value: 0, tags: [], comments: 'Migi',
    });
  });

  it.each([
    [{ score: '11' }, 'score'],
    [{ score: '-1' }, 'score'],
    [{ score: '7.5' }, 'score'],
    [{ priority: '3' }, 'priority'],
    [{ rewatch_value: '6' }, 'rewatch_value'],
    [{ status: 'reading' }, 'status'],
    [{ is_rewatching: 'yes' }, 'is_rewatching'],
    [{ num_watched_episodes: 'many' }, 'num_watched_episodes'],
    [{ num_times_rewatched: '-2' }, 'num_times_rewatched'],
  ])('rejects %o with 400 and changes nothing', async (form, param) => {
    const before = JSON.stringify(items((await call(emu, '/users/@me/animelist?fields=list_status', { token: carol })).json));
    const res = await call(emu, '/anime/1/my_list_status', { method: 'PUT', token: carol, form: { comments: 'changed', ...form } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: `invalid ${param}`, error: 'bad_request' });
    const after = JSON.stringify(items((await call(emu, '/users/@me/animelist?fields=list_status', { token: carol })).json));
    expect(after).toBe(before);
  });

  it('requires a form-encoded body', async () => {
    const res = await call(emu, '/anime/1/my_list_status', { method: 'PUT', token: carol, body: JSON.stringify({ score: 5 }), contentType: 'application/json' });
    expect(res.status).toBe(400);
  });

  it('answers 404 for an unknown work', async () => {
    expect((await call(emu, '/anime/999999999/my_list_status', { method: 'PUT', token: carol, form: { score: '1' } })).status).toBe(404);
  });

  it('DELETE answers null once, then 404', async () => {
    const first = await call(emu, '/manga/401/my_list_status', { method: 'DELETE', token: carol });
    expect(first.status).toBe(200);
    expect(first.text).toBe('null');
    const again = await call(emu, '/manga/401/my_list_status', { method: 'DELETE', token: carol });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ message: '', error: 'not_found' });
  });

  it('does not let one user\'s write touch another user\'s list', async () => {
    const before = record(record((await call(emu, '/anime/1?fields=my_list_status', { token: alice })).json).my_list_status);
    await call(emu, '/anime/1/my_list_status', { method: 'PUT', token: carol, form: { score: '2' } });
    const after = record(record((await call(emu, '/anime/1?fields=my_list_status', { token: alice })).json).my_list_status);
    expect(after).toEqual(before);
  });
});

describe('the list write counter', () => {
  it('counts every PUT/PATCH and DELETE of my_list_status per user and kind, refused ones too; reads and unauthenticated writes are not counted', async () => {
    emu.writes.reset();
    expect(emu.writes.of('carol')).toEqual({ put: 0, delete: 0, anime: { put: 0, delete: 0 }, manga: { put: 0, delete: 0 } });
    expect((await call(emu, '/anime/1/my_list_status', { method: 'PUT', token: carol, form: { status: 'watching' } })).status).toBe(200);
    expect((await call(emu, '/anime/1/my_list_status', { method: 'PATCH', token: carol, form: { score: '7' } })).status).toBe(200);
    expect((await call(emu, '/manga/2/my_list_status', { method: 'PUT', token: carol, form: { score: '11' } })).status).toBe(400);
    expect((await call(emu, '/anime/1/my_list_status', { method: 'DELETE', token: carol })).status).toBe(200);
    expect((await call(emu, '/anime/1/my_list_status', { method: 'DELETE', token: carol })).status).toBe(404);
    expect((await call(emu, '/anime/1/my_list_status', { method: 'PUT', form: { status: 'watching' } })).status).toBe(401);
    await call(emu, '/users/@me/animelist', { token: carol });
    expect(emu.writes.of('Carol')).toEqual({ put: 3, delete: 2, anime: { put: 2, delete: 2 }, manga: { put: 1, delete: 0 } });
    expect(emu.writes.of('alice')).toEqual({ put: 0, delete: 0, anime: { put: 0, delete: 0 }, manga: { put: 0, delete: 0 } });
    expect(emu.writes.total()).toEqual({ put: 3, delete: 2 });
    emu.writes.reset();
    expect(emu.writes.total()).toEqual({ put: 0, delete: 0 });
  });
});
