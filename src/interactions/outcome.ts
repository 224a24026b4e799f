// What the router reports about each interaction it handled (logs and metrics read it).

export type InteractionKind = 'command' | 'component' | 'autocomplete';
export type InteractionOutcome = 'ok' | 'user_error' | 'error' | 'refused' | 'unknown' | 'timeout' | 'failed';

export interface InteractionReport {
  kind: InteractionKind;
  /** Command path (`anime search`) or component kind (`pg`); `unknown` for what the bot does not know. */
  command: string;
  outcome: InteractionOutcome;
  /** ms from receipt to the first acknowledgement Discord accepted; undefined if none was. */
  firstResponseMs: number | undefined;
  /** ms from receipt to the final answer (or the failure). */
  totalMs: number;
  /** Requests this interaction sent to the service (cache hits send none). */
  upstreamRequests: number;
}

/** Tells `onFinished` (metrics) how an interaction ended; an observer that throws changes nothing. */
export function reportOutcome(
  onFinished: ((report: InteractionReport) => void) | undefined,
  handled: { kind: InteractionKind; command: string; outcome: InteractionOutcome; responder?: { readonly firstResponseAt: number | undefined } },
  started: number,
  upstreamRequests: number,
): void {
  if (!onFinished) return;
  const firstAt = handled.responder ? handled.responder.firstResponseAt : handled.outcome === 'failed' ? undefined : performance.now();
  try {
    onFinished({
      kind: handled.kind,
      command: handled.command,
      outcome: handled.outcome,
      firstResponseMs: firstAt === undefined ? undefined : firstAt - started,
      totalMs: performance.now() - started,
      upstreamRequests,
    });
  } catch {
    // Observers must not break interactions.
  }
}
