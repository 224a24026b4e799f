// "Forget me" reaches the job engine end to end: a job naming the user that no feature can name by id
// any more (a list sync of an old period, kept done or still waiting) is gone after the user asks,
// and another user's stays.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentId, GUILD, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { QUEUE } from '../../src/reminders/queues.js';

const ALICE = { name: 'alice', password: 'alice-password' };

describe('forget me and the job engine', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('deletes every job that names the user, whatever its id or state', async () => {
    const user = newUser('forget-jobs');
    const other = newUser('stays');
    await stack.login(user, ALICE);
    const { jobs, store } = stack.bot;
    // A period long gone (done), and one far ahead (waiting): ids "forget me" cannot work out.
    expect(await jobs.enqueue(QUEUE.listSyncs, `${user.id}:1`, { userId: user.id })).toBe(true);
    expect(await jobs.enqueue(QUEUE.listSyncs, `${user.id}:99999999`, { userId: user.id }, { delayMs: 24 * 60 * 60_000 })).toBe(true);
    expect(await jobs.enqueue(QUEUE.listSyncs, `${other.id}:99999999`, { userId: other.id }, { delayMs: 24 * 60 * 60_000 })).toBe(true);
    await jobs.runDue();
    const naming = async (id: string) => {
      const keys = await store.engine.keys('job:');
      const values = await Promise.all(keys.map(async (k) => `${k} ${(await store.engine.get(k)) ?? ''}`));
      return values.filter((v) => v.includes(id));
    };
    expect(await naming(user.id)).toHaveLength(2);

    const out = await answerOf(stack.command({ name: 'logout', user, where: GUILD }));
    await answerOf(stack.click(out.message, componentId(out.message, 'Also delete everything stored about me'), user, GUILD));

    expect(await naming(user.id)).toEqual([]);
    expect(await naming(other.id)).toHaveLength(1);
  });
});
