// Planning one round of the deployment's paced line (shared-line.ts): a process reads the line once for all
// of its callers waiting at that moment, and this decides, in their arrival order, who takes which slot,
// who waits (their own earlier request still holds their one slot, or background work finding the line
// busy) and who is told at once that the line is busy (the slot they would get starts past their
// deadline). Pure: the budget reads and writes the store around it.

import { heldUntil, type LineState } from './line-record.js';
import type { UpstreamPriority } from '../../service/upstream-ports.js';

/** Background work that finds the line busy looks again after at most this long. */
const BACKGROUND_RECHECK_MS = 250;
/** A person's request waiting for their previous one to start looks again after at most this long (it may be given back). */
const PERSON_RECHECK_MS = 1_000;

export interface LineTerms {
  intervalMs: number;
  burstMs: number;
}

/** One caller as the round sees it. */
export interface RoundCaller {
  priority: UpstreamPriority;
  /** The latest its slot may start. */
  latest: number;
  personKey: string | undefined;
  /** The person's record as last read (undefined: none). */
  held: string | undefined;
}

/** A slot of the line a round hands out. */
export interface PlannedSlot {
  startAt: number;
  /** The line's `tat` after this reservation (the line rolls back while it is still the last). */
  tatAfter: number;
  /** Taken from the given-back slots (it goes back there). */
  reused: boolean;
}

export type RoundOutcome =
  | { slot: PlannedSlot }
  /** Look again after this long; `person`: the person's record may have changed by then. */
  | { waitMs: number; person: boolean; background: boolean }
  | { busyInMs: number };

/**
 * Each caller's outcome (in order) and the line once every slot handed out is taken. `claiming`: people's
 * slots this process handed out whose records are still being written (they hold like records read).
 */
export function planRound(
  line: LineState,
  now: number,
  callers: readonly RoundCaller[],
  terms: LineTerms,
  claiming: ReadonlyMap<string, number> = new Map(),
): { outcomes: RoundOutcome[]; next: LineState } {
  let current = line;
  // A person's slot handed out earlier in this round holds like one read from the store.
  const heldInRound = new Map<string, number>(claiming);
  const outcomes = callers.map((c): RoundOutcome => {
    const heldAt = Math.max(heldUntil(c.held), c.personKey === undefined ? 0 : (heldInRound.get(c.personKey) ?? 0));
    if (heldAt > now) {
      if (heldAt > c.latest) return { busyInMs: heldAt - now + terms.intervalMs };
      return { waitMs: Math.min(heldAt - now, PERSON_RECHECK_MS), person: true, background: false };
    }
    const plan = c.priority === 'background' ? backgroundPlan(current, now, terms) : peoplePlan(current, now, terms);
    if ('recheckMs' in plan) return { waitMs: plan.recheckMs, person: false, background: true };
    if (plan.startAt > c.latest) return { busyInMs: plan.startAt - now };
    current = plan.next;
    if (c.personKey !== undefined && plan.startAt > now) heldInRound.set(c.personKey, plan.startAt);
    return { slot: { startAt: plan.startAt, tatAfter: plan.next.tat, reused: plan.reused } };
  });
  return { outcomes, next: current };
}

/** People's next slot: a given-back one if it comes first, else the paced one (up to `burst` slots early). */
function peoplePlan(line: LineState, now: number, terms: LineTerms): { startAt: number; next: LineState; reused: boolean } {
  const paced = Math.max(now, line.tat - terms.burstMs);
  const [given] = line.free;
  if (given !== undefined && given < paced) return { startAt: given, next: { tat: line.tat, free: line.free.slice(1) }, reused: true };
  return { startAt: paced, next: { tat: Math.max(line.tat, now) + terms.intervalMs, free: line.free }, reused: false };
}

/** Background work borrows an idle line without reserving ahead: it goes only after a whole interval with no request. */
function backgroundPlan(line: LineState, now: number, terms: LineTerms): { startAt: number; next: LineState; reused: boolean } | { recheckMs: number } {
  if (line.tat > now - terms.intervalMs) return { recheckMs: Math.min(Math.max(line.tat + terms.intervalMs - now, 1), BACKGROUND_RECHECK_MS) };
  return { startAt: now, next: { tat: now, free: [] }, reused: false };
}

/**
 * The soonest a person's slot could start by a line seen lately (the line only moves later as callers
 * reserve): past a caller's deadline, it is told busy without a store step.
 */
export function soonestSlot(line: LineState, now: number, terms: LineTerms): number {
  const paced = Math.max(now, line.tat - terms.burstMs);
  const given = line.free.find((at) => at >= now);
  return given !== undefined && given < paced ? given : paced;
}
