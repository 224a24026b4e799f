/** Discord's JSON error body: `{ message, code, errors? }`. */
export interface DiscordErrorBody {
  message: string;
  code: number;
  errors?: Record<string, unknown>;
}

export class DiscordHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: DiscordErrorBody,
  ) {
    super(`${status} ${body.code} ${body.message}`);
  }
}

export type ErrorPath = ReadonlyArray<string | number>;

interface ErrorNode {
  _errors?: Array<{ code: string; message: string }>;
  [key: string]: unknown;
}

/** Collects field errors into Discord's nested `errors` tree (`{a: {0: {b: {_errors: [...]}}}}`). */
export class FormErrors {
  private readonly root: ErrorNode = {};
  private count = 0;

  add(path: ErrorPath, code: string, message: string): void {
    let node = this.root;
    for (const key of path) {
      const k = String(key);
      const next = node[k];
      if (typeof next === 'object' && next !== null) {
        node = next as ErrorNode;
      } else {
        const created: ErrorNode = {};
        node[k] = created;
        node = created;
      }
    }
    (node._errors ??= []).push({ code, message });
    this.count += 1;
  }

  get isEmpty(): boolean {
    return this.count === 0;
  }

  toBody(): DiscordErrorBody {
    return { message: 'Invalid Form Body', code: 50035, errors: this.root };
  }

  throwIfAny(): void {
    if (!this.isEmpty) throw new DiscordHttpError(400, this.toBody());
  }
}

export const discordErrors = {
  notFound: () => new DiscordHttpError(404, { message: '404: Not Found', code: 0 }),
  unauthorized: () => new DiscordHttpError(401, { message: '401: Unauthorized', code: 0 }),
  unknownInteraction: () => new DiscordHttpError(404, { message: 'Unknown interaction', code: 10062 }),
  alreadyAcknowledged: () =>
    new DiscordHttpError(400, { message: 'Interaction has already been acknowledged.', code: 40060 }),
  invalidWebhookToken: () => new DiscordHttpError(401, { message: 'Invalid Webhook Token', code: 50027 }),
  unknownWebhook: () => new DiscordHttpError(404, { message: 'Unknown Webhook', code: 10015 }),
  unknownMessage: () => new DiscordHttpError(404, { message: 'Unknown Message', code: 10008 }),
  unknownApplication: () => new DiscordHttpError(404, { message: 'Unknown Application', code: 10002 }),
  unknownCommand: () => new DiscordHttpError(404, { message: 'Unknown application command', code: 10063 }),
  emptyMessage: () => new DiscordHttpError(400, { message: 'Cannot send an empty message', code: 50006 }),
  invalidJson: () =>
    new DiscordHttpError(400, { message: 'The request body contains invalid JSON.', code: 50109 }),
} as const;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Discord counts characters as Unicode code points, not UTF-16 units. */
export function textLength(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}
