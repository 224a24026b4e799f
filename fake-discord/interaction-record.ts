import { EventEmitter } from 'node:events';
import { isRecord } from './errors.js';
import { MessageFlag } from './message-validation.js';
import type {
  InteractionHandle,
  InteractionInput,
  InteractionResponse,
  RecordedMessage,
  RejectedCall,
} from './types.js';

const POLL_MS = 25;

export interface MessageLookup {
  get(id: string): RecordedMessage | undefined;
}

/** Server-side state of one dispatched interaction. */
export class InteractionRecord {
  readonly id: string;
  readonly token: string;
  readonly type: number;
  response: InteractionResponse | undefined;
  originalId: string | undefined;
  originalDeleted = false;
  /** Set when the original was edited (PATCH or deferred-followUp) after a type 5/6 answer. */
  completedDeferral = false;
  readonly followUpIds: string[] = [];
  readonly rejected: RejectedCall[] = [];
  /** Delivered to the bot's interactions endpoint (HTTP transport) rather than over the gateway. */
  viaHttp = false;
  /** The gateway shard it was dispatched to. */
  shard: number | undefined;
  readonly changes = new EventEmitter();

  constructor(
    readonly payload: InteractionInput,
    readonly dispatchedAt: number,
  ) {
    this.id = payload.id;
    this.token = payload.token;
    this.type = payload.type;
    this.changes.setMaxListeners(0);
  }

  /** The message a component (or modal from a component) sits on. */
  get sourceMessageId(): string | undefined {
    const message = this.payload.message;
    return isRecord(message) && typeof message.id === 'string' ? message.id : undefined;
  }

  changed(): void {
    this.changes.emit('change');
  }
}

export interface HandleContext {
  record: InteractionRecord;
  messages: MessageLookup;
  now: () => number;
  ackDeadlineMs: number;
}

/** A copy of the interaction's original message, unless it was deleted or never sent. */
function originalOf(ctx: HandleContext): RecordedMessage | undefined {
  const { record, messages } = ctx;
  if (record.originalDeleted || record.originalId === undefined) return undefined;
  const m = messages.get(record.originalId);
  return m ? structuredClone(m) : undefined;
}

/** `what`, followed by what the interaction's state is (answer, rejected calls, original message). */
function describeState(ctx: HandleContext, what: string): string {
  const { record } = ctx;
  const errors = record.rejected.map((e) => `${e.status} ${e.code} ${e.message}`).join('; ') || 'none';
  const response = record.response ? `callback type ${record.response.type}` : 'no accepted callback';
  const current = originalOf(ctx);
  const state = current
    ? JSON.stringify({ content: current.content, embeds: current.embeds, components: current.components, flags: current.flags })
    : 'no original message';
  return `${what} (interaction ${record.id}, type ${record.type}): ${response}; rejected calls: ${errors}; original: ${state}`;
}

/** Resolves when `check` returns a value (checked on each change and every POLL_MS), rejects when it throws or on timeout. */
function waitForRecord<T>(ctx: HandleContext, check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const { record } = ctx;
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const finish = (fn: () => void): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(poll);
      record.changes.off('change', evaluate);
      fn();
    };
    const evaluate = (): void => {
      try {
        const value = check();
        if (value !== undefined) finish(() => resolve(value));
      } catch (err) {
        finish(() => reject(err instanceof Error ? err : new Error(String(err))));
      }
    };
    const timer = setTimeout(() => finish(() => reject(new Error(describeState(ctx, `timed out after ${timeoutMs} ms waiting for ${what}`)))), timeoutMs);
    const poll = setInterval(evaluate, POLL_MS);
    record.changes.on('change', evaluate);
    evaluate();
  });
}

/** The test-facing view of an interaction. */
export function createHandle(ctx: HandleContext): InteractionHandle {
  const { record, messages } = ctx;
  const original = (): RecordedMessage | undefined => originalOf(ctx);
  const describe = (what: string): string => describeState(ctx, what);
  const waitFor = <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> => waitForRecord(ctx, check, timeoutMs, what);
  const deadlinePassedUnanswered = (): boolean =>
    record.response === undefined && ctx.now() - record.dispatchedAt > ctx.ackDeadlineMs;

  const needResponse = (what: string): InteractionResponse | undefined => {
    if (record.response) return record.response;
    if (deadlinePassedUnanswered()) throw new Error(describe(`no initial response within ${ctx.ackDeadlineMs} ms (waiting for ${what})`));
    return undefined;
  };

  return {
    id: record.id,
    token: record.token,
    firstResponse: (timeoutMs = 5000) =>
      waitFor(() => {
        const r = needResponse('the first response');
        return r ? structuredClone(r) : undefined;
      }, timeoutMs, 'the first response'),
    original,
    followUps: () =>
      record.followUpIds.flatMap((id) => {
        const m = messages.get(id);
        return m ? [structuredClone(m)] : [];
      }),
    waitForOriginal: (predicate = () => true, timeoutMs = 10_000) =>
      waitFor(() => {
        needResponse('the original message');
        const m = original();
        return m && predicate(m) ? m : undefined;
      }, timeoutMs, 'the original message to match'),
    settled: (timeoutMs = 10_000) =>
      waitFor(() => {
        const r = needResponse('a settled answer');
        if (!r) return undefined;
        if (r.type === 8 || r.type === 9) {
          throw new Error(describe(`interaction was answered with callback type ${r.type}, which has no message`));
        }
        if ((r.type === 5 || r.type === 6) && !record.completedDeferral && record.followUpIds.length === 0) return undefined;
        const m = original();
        if (!m) throw new Error(describe('the original response was deleted'));
        return m;
      }, timeoutMs, 'the deferred answer to be completed'),
    autocompleteChoices: (timeoutMs = 5000) =>
      waitFor(() => {
        const r = needResponse('autocomplete choices');
        if (!r) return undefined;
        if (r.type !== 8) throw new Error(describe(`expected autocomplete result (type 8), got type ${r.type}`));
        const data = r.data;
        if (!isRecord(data) || !Array.isArray(data.choices)) return [];
        return structuredClone(data.choices) as Array<{ name: string; value: string | number }>;
      }, timeoutMs, 'autocomplete choices'),
    errors: () => structuredClone(record.rejected),
    ephemeral: () => {
      const m = original();
      return m !== undefined && ((m.flags ?? 0) & MessageFlag.Ephemeral) !== 0;
    },
  };
}
