import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Keyv from 'keyv';
import KeyvSqlite from '@keyv/sqlite';
import { SqliteEngine } from '../../src/store/engines/sqlite.js';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type BotStore, type LinkedAccount } from '../../src/store/bot-store.js';
import { makeTempDir, secretLike, testKey } from '../auth/helpers.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function temp(): string {
  const t = makeTempDir();
  cleanups.push(t.cleanup);
  return t.dir;
}

async function open(url: string, key: Buffer, onUnreadable?: (ns: string) => void): Promise<BotStore> {
  const store = await openStore(url, key, onUnreadable ? { onUnreadableRecord: onUnreadable } : {});
  let closed = false;
  const close = store.close.bind(store);
  store.close = async () => {
    if (closed) return;
    closed = true;
    await close();
  };
  cleanups.push(() => store.close());
  return store;
}

function account(name = 'alice'): LinkedAccount {
  return {
    serviceUserName: name,
    tokens: { accessToken: secretLike('access'), refreshToken: secretLike('refresh'), expiresAt: 1_800_000_000_000 },
    linkedAt: 1_700_000_000_000,
  };
}

/** Writes a raw value under the store's internal key, bypassing encryption. */
async function writeRaw(file: string, key: string, value: string): Promise<void> {
  const engine = await SqliteEngine.open(file);
  await engine.set(key, value);
  await engine.close();
}

async function readRaw(file: string, key: string): Promise<string | undefined> {
  const engine = await SqliteEngine.open(file);
  const value = await engine.get(key);
  await engine.close();
  return value;
}

/** Writes records the way the earlier Keyv-based store did (table `keyv`, namespace `amls`). */
async function writeLegacy(file: string, records: Record<string, string>, ttlMs?: number): Promise<void> {
  const keyv = new Keyv<string>({ store: new KeyvSqlite({ uri: `sqlite://${file}` }), namespace: 'amls', serialize: JSON.stringify, deserialize: JSON.parse });
  for (const [key, value] of Object.entries(records)) await keyv.set(key, value, ttlMs);
  await keyv.disconnect();
}

describe('openStore (sqlite)', () => {
  it('creates the folder, persists accounts across close/reopen', async () => {
    const dir = temp();
    const file = join(dir, 'nested', 'deeper', 'bot.sqlite');
    const key = testKey();
    const acc = account();
    const s1 = await open(`sqlite://${file}`, key);
    await s1.accounts.set('111', acc);
    await s1.close();
    expect(statSync(file).mode & 0o077).toBe(0);

    const s2 = await open(`sqlite://${file}`, key);
    expect(await s2.accounts.get('111')).toEqual(acc);
    expect(await s2.accounts.get('222')).toBeUndefined();
    expect(await s2.get('111')).toEqual(acc.tokens);
    expect(await s2.ping()).toBe(true);
  });

  it('resolves a relative path against the working directory', async () => {
    const dir = temp();
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const s = await open('sqlite://data/bot.sqlite', testKey());
      await s.accounts.set('1', account());
      await s.close();
    } finally {
      process.chdir(cwd);
    }
    expect(statSync(join(dir, 'data', 'bot.sqlite')).isFile()).toBe(true);
  });

  it('rejects unsupported URLs', async () => {
    await expect(openStore('mysql://localhost/db', testKey())).rejects.toThrow(/sqlite:\/\/PATH/);
    await expect(openStore('data/bot.sqlite', testKey())).rejects.toThrow(/unsupported STORE_URL/);
  });

  it('takes over a file written by the earlier Keyv-based store: links open, old expired logins stay gone', async () => {
    const file = join(temp(), 'legacy.sqlite');
    const key = testKey();
    // Seal a record with this key the way the store does, then write it in the old Keyv format.
    const writer = await open('memory://', key);
    await writer.accounts.set('4242', account('legacy-user'));
    const sealed = await writer.engine.get('accounts:4242');
    await writeLegacy(file, { 'accounts:4242': sealed! });
    await writeLegacy(file, { 'logins:old': 'v1.x.y.z' }, 1);
    await new Promise((r) => setTimeout(r, 5));
    const s = await open(`sqlite://${file}`, key);
    expect((await s.accounts.get('4242'))?.serviceUserName).toBe('legacy-user');
    expect(await s.engine.get('logins:old')).toBeUndefined();
    await s.close();
    // Taken over once: the old table is gone and reopening keeps the record.
    const again = await open(`sqlite://${file}`, key);
    expect((await again.accounts.get('4242'))?.serviceUserName).toBe('legacy-user');
  });

  it('supports memory://', async () => {
    const s = await open('memory://', testKey());
    await s.accounts.set('5', account('bob'));
    expect((await s.accounts.get('5'))?.serviceUserName).toBe('bob');
  });

  it('TokenStorage.replace keeps name and link time, writes only over the expected refresh token, never recreates', async () => {
    const s = await open(`sqlite://${join(temp(), 'b.sqlite')}`, testKey());
    const acc = account('carol');
    await s.accounts.set('7', acc);
    const rotated = { accessToken: 'new-access', refreshToken: 'new-refresh', expiresAt: 42 };
    expect(await s.replace('7', 'not-the-stored-refresh-token', rotated)).toBe(false);
    expect(await s.accounts.get('7')).toEqual(acc);
    expect(await s.replace('7', acc.tokens.refreshToken, rotated)).toBe(true);
    expect(await s.accounts.get('7')).toEqual({ serviceUserName: 'carol', linkedAt: acc.linkedAt, tokens: rotated });
    // The record now holds the rotated token: a second write expecting the old one is refused.
    expect(await s.replace('7', acc.tokens.refreshToken, { ...rotated, accessToken: 'stale' })).toBe(false);
    expect(await s.get('7')).toEqual(rotated);
    expect(await s.accounts.delete('7')).toBe(true);
    expect(await s.replace('7', rotated.refreshToken, rotated)).toBe(false);
    expect(await s.accounts.get('7')).toBeUndefined();
    expect(await s.accounts.delete('7')).toBe(false);
  });

  it('a refresh for one link never lands under another link (re-linked as someone else meanwhile)', async () => {
    const s = await open('memory://', testKey());
    const alice = account('alice');
    await s.accounts.set('8', alice);
    const bob = account('bob');
    await s.accounts.set('8', bob);
    const aliceRefreshed = { accessToken: 'alice-2', refreshToken: 'alice-r2', expiresAt: 43 };
    expect(await s.replace('8', alice.tokens.refreshToken, aliceRefreshed)).toBe(false);
    expect(await s.accounts.get('8')).toEqual(bob);
    expect(await s.remove('8', alice.tokens.refreshToken)).toBe(false);
    expect(await s.accounts.get('8')).toEqual(bob);
  });

  it('TokenStorage.remove deletes only the record holding the expected refresh token', async () => {
    const s = await open('memory://', testKey());
    const acc = account('dora');
    await s.accounts.set('9', acc);
    expect(await s.remove('9', 'other')).toBe(false);
    expect(await s.accounts.get('9')).toEqual(acc);
    expect(await s.remove('9', acc.tokens.refreshToken)).toBe(true);
    expect(await s.get('9')).toBeUndefined();
    expect(await s.remove('9', acc.tokens.refreshToken)).toBe(false);
  });

  it('replace and remove are compare-and-set against account writes on the same user', async () => {
    const s = await open('memory://', testKey());
    const alice = account('alice');
    await s.accounts.set('10', alice);
    const bob = account('bob');
    const rotated = { accessToken: 'alice-2', refreshToken: 'alice-r2', expiresAt: 44 };
    // Issued together: the re-link is queued first, so the replace sees bob's record and must not write.
    const [, replaced] = await Promise.all([s.accounts.set('10', bob), s.replace('10', alice.tokens.refreshToken, rotated)]);
    expect(replaced).toBe(false);
    expect(await s.accounts.get('10')).toEqual(bob);
  });

  it('treats a record sealed with another key as not linked', async () => {
    const file = join(temp(), 'k.sqlite');
    const s1 = await open(`sqlite://${file}`, testKey());
    await s1.accounts.set('9', account());
    await s1.close();
    const unreadable: string[] = [];
    const s2 = await open(`sqlite://${file}`, testKey(), (ns) => unreadable.push(ns));
    expect(await s2.accounts.get('9')).toBeUndefined();
    expect(await s2.get('9')).toBeUndefined();
    expect(unreadable).toEqual(['accounts', 'accounts']);
    // A fresh login overwrites it.
    await s2.accounts.set('9', account('dave'));
    expect((await s2.accounts.get('9'))?.serviceUserName).toBe('dave');
  });

  it('treats garbage, non-JSON rows and records moved to another user as not linked', async () => {
    const file = join(temp(), 'g.sqlite');
    const key = testKey();
    const s1 = await open(`sqlite://${file}`, key);
    await s1.accounts.set('1', account('erin'));
    await s1.close();
    const sealedForUser1 = await readRaw(file, 'accounts:1');
    expect(sealedForUser1).toMatch(/^v1\./);
    await writeRaw(file, 'accounts:2', sealedForUser1!);
    await writeRaw(file, 'accounts:3', 'garbage');
    const s2 = await open(`sqlite://${file}`, key);
    expect((await s2.accounts.get('1'))?.serviceUserName).toBe('erin');
    expect(await s2.accounts.get('2')).toBeUndefined();
    expect(await s2.accounts.get('3')).toBeUndefined();
    await s2.close();

    // A legacy row that is not even Keyv JSON is not taken over.
    const raw = new KeyvSqlite({ uri: `sqlite://${file}` });
    await raw.set('amls:accounts:4', '{{{not json');
    await raw.disconnect();
    const s3 = await open(`sqlite://${file}`, key);
    expect(await s3.accounts.get('4')).toBeUndefined();
    expect((await s3.accounts.get('1'))?.serviceUserName).toBe('erin');
  });

  it('leaves no token, verifier, state or interaction token in the database files', async () => {
    const dir = temp();
    const file = join(dir, 'secret.sqlite');
    const s = await open(`sqlite://${file}`, testKey());
    const acc = account('frank');
    await s.accounts.set('12345', acc);
    const verifier = `verifier${'x'.repeat(20)}${secretLike('v')}`;
    const interactionToken = secretLike('interaction');
    const { state } = await s.pendingLogins.create({
      discordUserId: '12345',
      codeVerifier: verifier,
      redirectUri: 'http://127.0.0.1/oauth/callback',
      reply: { applicationId: '99', interactionToken },
    });
    const { state: state2 } = await s.pendingLogins.create({
      discordUserId: '12345',
      codeVerifier: verifier,
      redirectUri: 'http://127.0.0.1/oauth/callback',
      reply: { applicationId: '99', interactionToken },
    });
    expect(await s.pendingLogins.take(state2)).toBeDefined();
    expect(await s.replace('12345', acc.tokens.refreshToken, { ...acc.tokens, accessToken: acc.tokens.accessToken + '-2' })).toBe(true);
    await s.close();

    const bytes = Buffer.concat(readdirSync(dir).map((f) => readFileSync(join(dir, f))));
    const latin = bytes.toString('latin1');
    const secrets = [acc.tokens.accessToken, acc.tokens.refreshToken, verifier, state, state2, interactionToken];
    for (const secret of secrets) {
      const forms = [
        secret,
        Buffer.from(secret).toString('base64').slice(0, 24),
        Buffer.from(secret).toString('base64url').slice(0, 24),
        Buffer.from(secret).toString('hex').slice(0, 24),
        Buffer.from(secret, 'base64url').toString('latin1').slice(0, 12),
        Buffer.from(secret, 'utf16le').toString('latin1').slice(0, 24),
      ];
      for (const form of forms) expect(latin.includes(form), `found a form of a secret: ${form.slice(0, 6)}…`).toBe(false);
    }
    // The check itself can see plain text: the user id and the record name space are there.
    expect(latin).toContain('accounts:12345');
    expect(latin).not.toContain('frank');
  });
});
