// A store engine whose conditional writes (set-if-absent, compare-and-set, compare-and-delete) lose to
// an unseen writer: the first `losses` of them (Infinity: every one), as on a record many processes change at once.
import type { StoreEngine } from '../../src/store/engine.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';

export interface ContendedEngine extends StoreEngine {
  /** Conditional writes tried so far. */
  readonly tries: number;
}

export function contendedEngine(losses: number, engine: StoreEngine = new MemoryEngine()): ContendedEngine {
  let tries = 0;
  const lose = <A extends unknown[]>(write: (...args: A) => Promise<boolean>) => (...args: A): Promise<boolean> => (tries++ < losses ? Promise.resolve(false) : write(...args));
  const contended = Object.assign(Object.create(engine) as StoreEngine, {
    setIfAbsent: lose(engine.setIfAbsent.bind(engine)),
    compareAndSet: lose(engine.compareAndSet.bind(engine)),
    compareAndDelete: lose(engine.compareAndDelete.bind(engine)),
  });
  return Object.defineProperty(contended, 'tries', { get: () => tries }) as ContendedEngine;
}
