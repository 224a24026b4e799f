// A deferred command's wait in the deployment's line (Budget.waitInLine): the time its requests spend
// waiting for their turn, up to the line wait in all, does not count against its budget; the deadline
// stands at its latest while a request waits, and the signal aborts only once the moved deadline passes.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerWithinBudget, startBudget, withinDeadline } from '../../src/interactions/deadline.js';
import { Responder, type RepliableInteraction } from '../../src/interactions/responder.js';
import { ENGLISH } from '../../src/i18n/index.js';
import type { Logger } from '../../src/log/log.js';
import { BudgetExceededError } from '../../src/interactions/user-errors.js';

const quiet = { warn: () => undefined, info: () => undefined, debug: () => undefined, error: () => undefined, child: () => quiet } as unknown as Logger;

describe('a budget with a wait in the line', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves its deadline by the time waited in the line, at most the line wait, and aborts only after it', () => {
    const budget = startBudget(1_000, 3_000);
    expect(budget.deadlineAt).toBe(1_001_000);
    expect(budget.latestAt).toBe(1_004_000);
    vi.advanceTimersByTime(200);
    const wait = budget.waitInLine();
    expect(wait?.waitUntil).toBe(1_003_200);
    // While the request waits, the deadline stands at its latest: the budget's timer does not cut the wait.
    expect(budget.deadlineAt).toBe(1_004_000);
    vi.advanceTimersByTime(2_000);
    expect(budget.controller.signal.aborted).toBe(false);
    wait?.done();
    // 2 s waited: the budget's second is counted from what was left of it (800 ms from now).
    expect(budget.deadlineAt).toBe(1_003_000);
    // The next request may wait only what is left of the line wait.
    const next = budget.waitInLine();
    expect(next?.waitUntil).toBe(1_002_200 + 1_000);
    next?.done();
    vi.advanceTimersByTime(700);
    expect(budget.controller.signal.aborted).toBe(false);
    vi.advanceTimersByTime(200);
    expect(budget.controller.signal.aborted).toBe(true);
    expect(budget.controller.signal.reason).toBeInstanceOf(BudgetExceededError);
  });

  it('counts two requests waiting at once once (the time the interaction waited, not the sum)', () => {
    const budget = startBudget(1_000, 3_000);
    const a = budget.waitInLine();
    const b = budget.waitInLine();
    vi.advanceTimersByTime(1_000);
    a?.done();
    expect(budget.deadlineAt).toBe(1_004_000);
    vi.advanceTimersByTime(500);
    b?.done();
    expect(budget.deadlineAt).toBe(1_002_500);
  });

  it("gives no wait to a request joining with less than an attempt's time of its budget left (the wait so far counted)", () => {
    const budget = startBudget(1_000, 3_000);
    const first = budget.waitInLine(500);
    vi.advanceTimersByTime(2_000);
    first?.done();
    // 2 s waited: 1 s of budget left from here; 600 ms later, 400 ms.
    vi.advanceTimersByTime(600);
    const late = budget.waitInLine(500);
    // Its turn must come now (the old wait: up to the 1 s of line wait left, then 400 ms for the request).
    expect(late?.waitUntil).toBe(Date.now());
    late?.done();
    expect(budget.deadlineAt).toBe(1_003_000);
    // With more than an attempt left, the wait stands.
    const other = startBudget(1_000, 3_000);
    vi.advanceTimersByTime(400);
    expect(other.waitInLine(500)?.waitUntil).toBe(Date.now() + 3_000);
    budget.stop();
    other.stop();
  });

  it('has no wait in the line without one (autocomplete, a long command): its turn must come within its budget', () => {
    const budget = startBudget(1_500);
    expect(budget.waitInLine()).toBeUndefined();
    expect(budget.deadlineAt).toBe(1_001_500);
    budget.stop();
  });

  it("an answer Discord refused to defer keeps Discord's 3 s: the wait in the line ends there", async () => {
    const budget = startBudget(10_000, 30_000);
    const failedDefer = { deferred: false, replied: false, isMessageComponent: () => false, deferReply: () => Promise.reject(new Error('Unknown interaction')), reply: () => Promise.reject(new Error('Unknown interaction')), followUp: () => Promise.reject(new Error('Unknown interaction')) };
    const responder = new Responder(failedDefer as unknown as RepliableInteraction, { mode: 'reply', ephemeral: true, deferAfterMs: 1_200 }, quiet);
    let signal: AbortSignal | undefined;
    // The error answer fails in turn (the interaction is gone): the router logs that.
    const settled = answerWithinBudget(
      responder,
      budget,
      async () => {
        signal = budget.controller.signal;
        budget.waitInLine();
        // Its turn in the line would come 20 s from now.
        await new Promise((resolve, reject) => {
          setTimeout(resolve, 20_000);
          budget.controller.signal.addEventListener('abort', () => reject(budget.controller.signal.reason as Error));
        });
        return { content: 'too late' };
      },
      quiet,
      ENGLISH,
    ).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(budget.expired).toBe(true);
    expect(await settled).toBeInstanceOf(Error);
  });

  it("the hard deadline follows the moved deadline: work that waited in the line is not cut at the budget's first end", async () => {
    const budget = startBudget(1_000, 3_000);
    const work = withinDeadline(budget, async () => {
      const wait = budget.waitInLine();
      await new Promise((r) => setTimeout(r, 2_500));
      wait?.done();
      await new Promise((r) => setTimeout(r, 500));
      return 'answered';
    });
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(work).resolves.toBe('answered');
  });
});
