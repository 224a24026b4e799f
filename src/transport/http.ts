// The HTTP interactions transport: Discord POSTs each interaction, signed with Ed25519, to
// PUBLIC_URL/interactions. The raw payload goes into the same discord.js client (never logged in
// to the gateway) and the same router as the gateway transport; the router's first callback
// (reply, deferral, update, autocomplete choices) is captured and becomes the HTTP response body.
// Later edits and follow-ups go through the interaction webhooks over REST, as with the gateway.

import type { KeyObject } from 'node:crypto';
import type { Client } from 'discord.js';
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from '../log/log.js';
import type { WhereTracker } from '../interactions/where.js';
import { parsePublicKey, verifyInteractionSignature } from './signature.js';
import { isRecord } from '../util/is-record.js';
import { retrying } from '../util/retry.js';

/** Discord allows 3 s for the HTTP answer; the router defers at 1.2 s, so this is a backstop. */
export const DEFAULT_ACK_TIMEOUT_MS = 2_800;
const MAX_BODY = '1mb';
const CALLBACK_ROUTE = /^\/interactions\/(\d{15,21})\/[^/]+\/callback$/;
const WEBHOOK_ROUTE = /^\/webhooks\/\d{15,21}\/[^/]+/;
/** Discord error code for a webhook (here: an interaction token) it does not know yet. */
const UNKNOWN_WEBHOOK = 10015;
const UNKNOWN_WEBHOOK_RETRY_DELAYS_MS = [100, 250, 500];

export interface HttpTransportOptions {
  client: Client;
  where: WhereTracker;
  /** The application's public key, 64 hex characters. */
  publicKey: string;
  log: Logger;
  /** False while the bot is shutting down: new interactions get 503. */
  accepting: () => boolean;
  ackTimeoutMs?: number;
}

interface RawInteraction {
  id: string;
  type: number;
  [key: string]: unknown;
}

interface PendingAnswer {
  /** Called with the callback body the router produced; resolves once the HTTP response is sent. */
  answer(body: unknown): Promise<void>;
}

/** The subset of discord.js's InteractionCreate action used here (it is not in the public typings). */
interface InteractionCreateAction {
  handle(data: unknown): void;
}

interface RestRequest {
  method: string;
  fullRoute: string;
  body?: unknown;
  files?: unknown[];
}

export class HttpInteractions {
  private readonly key: KeyObject;
  private readonly pending = new Map<string, PendingAnswer>();
  private readonly ackTimeoutMs: number;
  private readonly action: InteractionCreateAction;

  constructor(private readonly o: HttpTransportOptions) {
    this.key = parsePublicKey(o.publicKey);
    this.ackTimeoutMs = o.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS;
    this.action = (o.client as unknown as { actions: { InteractionCreate: InteractionCreateAction } }).actions.InteractionCreate;
    this.interceptCallbacks();
  }

  /** `POST /interactions`, mounted on the bot's web server. */
  routes(): Router {
    const router = express.Router();
    router.post('/interactions', express.raw({ type: () => true, limit: MAX_BODY }), (req: Request, res: Response) => {
      void this.receive(req, res);
    });
    return router;
  }

  /** Callbacks for interactions that arrived over HTTP become the HTTP answer instead of a REST call. */
  private interceptCallbacks(): void {
    const rest = this.o.client.rest;
    const request = rest.request.bind(rest);
    rest.request = (options: Parameters<typeof rest.request>[0]) => {
      const r = options as RestRequest;
      const id = r.method === 'POST' ? CALLBACK_ROUTE.exec(r.fullRoute)?.[1] : undefined;
      const pending = id === undefined ? undefined : this.pending.get(id);
      if (id === undefined || pending === undefined) {
        return WEBHOOK_ROUTE.test(r.fullRoute) ? retryUnknownWebhook(() => request(options)) : request(options);
      }
      this.pending.delete(id);
      if (r.files !== undefined && r.files.length > 0) {
        return Promise.reject(new Error('file uploads in the first answer are not supported over the HTTP transport'));
      }
      return pending.answer(r.body).then(() => undefined);
    };
  }

  private async receive(req: Request, res: Response): Promise<void> {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const valid = verifyInteractionSignature(this.key, req.get('x-signature-ed25519'), req.get('x-signature-timestamp'), body);
    if (!valid) {
      res.status(401).type('text/plain').send('invalid request signature');
      return;
    }
    let interaction: RawInteraction;
    try {
      interaction = parseInteraction(body);
    } catch {
      res.status(400).type('text/plain').send('not an interaction');
      return;
    }
    if (interaction.type === 1) {
      res.json({ type: 1 });
      return;
    }
    if (!this.o.accepting()) {
      res.status(503).set('Retry-After', '1').type('text/plain').send('shutting down');
      return;
    }
    if (this.pending.has(interaction.id)) {
      res.status(409).type('text/plain').send('interaction already being handled');
      return;
    }
    await this.dispatch(interaction, res);
  }

  private dispatch(interaction: RawInteraction, res: Response): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        if (this.pending.get(interaction.id) !== entry) return;
        this.pending.delete(interaction.id);
        this.o.log.error('no answer for an HTTP interaction in time', { interactionId: interaction.id });
        res.status(500).type('text/plain').send('no answer in time');
        resolve();
      }, this.ackTimeoutMs);
      const entry: PendingAnswer = {
        answer: (callback) =>
          new Promise<void>((sent) => {
            clearTimeout(timer);
            res.once('finish', () => sent());
            res.once('close', () => sent());
            res.status(200).json(callback);
            resolve();
          }),
      };
      this.pending.set(interaction.id, entry);
      this.o.where.remember(interaction);
      try {
        this.action.handle(interaction);
      } catch (error) {
        clearTimeout(timer);
        this.pending.delete(interaction.id);
        this.o.log.error('could not handle an HTTP interaction', { interactionId: interaction.id, error });
        res.status(500).type('text/plain').send('could not handle the interaction');
        resolve();
      }
    });
  }
}

/**
 * An edit or follow-up can reach Discord before Discord has taken in the HTTP answer it follows (that
 * answer may still be in a load balancer), and Discord then does not know the interaction's webhook
 * yet. Such a refusal is retried briefly instead of losing the user's answer.
 */
function retryUnknownWebhook<T>(send: () => Promise<T>): Promise<T> {
  return retrying(send, (error, retry) => ((error as { code?: unknown }).code === UNKNOWN_WEBHOOK ? UNKNOWN_WEBHOOK_RETRY_DELAYS_MS[retry - 1] : undefined));
}

function parseInteraction(body: Buffer): RawInteraction {
  const parsed: unknown = JSON.parse(body.toString('utf8'));
  if (!isRecord(parsed)) throw new Error('not an object');
  const { id, type } = parsed;
  if (typeof type !== 'number' || (type !== 1 && (typeof id !== 'string' || !/^\d{15,21}$/.test(id)))) throw new Error('no id or type');
  return parsed as RawInteraction;
}
