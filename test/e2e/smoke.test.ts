import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUILD, newUser, startStack, textOf, type Stack } from './harness.js';

describe('smoke', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers /anime search in a server', async () => {
    const user = newUser();
    const handle = stack.command({ name: 'anime', subcommand: 'search', options: { query: 'Hokuto' }, where: GUILD, user });
    const message = await handle.settled();
    expect(textOf(message)).toContain('Hokuto no Ken');
    expect(handle.errors()).toEqual([]);
  });
});
