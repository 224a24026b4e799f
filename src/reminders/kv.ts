// The part of the store engine (src/store/engine.ts) reminders persist through. Its atomic steps
// (setIfAbsent, compareAndSet, compareAndDelete) make "once" hold across processes sharing the store.
// The bot passes the shared store engine; MemoryKv serves unit tests and the bench.

export interface AtomicKv {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Stores only when the key is absent (or expired); true when stored. */
  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean>;
  /** Replaces the value only while it is still `expected`; true when replaced. */
  compareAndSet(key: string, expected: string, value: string, ttlMs?: number): Promise<boolean>;
  /** Deletes only while the value is still `expected`; true when deleted. */
  compareAndDelete(key: string, expected: string): Promise<boolean>;
  delete(key: string): Promise<unknown>;
  /** Live keys starting with `prefix`, in key order. */
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Namespace of a key for the prefix index: everything up to and including its second ':'. */
function namespaceOf(key: string): string | undefined {
  const first = key.indexOf(':');
  const second = first < 0 ? -1 : key.indexOf(':', first + 1);
  return second < 0 ? undefined : key.slice(0, second + 1);
}

export class MemoryKv implements AtomicKv {
  private readonly data = new Map<string, { value: string; expiresAt: number | undefined }>();
  /** Keys by namespace, so prefix scans do not walk every key. */
  private readonly byNamespace = new Map<string, Set<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): string | undefined {
    const entry = this.data.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= this.now()) {
      this.remove(key);
      return undefined;
    }
    return entry.value;
  }

  private put(key: string, value: string, ttlMs: number | undefined): void {
    this.data.set(key, { value, expiresAt: ttlMs === undefined ? undefined : this.now() + ttlMs });
    const ns = namespaceOf(key);
    if (ns === undefined) return;
    let set = this.byNamespace.get(ns);
    if (!set) this.byNamespace.set(ns, (set = new Set()));
    set.add(key);
  }

  private remove(key: string): void {
    this.data.delete(key);
    const ns = namespaceOf(key);
    if (ns !== undefined) this.byNamespace.get(ns)?.delete(key);
  }

  async get(key: string): Promise<string | undefined> {
    return this.live(key);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.put(key, value, ttlMs);
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    if (this.live(key) !== undefined) return false;
    this.put(key, value, ttlMs);
    return true;
  }

  async compareAndSet(key: string, expected: string, value: string, ttlMs?: number): Promise<boolean> {
    if (this.live(key) !== expected) return false;
    this.put(key, value, ttlMs);
    return true;
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    if (this.live(key) !== expected) return false;
    this.remove(key);
    return true;
  }

  async delete(key: string): Promise<void> {
    this.remove(key);
  }

  async keys(prefix: string): Promise<string[]> {
    const ns = namespaceOf(prefix);
    const candidates = ns !== undefined ? (this.byNamespace.get(ns) ?? []) : this.data.keys();
    const out: string[] = [];
    for (const key of candidates) if (key.startsWith(prefix) && this.live(key) !== undefined) out.push(key);
    return out.sort();
  }

  async close(): Promise<void> {}
}
