import { DEFAULT_COOL_OFF_MAX_MS, DEFAULT_COOL_OFF_MS } from '../config/defaults.js';
// Whole-client back-off after the service throttles (a 403 with valid credentials, a 429, or a
// Retry-After). While cooling off nothing is sent; when the window ends, one probe request goes
// out and everyone else keeps waiting for its outcome. Each throttle in a row doubles the window
// up to a ceiling; a success ends it.

export interface CoolOffOptions {
  /** First window; default 2 000 ms. */
  initialMs?: number;
  /** Ceiling of the doubling; default 60 000 ms. */
  maxMs?: number;
  now?: () => number;
  /** Told whenever a window starts (for logs and metrics). */
  onCoolOff?: (e: { windowMs: number; streak: number; retryAfterMs?: number }) => void;
}

export interface CoolOffTicket {
  probe: boolean;
  epoch: number;
}


export class CoolOff {
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly now: () => number;
  private readonly onCoolOff: CoolOffOptions['onCoolOff'];
  private until = 0;
  private streak = 0;
  private probing = false;
  /** Counts windows, so an answer to a request sent before the current window opened changes nothing. */
  private epoch = 0;

  constructor(o: CoolOffOptions = {}) {
    this.initialMs = o.initialMs ?? DEFAULT_COOL_OFF_MS;
    this.maxMs = Math.max(o.maxMs ?? DEFAULT_COOL_OFF_MAX_MS, this.initialMs);
    this.now = o.now ?? Date.now;
    this.onCoolOff = o.onCoolOff;
  }

  /** Milliseconds left in the current window (0 when requests may go out). */
  get remainingMs(): number {
    return Math.max(0, this.until - this.now());
  }

  get active(): boolean {
    return this.streak > 0;
  }

  /**
   * Whether a request may be sent now. After a window ends only one probe is let through until it
   * reports back (`succeeded` or `throttled`) or is `released` without an answer.
   */
  tryAcquire(): { ok: true; ticket: CoolOffTicket } | { ok: false } {
    if (this.streak === 0) return { ok: true, ticket: { probe: false, epoch: this.epoch } };
    if (this.remainingMs > 0 || this.probing) return { ok: false };
    this.probing = true;
    return { ok: true, ticket: { probe: true, epoch: this.epoch } };
  }

  /** The request got an answer other than throttling: the throttling is over (unless it was sent before the last window opened). */
  succeeded(ticket: CoolOffTicket): void {
    this.released(ticket);
    if (ticket.epoch !== this.epoch) return;
    this.streak = 0;
    this.until = 0;
  }

  /** The request ended without telling anything about throttling (network error, abort). */
  released(ticket: CoolOffTicket): void {
    if (ticket.probe) this.probing = false;
  }

  /** The service throttled; `retryAfterMs` from a Retry-After header lengthens the window if longer. Returns the window it opened, if any. */
  throttled(ticket: CoolOffTicket, retryAfterMs?: number): number | undefined {
    this.released(ticket);
    // Requests already on their way when a window opened say nothing new: they neither double it nor end it.
    if (ticket.epoch !== this.epoch && retryAfterMs === undefined) return undefined;
    const doubling = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.streak, 30));
    const windowMs = Math.min(Math.max(doubling, retryAfterMs ?? 0), Math.max(this.maxMs, retryAfterMs ?? 0));
    const until = this.now() + windowMs;
    if (until <= this.until) return undefined;
    if (ticket.epoch === this.epoch) this.streak++;
    this.epoch++;
    this.until = until;
    this.onCoolOff?.({ windowMs, streak: this.streak, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
    return windowMs;
  }
}

/** Retry-After as milliseconds (seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
