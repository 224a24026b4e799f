import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { call } from '../../emulator/helpers.js';
import { FIXTURES_DIR } from '../fixtures-dir.js';

const FIXTURES = FIXTURES_DIR;
const fixture = (name: string): unknown => JSON.parse(readFileSync(`${FIXTURES}/${name}`, 'utf8'));

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.close();
});

describe('authentication of /v2', () => {
  it('answers 403 forbidden without client header or token, exactly like the real service', async () => {
    const res = await call(emu, '/anime/1', { client: false });
    expect(res.status).toBe(403);
    expect(res.json).toEqual(fixture('ankai__error-403_missing-client-id-header.json'));
  });

  it('answers 400 "Invalid client id" for an unknown client id', async () => {
    const res = await call(emu, '/anime/1', { client: 'bogus' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(fixture('ankai__error-400_invalid-client-id.json'));
  });

  it('answers 401 invalid_token with WWW-Authenticate for an unknown bearer token', async () => {
    const res = await call(emu, '/anime/1', { token: 'not-a-token' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="The access token is invalid"');
    expect(res.json).toEqual({ message: 'The access token is invalid', error: 'invalid_token' });
  });

  it('answers 404 not_found like the real service for an unknown forum topic', async () => {
    const res = await call(emu, '/forum/topic/999999999');
    expect(res.status).toBe(404);
    expect(res.json).toEqual(fixture('ankai__error-404_unknown-forum-topic.json'));
  });

  it('answers M-only endpoints reached with just the client header with 401 invalid_token', async () => {
    for (const path of ['/anime/suggestions', '/users/@me', '/users/@me/animelist']) {
      const res = await call(emu, path);
      expect(res.status, path).toBe(401);
      expect(res.json).toMatchObject({ error: 'invalid_token' });
    }
    const put = await call(emu, '/anime/1/my_list_status', { method: 'PUT', form: { score: '5' } });
    expect(put.status).toBe(401);
  });

  it('authenticates before routing, and answers 404 for unknown paths', async () => {
    expect((await call(emu, '/nope', { client: false })).status).toBe(403);
    const res = await call(emu, '/nope');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: '', error: 'not_found' });
  });
});

describe('request log, stats and faults', () => {
  it('logs method, path, query, auth kind and status; counts /v2 requests', async () => {
    const before = emu.stats.requests;
    await call(emu, '/anime?q=bebop&limit=2');
    await call(emu, '/anime/1', { client: false });
    const t = emu.issueTokensFor('alice');
    await call(emu, '/users/@me', { token: t.access_token });
    expect(emu.stats.requests).toBe(before + 3);
    const last = emu.requestLog.slice(-3);
    expect(last[0]).toEqual({ method: 'GET', path: '/v2/anime', query: { q: 'bebop', limit: '2' }, auth: 'client', status: 200 });
    expect(last[1]).toMatchObject({ path: '/v2/anime/1', auth: 'none', status: 403 });
    expect(last[2]).toMatchObject({ path: '/v2/users/@me', auth: 'bearer', status: 200 });
  });

  it('failNext answers the next n requests with the given response, then recovers', async () => {
    emu.faults.failNext(2, { status: 503, body: '<html>down</html>', contentType: 'text/html' });
    const a = await call(emu, '/anime/1');
    const b = await call(emu, '/anime/1');
    const c = await call(emu, '/anime/1');
    expect([a.status, b.status, c.status]).toEqual([503, 503, 200]);
    expect(a.text).toBe('<html>down</html>');
    expect(a.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('delayMs adds latency; reset clears delay and pending failures', async () => {
    emu.faults.delayMs = 300;
    const start = performance.now();
    await call(emu, '/anime/1');
    expect(performance.now() - start).toBeGreaterThanOrEqual(290);
    emu.faults.failNext(5, { status: 403, body: '{"message":"","error":"forbidden"}' });
    emu.faults.reset();
    expect(emu.faults.delayMs).toBe(0);
    expect((await call(emu, '/anime/1')).status).toBe(200);
  });
});
