/**
 * The real service's throttling, per client ID: above a rate it answers 403 `forbidden` (no Retry-After, no
 * rate-limit headers) to every request of that client for a cool-off period. Off unless configured; the traffic
 * counters run either way.
 */

export interface ThrottleOptions {
  /** Most /v2 requests one client ID may make in any sliding 1 s window; the next one starts a cool-off. */
  requestsPerSecond: number;
  /** How long every request of that client then gets the 403 (default {@link DEFAULT_COOL_OFF_MS}). */
  coolOffMs?: number;
}

/** Traffic of one client ID on /v2, counted whether throttling is on or off. */
export interface ClientTraffic {
  /** Requests attributed to the client (client-ID header or a token it issued), throttled ones included. */
  requests: number;
  /** Throttling 403s sent to it. */
  throttled: number;
  /** Most of its requests (throttled ones included) that arrived within any 1 s sliding window. */
  peakPerSecond: number;
}

/** The real service's cool-off is not documented; 10 s is this emulator's choice. */
export const DEFAULT_COOL_OFF_MS = 10_000;
const WINDOW_MS = 1000;

/** Timestamps of the last second, oldest first; drops the older ones lazily. */
class Window {
  private times: number[] = [];
  private head = 0;

  get size(): number {
    return this.times.length - this.head;
  }

  /** Forgets timestamps at or before `t - 1 s`: what remains is within the sliding second that ends at `t`. */
  slide(t: number): void {
    while (this.head < this.times.length && (this.times[this.head] ?? t) <= t - WINDOW_MS) this.head++;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }

  push(t: number): void {
    this.times.push(t);
  }

  clear(): void {
    this.times = [];
    this.head = 0;
  }
}

interface ClientState {
  traffic: ClientTraffic;
  /** every request, for the peak */
  seen: Window;
  /** requests served (not throttled) since the last cool-off, for the limit */
  served: Window;
  coolOffUntil: number;
}

export function validateThrottle(options: ThrottleOptions): Required<ThrottleOptions> {
  const { requestsPerSecond, coolOffMs = DEFAULT_COOL_OFF_MS } = options;
  if (!Number.isInteger(requestsPerSecond) || requestsPerSecond < 1) throw new Error('throttle.requestsPerSecond must be an integer ≥ 1');
  if (!Number.isInteger(coolOffMs) || coolOffMs < 0) throw new Error('throttle.coolOffMs must be an integer ≥ 0');
  return { requestsPerSecond, coolOffMs };
}

export class Throttle {
  private readonly clients = new Map<string, ClientState>();

  constructor(
    private readonly config: Required<ThrottleOptions> | null,
    private readonly now: () => number,
  ) {}

  get settings(): Required<ThrottleOptions> | null {
    return this.config === null ? null : { ...this.config };
  }

  /**
   * Counts one request of `clientId`; true when it must get the throttling 403. Over the limit means: this request
   * would be number `requestsPerSecond + 1` served within one sliding second. It then starts the cool-off, during
   * which every request is refused; the cool-off ends with an empty window.
   */
  admit(clientId: string): boolean {
    const t = this.now();
    const c = this.stateOf(clientId);
    c.traffic.requests++;
    c.seen.slide(t);
    c.seen.push(t);
    c.traffic.peakPerSecond = Math.max(c.traffic.peakPerSecond, c.seen.size);
    if (this.config === null) return false;
    if (t < c.coolOffUntil) {
      c.traffic.throttled++;
      return true;
    }
    c.served.slide(t);
    if (c.served.size >= this.config.requestsPerSecond) {
      c.coolOffUntil = t + this.config.coolOffMs;
      c.served.clear();
      c.traffic.throttled++;
      return true;
    }
    c.served.push(t);
    return false;
  }

  traffic(clientId: string): ClientTraffic {
    const c = this.clients.get(clientId);
    return c ? { ...c.traffic } : { requests: 0, throttled: 0, peakPerSecond: 0 };
  }

  allTraffic(): Record<string, ClientTraffic> {
    return Object.fromEntries([...this.clients].map(([id, c]) => [id, { ...c.traffic }]));
  }

  reset(): void {
    this.clients.clear();
  }

  private stateOf(clientId: string): ClientState {
    let c = this.clients.get(clientId);
    if (!c) {
      c = { traffic: { requests: 0, throttled: 0, peakPerSecond: 0 }, seen: new Window(), served: new Window(), coolOffUntil: 0 };
      this.clients.set(clientId, c);
    }
    return c;
  }
}
