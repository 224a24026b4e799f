import { describe, expect, it } from 'vitest';
import { Slots } from '../../src/service/slots.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Slots', () => {
  it('runs at most `concurrency` tasks at once, the rest in order', async () => {
    const slots = new Slots(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      slots.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(slots.size).toBe(2);
    gates[1]?.resolve();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(slots.size).toBe(0);
  });

  it('a waiting task whose signal fires leaves the line, never runs, and frees no slot it did not hold', async () => {
    const slots = new Slots(1);
    const gate = deferred();
    const first = slots.run(() => gate.promise);
    const controller = new AbortController();
    let ran = false;
    const aborted = slots.run(async () => {
      ran = true;
    }, controller.signal);
    const third = slots.run(async () => 'third');
    expect(slots.size).toBe(2);
    controller.abort(new Error('budget over'));
    await expect(aborted).rejects.toThrow('budget over');
    expect(slots.size).toBe(1);
    gate.resolve();
    await first;
    expect(await third).toBe('third');
    expect(ran).toBe(false);
    expect(slots.size).toBe(0);
    // The slot is free again: a new task starts at once.
    let startedAtOnce = false;
    const next = slots.run(async () => {
      startedAtOnce = true;
    });
    expect(startedAtOnce).toBe(true);
    await next;
  });

  it('an already aborted signal rejects without running; a failing task frees its slot', async () => {
    const slots = new Slots(1);
    await expect(slots.run(async () => 1, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 2)).toBe(2);
  });
});
