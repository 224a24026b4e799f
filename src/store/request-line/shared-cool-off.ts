import { randomBytes } from 'node:crypto';
import type { StoreEngine } from '../engine.js';
import { jsonDecoder } from '../record-decoder.js';
import { ConcurrentChangeError, modify } from '../compare-and-set.js';
import { DEFAULT_COOL_OFF_MAX_MS, DEFAULT_COOL_OFF_MS } from '../../config/defaults.js';
import type { SharedCoolOff, SharedCoolOffState, SharedCoolOffTicket } from '../../service/upstream-ports.js';

// The deployment's cool-off in the store, built on the engine's atomic steps so it works the same
// on every engine:
// - `upstream-cool-off:state` holds the current cool-off as JSON { window, streak, until }: `window`
//   names the window (random), `streak` counts throttles in a row, `until` is when the window ends
//   (epoch ms). Every change is a setIfAbsent (the first throttle) or a compareAndSet on the exact
//   value read, so of processes acting at once exactly one opens or doubles a window. The record
//   expires `forgetAfterMs` after its window ends, so a deployment that stops sending does not stay
//   in cool-off forever.
// - `upstream-cool-off:probe:<window>` is set-if-absent by the one caller allowed to probe after the
//   window ended (expires after `probeTimeoutMs`, so a probe lost with its process frees the slot).

const STATE_KEY = 'upstream-cool-off:state';
const PROBE_PREFIX = 'upstream-cool-off:probe:';
/** Rounds of read-and-compare before giving up on a contended change (another process changed it each time). */
const MAX_ROUNDS = 8;
/** A change to the record races other processes' at most MAX_ROUNDS times, without a pause (a throttle is answered at once). */
const ROUNDS = { attempts: MAX_ROUNDS, pause: async () => undefined };

interface CoolOffRecord {
  window: string;
  streak: number;
  until: number;
}

export interface StoreCoolOffOptions {
  /** First window; default 2 000 ms (as src/service/cool-off.ts). */
  initialMs?: number;
  /** Ceiling of the doubling; default 60 000 ms. */
  maxMs?: number;
  /** How long one probe holds the window's probe slot when it never reports; default 30 000 ms. */
  probeTimeoutMs?: number;
  /** How long an unprobed cool-off is remembered after its window ended; default 10 minutes. */
  forgetAfterMs?: number;
  /** Told whenever this process opens a window. */
  onCoolOff?: (e: { windowMs: number; streak: number; retryAfterMs?: number }) => void;
  now?: () => number;
}

export class StoreCoolOff implements SharedCoolOff {
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly probeTimeoutMs: number;
  private readonly forgetAfterMs: number;
  private readonly now: () => number;
  private readonly onCoolOff: StoreCoolOffOptions['onCoolOff'];

  constructor(
    private readonly engine: StoreEngine,
    o: StoreCoolOffOptions = {},
  ) {
    this.initialMs = o.initialMs ?? DEFAULT_COOL_OFF_MS;
    this.maxMs = Math.max(o.maxMs ?? DEFAULT_COOL_OFF_MAX_MS, this.initialMs);
    this.probeTimeoutMs = o.probeTimeoutMs ?? 30_000;
    this.forgetAfterMs = o.forgetAfterMs ?? 600_000;
    this.now = o.now ?? Date.now;
    this.onCoolOff = o.onCoolOff;
  }

  async state(): Promise<SharedCoolOffState> {
    const record = parse(await this.engine.get(STATE_KEY));
    if (!record) return { active: false, remainingMs: 0 };
    return { active: true, remainingMs: Math.max(0, record.until - this.now()) };
  }

  async tryProbe(): Promise<SharedCoolOffTicket | undefined> {
    const record = parse(await this.engine.get(STATE_KEY));
    if (!record || record.until > this.now()) return undefined;
    const won = await this.engine.setIfAbsent(PROBE_PREFIX + record.window, '1', this.probeTimeoutMs);
    if (!won) return undefined;
    // The window may have moved on meanwhile (the probe before this one was throttled again): a probe
    // for a window that is over would be a second request in the new one.
    const now = parse(await this.engine.get(STATE_KEY));
    return now?.window === record.window ? { window: record.window } : undefined;
  }

  async throttled(ticket?: SharedCoolOffTicket, retryAfterMs?: number): Promise<number | undefined> {
    const opened = await settledChange(
      modify<CoolOffRecord & { windowMs: number } | undefined>(
        this.engine,
        STATE_KEY,
        (raw) => {
          const next = this.nextWindow(parse(raw), ticket, retryAfterMs);
          if (!next) return { keep: true, result: undefined };
          return { value: JSON.stringify(next.record), ttlMs: next.windowMs + this.forgetAfterMs, result: { ...next.record, windowMs: next.windowMs } };
        },
        ROUNDS,
      ),
    );
    if (!opened) return undefined;
    // The old window's probe key stays until it expires, so no late caller probes that window again.
    this.onCoolOff?.({ windowMs: opened.windowMs, streak: opened.streak, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
    return opened.windowMs;
  }

  /** The window a throttle opens over the current one, or none (it says nothing new). */
  private nextWindow(current: CoolOffRecord | undefined, ticket: SharedCoolOffTicket | undefined, retryAfterMs: number | undefined): { record: CoolOffRecord; windowMs: number } | undefined {
    const now = this.now();
    if (current && ticket && ticket.window !== current.window && retryAfterMs === undefined) return undefined;
    // An ordinary request throttled while a window runs was sent before it opened: nothing new.
    if (current && !ticket && current.until > now && retryAfterMs === undefined) return undefined;
    const streak = current ? current.streak : 0;
    const doubling = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(streak, 30));
    const windowMs = Math.min(Math.max(doubling, retryAfterMs ?? 0), Math.max(this.maxMs, retryAfterMs ?? 0));
    const until = now + windowMs;
    if (current && until <= current.until) return undefined;
    return { record: { window: randomBytes(8).toString('hex'), streak: streak + 1, until }, windowMs };
  }

  async succeeded(ticket: SharedCoolOffTicket): Promise<void> {
    // Only the probe of the current window ends it; an older window's answer says nothing now.
    await settledChange(
      modify(this.engine, STATE_KEY, (raw) => (parse(raw)?.window === ticket.window ? { value: undefined, result: undefined } : { keep: true, result: undefined }), ROUNDS),
    );
  }

  async released(ticket: SharedCoolOffTicket): Promise<void> {
    await this.engine.delete(PROBE_PREFIX + ticket.window);
  }
}

// A record that does not read is treated as no cool-off; the next throttle replaces it.
const coolOffDecoder = jsonDecoder<CoolOffRecord>('cool-off', (v) => {
  const value = v as Partial<CoolOffRecord>;
  return typeof value.window === 'string' && typeof value.streak === 'number' && typeof value.until === 'number' ? (value as CoolOffRecord) : undefined;
});
const parse = (raw: string | undefined): CoolOffRecord | undefined => coolOffDecoder.decode(raw);

/** A change that gave up to other processes' (counted and logged by the helper) leaves the cool-off as the others made it. */
async function settledChange<T>(change: Promise<T>): Promise<T | undefined> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof ConcurrentChangeError) return undefined;
    throw error;
  }
}
