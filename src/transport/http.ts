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
import { rawBodyAtMost } from '../web/body-limit.js';
import { checkTimestamp, type SeenInteractions } from './replay.js';
import { interactionCreateAction, restRequestFields, wrapRestRequest, type InteractionCreateAction } from './discord-internals.js';
import { isRecord } from '../util/is-record.js';
import { retrying } from '../util/retry.js';

/** Discord allows 3 s for the HTTP answer; the router defers at 1.2 s, so this is a backstop. */
export const DEFAULT_ACK_TIMEOUT_MS = 2_800;
/**
 * The largest body read from POST /interactions before verifying it; 413 beyond, counted in bytes read.
 * The largest interaction this bot can receive is a click on one of its own messages, which Discord
 * sends along: content (2000 characters) and embeds (6000 characters in all), a select menu (25
 * options of 100-character label, value and description) and four rows of buttons (80-character
 * labels, 100-character custom ids), plus the envelope (user, member, channel, permissions) — about
 * 65 KB at 3 UTF-8 bytes per character, about 115 KB if Discord escapes every character as \uXXXX.
 * Commands and autocomplete are far smaller (options are capped in src/discord/option-limits.ts).
 */
export const INTERACTION_MAX_BODY_BYTES = 128 * 1024;
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
  /** Interaction ids already received, in the store every process shares (replay protection). */
  seen: SeenInteractions;
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

export class HttpInteractions {
  private readonly key: KeyObject;
  private readonly pending = new Map<string, PendingAnswer>();
  private readonly ackTimeoutMs: number;
  private readonly action: InteractionCreateAction;

  constructor(private readonly o: HttpTransportOptions) {
    this.key = parsePublicKey(o.publicKey);
    this.ackTimeoutMs = o.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS;
    this.action = interactionCreateAction(o.client);
    this.interceptCallbacks();
  }

  /** `POST /interactions`, mounted on the bot's web server. */
  routes(): Router {
    const router = express.Router();
    router.post('/interactions', rawBodyAtMost(INTERACTION_MAX_BODY_BYTES), (req: Request, res: Response) => {
      void this.receive(req, res);
    });
    return router;
  }

  /** Callbacks for interactions that arrived over HTTP become the HTTP answer instead of a REST call. */
  private interceptCallbacks(): void {
    wrapRestRequest(this.o.client.rest, (request) => (options) => {
      const r = restRequestFields(options);
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
    });
  }

  private async receive(req: Request, res: Response): Promise<void> {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const valid = verifyInteractionSignature(this.key, req.get('x-signature-ed25519'), req.get('x-signature-timestamp'), body);
    if (!valid) {
      res.status(401).type('text/plain').send('invalid request signature');
      return;
    }
    // A valid signature on an old (or far-future) timestamp is a captured request played again.
    // Discord signs with the real time, so the wall clock (never the bot's injectable clock) judges it.
    const age = checkTimestamp(req.get('x-signature-timestamp'), Date.now());
    if (age !== 'fresh') {
      this.o.log.info('refused an HTTP interaction with a stale or future signature timestamp', { timestamp: age });
      res.status(401).type('text/plain').send('request timestamp outside the accepted window');
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
    // Each interaction id is handled once across every process on the store: a replay does nothing.
    let first: boolean;
    try {
      first = await this.o.seen.firstSighting(interaction.id);
    } catch (error) {
      this.o.log.error('could not record an HTTP interaction as received (store unavailable); refused it', { interactionId: interaction.id, error });
      res.status(500).type('text/plain').send('could not record the interaction');
      return;
    }
    if (!first) {
      this.o.log.warn('refused a replayed HTTP interaction', { interactionId: interaction.id });
      res.status(409).type('text/plain').send('interaction already received');
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
