// The deadline of one outbound HTTP exchange, shared by the service's client (service/http.ts) and the
// bounded fetch (bounded-fetch.ts): an abort signal that fires when the whole exchange (connecting,
// headers, body) runs past `timeoutMs` or when the caller's signal does, and says which (`timedOut`).
// An EventEmitter, which undici accepts as a request signal: much cheaper per request than an
// AbortController plus AbortSignal.any. Also the one reading of a declared body length.

import { EventEmitter } from 'node:events';

export class Deadline extends EventEmitter {
  aborted = false;
  reason: unknown = undefined;
  /** The deadline passed (not the caller's signal). */
  timedOut = false;
  private readonly timer: NodeJS.Timeout;
  private readonly onCallerAbort: (() => void) | undefined;

  constructor(
    timeoutMs: number,
    private readonly caller: AbortSignal | undefined,
    /** What the exchange rejects with at the deadline (the caller's own error type). */
    timeoutReason: (timeoutMs: number) => unknown,
  ) {
    super();
    this.timer = setTimeout(onTimeout, timeoutMs, this, timeoutReason, timeoutMs);
    if (caller) {
      this.onCallerAbort = () => this.fire(caller.reason);
      caller.addEventListener('abort', this.onCallerAbort, { once: true });
    }
  }

  fire(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }

  /** Stops the timer and the caller's listener once the exchange is over (idempotent). */
  dispose(): void {
    clearTimeout(this.timer);
    if (this.onCallerAbort) this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}

function onTimeout(deadline: Deadline, reason: (timeoutMs: number) => unknown, timeoutMs: number): void {
  deadline.timedOut = true;
  deadline.fire(reason(timeoutMs));
}

/** The body length an answer declares (`content-length`), when it is a whole number of bytes. */
export function declaredLength(headers: Readonly<Record<string, string | string[] | undefined>>): number | undefined {
  const raw = headers['content-length'];
  if (typeof raw !== 'string') return undefined;
  const declared = Number(raw);
  return Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined;
}
