import type Keyv from 'keyv';
import { open, seal } from './crypto.js';

/** Turns decrypted JSON into a typed record, or undefined when it does not have the expected shape. */
export type RecordParser<T> = (value: unknown) => T | undefined;

const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * A Keyv wrapper whose every value is a whole JSON record sealed with AES-256-GCM. The AAD is the
 * namespace and id, so a sealed value copied under another key (another user) does not open.
 * A value that does not open or parse reads as absent.
 */
export class SealedKv {
  constructor(
    private readonly keyv: Keyv<string>,
    private readonly key: Buffer,
    private readonly onUnreadable?: (namespace: string) => void,
  ) {}

  async get<T>(namespace: string, id: string, parse: RecordParser<T>): Promise<T | undefined> {
    const stored = await this.keyv.get(storageKey(namespace, id));
    if (stored === undefined) return undefined;
    const plaintext = typeof stored === 'string' ? open(this.key, stored, aad(namespace, id)) : undefined;
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

  async set(namespace: string, id: string, record: unknown, ttlMs?: number): Promise<void> {
    const sealed = seal(this.key, JSON.stringify(record), aad(namespace, id));
    const ok = await this.keyv.set(storageKey(namespace, id), sealed, ttlMs);
    if (!ok) throw new Error(`could not write to the ${namespace} store`);
  }

  async delete(namespace: string, id: string): Promise<void> {
    await this.keyv.delete(storageKey(namespace, id));
  }
}

function storageKey(namespace: string, id: string): string {
  if (!ID_PATTERN.test(id)) throw new Error(`invalid ${namespace} record id`);
  return `${namespace}:${id}`;
}

function aad(namespace: string, id: string): string {
  return `amls-bot/v1/${namespace}/${id}`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
