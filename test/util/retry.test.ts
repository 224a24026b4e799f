import { describe, expect, it } from 'vitest';
import { retrying } from '../../src/util/retry.js';

describe('retrying', () => {
  it('calls again after each pause until the work succeeds', async () => {
    const asked: Array<[unknown, number]> = [];
    let calls = 0;
    const result = await retrying(
      async () => {
        calls++;
        if (calls < 3) throw new Error(`fail ${calls}`);
        return 'done';
      },
      (error, retry) => {
        asked.push([(error as Error).message, retry]);
        return 1;
      },
    );
    expect(result).toBe('done');
    expect(asked).toEqual([
      ['fail 1', 1],
      ['fail 2', 2],
    ]);
  });

  it('gives up with the failure that got no pause', async () => {
    let calls = 0;
    const pauses = [1, 1];
    await expect(
      retrying(
        async () => {
          calls++;
          throw new Error(`fail ${calls}`);
        },
        (_error, retry) => pauses[retry - 1],
      ),
    ).rejects.toThrow('fail 3');
    expect(calls).toBe(3);
  });

  it('an abort during a pause ends the wait', async () => {
    const controller = new AbortController();
    const work = retrying(
      () => Promise.reject(new Error('busy')),
      () => 60_000,
      controller.signal,
    );
    controller.abort(new Error('stop'));
    await expect(work).rejects.toMatchObject({ name: 'AbortError', cause: new Error('stop') });
  });
});
