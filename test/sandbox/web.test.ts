// The sandbox page's server: local-only, the component library served from node_modules with an
// import map the CSP allows, and clear 400s for bad requests that change nothing.

import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';
import { Actions } from '../../sandbox/actions.js';
import { placeOf, USERS } from '../../sandbox/places.js';
import { Timeline } from '../../sandbox/timeline.js';
import { startPage, type RunningPage } from '../../sandbox/web.js';

describe('sandbox page server', () => {
  let fake: FakeDiscord;
  let page: RunningPage;
  let timeline: Timeline;

  beforeAll(async () => {
    fake = await startFakeDiscord();
    timeline = new Timeline(fake);
    page = await startPage(new Actions(fake, timeline), timeline, { port: 0, accounts: [{ name: 'alice', password: 'pw' }], emulatorUrl: 'http://127.0.0.1:1' });
  });

  afterAll(async () => {
    await page?.close();
    await fake?.close();
  });

  it('serves the page with a CSP that allows only this origin and its own import map', async () => {
    const res = await fetch(page.url);
    const html = await res.text();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    const map = /<script type="importmap">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(map).digest('base64')}'`);
    const imports = (JSON.parse(map) as { imports: Record<string, string> }).imports;
    for (const target of Object.values(imports).filter((t) => t.endsWith('.js'))) {
      expect((await fetch(new URL(target, page.url))).status, target).toBe(200);
    }
  });

  it('refuses requests addressed to another host name', async () => {
    const { port } = new URL(page.url);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/api/world', headers: { host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(421);
  });

  it('answers bad requests with a clear 400 and records nothing', async () => {
    const post = (path: string, body: unknown) =>
      fetch(new URL(path, page.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const user = USERS[0]?.id;
    const cases: Array<[string, unknown, RegExp]> = [
      ['/api/command', { place: 'nowhere', user, name: 'anime' }, /Unknown channel or user/],
      ['/api/command', { place: 'general', user, name: 'nope' }, /not a registered command/],
      ['/api/command', [1, 2], /JSON object/],
      ['/api/component', { place: 'general', user, messageId: '1', customId: 'x' }, /not in this channel/],
      ['/api/next-episode', { place: 'general' }, /Unknown channel or user/],
      ['/api/next-episode', ['general'], /JSON object/],
      // A page without the sandbox's clock (this test's) has no clock to move.
      ['/api/next-episode', { place: 'dm', user }, /no clock to move/],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    const malformed = await fetch(new URL('/api/command', page.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(malformed.status).toBe(400);
    const general = placeOf('general');
    if (!general || !USERS[0]) throw new Error('the sandbox has a #general and users');
    expect(timeline.view(general, USERS[0])).toEqual([]);
    // The clock it shows is the real one.
    const clock = (await (await fetch(new URL('/api/clock', page.url))).json()) as { now: number; offsetMs: number };
    expect(clock.offsetMs).toBe(0);
    expect(Math.abs(clock.now - Date.now())).toBeLessThan(5000);
  });
});
