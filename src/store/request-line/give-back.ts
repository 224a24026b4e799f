// Slots given back on the deployment's line (shared-line.ts): a caller that stops waiting for its reserved
// slot gives it back, in the background (the caller is told at once). The line rolls back when that
// slot is still its last; else the slot joins the line's given-back slots (line-record.ts) and the next
// caller takes it. The person's record written for it is deleted if it is still this slot's. Under
// contention it is tried a few times, then left (a slot lost, never an extra one); a slot this process
// paced alone while the store failed (local-pacing.ts) has nothing to give back.

import type { StoreEngine } from '../engine.js';
import { parseLine, withFreeSlot, writeLine, type LineState } from './line-record.js';
import { backoffMs } from './local-pacing.js';
import type { PersonRecord, PersonSlots } from './person-slots.js';

/** Giving a slot back is tried this many times under contention, then left (a slot lost, never an extra one). */
const RELEASE_TRIES = 5;

/** A reserved slot, and what it takes to give it back. */
export interface Slot {
  startAt: number;
  /** The line's `tat` after this reservation (the line rolls back while it is still the last). */
  tatAfter: number;
  /** Taken from the given-back slots (it goes back there). */
  reused?: boolean;
  /** Paced by this process alone while the store failed: nothing to give back. */
  local?: boolean;
  /** The person's record written for it. */
  person?: PersonRecord;
}

export interface GiveBackOptions {
  /** The line's store key. */
  key: string;
  intervalMs: number;
  people: PersonSlots;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  onError: ((error: unknown) => void) | undefined;
  /** Told the line as a give-back wrote it, and when. */
  wrote: (line: LineState, at: number) => void;
}

export class SlotGiveBack {
  /** Slots given back so far. */
  released = 0;
  /** Slots being given back. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly engine: Pick<StoreEngine, 'get' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete'>,
    private readonly o: GiveBackOptions,
  ) {}

  /** Gives a reserved slot back in the background (its caller has stopped waiting and is told at once). */
  give(slot: Slot): void {
    if (slot.local) return;
    const work = this.release(slot)
      .catch((error: unknown) => this.o.onError?.(error))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Waits for the slots being given back (whatever comes of them). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  /** The last slot of the line rolls the line back; one with others behind it is handed to the next caller. */
  private async release(slot: Slot): Promise<void> {
    const { key, intervalMs, now: clock } = this.o;
    if (slot.person) await this.o.people.forget(slot.person);
    for (let lost = 0; lost < RELEASE_TRIES; ) {
      const asked = clock();
      if (slot.startAt < asked) return;
      const raw = await this.engine.get(key);
      const now = clock();
      const line = parseLine(raw, now);
      const last = !slot.reused && line.tat === slot.tatAfter;
      const next = last ? { tat: line.tat - intervalMs, free: line.free } : withFreeSlot(line, slot.startAt);
      if (await writeLine(this.engine, key, raw, next, now)) {
        this.o.wrote(next, now);
        this.released++;
        return;
      }
      lost++;
      await this.o.sleep(backoffMs(lost, clock() - asked, this.o.random));
    }
  }
}
