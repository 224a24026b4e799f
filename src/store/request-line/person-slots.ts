// People's reserved slots on the deployment's paced line (shared-line.ts). Fair across people: a person
// holds at most one reserved slot at a time (a record per person, in the store, so in every process):
// their next request reserves once the previous one has started, so one person's burst delays
// everyone else by at most one slot.
//
// A person's record (`<line>:person:<id>`, its value `<start of the slot>:<token>`, read by
// line-record.ts's heldUntil) is read with the line in a round, and written over what was read once
// the round has taken a slot that lies ahead: a lost compare-and-set means another request of this
// person reserved meanwhile. The records of a round are written one after another, behind the round:
// the callers refused in it are told already, the served wait for their slot anyway, and a small pool
// is not flooded at once; meanwhile the slots being recorded hold in this process as records read
// (`claiming`, which line-plan.ts honours). A record that cannot be written (the store failed) leaves
// the slot holding, as when the store is down; a slot given back deletes its record if still its own.

import { randomUUID } from 'node:crypto';
import type { StoreEngine } from '../engine.js';

type Engine = Pick<StoreEngine, 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete'>;

/** A person's record is forgotten this long after their slot starts (their next request starts it again). */
const PERSON_TTL_MS = 10_000;

/** The record written for a person's reserved slot (deleted with this value when the slot is given back). */
export interface PersonRecord {
  key: string;
  value: string;
}

/** A caller's view of its person's record across rounds. */
export interface PersonRead {
  personKey: string | undefined;
  /** The record must be read (again) in the next round. */
  readPerson: boolean;
  /** The record as last read (undefined: none). */
  held: string | undefined;
}

export class PersonSlots {
  /** Records being written for slots handed out (one after another). */
  private writes: Promise<void> = Promise.resolve();
  /** The slots those records are for, by person, holding meanwhile. */
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly engine: Engine,
    /** The line's store key; people's records are `<lineKey>:person:<id>`. */
    private readonly lineKey: string,
    private readonly now: () => number,
    private readonly onError: ((error: unknown) => void) | undefined,
  ) {}

  /** The store key of a person's record. */
  keyFor(person: string): string {
    return `${this.lineKey}:person:${person}`;
  }

  /** People's slots this process handed out whose records are still being written. */
  get claiming(): ReadonlyMap<string, number> {
    return this.pending;
  }

  /** The records a round must read for these callers, each once. */
  toRead(callers: readonly PersonRead[]): string[] {
    return [...new Set(callers.flatMap((c) => (c.readPerson && c.personKey !== undefined ? [c.personKey] : [])))];
  }

  /** Keeps what a round read (`records`, by key) as each caller's person's record. */
  took(callers: readonly PersonRead[], records: ReadonlyMap<string, string | undefined>): void {
    for (const c of callers) {
      if (!c.readPerson || c.personKey === undefined) continue;
      c.held = records.get(c.personKey);
      c.readPerson = false;
    }
  }

  /**
   * Queues `write` (which claims the record) behind the records being written, the slot at `startAt`
   * holding meanwhile; `failed` is told when `write` throws.
   */
  queue(personKey: string, startAt: number, write: () => Promise<void>, failed: (error: unknown) => void): void {
    this.pending.set(personKey, startAt);
    this.writes = this.writes.then(write).catch(failed);
  }

  /**
   * Records the slot as the person's one reserved slot (over the record read before). True: nothing to
   * record after all (the store failed: the slot holds, as when the store is down); false: another
   * request of this person got there first.
   */
  async claim(key: string, held: string | undefined, startAt: number): Promise<PersonRecord | boolean> {
    const value = `${startAt}:${randomUUID()}`;
    const ttlMs = Math.max(0, startAt - this.now()) + PERSON_TTL_MS;
    try {
      const claimed = held === undefined ? await this.engine.setIfAbsent(key, value, ttlMs) : await this.engine.compareAndSet(key, held, value, ttlMs);
      return claimed ? { key, value } : false;
    } catch (error) {
      this.onError?.(error);
      return true;
    } finally {
      if (this.pending.get(key) === startAt) this.pending.delete(key);
    }
  }

  /** Deletes a given-back slot's record, if it is still this slot's. */
  async forget(record: PersonRecord): Promise<void> {
    await this.engine.compareAndDelete(record.key, record.value);
  }

  /** Waits for the records being written. */
  written(): Promise<void> {
    return this.writes;
  }
}
