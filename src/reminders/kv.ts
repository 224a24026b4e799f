// The part of the store engine (src/store/engine.ts) reminders persist through. Its atomic steps
// (setIfAbsent, compareAndSet, compareAndDelete) make "once" hold across processes sharing the store.
// The bot passes the shared store engine; unit tests and the bench pass a MemoryEngine.

import type { StoreEngine } from '../store/engine.js';

export type AtomicKv = Pick<StoreEngine, 'get' | 'set' | 'setIfAbsent' | 'take' | 'compareAndSet' | 'compareAndDelete' | 'delete' | 'keys'>;
