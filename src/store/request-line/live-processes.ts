// How many processes share the deployment's line, for the pacing each does alone while the store fails
// (local-pacing.ts). Each process writes a heartbeat record (`<line>:process:<id>`, expiring after
// HEARTBEAT_TTL_MS) every HEARTBEAT_EVERY_MS and, with the same step, reads which heartbeats are live:
// while the store works it keeps that list. Paced alone, a process takes its share of the rate: one
// slice of the line in `count`, the one at its place among the live processes' ids (sorted), so the
// processes' slices do not overlap.
//
// The count is the larger of the last one seen and the configured one (SERVICE_PROCESS_COUNT): a
// process that has not read the heartbeats yet, or a deployment still running versions that write
// none, is covered by the configured count. A process that stopped is counted until its heartbeat
// expires (a smaller share meanwhile, never a larger one).
//
// A process that has read no heartbeat (it started while the store was failing) and has no configured
// count does not know it is alone: it assumes UNKNOWN_PROCESS_COUNT processes (a share, so no burst),
// rather than the whole deployment's rate and burst, and warns once (`onCountUnknown`) so operators
// set SERVICE_PROCESS_COUNT.

import { randomUUID } from 'node:crypto';
import type { StoreEngine } from '../engine.js';

/** How often a process writes its heartbeat and reads the others'. */
export const HEARTBEAT_EVERY_MS = 10_000;
/** A heartbeat not renewed this long is gone: the process counts as stopped. */
export const HEARTBEAT_TTL_MS = 30_000;
/** The processes assumed by one that has read no heartbeat and has no configured count: never the whole line. */
export const UNKNOWN_PROCESS_COUNT = 2;

/** This process's part of the line while it paces alone: slice `index` of every `count`. */
export interface ProcessShare {
  count: number;
  index: number;
}

export interface LiveProcessesOptions {
  /** The line's store key; heartbeats are `<line>:process:<id>`. */
  line: string;
  /** SERVICE_PROCESS_COUNT: the processes the operator runs (the share is never larger than 1 in this). */
  configured?: number | undefined;
  /** This process's id (default: a random one). */
  id?: string;
  now?: () => number;
  /** Told about a heartbeat that could not be written or read (the last count seen is kept). */
  onError?: ((error: unknown) => void) | undefined;
  /** Told once, the first time a share is taken with no heartbeat read and no configured count. */
  onCountUnknown?: (() => void) | undefined;
}

type Engine = Pick<StoreEngine, 'set' | 'keys' | 'delete'>;

export class LiveProcesses {
  readonly id: string;
  private readonly prefix: string;
  /** The live processes' ids as last read (sorted), or undefined before the first read. */
  private seen: string[] | undefined;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private warned = false;

  constructor(
    private readonly engine: Engine,
    private readonly options: LiveProcessesOptions,
  ) {
    const configured = options.configured;
    if (configured !== undefined && (!Number.isInteger(configured) || configured < 1)) throw new Error('the configured process count must be a positive integer');
    this.id = options.id ?? randomUUID();
    this.prefix = `${options.line}:process:`;
  }

  /** Writes this process's heartbeat and reads the live ones; a failure keeps the last list seen. */
  beat(): Promise<void> {
    this.beating ??= this.writeAndRead().finally(() => {
      this.beating = undefined;
    });
    return this.beating;
  }

  /** Beats now and every HEARTBEAT_EVERY_MS (the timer does not keep the process alive). */
  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_EVERY_MS);
    this.timer.unref();
    await this.beat();
  }

  /** Stops beating and removes this process's heartbeat, so the others' share grows at their next read. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
    await this.engine.delete(this.prefix + this.id).catch((error: unknown) => this.options.onError?.(error));
  }

  /** The share this process takes while it paces alone. */
  share(): ProcessShare {
    if (this.seen === undefined && this.options.configured === undefined && !this.warned) {
      this.warned = true;
      this.options.onCountUnknown?.();
    }
    return shareOf(this.id, this.seen, this.options.configured);
  }

  private async writeAndRead(): Promise<void> {
    try {
      const now = (this.options.now ?? Date.now)();
      await this.engine.set(this.prefix + this.id, String(now), HEARTBEAT_TTL_MS);
      const keys = await this.engine.keys(this.prefix);
      this.seen = keys.map((key) => key.slice(this.prefix.length)).sort();
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}

/**
 * The share of process `id` given the live ids last seen (undefined: none read yet) and the configured
 * count: `count` is the larger of the two counts (this process included), `index` its place among the
 * ids seen; before any read, a place picked from its id, among the configured count or, with none,
 * UNKNOWN_PROCESS_COUNT.
 */
export function shareOf(id: string, seen: readonly string[] | undefined, configured: number | undefined): ProcessShare {
  if (seen === undefined) {
    const count = configured ?? UNKNOWN_PROCESS_COUNT;
    return { count, index: placeFromId(id) % count };
  }
  const ids = seen.includes(id) ? seen : [...seen, id].sort();
  const count = Math.max(ids.length, configured ?? 1);
  return { count, index: ids.indexOf(id) };
}

/** A stable number from the id (FNV-1a), for a place among `count` before any heartbeat was read. */
function placeFromId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
