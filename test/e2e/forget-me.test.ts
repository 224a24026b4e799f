// "Forget me": /logout offers a button that deletes everything the bot stores about the clicker, in one
// store operation, and says what it deleted.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentId, DM, GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf, authorize, beginLogin, confirmTokenOf, decideLink, expectToldToLogin, openCallback } from '../../local-stack/user-helpers.js';

const ALICE = { name: 'alice', password: 'alice-password' };
const FORGET = 'Also delete everything stored about me';

describe('forget me end to end', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('logout, then forget: every kind of record about the user is gone and the answer says what was deleted', async () => {
    const user = newUser('forget');
    const bystander = newUser('bystander');
    await stack.login(user, ALICE);
    await stack.login(bystander, ALICE);

    // Everything a user can leave behind: a link, unfinished logins, a link awaiting confirmation, settings.
    expect((await answerOf(stack.command({ name: 'settings', subcommand: 'titles', options: { form: 'english' }, user, where: DM }))).text).toContain('Title form saved');
    const pendingBefore = await beginLogin(stack, user);
    const awaiting = await openCallback(stack, await authorize(await beginLogin(stack, user), ALICE));
    expect(awaiting.status).toBe(200);

    const out = await answerOf(stack.command({ name: 'logout', user, where: GUILD }));
    expect(out.ephemeral).toBe(true);
    expect(out.text).toMatch(/logged out/i);
    const button = componentId(out.message, FORGET);

    // Something stored after the logout (a new /login) is what the button finds.
    const pendingAfter = await beginLogin(stack, user, DM);

    // Only the user themselves can use the button (the take below proves the stranger's click deleted nothing).
    const stranger = await answerOf(stack.click(out.message, button, bystander, GUILD));
    expect(stranger.text).toMatch(/Only the person who ran this command/);
    expect(await stack.bot.store.pendingLogins.take(pendingAfter.state)).toBeDefined();
    const pendingLast = await beginLogin(stack, user, DM);

    const click = stack.click(out.message, button, user, GUILD);
    const forgotten = await answerOf(click);
    expect(forgotten.ephemeral).toBe(true);
    expect(forgotten.text).toContain('Everything about you is deleted');
    expect(forgotten.text).toContain('pending logins: 1');
    // The title form chosen and the language noted at /login.
    expect(forgotten.text).toContain('settings (title form and language): 2');
    expect(forgotten.text).toMatch(/stores nothing about you/);
    expect(forgotten.message.components ?? []).toEqual([]);
    expect(click.errors()).toEqual([]);

    // Nothing is left: no link, no pending login (its link no longer works), no link awaiting confirmation.
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();
    for (const started of [pendingBefore, pendingLast]) {
      expect(await stack.bot.store.pendingLogins.take(started.state)).toBeUndefined();
    }
    expect((await decideLink(stack, awaiting)).status).toBe(400);
    expect(await stack.bot.store.pendingLinks.take(confirmTokenOf(awaiting))).toBeUndefined();
    expect(await stack.bot.store.forgetUser(user.id)).toMatchObject({ account: false, pendingLogins: 0, other: { 'link-confirmations': 0 } });
    await expectToldToLogin(stack.command({ name: 'profile', user, where: GUILD }));
    expect(await stack.bot.deps.preferences.userForm(user.id)).toBeUndefined();
    expect((await answerOf(stack.command({ name: 'settings', subcommand: 'show', user, where: DM }))).text).toContain('you have not chosen a title form');

    // Other people's records are untouched.
    expect((await stack.bot.store.accounts.get(bystander.id))?.serviceUserName).toBe('alice');
  });

  it('works when nothing is stored and says so; clicking again is harmless', async () => {
    const user = newUser('empty');
    const out = await answerOf(stack.command({ name: 'logout', user, where: DM }));
    expect(out.text).toMatch(/not linked/i);
    const button = componentId(out.message, FORGET);
    const first = await answerOf(stack.click(out.message, button, user, DM));
    expect(first.text).toContain('Nothing else was stored about you.');
    expect(first.text).toContain('settings');
    const again = await answerOf(stack.click(out.message, button, user, DM));
    expect(textOf(again.message)).toContain('Nothing else was stored about you.');
  });
});
