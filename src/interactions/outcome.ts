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
