import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUILD, newUser, startStack, textOf, TRANSPORTS, type Stack } from '../../local-stack/harness.js';

describe.each(TRANSPORTS)('smoke over the %s transport', (transport) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ transport });
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
