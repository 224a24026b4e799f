// Commands that change a list act only on the title the user meant: an autocomplete pick, or
// free text that is exactly one of a work's names. Anything else changes nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUILD, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf, listWrites, myListStatus } from '../../local-stack/user-helpers.js';

const CAROL = { name: 'carol', password: 'carol-password' };

describe('titles of list changes', () => {
  let stack: Stack;
  const carol = newUser('carol');

  beforeAll(async () => {
    stack = await startStack();
    await stack.login(carol, CAROL);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const run = (subcommand: 'update' | 'remove', options: Record<string, string | number>) =>
    answerOf(stack.command({ name: 'list', subcommandGroup: 'anime', subcommand, options, user: carol, where: GUILD }));

  it('free text that is exactly a title (any case) or an English title is accepted', async () => {
    const byTitle = await run('update', { title: 'hokuto no ken', status: 'plan_to_watch' });
    expect(byTitle.ephemeral).toBe(false);
    expect(byTitle.text).toContain('Hokuto no Ken');
    expect((await myListStatus(stack, CAROL.name, 'anime', 967))?.status).toBe('plan_to_watch');

    const byEnglish = await run('update', { title: 'Fist of the North Star', score: 7 });
    expect(byEnglish.ephemeral).toBe(false);
    expect((await myListStatus(stack, CAROL.name, 'anime', 967))?.score).toBe(7);
  });

  it('free text that only resembles titles changes nothing and suggests what to pick', async () => {
    const before = listWrites(stack);
    const answer = await run('update', { title: 'Hokuto', status: 'dropped' });
    expect(answer.ephemeral).toBe(true);
    expect(answer.text).toContain('Pick a title');
    expect(answer.text).toContain('Hokuto no Ken');
    expect(listWrites(stack)).toBe(before);
    expect((await myListStatus(stack, CAROL.name, 'anime', 967))?.status).toBe('plan_to_watch');

    const removal = await run('remove', { title: 'Hokuto no' });
    expect(removal.ephemeral).toBe(true);
    expect(removal.text).toContain('Pick a title');
    expect(listWrites(stack)).toBe(before);
    expect(await myListStatus(stack, CAROL.name, 'anime', 967)).toBeDefined();
  });
});
