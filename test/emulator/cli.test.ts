import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../emulator/cli.js';

describe('cli argument parsing', () => {
  it('groups client flags in order and parses users and numbers', () => {
    const args = parseCli([
      '--port', '9000', '--client-id', 'A', '--client-secret', 'SA', '--redirect-uri', 'http://a/cb', '--redirect-uri', 'http://a/cb2',
      '--client-id', 'B', '--redirect-uri', 'http://b/cb', '--user', 'dora:pw:with:colons', '--access-token-ttl', '60', '--catalogue-size', '1000',
    ]);
    expect(args.port).toBe(9000);
    expect(args.clients).toEqual([
      { id: 'A', secret: 'SA', redirectUris: ['http://a/cb', 'http://a/cb2'] },
      { id: 'B', redirectUris: ['http://b/cb'] },
    ]);
    expect(args.users).toEqual([{ name: 'dora', password: 'pw:with:colons' }]);
    expect(args.accessTtl).toBe(60);
    expect(args.size).toBe(1000);
  });

  it('rejects malformed input', () => {
    expect(() => parseCli(['--client-secret', 'x'])).toThrow(/follow a --client-id/);
    expect(() => parseCli(['--client-id', 'A'])).toThrow(/redirect-uri/);
    expect(() => parseCli(['--user', 'nopassword'])).toThrow(/NAME:PASSWORD/);
    expect(() => parseCli(['--port', 'abc'])).toThrow(/integer/);
    expect(() => parseCli(['--bogus'])).toThrow();
  });

  it('gives a --user seeded lists of --lists NAME:ANIME:MANGA sizes', () => {
    expect(parseCli(['--user', 'dora:pw:x', '--lists', 'DORA:10000:500']).users).toEqual([{ name: 'dora', password: 'pw:x', lists: { anime: 10000, manga: 500 } }]);
    expect(() => parseCli(['--lists', 'dora:1:2'])).toThrow(/--user dora:PASSWORD/);
    expect(() => parseCli(['--user', 'dora:pw', '--lists', 'dora:many:2'])).toThrow(/NAME:ANIME:MANGA/);
  });

  it('parses --throttle RPS[:COOL_OFF_MS] and documents it in --help', () => {
    expect(parseCli([]).throttle).toBeUndefined();
    expect(parseCli(['--throttle', '5']).throttle).toEqual({ requestsPerSecond: 5 });
    expect(parseCli(['--throttle', '5:2500']).throttle).toEqual({ requestsPerSecond: 5, coolOffMs: 2500 });
    expect(parseCli(['--throttle', '1:0']).throttle).toEqual({ requestsPerSecond: 1, coolOffMs: 0 });
    for (const bad of ['0', '', 'x', '5:', ':100', '5:-1', '2.5', '5:100:1']) expect(() => parseCli(['--throttle', bad])).toThrow(/--throttle needs RPS\[:COOL_OFF_MS\]/);
    expect(() => parseCli(['--help'])).toThrow(/--throttle RPS\[:COOL_OFF_MS\][\s\S]*Retry-After/);
  });

  it('parses --pictures PORT (its own picture host) and documents it in --help', () => {
    expect(parseCli([]).picturesPort).toBeUndefined();
    expect(parseCli(['--pictures', '8788']).picturesPort).toBe(8788);
    expect(() => parseCli(['--pictures', 'x'])).toThrow(/integer/);
    expect(() => parseCli(['--help'])).toThrow(/--pictures PORT[\s\S]*COVER_HOSTS/);
  });
});

describe('cli process', () => {
  it('prints the listening line and the credentials, serves requests and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--user', 'dora:pw'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
        if (m?.[1] && out.includes('user: dora:pw')) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`cli exited early (${String(code)}): ${out}`)));
    });
    expect(out).toMatch(/client: id=amls-emulator-default-client-id0 /);
    const res = await fetch(`${url}/v2/forum/boards`, { headers: { 'x-service-client-id': 'amls-emulator-default-client-id0' } });
    expect(res.status).toBe(200);
    expect(out).toMatch(/^throttle: off$/m);
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('--throttle makes it answer a burst with 403 forbidden and no Retry-After', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--throttle', '2:60000'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
        if (m?.[1] && out.includes('throttle:')) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`cli exited early (${String(code)}): ${out}`)));
    });
    try {
      expect(out).toMatch(/^throttle: 2 requests\/s per client ID, cool-off 60000 ms$/m);
      const get = (): Promise<Response> => fetch(`${url}/v2/forum/boards`, { headers: { 'x-service-client-id': 'amls-emulator-default-client-id0' } });
      // One concurrent burst (not sequential requests, which a loaded machine might spread over more than a second).
      const burst = await Promise.all(Array.from({ length: 5 }, get));
      expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 403, 403, 403]);
      const throttled = burst.find((r) => r.status === 403);
      if (!throttled) throw new Error('no 403');
      expect(await throttled.text()).toBe('{"message":"","error":"forbidden"}');
      expect(throttled.headers.get('retry-after')).toBeNull();
      expect((await get()).status).toBe(403);
    } finally {
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    }
  });
});
