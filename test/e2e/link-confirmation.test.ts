// Confirm before linking, through the fake Discord, the emulator's login form and the bot's web pages:
// the phishing attempt of issue 10 (attacker starts /login, victim completes), replays, forgeries, expiry.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { authorize, beginLogin, confirmTokenOf, decideLink, expectToldToLogin, openCallback } from '../../local-stack/user-helpers.js';

const ALICE = { name: 'alice', password: 'alice-password' };
const BOB = { name: 'bob', password: 'bob-password' };

describe('confirm before linking, end to end', () => {
  let stack: Stack;
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;

  beforeAll(async () => {
    stack = await startStack({ bot: { now }, emulator: { now } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('the /login reply warns never to share the link', async () => {
    const started = await beginLogin(stack, newUser('warned'));
    expect(textOf(started.reply)).toMatch(/never share this link/i);
  });

  it('phishing: an attacker’s /login completed by a victim links nothing; the page names the attacker; cancel stores nothing', async () => {
    const attacker = { ...newUser('mallory'), globalName: 'Alice’s friend', avatar: 'a'.repeat(32) };
    const started = await beginLogin(stack, attacker, GUILD);

    // The victim opens the attacker's link and logs in to the service as themselves.
    const page = await openCallback(stack, await authorize(started, ALICE));
    expect(page.status).toBe(200);
    // Nothing is linked before the confirmation page is answered.
    expect(await stack.bot.store.accounts.get(attacker.id)).toBeUndefined();
    await expectToldToLogin(stack.command({ name: 'profile', user: attacker, where: GUILD }));

    // The page names both sides: the victim's service account and the attacker's Discord account.
    expect(page.body).toContain(`Link service account <strong>alice</strong> to Discord user <strong>@${attacker.username}</strong>?`);
    expect(page.body).toContain('Alice’s friend');
    expect(page.body).toContain(`Discord ID ${attacker.id}`);
    expect(page.body).toContain(`https://cdn.discordapp.com/avatars/${attacker.id}/${'a'.repeat(32)}`);
    expect(page.body).toMatch(/If someone sent you this link, choose Cancel/);
    expect(page.body).not.toMatch(/<script/i);

    const attackerReply = await started.handle.waitForOriginal((m) => textOf(m).includes('Confirm in your browser'));
    expect(textOf(attackerReply)).toMatch(/nothing is linked/i);

    const cancelled = await decideLink(stack, page, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toContain('Nothing was linked');
    expect(await stack.bot.store.accounts.get(attacker.id)).toBeUndefined();
    const told = await started.handle.waitForOriginal((m) => textOf(m).includes('Link cancelled'));
    expect(textOf(told)).toMatch(/nothing was linked/i);
    expect(started.handle.errors()).toEqual([]);

    // The cancelled page cannot be confirmed afterwards (e.g. the attacker talking the victim into it later).
    const late = await decideLink(stack, page, 'confirm');
    expect(late.status).toBe(400);
    expect(await stack.bot.store.accounts.get(attacker.id)).toBeUndefined();
    await expectToldToLogin(stack.command({ name: 'profile', user: attacker, where: GUILD }));
  });

  it('a confirmation cannot be replayed', async () => {
    const user = newUser('replayer');
    const started = await beginLogin(stack, user);
    const page = await openCallback(stack, await authorize(started, ALICE));
    expect((await decideLink(stack, page)).status).toBe(200);
    await started.handle.waitForOriginal((m) => textOf(m).includes('linked as **alice**'));
    const linked = await stack.bot.store.accounts.get(user.id);
    expect(linked?.serviceUserName).toBe('alice');

    const replay = await decideLink(stack, page);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatch(/already used/);
    const cancelAfter = await decideLink(stack, page, 'cancel');
    expect(cancelAfter.status).toBe(400);
    expect(await stack.bot.store.accounts.get(user.id)).toEqual(linked);
  });

  it('a confirmation cannot be forged across users', async () => {
    const a = newUser('first');
    const b = newUser('second');
    const pageA = await openCallback(stack, await authorize(await beginLogin(stack, a), ALICE));
    const startedB = await beginLogin(stack, b);
    const pageB = await openCallback(stack, await authorize(startedB, BOB));
    const tokenA = confirmTokenOf(pageA);
    const forged = `${b.id}.${tokenA.split('.')[1]}`;
    expect((await decideLink(stack, pageA, 'confirm', forged)).status).toBe(400);
    expect((await decideLink(stack, pageA, 'cancel', forged)).status).toBe(400);
    expect(await stack.bot.store.accounts.get(b.id)).toBeUndefined();

    // Each page still confirms its own login only.
    expect((await decideLink(stack, pageB)).status).toBe(200);
    expect((await decideLink(stack, pageA)).status).toBe(200);
    expect((await stack.bot.store.accounts.get(a.id))?.serviceUserName).toBe('alice');
    expect((await stack.bot.store.accounts.get(b.id))?.serviceUserName).toBe('bob');
    await startedB.handle.waitForOriginal((m) => textOf(m).includes('linked as **bob**'));
  });

  it('a cross-site form post is refused and changes nothing', async () => {
    const user = newUser('csrf');
    const page = await openCallback(stack, await authorize(await beginLogin(stack, user), ALICE));
    const res = await fetch(`${stack.config.web.publicUrl}/oauth/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ token: confirmTokenOf(page), action: 'confirm' }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();
  });

  it('an expired confirmation stores nothing; the reply had said until when', async () => {
    const user = newUser('slow');
    const started = await beginLogin(stack, user);
    const page = await openCallback(stack, await authorize(started, ALICE));
    const waiting = await started.handle.waitForOriginal((m) => textOf(m).includes('Confirm in your browser'));
    expect(textOf(waiting)).toMatch(/If it is not confirmed by <t:\d+:t> \(<t:\d+:R>\), nothing is linked/);
    offsetMs += 5 * 60 * 1000 + 1000;
    try {
      const late = await decideLink(stack, page);
      expect(late.status).toBe(400);
      expect(late.body).toMatch(/expired/);
    } finally {
      offsetMs -= 5 * 60 * 1000 + 1000;
    }
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();
  });
});
