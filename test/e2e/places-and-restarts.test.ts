// Smaller paths: a private channel reached through a user install, title autocomplete on list
// changes, and the quick buttons of a details message after the bot restarted.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Where } from '../../fake-discord/index.js';
import { componentId, DM, GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf, myListStatus } from '../../local-stack/user-helpers.js';

const PRIVATE: Where = { kind: 'private' };

describe('places and restarts', () => {
  let stack: Stack;
  const bob = newUser('bob');

  beforeAll(async () => {
    stack = await startStack();
    await stack.login(bob, { name: 'bob', password: 'bob-password' });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers in a private channel through a user install, and pages there', async () => {
    const user = newUser();
    const handle = stack.command({ name: 'anime', subcommand: 'search', options: { query: 'Hokuto' }, user, where: PRIVATE });
    const message = await handle.settled();
    expect(handle.errors()).toEqual([]);
    expect(handle.ephemeral()).toBe(false);
    expect(textOf(message)).toContain('Hokuto no Ken');
    // A private channel is never age-restricted: the bot asks the service to leave such titles out.
    expect(stack.emulator.requestLog.filter((r) => r.path === '/v2/anime' && r.query.q === 'Hokuto').at(-1)?.query.nsfw).toBe('false');
  });

  it('suggests titles while typing in /list anime update, for a logged-in user', async () => {
    const handle = stack.autocomplete({
      name: 'list',
      subcommandGroup: 'anime',
      subcommand: 'update',
      focused: 'title',
      value: 'Cowboy',
      user: bob,
      where: DM,
    });
    const choices = await handle.autocompleteChoices();
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.length).toBeLessThanOrEqual(25);
    expect(choices.map((c) => c.name).join('\n')).toContain('Cowboy Bebop');
    for (const choice of choices) expect(String(choice.value)).toMatch(/^id:\d+$/);
  });

  it('quick buttons of a details message still act after the bot restarted', async () => {
    const viewer = newUser();
    const details = await stack.command({ name: 'anime', subcommand: 'info', options: { title: 'id:1' }, user: viewer, where: GUILD }).settled();
    const before = ((await myListStatus(stack, 'bob', 'anime', 1))?.num_episodes_watched as number | undefined) ?? 0;
    await stack.restartBot();
    const answer = await answerOf(stack.click(details, componentId(details, '+1 episode'), bob, GUILD));
    expect(answer.ephemeral).toBe(true);
    expect((await myListStatus(stack, 'bob', 'anime', 1))?.num_episodes_watched).toBe(before + 1);
  });
});
