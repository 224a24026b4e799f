// The bot's "Interactions Endpoint URL": Ed25519 signing as Discord does, the portal's check before
// saving a URL (a signed PING must get {"type":1}, a badly signed one 401), and delivering an
// interaction there, its HTTP response body taken as the first answer within the ack deadline.

import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { DiscordHttpError, isRecord } from './errors.js';
import type { InteractionRecord } from './interaction-record.js';
import { acceptCallback } from './rest/interaction-callbacks.js';
import type { ServerState } from './server-state.js';
import { interactionToken, snowflake } from './snowflake.js';

export class InteractionsEndpoint {
  /** The application's Ed25519 public key (64 hex). */
  readonly publicKey: string;
  /** The endpoint URL; undefined while interactions go over the gateway. */
  url: string | undefined;
  private readonly signingKey: KeyObject;

  constructor(private readonly state: ServerState) {
    const keys = generateKeyPairSync('ed25519');
    this.signingKey = keys.privateKey;
    // The raw 32 key bytes are the last 32 of the DER SubjectPublicKeyInfo.
    this.publicKey = keys.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  }

  // Discord signs with the real time, never the fake clock (tests advance that to expire tokens): the
  // bot refuses a signature timestamp more than 5 minutes old or 1 minute ahead.
  signedHeaders(body: string, timestamp = String(Math.floor(Date.now() / 1000))): Record<string, string> {
    const signature = sign(null, Buffer.from(timestamp + body, 'utf8'), this.signingKey).toString('hex');
    return { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp };
  }

  async set(url: string | undefined): Promise<void> {
    if (url === undefined) {
      this.url = undefined;
      return;
    }
    const deadline = this.state.ackDeadlineMs;
    // As the Developer Portal does before saving: a signed PING must get {"type":1}, a badly signed one 401.
    const ping = JSON.stringify({ id: snowflake(), application_id: this.state.applicationId, type: 1, token: interactionToken(snowflake()), version: 1 });
    const good = await fetch(url, { method: 'POST', headers: this.signedHeaders(ping), body: ping, signal: AbortSignal.timeout(deadline) });
    const answer: unknown = good.ok ? await good.json().catch(() => undefined) : undefined;
    if (!isRecord(answer) || answer.type !== 1) {
      throw new Error(`fake discord: the interactions endpoint did not answer a signed PING with {"type":1} (status ${good.status})`);
    }
    const headers = this.signedHeaders(ping);
    const tampered = await fetch(url, { method: 'POST', headers, body: ping.replace('"type":1', '"type":1 '), signal: AbortSignal.timeout(deadline) });
    await tampered.arrayBuffer();
    if (tampered.status !== 401) throw new Error(`fake discord: the interactions endpoint accepted a bad signature (status ${tampered.status})`);
    this.url = url;
  }

  /** POSTs the interaction to the endpoint; the response body is its first answer, due within the ack deadline. */
  async deliver(url: string, record: InteractionRecord): Promise<void> {
    const body = JSON.stringify(record.payload);
    const reject = (status: number, message: string, code = 0): void => {
      record.rejected.push({ status, code, message });
      record.changed();
    };
    let res: Response;
    try {
      res = await fetch(url, { method: 'POST', headers: this.signedHeaders(body), body, signal: AbortSignal.timeout(this.state.ackDeadlineMs) });
    } catch (error) {
      reject(0, `interactions endpoint unreachable or too slow: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const text = await res.text().catch(() => '');
    if (res.status !== 200) {
      reject(res.status, `interactions endpoint answered ${res.status}: ${text.slice(0, 200)}`);
      return;
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text) as unknown;
    } catch {
      reject(400, 'interactions endpoint answered with invalid JSON', 50109);
      return;
    }
    try {
      acceptCallback(this.state, record, answer, false);
    } catch (err) {
      if (!(err instanceof DiscordHttpError)) throw err;
      const b: Record<string, unknown> = isRecord(err.body) ? err.body : {};
      reject(err.status, typeof b.message === 'string' ? b.message : '', typeof b.code === 'number' ? b.code : 0);
    }
  }
}
