// Virtual time for code that takes a clock (`now`, `sleep`): time stands still while any store step is
// in flight or any promise chain still runs, and jumps to the next timer once everything waits. Tests
// then read instants that do not depend on how fast (or how loaded) the machine is, against real
// store engines.

import { setImmediate as turn } from 'node:timers/promises';

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
}

export class VirtualTime {
  private t: number;
  private seq = 0;
  private readonly timers: Timer[] = [];
  private inFlight = 0;
  private drained: Array<() => void> = [];

  constructor(start = 1_800_000_000_000) {
    this.t = start;
  }

  readonly now = (): number => this.t;

  /** Resolves `ms` of virtual time from now, or rejects with the signal's reason when it aborts first. */
  readonly sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        this.cancel(timer);
        reject(signal?.reason);
      };
      const timer = this.schedule(ms, () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  /** Calls `fn` after `ms` of virtual time. */
  at(ms: number, fn: () => void): void {
    this.schedule(ms, fn);
  }

  /** The engine with every step counted, so time stands still while one is in flight. */
  track<E extends object>(engine: E): E {
    return new Proxy(engine, {
      get: (target, prop, receiver) => {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]): unknown => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (!(result instanceof Promise)) return result;
          this.inFlight++;
          return result.finally(() => {
            if (--this.inFlight > 0) return;
            const waiting = this.drained;
            this.drained = [];
            for (const wake of waiting) wake();
          });
        };
      },
    });
  }

  /** Runs virtual time until `work` settles (at most `limitMs` of it), and returns its outcome. */
  async run<T>(work: Promise<T>, limitMs = 10 * 60_000): Promise<T> {
    let settled = false;
    const watched = work.finally(() => {
      settled = true;
    });
    watched.catch(() => undefined);
    const until = this.t + limitMs;
    for (;;) {
      await this.quiet();
      if (settled) return watched;
      const next = this.timers.shift();
      if (!next) throw new Error('virtual time: nothing left to wait for, and the work has not settled');
      if (next.at > until) throw new Error(`virtual time: the work did not settle within ${limitMs} ms`);
      this.t = Math.max(this.t, next.at);
      next.fire();
    }
  }

  /** Lets virtual time pass by `ms`, running everything due meanwhile. */
  advance(ms: number): Promise<void> {
    return this.run(this.sleep(ms));
  }

  private schedule(ms: number, fire: () => void): Timer {
    const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fire };
    const i = this.timers.findIndex((x) => x.at > timer.at);
    this.timers.splice(i === -1 ? this.timers.length : i, 0, timer);
    return timer;
  }

  private cancel(timer: Timer): void {
    const i = this.timers.indexOf(timer);
    if (i !== -1) this.timers.splice(i, 1);
  }

  /** Until no store step has been in flight for a few event-loop turns (promise chains have run). */
  private async quiet(): Promise<void> {
    for (let idle = 0; idle < 3; ) {
      if (this.inFlight > 0) await new Promise<void>((wake) => this.drained.push(wake));
      await turn();
      idle = this.inFlight === 0 ? idle + 1 : 0;
    }
  }
}
