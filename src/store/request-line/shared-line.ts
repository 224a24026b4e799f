// The deployment's upstream request budget: requests are paced, one slot every 1/rate seconds, on a
// single record in the shared store (its "theoretical arrival time", the generic cell rate
// algorithm), with `burst` slots more allowed at once after a quiet spell. Taking a slot is one
// compare-and-set on that record, so every process sharing the store draws from the same line, in
// arrival order, and any sliding second holds at most `requestsPerSecond + 1 + burst` requests,
// however many processes there are.
//
// Not rate-limiter-flexible (it counts the per-user limits): its fixed windows let two windows' worth
// start within one sliding second, enough to trip a service that counts a sliding second.
//
// Nobody is stranded: a caller reserves only a slot that starts by its `startBy` (its deadline less
// an attempt), else it is told at once that the line is busy and when it has room (LineBusyError;
// attempt.ts), so the line never reaches past the deadlines of the people in it; a caller that stops
// waiting gives its slot back (give-back.ts: the line rolls back when it was the last, else the next
// caller takes it).
//
// Fair across people: a person holds at most one reserved slot at a time, across processes
// (person-slots.ts), so one person's burst delays everyone else by at most one slot.
//
// Priorities: people's commands and buttons reserve the next slot as above; autocomplete reserves one
// only if it starts within `autocompleteMaxWaitMs`, else gives up at once
// (UpstreamBudgetUnavailableError: answer from cache or with no choices). Background work goes only
// after the line has been idle for a whole interval, and reserves nothing ahead (the line's next slot
// stays "now"), so a person arriving just after it is not delayed by it; it waits and looks again
// otherwise, never queueing ahead of people and never dropped.
//
// Refusing is quick: a process reads the line once for all of its callers waiting at that moment (a
// round: one read of the line and of their people's records, one compare-and-set for every slot it
// hands out), and decides for each in arrival order: a slot, a wait (their own earlier request still
// holds their one slot), or busy at once. So a caller the line cannot serve in time is told after a
// round or two of store steps, not after a queue of other callers' round trips; and a process also
// remembers the line as it last read or wrote it (KNOWN_LINE_MS at most), so a caller whose deadline
// that line already passes is told busy without waiting for a round at all.
//
// Contention: a process's callers share its rounds, and a compare-and-set lost to another process is
// tried again after a jittered, growing pause (local-pacing.ts), so N callers at once cost a few store
// steps per process, not N², and do not crowd the store's other steps out of a small connection pool.
//
// A store that fails or is slow stops nobody: the process paces its callers alone (local-pacing.ts),
// at its share of the rate (the live processes it last saw in the store, live-processes.ts, or the
// configured count), people before background work.

import { randomUUID } from 'node:crypto';
import type { StoreEngine } from '../engine.js';
import {
  type UpstreamAcquireOptions,
  type UpstreamBudget,
  type UpstreamBudgetStats,
  type UpstreamPriority,
} from '../../service/upstream-ports.js';
import { AttemptWaits, newAttempt, type Attempt } from './attempt.js';
import { parseLine, writeLine, type LineState } from './line-record.js';
import { planRound, soonestSlot, type LineTerms, type PlannedSlot } from './line-plan.js';
import { SlotGiveBack, type Slot } from './give-back.js';
import { backoffMs, LocalPacing, sleepFor } from './local-pacing.js';
import { LiveProcesses, shareOf } from './live-processes.js';
import { PersonSlots } from './person-slots.js';
import { LineCounts } from './line-counts.js';

export interface StoreUpstreamBudgetOptions {
  /** SERVICE_REQUESTS_PER_SECOND: the whole deployment's requests per second (a positive integer). */
  requestsPerSecond: number;
  /** SERVICE_REQUESTS_BURST: requests that may go at once above the paced rate after a quiet spell; default 0. */
  burst?: number;
  /** The longest an autocomplete waits for its slot; default 1 000 ms. */
  autocompleteMaxWaitMs?: number;
  /** Store key of the line (people's records are `<name>:person:<id>`); default `upstream-budget`. */
  name?: string;
  /** SERVICE_PROCESS_COUNT: the processes sharing the line, as the operator counts them (paced alone, each takes its share). */
  processCount?: number | undefined;
  /** The live processes' heartbeats (opened by openUpstreamBudget); without it, the configured count alone. */
  processes?: LiveProcesses;
  /** Told about a store failure (the request then goes, paced by this process alone). */
  onError?: (error: unknown) => void;
  /** Told once when this process paces alone with no heartbeat read and no SERVICE_PROCESS_COUNT (it then assumes two processes). */
  onCountUnknown?: () => void;
  /** The clock; tests drive time with their own `now` and `sleep`. */
  now?: () => number;
  /** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter of the pause after a lost compare-and-set, in [0, 1); default Math.random. */
  random?: () => number;
}

type Engine = Pick<StoreEngine, 'get' | 'getMany' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete'>;

/** The line as this process last read or wrote it is trusted this long to refuse a caller without asking the store. */
const KNOWN_LINE_MS = 2_000;

/** What a round came to for one caller: a slot, a wait before the next (a person's slot ahead, a busy line for background), or a lost claim. */
type Step = { slot: Slot } | { waitMs: number } | { roundTripMs: number };

/** A caller waiting for its part of a round. */
interface Ticket {
  a: Attempt;
  resolve: (step: Step) => void;
  reject: (error: unknown) => void;
  /** Leaves the queue when the caller's signal aborts. */
  leave: (() => void) | undefined;
}

export class StoreUpstreamBudget implements UpstreamBudget {
  private readonly intervalMs: number;
  private readonly terms: LineTerms;
  private readonly autocompleteMaxWaitMs: number;
  private readonly key: string;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly waits: AttemptWaits;
  private readonly random: () => number;
  private readonly counts = new LineCounts();
  /** Callers waiting for the next round, in arrival order. */
  private readonly queue: Ticket[] = [];
  /** A round is under way (one at a time per process). */
  private pumping = false;
  /** People's one reserved slot each. */
  private readonly people: PersonSlots;
  /** Slots given back by callers that stopped waiting (close waits for them). */
  private readonly givingBack: SlotGiveBack;
  /** When the store fails, this process paces itself alone. */
  private readonly local: LocalPacing;
  /** The line as this process last read or wrote it, and when. */
  private known: { line: LineState; at: number } | undefined;

  constructor(
    private readonly engine: Engine,
    private readonly options: StoreUpstreamBudgetOptions,
  ) {
    const rate = options.requestsPerSecond;
    if (!Number.isInteger(rate) || rate < 1) throw new Error('requestsPerSecond must be a positive integer');
    const burst = options.burst ?? 0;
    if (!Number.isInteger(burst) || burst < 0) throw new Error('burst must be a whole number, 0 or more');
    this.intervalMs = 1000 / rate;
    this.terms = { intervalMs: this.intervalMs, burstMs: burst * this.intervalMs };
    this.autocompleteMaxWaitMs = options.autocompleteMaxWaitMs ?? 1_000;
    this.key = options.name ?? 'upstream-budget';
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? sleepFor;
    this.random = options.random ?? Math.random;
    this.waits = new AttemptWaits(this.now, this.sleep);
    this.people = new PersonSlots(engine, this.key, this.now, options.onError);
    const processes = options.processes;
    const configured = shareOf(randomUUID(), undefined, options.processCount);
    this.local = new LocalPacing(this.terms, processes ? () => processes.share() : () => configured);
    this.givingBack = new SlotGiveBack(engine, {
      key: this.key,
      intervalMs: this.intervalMs,
      people: this.people,
      now: this.now,
      sleep: this.sleep,
      random: this.random,
      onError: options.onError,
      wrote: (line, at) => {
        this.known = { line, at };
      },
    });
  }

  async acquire(priority: UpstreamPriority, options: UpstreamAcquireOptions = {}): Promise<void> {
    const { signal } = options;
    const started = this.now();
    this.counts.started(priority);
    try {
      const personKey = options.person === undefined || priority === 'background' ? undefined : this.people.keyFor(options.person);
      const a = newAttempt(priority, options, started, personKey, this.autocompleteMaxWaitMs);
      const slot = await this.reserve(a);
      try {
        await this.waits.waitFor(a, slot.startAt - this.now());
      } catch (error) {
        this.givingBack.give(slot);
        throw error;
      }
      this.counts.grant(priority);
    } catch (error) {
      this.counts.failed(error, signal?.aborted === true);
      throw error;
    } finally {
      this.counts.ended(priority, this.now() - started);
    }
  }

  stats(): UpstreamBudgetStats {
    return {
      ...this.counts.snapshot(),
      released: this.givingBack.released,
      requestsPerSecond: this.options.requestsPerSecond,
      reserve: 0,
    };
  }

  /** Waits for slots still being given back; the line itself lives in the store. */
  async close(): Promise<void> {
    await this.people.written();
    await this.givingBack.settled();
    await this.options.processes?.stop();
  }

  /**
   * Takes a slot of the line that starts in time, as the priority allows: the caller joins this
   * process's next round (see `round`), and looks again after a wait or a lost race.
   */
  private async reserve(a: Attempt): Promise<Slot> {
    for (let lost = 0; ; ) {
      this.waits.check(a);
      const now = this.now();
      const soonest = this.knownSoonest(a.priority, now);
      if (soonest > a.latest) throw this.waits.tooLate(a, soonest - now);
      const step = await this.join(a);
      if ('slot' in step) return step.slot;
      if ('waitMs' in step) {
        await this.waits.waitFor(a, step.waitMs);
        continue;
      }
      // This person's other request claimed their one slot first: look again after a pause.
      lost++;
      await this.waits.waitFor(a, backoffMs(lost, step.roundTripMs, this.random));
    }
  }

  /** Waits for this caller's part of the next round; a caller whose signal aborts while it waits leaves at once. */
  private join(a: Attempt): Promise<Step> {
    return new Promise<Step>((resolve, reject) => {
      const ticket: Ticket = { a, resolve, reject, leave: undefined };
      if (a.signal) {
        const signal = a.signal;
        ticket.leave = () => {
          const i = this.queue.indexOf(ticket);
          if (i === -1) return; // in a round: it ends the round's way, and the slot is given back if it got one
          this.queue.splice(i, 1);
          reject(this.waits.stopped(a));
        };
        signal.addEventListener('abort', ticket.leave, { once: true });
      }
      this.queue.push(ticket);
      void this.pump();
    });
  }

  /** Runs rounds while callers wait; a round whose compare-and-set lost puts its slot takers back first, after a pause. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (let lost = 0; this.queue.length > 0; ) {
        const tickets = this.queue.splice(0);
        const roundTripMs = await this.round(tickets).catch((error: unknown) => {
          for (const t of tickets) this.fail(t, error);
          return 0;
        });
        if (roundTripMs === 0) {
          lost = 0;
          continue;
        }
        lost++;
        await this.sleep(backoffMs(lost, roundTripMs, this.random));
      }
    } finally {
      this.pumping = false;
    }
  }

  /**
   * One round for the callers waiting now: read the line (and the records of their people not read yet),
   * plan each in arrival order (line-plan.ts), take every slot handed out with one compare-and-set, then
   * record each person's one reserved slot. Returns the round trip when another process moved the line
   * first (the slot takers are back at the head of the queue), else 0.
   */
  private async round(tickets: Ticket[]): Promise<number> {
    const asked = this.now();
    let live = tickets.filter((t) => this.still(t));
    if (live.length === 0) return 0;
    const people = this.people.toRead(live.map((t) => t.a));
    let raw: string | undefined;
    try {
      const read = people.length === 0 ? [await this.engine.get(this.key)] : await this.engine.getMany([this.key, ...people]);
      raw = read[0];
      this.people.took(live.map((t) => t.a), new Map(people.map((key, i) => [key, read[i + 1]])));
    } catch (error) {
      for (const t of peopleFirst(live)) this.settle(t, () => this.alone(error, t.a));
      return 0;
    }
    live = live.filter((t) => this.still(t));
    const now = this.now();
    const line = parseLine(raw, now);
    this.known = { line, at: now };
    const { outcomes, next } = planRound(line, now, live.map((t) => t.a), this.terms, this.people.claiming);
    const takers: Array<[Ticket, PlannedSlot]> = [];
    outcomes.forEach((o, i) => {
      const t = live[i] as Ticket;
      if ('slot' in o) takers.push([t, o.slot]);
      else if ('busyInMs' in o) this.settle(t, () => Promise.reject(this.waits.tooLate(t.a, o.busyInMs)));
      else {
        if (o.person) t.a.readPerson = true;
        if (o.background) this.counts.refused++;
        this.settle(t, () => ({ waitMs: o.waitMs }));
      }
    });
    if (takers.length === 0) return 0;
    let taken: boolean;
    try {
      taken = await writeLine(this.engine, this.key, raw, next, now);
    } catch (error) {
      for (const t of peopleFirst(takers.map(([t]) => t))) this.settle(t, () => this.alone(error, t.a));
      return 0;
    }
    if (!taken) {
      this.queue.unshift(...takers.map(([t]) => t));
      return Math.max(1, this.now() - asked);
    }
    this.known = { line: next, at: now };
    for (const [t, planned] of takers) {
      const slot: Slot = { startAt: planned.startAt, tatAfter: planned.tatAfter, ...(planned.reused ? { reused: true } : {}) };
      const { personKey } = t.a;
      if (personKey === undefined || slot.startAt <= now) {
        this.settle(t, () => ({ slot }), slot);
        continue;
      }
      // People's records are written one after another, behind the round (person-slots.ts).
      this.people.queue(personKey, slot.startAt, () => this.hand(t, personKey, slot), (error) => this.fail(t, error));
    }
    return 0;
  }

  /** Hands a taken slot to its caller, recorded as the person's one reserved slot when it lies ahead. */
  private async hand(t: Ticket, personKey: string, slot: Slot): Promise<void> {
    const claimed = await this.people.claim(personKey, t.a.held, slot.startAt);
    if (claimed !== false) {
      const mine = claimed === true ? slot : { ...slot, person: claimed };
      this.settle(t, () => ({ slot: mine }), mine);
      return;
    }
    // Another request of this person reserved meanwhile: give this slot back and wait behind it.
    this.givingBack.give(slot);
    t.a.readPerson = true;
    this.settle(t, () => ({ roundTripMs: Math.max(1, this.now() - t.a.started) }));
  }

  /** False (and the caller rejected) when it stopped waiting. */
  private still(t: Ticket): boolean {
    if (!t.a.signal?.aborted) return true;
    this.fail(t, this.waits.stopped(t.a));
    return false;
  }

  /**
   * Ends a caller's wait with what `outcome` gives (a step, or the error it throws or rejects with). A
   * slot for a caller that stopped waiting meanwhile is given back.
   */
  private settle(t: Ticket, outcome: () => Step | Promise<Step>, slot?: Slot): void {
    if (t.leave) t.a.signal?.removeEventListener('abort', t.leave);
    if (slot && t.a.signal?.aborted) {
      this.givingBack.give(slot);
      t.reject(this.waits.stopped(t.a));
      return;
    }
    try {
      Promise.resolve(outcome()).then(t.resolve, t.reject);
    } catch (error) {
      t.reject(error);
    }
  }

  private fail(t: Ticket, error: unknown): void {
    this.settle(t, () => Promise.reject(error));
  }

  /**
   * The soonest a person's slot could start by the line this process last saw (0 when it saw none lately,
   * or for background work, which never reserves ahead): the line only moves later as callers reserve.
   */
  private knownSoonest(priority: UpstreamPriority, now: number): number {
    const known = this.known;
    if (priority === 'background' || !known || now - known.at > KNOWN_LINE_MS) return 0;
    return soonestSlot(known.line, now, this.terms);
  }

  /** The store failed: report it and pace this process by itself rather than stopping every caller (local-pacing.ts). */
  private alone(error: unknown, a: Attempt): Step {
    this.options.onError?.(error);
    const slot = this.local.take(this.now(), a.latest, a.priority);
    if ('busyInMs' in slot) throw this.waits.tooLate(a, slot.busyInMs);
    if ('waitMs' in slot) {
      this.counts.refused++;
      return slot;
    }
    return { slot };
  }
}

/** Callers the store failed for, people before background work (paced alone, background takes only a free slot). */
const peopleFirst = (tickets: readonly Ticket[]): Ticket[] => [...tickets.filter((t) => t.a.priority !== 'background'), ...tickets.filter((t) => t.a.priority === 'background')];

/** The line on `engine`, with this process's heartbeat written and the live processes read once. */
export async function openUpstreamBudget(engine: StoreEngine, options: StoreUpstreamBudgetOptions): Promise<StoreUpstreamBudget> {
  const processes = new LiveProcesses(engine, { line: options.name ?? 'upstream-budget', configured: options.processCount, now: options.now, onError: options.onError, onCountUnknown: options.onCountUnknown });
  await processes.start();
  return new StoreUpstreamBudget(engine, { ...options, processes });
}

