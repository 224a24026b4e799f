// Replay protection for HTTP interactions. A valid Ed25519 signature proves Discord sent a request
// once, not that it is sent now: a captured request (a "+1 episode" click, say) would verify again.
// So a request is refused when its signed X-Signature-Timestamp is outside a short window around
// now, and an interaction id is accepted once across every process sharing the store (an atomic
// set-if-absent). The id is remembered longer than the window, so once it is forgotten any copy of
// the request is already refused for its timestamp. A store that does not answer in time leaves the
// decision to the process's own memory of ids (see SeenInteractions).

import type { StoreEngine } from '../store/engine.js';

/** A request signed longer ago than this is refused (Discord delivers within seconds). */
export const MAX_TIMESTAMP_AGE_MS = 5 * 60_000;
/** A request signed further in the future than this is refused (clock skew allowance). */
export const MAX_TIMESTAMP_AHEAD_MS = 60_000;
/** How long an interaction id is remembered; longer than the timestamp window it backs up. */
export const SEEN_INTERACTION_TTL_MS = 15 * 60_000;
const KEY_PREFIX = 'interaction-seen:';

export type TimestampVerdict = 'fresh' | 'stale' | 'future' | 'malformed';

/** Whether an X-Signature-Timestamp (Unix seconds) is within the accepted window around `nowMs`. */
export function checkTimestamp(header: string | undefined, nowMs: number): TimestampVerdict {
  if (header === undefined || !/^\d{1,12}$/.test(header)) return 'malformed';
  const signedAtMs = Number(header) * 1000;
  if (nowMs - signedAtMs > MAX_TIMESTAMP_AGE_MS) return 'stale';
  if (signedAtMs - nowMs > MAX_TIMESTAMP_AHEAD_MS) return 'future';
  return 'fresh';
}

/** At most this many ids are remembered in the process while the store does not answer (oldest forgotten first). */
export const MAX_LOCAL_SEEN = 100_000;

export interface SeenInteractionsOptions {
  /** How long an id is remembered; default SEEN_INTERACTION_TTL_MS. */
  ttlMs?: number;
  /** Told when the store did not answer and the process's own memory decided (the fallback is counted by the store steps' metrics). */
  onFallback?: (error: unknown) => void;
  now?: () => number;
}

/**
 * Interaction ids already received, shared by every process on the store.
 *
 * The store's answer is the deployment-wide one, but it is a step before every answer over HTTP, and
 * Discord gives the bot 3 s to acknowledge. When the store is slow or down, operators expect the bot
 * to keep answering, not to fail every interaction: so `engine` should be the store steps' bounded view
 * (`StoreSteps.for('replay', ['setIfAbsent'])`, a short deadline of its own, the fallback counted in
 * amls_bot_store_steps_failed_open_total{step="replay"}), and when it does not answer in time this
 * process decides from its own memory of the ids it saw (every id it accepts is remembered here too,
 * for the same TTL). What that gives up: a replay landing on another process while the store is slow
 * is not recognised. The risk is bounded: the request must carry Discord's valid signature, and its
 * signed timestamp must be within the window (5 minutes old at most), so only a request captured in
 * those minutes, replayed to another process during a store outage, gets through; a replay to the
 * same process is still refused.
 */
export class SeenInteractions {
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Ids this process accepted, with when they are forgotten (insertion order is expiry order). */
  private readonly local = new Map<string, number>();

  constructor(
    private readonly engine: Pick<StoreEngine, 'setIfAbsent'>,
    private readonly options: SeenInteractionsOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? SEEN_INTERACTION_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** True the first time an id is claimed (in any process); false for every later claim within the TTL. */
  async firstSighting(interactionId: string): Promise<boolean> {
    const now = this.now();
    this.forgetExpired(now);
    const local = this.local.get(interactionId);
    if (local !== undefined && local > now) return false;
    let first: boolean;
    try {
      first = await this.engine.setIfAbsent(`${KEY_PREFIX}${interactionId}`, '1', this.ttlMs);
    } catch (error) {
      this.options.onFallback?.(error);
      // Another call for this id may have been let through while this one waited.
      first = !this.local.has(interactionId);
    }
    if (first) this.remember(interactionId, now);
    return first;
  }

  private remember(id: string, now: number): void {
    this.local.delete(id);
    this.local.set(id, now + this.ttlMs);
    while (this.local.size > MAX_LOCAL_SEEN) {
      const oldest = this.local.keys().next();
      if (oldest.done === true) break;
      this.local.delete(oldest.value);
    }
  }

  private forgetExpired(now: number): void {
    for (const [id, until] of this.local) {
      if (until > now) break;
      this.local.delete(id);
    }
  }
}
