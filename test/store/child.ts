// A separate process acting on a shared store, for the multi-process tests. Argument: a JSON Job.
// It opens the store, prints "ready", waits for "go" on stdin (so every process starts together),
// runs the job and prints one JSON line with the result.
import { createInterface } from 'node:readline';
import { openStore } from '../../src/store/bot-store.js';
import { OAuthClient } from '../../src/service/oauth.js';
import { TokenManager } from '../../src/service/token-source.js';

export type Job =
  | { op: 'take'; url: string; key: string; state: string; count: number }
  | { op: 'refresh'; url: string; key: string; authUrl: string; clientId: string; clientSecret: string; users: string[]; callsPerUser: number }
  | { op: 'lock'; url: string; key: string; rounds: number };

export type JobResult =
  | { op: 'take'; won: number }
  | { op: 'refresh'; tokens: Record<string, string[]>; errors: string[]; refreshes: number }
  | { op: 'lock'; done: number };

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const store = await openStore(job.url, Buffer.from(job.key, 'base64'));
const lines = createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => lines.on('line', (line) => line.trim() === 'go' && resolve()));
process.stdout.write('ready\n');
await go;

let result: JobResult;
switch (job.op) {
  case 'take': {
    const taken = await Promise.all(Array.from({ length: job.count }, () => store.pendingLogins.take(job.state)));
    result = { op: 'take', won: taken.filter((t) => t !== undefined).length };
    break;
  }
  case 'refresh': {
    const oauth = new OAuthClient({ authUrl: job.authUrl, clientId: job.clientId, clientSecret: job.clientSecret, userAgent: 'store-test' });
    const manager = new TokenManager({ oauth, storage: store });
    const tokens: Record<string, string[]> = {};
    const errors: string[] = [];
    await Promise.all(
      job.users.flatMap((user) =>
        Array.from({ length: job.callsPerUser }, async () => {
          try {
            (tokens[user] ??= []).push(await manager.getAccessToken(user));
          } catch (error) {
            errors.push(`${user}: ${(error as Error).name}: ${(error as Error).message}`);
          }
        }),
      ),
    );
    await oauth.close();
    result = { op: 'refresh', tokens, errors, refreshes: manager.refreshCount };
    break;
  }
  case 'lock': {
    // A deliberately non-atomic read-modify-write: correct only if the lock admits one holder at a time.
    let done = 0;
    await Promise.all(
      Array.from({ length: job.rounds }, async () => {
        await store.withRefreshLock('counter', async () => {
          const current = Number((await store.engine.get('test:counter')) ?? '0');
          await new Promise((r) => setTimeout(r, 1));
          await store.engine.set('test:counter', String(current + 1));
          done++;
        });
      }),
    );
    result = { op: 'lock', done };
    break;
  }
}
process.stdout.write(`${JSON.stringify(result)}\n`);
lines.close();
await store.close();
