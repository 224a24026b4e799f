// `nonce` and `enforce_nonce` on message creation, as Discord documents them: with enforce_nonce,
// a message the same author created in the same channel with the same nonce in the past few minutes
// is returned instead of creating another.

import type { FormErrors } from './errors.js';
import type { RecordedMessage } from './types.js';

/** How long `enforce_nonce` remembers a nonce ("the past few minutes" in Discord's docs). */
export const NONCE_WINDOW_MS = 5 * 60 * 1000;

/** `nonce`: a string of at most 25 characters or an integer; `enforce_nonce`: a boolean. */
export function validateNonce(errs: FormErrors, body: Record<string, unknown>): void {
  const nonce = body.nonce;
  if (typeof nonce === 'string' && [...nonce].length > 25) {
    errs.add(['nonce'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
  } else if (nonce !== undefined && nonce !== null && typeof nonce !== 'string' && !(typeof nonce === 'number' && Number.isSafeInteger(nonce))) {
    errs.add(['nonce'], 'BASE_TYPE_BAD_NONCE', 'Must be a string or an integer.');
  }
  if (body.enforce_nonce !== undefined && typeof body.enforce_nonce !== 'boolean') {
    errs.add(['enforce_nonce'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  }
}

export function nonceOf(body: Record<string, unknown>): string | number | undefined {
  return typeof body.nonce === 'string' || typeof body.nonce === 'number' ? body.nonce : undefined;
}

/** The earlier message to return instead of creating one, when `enforce_nonce` asks for it. */
export function earlierWithNonce(sent: readonly RecordedMessage[] | undefined, body: Record<string, unknown>, now: number): RecordedMessage | undefined {
  const nonce = nonceOf(body);
  if (nonce === undefined || body.enforce_nonce !== true) return undefined;
  const since = now - NONCE_WINDOW_MS;
  return (sent ?? []).find((m) => m.nonce !== undefined && String(m.nonce) === String(nonce) && Date.parse(m.timestamp) >= since);
}
