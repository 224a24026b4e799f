// The part of the store engine (src/store/engine.ts) the community persists through. Its one
// read-modify-write step is the store's compare-and-set helper (src/store/compare-and-set.ts).

import type { StoreEngine } from '../store/engine.js';

export type SocialKv = Pick<StoreEngine, 'get' | 'getMany' | 'set' | 'writeMany' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete' | 'delete' | 'keys'>;
