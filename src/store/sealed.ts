import type { StoreEngine } from './engine.js';
import { open, seal } from './crypto.js';
import { modify } from './compare-and-set.js';

/** Turns decrypted JSON into a typed record, or undefined when it does not have the expected shape. */
export type RecordParser<T> = (value: unknown) => T | undefined;

/** What a change makes of a sealed record: a new record, deletion (`record: undefined`), or nothing (`keep`). */
export type SealedChange<T, R> = { keep: true; result: R } | { keep?: false; record: T | undefined; result: R };

/** A record as read, with the sealed text it was read from (what a compare-and-set compares against). */
export interface ReadRecord<T> {
  record: T;
  sealed: string;
}

const NAMESPACE_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;
const ID_PATTERN = /^[A-Za-z0-9_:-]{1,200}$/;

/**
 * Whole JSON records sealed with AES-256-GCM on top of an engine, under `<namespace>:<id>`. The AAD is the
 * namespace and id, so a sealed value copied under another key (another user) does not open. A value that does
 * not open or parse reads as absent. Ids are Discord user ids or keyed hashes, never secrets.
 */
export class SealedRecords {
  constructor(
    readonly engine: StoreEngine,
    private readonly key: Buffer,
    private readonly onUnreadable?: (namespace: string) => void,
  ) {}

  async read<T>(namespace: string, id: string, parse: RecordParser<T>): Promise<ReadRecord<T> | undefined> {
    const sealed = await this.engine.get(storageKey(namespace, id));
    if (sealed === undefined) return undefined;
    const record = this.unseal(namespace, id, sealed, parse);
    return record === undefined ? undefined : { record, sealed };
  }

  async get<T>(namespace: string, id: string, parse: RecordParser<T>): Promise<T | undefined> {
    return (await this.read(namespace, id, parse))?.record;
  }

  async set(namespace: string, id: string, record: unknown, ttlMs?: number): Promise<void> {
    await this.engine.set(storageKey(namespace, id), this.seal(namespace, id, record), ttlMs);
  }

  async setIfAbsent(namespace: string, id: string, record: unknown, ttlMs?: number): Promise<boolean> {
    return this.engine.setIfAbsent(storageKey(namespace, id), this.seal(namespace, id, record), ttlMs);
  }

  /** Reads and deletes in one atomic step; undefined when absent (or unreadable, which is deleted too). */
  async take<T>(namespace: string, id: string, parse: RecordParser<T>): Promise<T | undefined> {
    const sealed = await this.engine.take(storageKey(namespace, id));
    return sealed === undefined ? undefined : this.unseal(namespace, id, sealed, parse);
  }

  /** Writes `record` only while the stored value still is `expected.sealed`. */
  async compareAndSet(namespace: string, id: string, expected: ReadRecord<unknown>, record: unknown, ttlMs?: number): Promise<boolean> {
    return this.engine.compareAndSet(storageKey(namespace, id), expected.sealed, this.seal(namespace, id, record), ttlMs);
  }

  /**
   * Changes the record through the store's one compare-and-set step (compare-and-set.ts `modify`, retried
   * past concurrent writers, a give-up counted and thrown): `change` sees the record as stored now
   * (undefined: absent or unreadable) and may run several times.
   */
  modify<T, R>(namespace: string, id: string, parse: RecordParser<T>, change: (current: T | undefined) => SealedChange<T, R>, ttlMs?: number): Promise<R> {
    return modify(
      this.engine,
      storageKey(namespace, id),
      (sealed) => {
        const next = change(sealed === undefined ? undefined : this.unseal(namespace, id, sealed, parse));
        if (next.keep === true) return next;
        return { value: next.record === undefined ? undefined : this.seal(namespace, id, next.record), result: next.result };
      },
      ttlMs === undefined ? {} : { ttlMs },
    );
  }

  async compareAndDelete(namespace: string, id: string, expected: ReadRecord<unknown>): Promise<boolean> {
    return this.engine.compareAndDelete(storageKey(namespace, id), expected.sealed);
  }

  async delete(namespace: string, id: string): Promise<boolean> {
    return this.engine.delete(storageKey(namespace, id));
  }

  /** Ids (without the namespace) of live records in `namespace` whose id starts with `idPrefix`. */
  async ids(namespace: string, idPrefix: string): Promise<string[]> {
    const prefix = `${namespace}:${idPrefix}`;
    return (await this.engine.keys(prefix)).map((key) => key.slice(namespace.length + 1));
  }

  private seal(namespace: string, id: string, record: unknown): string {
    return seal(this.key, JSON.stringify(record), aad(namespace, id));
  }

  private unseal<T>(namespace: string, id: string, sealed: string, parse: RecordParser<T>): T | undefined {
    const plaintext = open(this.key, sealed, aad(namespace, id));
    let record: T | undefined;
    if (plaintext !== undefined) {
      try {
        record = parse(JSON.parse(plaintext));
      } catch {
        record = undefined;
      }
    }
    if (record === undefined) this.onUnreadable?.(namespace);
    return record;
  }
}

export function storageKey(namespace: string, id: string): string {
  if (!NAMESPACE_PATTERN.test(namespace)) throw new Error('invalid record namespace');
  if (!ID_PATTERN.test(id)) throw new Error(`invalid ${namespace} record id`);
  return `${namespace}:${id}`;
}

function aad(namespace: string, id: string): string {
  return `amls-bot/v1/${namespace}/${id}`;
}
