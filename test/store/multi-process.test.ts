// Several real processes on one store, per shared engine: single-use takes, token refresh with rotation
// (at most one refresh per user, no link lost) and lock exclusivity hold across processes.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotStore } from '../../src/store/bot-store.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { DEFAULT_CLIENT, startEmulator, type Emulator } from '../../emulator/server.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import type { Job, JobResult } from './child.js';
import { reply } from '../auth/helpers.js';

const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));

interface Child {
  proc: ChildProcessWithoutNullStreams;
  ready: Promise<void>;
  result: Promise<JobResult>;
}

function startChild(job: Job): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(job)], { stdio: 'pipe' });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
  const lines = createInterface({ input: proc.stdout });
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const result = new Promise<JobResult>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line === 'ready') markReady();
      else if (line.startsWith('{')) resolve(JSON.parse(line) as JobResult);
    });
    proc.on('exit', (code) => reject(new Error(`child exited with ${code}: ${stderr.slice(0, 2000)}`)));
  });
  return { proc, ready: Promise.race([ready, result.then(() => undefined)]), result };
}

/** Starts every process, lets them all go at once and collects their results. */
async function runTogether(jobs: Job[]): Promise<JobResult[]> {
  const children = jobs.map(startChild);
  try {
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.proc.stdin.write('go\n');
    return await Promise.all(children.map((c) => c.result));
  } finally {
    for (const c of children) if (c.proc.exitCode === null) c.proc.stdin.end();
  }
}

for (const engineCase of engineCases().filter((c) => c.shared)) {
  const suite = engineCase.skipped ? describe.skip : describe;
  suite(`several processes on one ${engineCase.kind} store${engineCase.skipped ? ` (skipped: ${engineCase.skipped})` : ''}`, () => {
    const key = randomBytes(32);
    let place: OpenedCase;
    let engine: StoreEngine;
    let store: BotStore;
    let emulator: Emulator;

    beforeAll(async () => {
      place = prepareCase(engineCase.kind);
      engine = await place.open();
      store = new BotStore(engine, key);
      emulator = await startEmulator({ host: '127.0.0.1' });
    });
    afterAll(async () => {
      await emulator?.close();
      await engine?.close();
      await place?.cleanup();
    });

    it('200 racing takes of one pending login in 4 processes: exactly one wins', { timeout: 60_000 }, async () => {
      const { state } = await store.pendingLogins.create({ discordUserId: '800000000000000001', codeVerifier: 'v'.repeat(43), redirectUri: 'http://x/cb', reply });
      const results = await runTogether(Array.from({ length: 4 }, (): Job => ({ op: 'take', url: place.url, key: key.toString('base64'), state, count: 50 })));
      const won = results.reduce((sum, r) => sum + (r.op === 'take' ? r.won : 0), 0);
      expect(won).toBe(1);
    });

    it('50 concurrent token rotations across 2 processes: one refresh per user, no link lost, every caller gets the stored token', { timeout: 60_000 }, async () => {
      const users = Array.from({ length: 25 }, (_, i) => `8100000000000000${String(i).padStart(2, '0')}`);
      for (const user of users) {
        const t = emulator.issueTokensFor('alice');
        // Already expired: every call must refresh first, and the rotation spends the old refresh token.
        await store.accounts.set(user, { serviceUserName: 'alice', linkedAt: Date.now(), tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: Date.now() - 1000 } });
      }
      const before = emulator.stats.tokenRequests.refresh_token;
      const job: Job = {
        op: 'refresh',
        url: place.url,
        key: key.toString('base64'),
        authUrl: emulator.url,
        clientId: DEFAULT_CLIENT.id,
        clientSecret: DEFAULT_CLIENT.secret ?? '',
        users,
        callsPerUser: 1,
      };
      const results = await runTogether([job, job]);
      const errors = results.flatMap((r) => (r.op === 'refresh' ? r.errors : []));
      expect(errors).toEqual([]);
      expect(emulator.stats.tokenRequests.refresh_token - before).toBe(users.length);
      for (const user of users) {
        const stored = await store.get(user);
        expect(stored, `link of ${user} lost`).toBeDefined();
        const got = results.flatMap((r) => (r.op === 'refresh' ? (r.tokens[user] ?? []) : []));
        expect(got).toHaveLength(2);
        for (const token of got) expect(token).toBe(stored!.accessToken);
      }
    });

    it('the refresh lock admits one holder at a time across 3 processes', { timeout: 60_000 }, async () => {
      const results = await runTogether(Array.from({ length: 3 }, (): Job => ({ op: 'lock', url: place.url, key: key.toString('base64'), rounds: 15 })));
      expect(results.reduce((sum, r) => sum + (r.op === 'lock' ? r.done : 0), 0)).toBe(45);
      expect(await engine.get('test:counter')).toBe('45');
    });
  });
}
