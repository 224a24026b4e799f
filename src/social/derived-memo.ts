// Results computed from members' mirrors (a leaderboard, the top titles), reused while the mirrors
// they came from are the very same objects: the memo of mirrors hands out the same object until a
// member's list changes or its copy expires, so paging through a board does not compute it again.
// Only derived data lives here; nothing the store does not hold.

import { LRUCache } from 'lru-cache';

export class DerivedMemo<T extends object> {
  private readonly cache: LRUCache<string, { inputs: readonly object[]; value: T }>;

  constructor(max = 200) {
    this.cache = new LRUCache({ max });
  }

  /** `compute()`'s result for `inputs`, computed again unless every input is the same object as last time for `key`. */
  get(key: string, inputs: readonly object[], compute: () => T): T {
    const kept = this.cache.get(key);
    if (kept && kept.inputs.length === inputs.length && kept.inputs.every((input, i) => input === inputs[i])) return kept.value;
    const value = compute();
    this.cache.set(key, { inputs: [...inputs], value });
    return value;
  }
}
