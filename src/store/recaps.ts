// `/wrapped` in the shared store: a list's computed year (src/community/wrapped-year.ts), kept a few hours
// per list, kind and year, so Share, a second look and other people asking for the same public list
// read nothing from the service. A public list is kept under its service name (`recap:u:…`); a
// person's own list, read with their login (it may be private), under their Discord id and the service
// account they are linked as (`recap:me:<id>:<account>:…`), so nobody else is answered from it, a
// new link (to another account, after /logout) is never answered with the old account's year, and
// "forget me" finds it. A read handed over
// to background work waits under `recap:part:<id>:<job>`, and the list being read so is marked
// (`recap:pending:<list>:<kind>:<year>`, until the job ends or the mark expires) so that nobody reads
// it again meanwhile.

import type { StoreEngine } from './engine.js';
import { isRecord } from '../util/is-record.js';

/**
 * The computed year's shape, named in its key (`…:<kind>:<year>:v<shape>`): a new shape is a new key,
 * so during a rolling upgrade processes of two versions never read each other's years (shape 1, with no
 * version in the key, told titles without a rating safe and had no safe tallies).
 */
export const RECAP_SHAPE = 2;

/** How long a computed year is kept. */
export const RECAP_TTL_MS = 3 * 60 * 60_000;

/** Whose list: a public list by its service name, or the Discord user's own list as the account they are linked to. */
export type RecapList = { user: string } | { own: string; account: string };

/** The list's part of its keys (and of its lock's name). */
export function recapListKey(list: RecapList): string {
  return 'own' in list ? `me:${list.own}:${encodeURIComponent(list.account.toLowerCase())}` : `u:${list.user.toLowerCase()}`;
}

export function recapKey(list: RecapList, kind: string, year: number): string {
  return `recap:${recapListKey(list)}:${kind}:${year}:v${RECAP_SHAPE}`;
}

function pendingKey(list: RecapList, kind: string, year: number): string {
  return `recap:pending:${recapListKey(list)}:${kind}:${year}`;
}

export class RecapStore {
  constructor(private readonly kv: Pick<StoreEngine, 'get' | 'set' | 'keys' | 'delete'>) {}

  /** The kept year, or undefined (none, expired, or unreadable). */
  async get<T extends object>(list: RecapList, kind: string, year: number, check: (value: Record<string, unknown>) => value is Record<string, unknown> & T): Promise<T | undefined> {
    const raw = await this.kv.get(recapKey(list, kind, year));
    if (raw === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(raw);
      return isRecord(value) && check(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  async set(list: RecapList, kind: string, year: number, value: object): Promise<void> {
    await this.kv.set(recapKey(list, kind, year), JSON.stringify(value), RECAP_TTL_MS);
  }

  async drop(list: RecapList, kind: string, year: number): Promise<void> {
    await this.kv.delete(recapKey(list, kind, year));
  }

  /** Marks the list's year as being read by background work (until `endPending` or `ttlMs`). */
  async markPending(list: RecapList, kind: string, year: number, ttlMs: number): Promise<void> {
    await this.kv.set(pendingKey(list, kind, year), JSON.stringify({ at: Date.now() }), ttlMs);
  }

  /** Whether background work is reading the list's year now. */
  async pending(list: RecapList, kind: string, year: number): Promise<boolean> {
    return (await this.kv.get(pendingKey(list, kind, year))) !== undefined;
  }

  async endPending(list: RecapList, kind: string, year: number): Promise<void> {
    await this.kv.delete(pendingKey(list, kind, year));
  }

  /** A read handed over to background work, with where its answer goes (`recap:part:<discord id>:<job>`), kept until taken. */
  async savePart(discordUserId: string, jobId: string, value: object, ttlMs: number): Promise<void> {
    await this.kv.set(`recap:part:${discordUserId}:${jobId}`, JSON.stringify(value), ttlMs);
  }

  /** The handed-over read as saved (undefined when gone or unreadable); it stays until `dropPart`. */
  async part(discordUserId: string, jobId: string): Promise<Record<string, unknown> | undefined> {
    const raw = await this.kv.get(`recap:part:${discordUserId}:${jobId}`);
    try {
      const value: unknown = raw === undefined ? undefined : JSON.parse(raw);
      return isRecord(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  async dropPart(discordUserId: string, jobId: string): Promise<void> {
    await this.kv.delete(`recap:part:${discordUserId}:${jobId}`);
  }

  /** "Forget me": the person's own years, reads handed over and marks of their own list being read; returns how many records. */
  async forgetUser(discordUserId: string): Promise<number> {
    const prefixes = [`recap:me:${discordUserId}:`, `recap:part:${discordUserId}:`, `recap:pending:me:${discordUserId}:`];
    const keys = (await Promise.all(prefixes.map((prefix) => this.kv.keys(prefix)))).flat();
    const deleted = await Promise.all(keys.map((key) => this.kv.delete(key)));
    return deleted.filter(Boolean).length;
  }
}
