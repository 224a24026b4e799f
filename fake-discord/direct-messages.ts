// Bot-initiated messages: opening a DM channel (POST /users/@me/channels) and posting in it
// (POST /channels/{id}/messages), as Discord answers them. A user whose DMs are closed to the bot
// still gets a channel, but posting there fails with 403 and code 50007, exactly like Discord.
// `enforce_nonce` returns an earlier message with the same nonce, as in server channels.

import { DiscordHttpError, FormErrors, isRecord } from './errors.js';
import { dmChannelIdOf } from './interactions.js';
import { isEmptyMessage, MessageFlag, validateMessageBody } from './message-validation.js';
import { earlierWithNonce, nonceOf, validateNonce } from './nonce.js';
import type { MessageFaults } from './message-faults.js';
import { snowflake } from './snowflake.js';
import { normalizeAttachments } from './messages.js';
import type { MessageFault, RecordedMessage } from './types.js';

export type DirectMessageFault = MessageFault;

export class FakeDirectMessages {
  /** DM channel id → recipient user id. */
  private readonly recipients = new Map<string, string>();
  private readonly closed = new Set<string>();
  private readonly sent = new Map<string, RecordedMessage[]>();

  constructor(
    private readonly botUser: Record<string, unknown>,
    private readonly knownUser: (id: string) => Record<string, unknown> | undefined,
    private readonly store: (message: RecordedMessage) => void,
    private readonly now: () => number,
    private readonly faults: MessageFaults,
  ) {}

  closeDms(userId: string): void {
    this.closed.add(userId);
  }

  openDms(userId: string): void {
    this.closed.delete(userId);
  }

  /**
   * The next `n` message posts fail with this error (e.g. 500 or 429) before anything is stored; the
   * queue is shared with guild channel posts (`guilds.failNext`).
   */
  failNext(n: number, fault: DirectMessageFault): void {
    this.faults.failNext(n, fault);
  }

  /** Posts answered with an earlier message because of `enforce_nonce` (no message created). */
  nonceReplays = 0;

  messagesTo(userId: string): RecordedMessage[] {
    return structuredClone(this.sent.get(dmChannelIdOf(userId)) ?? []);
  }

  openChannel(body: unknown): Record<string, unknown> {
    const recipientId = isRecord(body) ? body.recipient_id : undefined;
    if (typeof recipientId !== 'string' || !/^\d{15,21}$/.test(recipientId)) {
      const errs = new FormErrors();
      errs.add(['recipient_id'], 'NUMBER_TYPE_COERCE', `Value "${String(recipientId)}" is not snowflake.`);
      throw new DiscordHttpError(400, errs.toBody());
    }
    const user = this.knownUser(recipientId);
    if (!user) throw new DiscordHttpError(404, { message: 'Unknown User', code: 10013 });
    const id = dmChannelIdOf(recipientId);
    this.recipients.set(id, recipientId);
    return { id, type: 1, flags: 0, last_message_id: null, recipients: [structuredClone(user)] };
  }

  /** The DM channel object (GET /channels/:id), or undefined when the bot did not open this DM channel. */
  channel(channelId: string): Record<string, unknown> | undefined {
    const recipientId = this.recipients.get(channelId);
    if (recipientId === undefined) return undefined;
    const user = this.knownUser(recipientId);
    const last = this.sent.get(channelId)?.at(-1);
    return { id: channelId, type: 1, flags: 0, last_message_id: last?.id ?? null, recipients: user ? [structuredClone(user)] : [] };
  }

  /** Undefined when the channel is not a DM channel the bot opened (the caller then answers 404). */
  post(channelId: string, body: unknown): RecordedMessage | undefined {
    const recipientId = this.recipients.get(channelId);
    if (recipientId === undefined) return undefined;
    const errs = new FormErrors();
    const isV2 = isRecord(body) && typeof body.flags === 'number' && (body.flags & MessageFlag.IsComponentsV2) !== 0;
    validateMessageBody(errs, [], body, isV2);
    if (isRecord(body)) validateNonce(errs, body);
    errs.throwIfAny();
    const data = body as Record<string, unknown>;
    if (isEmptyMessage(data)) throw new DiscordHttpError(400, { message: 'Cannot send an empty message', code: 50006 });
    this.faults.throwNext();
    if (this.closed.has(recipientId)) throw new DiscordHttpError(403, { message: 'Cannot send messages to this user', code: 50007 });
    const earlier = earlierWithNonce(this.sent.get(channelId), data, this.now());
    if (earlier) {
      this.nonceReplays++;
      return earlier;
    }
    const nonce = nonceOf(data);
    const message = {
      id: snowflake(),
      type: 0,
      channel_id: channelId,
      author: structuredClone(this.botUser),
      content: typeof data.content === 'string' ? data.content : '',
      timestamp: new Date(this.now()).toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      // Files uploaded with the post (multipart), as Discord describes them.
      attachments: normalizeAttachments(data.attachments, channelId),
      embeds: Array.isArray(data.embeds) ? data.embeds.map((e) => (isRecord(e) ? { type: 'rich', ...structuredClone(e) } : e)) : [],
      components: Array.isArray(data.components) ? structuredClone(data.components) : [],
      pinned: false,
      flags: 0,
      ...(nonce !== undefined ? { nonce } : {}),
    } as unknown as RecordedMessage;
    if (data.allowed_mentions !== undefined) message.allowed_mentions = structuredClone(data.allowed_mentions);
    const list = this.sent.get(channelId) ?? [];
    list.push(message);
    this.sent.set(channelId, list);
    this.store(message);
    return message;
  }
}
