// Replay protection for HTTP interactions. A valid Ed25519 signature proves Discord sent a request
// once, not that it is sent now: a captured request (a "+1 episode" click, say) would verify again.
// So a request is refused when its signed X-Signature-Timestamp is outside a short window around
// now, and an interaction id is accepted once across every process sharing the store (an atomic
// set-if-absent). The id is remembered longer than the window, so once it is forgotten any copy of
// the request is already refused for its timestamp.

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

/** Interaction ids already received, shared by every process on the store. */
export class SeenInteractions {
  constructor(
    private readonly engine: Pick<StoreEngine, 'setIfAbsent'>,
    private readonly ttlMs = SEEN_INTERACTION_TTL_MS,
  ) {}

  /** True the first time an id is claimed (in any process); false for every later claim within the TTL. */
  firstSighting(interactionId: string): Promise<boolean> {
    return this.engine.setIfAbsent(`${KEY_PREFIX}${interactionId}`, '1', this.ttlMs);
  }
}
