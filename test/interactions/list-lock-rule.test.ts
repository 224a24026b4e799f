// The declared list lock (`listLock: true`, asOnlyListChange): a lock held elsewhere is answered
// "still saving", also when the interaction's deadline aborts the wait first (a busy process runs its
// timers late, and the deadline's abort can come before the wait's own end).

import { describe, expect, it } from 'vitest';
import { asOnlyListChange, type ListLockSubject } from '../../src/interactions/rules.js';
import { UserFacingError } from '../../src/interactions/user-errors.js';
import { LockTimeoutError } from '../../src/store/locks.js';
import { BUDGET_GRACE_MS } from '../../src/interactions/deadline.js';

type Run = ListLockSubject['deps']['locks']['run'];

function subject(run: Run, deadlineAt: number, controller = new AbortController()): ListLockSubject {
  return { userId: 'u1', deadlineAt, signal: controller.signal, deps: { locks: { run } } };
}

const stillSaving = (error: unknown): boolean => error instanceof UserFacingError && error.key === 'works.error.stillSaving';

describe('the declared list lock', () => {
  it('stops waiting a margin before the deadline, and keeps a taken lock until the deadline and its grace', async () => {
    const deadlineAt = Date.now() + 3_000;
    let asked: { untilMs: number; graceMs: number } | undefined;
    const out = await asOnlyListChange(subject(async (_name, o, fn) => ((asked = o), fn()), deadlineAt), async () => 'ran');
    expect(out).toBe('ran');
    expect(asked?.untilMs).toBe(deadlineAt - 500);
    expect((asked?.untilMs ?? 0) + (asked?.graceMs ?? 0)).toBe(deadlineAt + BUDGET_GRACE_MS);
  });

  it('a lock held until the wait ends is "still saving"', async () => {
    const refused = await asOnlyListChange(subject(async (name) => Promise.reject(new LockTimeoutError(name)), Date.now() + 3_000), async () => 'ran').catch((e: unknown) => e);
    expect(stillSaving(refused)).toBe(true);
  });

  it('the deadline aborting the wait before it ends is "still saving" too, not the deadline\'s error', async () => {
    const controller = new AbortController();
    const waiting: Run = (_name, o) => new Promise((_, reject) => o.signal?.addEventListener('abort', () => reject(o.signal?.reason as Error)));
    const pending = asOnlyListChange(subject(waiting, Date.now() + 3_000, controller), async () => 'ran').catch((e: unknown) => e);
    controller.abort(new Error('the interaction\'s deadline'));
    expect(stillSaving(await pending)).toBe(true);
  });

  it('an abort once the lock is held is the handler\'s own error, passed on', async () => {
    const controller = new AbortController();
    const failure = new Error('the handler failed after the deadline');
    const out = await asOnlyListChange(subject(async (_name, _o, fn) => fn(), Date.now() + 3_000, controller), async () => {
      controller.abort(new Error('deadline'));
      throw failure;
    }).catch((e: unknown) => e);
    expect(out).toBe(failure);
  });
});
