// The deployment-wide cool-off on every engine, with two instances ("processes") over one store, on
// one manual clock: windows open and end when the test says, however slow the machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../../local-stack/store-engines.js';
import { StoreCoolOff } from '../../../src/store/request-line/shared-cool-off.js';
import { openTwo, type TwoProcesses } from './helpers.js';

for (const engineCase of engineCases()) {
  const suite = engineCase.skipped ? describe.skip : describe;
  suite(`shared cool-off: ${engineCase.kind}${engineCase.skipped ? ` (skipped: ${engineCase.skipped})` : ''}`, () => {
    let two: TwoProcesses;
    let a: StoreCoolOff;
    let b: StoreCoolOff;
    let now = 1_800_000_000_000;
    const clock = (): number => now;
    const advance = (ms: number): void => {
      now += ms;
    };

    beforeAll(async () => {
      two = await openTwo(engineCase.kind);
      a = new StoreCoolOff(two.a, { initialMs: 200, maxMs: 500, now: clock });
      b = new StoreCoolOff(two.b, { initialMs: 200, maxMs: 500, now: clock });
    });
    afterAll(async () => {
      await two?.close();
    });

    it('a throttle seen by one process puts the other into the cool-off at once; one probe per window; success ends it for all', async () => {
      expect(await b.state()).toEqual({ active: false, remainingMs: 0 });
      expect(await b.tryProbe()).toBeUndefined();

      expect(await a.throttled()).toBe(200);
      const seen = await b.state();
      expect(seen.active).toBe(true);
      expect(seen.remainingMs).toBe(200);
      // Requests in flight when the window opened say nothing new, from either process.
      expect(await b.throttled()).toBeUndefined();
      expect(await a.throttled()).toBeUndefined();
      // Nobody probes while the window runs.
      expect(await a.tryProbe()).toBeUndefined();
      expect(await b.tryProbe()).toBeUndefined();

      advance(230);
      expect(await a.state()).toEqual({ active: true, remainingMs: 0 });
      // Twenty callers in two processes ask at once: exactly one probes.
      const tickets = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).tryProbe()));
      const probes = tickets.filter((t) => t !== undefined);
      expect(probes).toHaveLength(1);
      expect(await a.tryProbe()).toBeUndefined();

      // The probe is throttled again: the window doubles, capped, for both processes.
      expect(await b.throttled(probes[0])).toBe(400);
      expect((await a.state()).remainingMs).toBe(400);
      // An answer to the old window's probe changes nothing now.
      expect(await a.throttled(probes[0])).toBeUndefined();
      await a.succeeded(probes[0]!);
      expect((await b.state()).active).toBe(true);

      advance(430);
      const second = await a.tryProbe();
      expect(second).toBeDefined();
      // A probe that ends without an answer frees the window's probe for another caller.
      await a.released(second!);
      const third = await b.tryProbe();
      expect(third).toBeDefined();
      expect(await b.throttled(third)).toBe(500); // 800 capped at maxMs
      advance(530);
      const fourth = await b.tryProbe();
      expect(await a.tryProbe()).toBeUndefined();
      await b.succeeded(fourth!);
      expect(await a.state()).toEqual({ active: false, remainingMs: 0 });
      expect(await b.state()).toEqual({ active: false, remainingMs: 0 });
      // After a success the next throttle starts over at the first window.
      expect(await b.throttled()).toBe(200);
      advance(230);
      const fifth = await a.tryProbe();
      await a.succeeded(fifth!);
      expect((await b.state()).active).toBe(false);
    });

    it('processes throttled at the same moment open one window between them', async () => {
      const opened = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).throttled()));
      expect(opened.filter((w) => w !== undefined)).toEqual([200]);
      advance(230);
      const ticket = await a.tryProbe();
      await a.succeeded(ticket!);
    });

    it('a Retry-After longer than the window lengthens it', async () => {
      expect(await a.throttled(undefined, 450)).toBe(450);
      expect((await b.state()).remainingMs).toBe(450);
      advance(480);
      const ticket = await b.tryProbe();
      await b.succeeded(ticket!);
    });
  });
}
