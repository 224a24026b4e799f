import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Keyv from 'keyv';
import KeyvSqlite from '@keyv/sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { BotStore, type LinkedAccount } from '../../src/store/bot-store.js';
import { MemoryEngine, openEngine } from '../../src/store/engines/index.js';
import { migrateStore } from '../../src/store/migrate.js';
import { engineCases, prepareCase } from '../../local-stack/store-engines.js';
import { makeTempDir, secretLike, testKey } from '../auth/helpers.js';

const run = promisify(execFile);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function account(name: string): LinkedAccount {
  return { serviceUserName: name, linkedAt: 1_700_000_000_000, tokens: { accessToken: secretLike('a'), refreshToken: secretLike('r'), expiresAt: 1_800_000_000_000 } };
}

/** A file as the earlier Keyv-based store wrote it, holding `accounts` sealed with `key`. */
async function legacyFile(key: Buffer, accounts: Record<string, LinkedAccount>): Promise<string> {
  const temp = makeTempDir();
  cleanups.push(temp.cleanup);
  const sealer = new BotStore(new MemoryEngine(), key);
  const keyv = new Keyv<string>({ store: new KeyvSqlite({ uri: `sqlite://${join(temp.dir, 'old.sqlite')}` }), namespace: 'amls', serialize: JSON.stringify, deserialize: JSON.parse });
  for (const [id, acc] of Object.entries(accounts)) {
    await sealer.accounts.set(id, acc);
    await keyv.set(`accounts:${id}`, (await sealer.engine.get(`accounts:${id}`))!);
  }
  await keyv.set('logins:abc', 'v1.a.b.c', 60_000);
  await keyv.disconnect();
  return join(temp.dir, 'old.sqlite');
}

for (const target of engineCases().filter((c) => c.shared)) {
  const suite = target.skipped ? describe.skip : describe;
  suite(`store:migrate from a Keyv-era SQLite file to ${target.kind}${target.skipped ? ` (skipped: ${target.skipped})` : ''}`, () => {
    it('moves every link, still sealed, keeps what the target has unless --overwrite', async () => {
      const key = testKey();
      const alice = account('alice');
      const bob = account('bob');
      const file = await legacyFile(key, { '1001': alice, '1002': bob });
      const place = prepareCase(target.kind);
      cleanups.push(() => place.cleanup());

      // The target already links 1002 differently.
      const pre = await place.open();
      const newer = account('bob-newer');
      await new BotStore(pre, key).accounts.set('1002', newer);
      await pre.close();

      expect(await migrateStore(`sqlite://${file}`, place.url)).toEqual({ copied: 1, skipped: 1 });
      const engine = await place.open();
      cleanups.push(() => engine.close());
      const store = new BotStore(engine, key);
      expect(await store.accounts.get('1001')).toEqual(alice);
      expect(await store.accounts.get('1002')).toEqual(newer);
      expect(await engine.keys('logins:')).toEqual([]);
      for (const row of await place.raw()) expect(row.value).not.toContain(alice.tokens.refreshToken);

      expect(await migrateStore(`sqlite://${file}`, place.url, { overwrite: true })).toEqual({ copied: 2, skipped: 0 });
      expect(await store.accounts.get('1002')).toEqual(bob);
    });
  });
}

describe('store:migrate command', () => {
  it('copies through the CLI and explains bad arguments', { timeout: 30_000 }, async () => {
    const key = testKey();
    const file = await legacyFile(key, { '2001': account('carol') });
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const target = `sqlite://${join(temp.dir, 'new.sqlite')}`;
    const cli = ['--import', 'tsx', 'src/app/migrate-cli.ts'];
    const ok = await run(process.execPath, [...cli, `sqlite://${file}`, target]);
    expect(ok.stdout).toMatch(/Copied 1 linked account/);
    const engine = await openEngine(target);
    cleanups.push(() => engine.close());
    expect((await new BotStore(engine, key).accounts.get('2001'))?.serviceUserName).toBe('carol');

    await expect(run(process.execPath, [...cli, `sqlite://${file}`])).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/usage: npm run store:migrate/) });
    await expect(run(process.execPath, [...cli, `sqlite://${file}`, 'mysql://u:hunter2@db/x'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.not.stringContaining('hunter2'),
    });
  });
});
