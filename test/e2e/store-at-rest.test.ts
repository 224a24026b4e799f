import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DM, GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf, authorize, beginLogin, linkThrough, type StartedLogin } from '../../local-stack/user-helpers.js';

/** Every encoding a secret could plausibly be written in: as is, base64, base64url, hex, and its decoded bytes. */
function encodings(secret: string): Buffer[] {
  const utf8 = Buffer.from(secret, 'utf8');
  const forms = [utf8, Buffer.from(utf8.toString('base64')), Buffer.from(utf8.toString('base64url'))];
  const hex = utf8.toString('hex');
  forms.push(Buffer.from(hex), Buffer.from(hex.toUpperCase()));
  if (/^[A-Za-z0-9_-]+$/.test(secret)) {
    const raw = Buffer.from(secret, 'base64url');
    if (raw.length >= 16) forms.push(raw, Buffer.from(raw.toString('hex')), Buffer.from(raw.toString('base64')));
  }
  return forms;
}

function databaseFiles(storeUrl: string): Buffer[] {
  const path = storeUrl.replace(/^sqlite:\/\//, '');
  return [path, `${path}-wal`, `${path}-journal`, `${path}-shm`].filter((p) => existsSync(p)).map((p) => readFileSync(p));
}

describe('the token store at rest', () => {
  let stack: Stack;
  const secrets = new Map<string, string>();
  const linked = [newUser('rest-a'), newUser('rest-b')];
  const waiting = newUser('rest-pending');
  let pending: StartedLogin | undefined;

  beforeAll(async () => {
    stack = await startStack({ log: true });
    const remember = async (id: string, label: string) => {
      const account = await stack.bot.store.accounts.get(id);
      if (!account) throw new Error(`${label}: not linked`);
      secrets.set(`${label} access token`, account.tokens.accessToken);
      secrets.set(`${label} refresh token`, account.tokens.refreshToken);
    };

    const a = await stack.login(linked[0]!, { name: 'alice', password: 'alice-password' }, DM);
    secrets.set('login A interaction token', a.token);
    await remember(linked[0]!.id, 'A');
    // A refresh rotates both tokens: the new ones must not be in clear either.
    stack.emulator.expireAccessTokens('alice');
    const profile = await answerOf(stack.command({ name: 'profile', user: linked[0]!, where: GUILD }));
    expect(profile.message.embeds?.[0]?.title).toBe('alice');
    expect(stack.emulator.stats.tokenRequests.refresh_token).toBe(1);
    await remember(linked[0]!.id, 'A (rotated)');

    // B: linked through the steps of a person, keeping its state and verifier too.
    const b = await beginLogin(stack, linked[1]!, GUILD);
    secrets.set('login B state', b.state);
    secrets.set('login B verifier', b.verifier);
    secrets.set('login B interaction token', b.handle.token);
    expect((await linkThrough(stack, await authorize(b, { name: 'bob', password: 'bob-password' }))).status).toBe(200);
    await remember(linked[1]!.id, 'B');

    // A login still pending: its verifier, state and reply token are in the store right now.
    pending = await beginLogin(stack, waiting, DM);
    secrets.set('pending state', pending.state);
    secrets.set('pending verifier', pending.verifier);
    secrets.set('pending interaction token', pending.handle.token);

    for (const [label, value] of secrets) expect(value.length, label).toBeGreaterThanOrEqual(40);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const expectNoSecrets = (files: Buffer[]) => {
    for (const [label, secret] of secrets) {
      for (const form of encodings(secret)) {
        for (const file of files) expect(file.indexOf(form), `${label} found in the database`).toBe(-1);
      }
    }
  };

  it('the database files contain no token, verifier, state or interaction token, in any encoding', async () => {
    const files = databaseFiles(stack.config.store.url);
    expect(files.length).toBeGreaterThan(0);
    const all = Buffer.concat(files);
    // The records are there (keyed by Discord user id), so the check reads the right, populated file.
    for (const user of linked) expect(all.includes(`accounts:${user.id}`), `record of ${user.id}`).toBe(true);
    expect(all.includes(`login-user:${waiting.id}:`)).toBe(true);
    expectNoSecrets(files);

    // The store still works with those records: the pending login completes.
    if (!pending) throw new Error('no pending login');
    expect((await linkThrough(stack, await authorize(pending, { name: 'carol', password: 'carol-password' }))).status).toBe(200);
    expect((await stack.bot.store.accounts.get(waiting.id))?.serviceUserName).toBe('carol');
    const carol = await stack.bot.store.accounts.get(waiting.id);
    secrets.set('C access token', carol?.tokens.accessToken ?? '');
    secrets.set('C refresh token', carol?.tokens.refreshToken ?? '');
    expectNoSecrets(databaseFiles(stack.config.store.url));
  });

  it('the bot’s log lines contain none of those secrets either', () => {
    const log = stack.logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const [label, secret] of secrets) expect(log.includes(secret), `${label} in the log`).toBe(false);
  });

  it('after a restart (store closed and reopened) the files still hold no secret and the links survive', async () => {
    await stack.restartBot();
    expectNoSecrets(databaseFiles(stack.config.store.url));
    expect((await stack.bot.store.accounts.get(linked[0]!.id))?.tokens.accessToken).toBe(secrets.get('A (rotated) access token'));
    const profile = await answerOf(stack.command({ name: 'profile', user: linked[1]!, where: GUILD }));
    expect(profile.message.embeds?.[0]?.title).toBe('bob');
  });

  it('records sealed under another key read as not linked, without a crash, and the user can link again', async () => {
    stack.config.store.encryptionKey = randomBytes(32).toString('base64');
    await stack.restartBot();
    const user = linked[1]!;
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();
    const profile = await answerOf(stack.command({ name: 'profile', user, where: GUILD }));
    expect(profile.ephemeral).toBe(true);
    expect(profile.text).toContain('/login');
    const login = await beginLogin(stack, user, GUILD);
    expect(textOf(login.reply)).not.toContain('linked as');
    expect((await linkThrough(stack, await authorize(login, { name: 'bob', password: 'bob-password' }))).status).toBe(200);
    const again = await answerOf(stack.command({ name: 'profile', user, where: GUILD }));
    expect(again.message.embeds?.[0]?.title).toBe('bob');
  });
});
