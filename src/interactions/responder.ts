// Acknowledges an interaction within Discord's 3 s whatever the handler does: a handler that
// answers quickly replies directly (one round trip); a slow one is deferred after `deferAfterMs`
// and its answer edits the deferred reply. Errors always reach the user ephemerally.

import {
  MessageFlags,
  type ChatInputCommandInteraction,
  type InteractionEditReplyOptions,
  type InteractionReplyOptions,
  type MessageComponentInteraction,
} from 'discord.js';
import { finalizeMessage, type RenderedMessage } from '../render/limits.js';
import type { Logger } from '../log/log.js';

export type RepliableInteraction = ChatInputCommandInteraction | MessageComponentInteraction;

export interface RespondOptions {
  /** 'reply' answers with a new message; 'update' edits the message a component is on. */
  mode: 'reply' | 'update';
  ephemeral: boolean;
  deferAfterMs: number;
}

/** Defaults leave ample margin under 3 s on a loaded machine. */
export const DEFAULT_DEFER_AFTER_MS = 1_200;

function toDiscord(message: RenderedMessage): InteractionReplyOptions & InteractionEditReplyOptions {
  const final = finalizeMessage(message);
  return {
    content: final.content ?? '',
    embeds: final.embeds ?? [],
    components: final.components ?? [],
    allowedMentions: { parse: [] },
  };
}

export class Responder {
  private deferred: Promise<unknown> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** performance.now() when Discord accepted the first acknowledgement (defer, reply or update). */
  firstResponseAt: number | undefined;
  /** Set once `abandon` answered: the handler's late answer is dropped instead of answering twice. */
  private closed = false;
  private sending: Promise<void> | undefined;

  constructor(
    private readonly interaction: RepliableInteraction,
    private readonly options: RespondOptions,
    private readonly log: Logger,
  ) {}

  /** Starts the defer timer; call before doing the work. */
  arm(): void {
    this.timer = setTimeout(() => {
      this.deferred = this.defer().then(() => this.acknowledged()).catch((error: unknown) => {
        this.log.warn('could not defer interaction', { error });
      });
    }, this.options.deferAfterMs);
  }

  private defer(): Promise<unknown> {
    if (this.options.mode === 'update' && this.interaction.isMessageComponent()) return this.interaction.deferUpdate();
    return this.interaction.deferReply(this.options.ephemeral ? { flags: MessageFlags.Ephemeral } : {});
  }

  private acknowledged(): void {
    this.firstResponseAt ??= performance.now();
  }

  private async settle(): Promise<boolean> {
    clearTimeout(this.timer);
    if (this.deferred) await this.deferred;
    return this.interaction.deferred || this.interaction.replied;
  }

  async send(message: RenderedMessage): Promise<void> {
    if (this.closed) return;
    const sending = this.sendNow(message);
    this.sending = sending;
    await sending;
  }

  private async sendNow(message: RenderedMessage): Promise<void> {
    const acknowledged = await this.settle();
    if (this.closed) return;
    const payload = toDiscord(message);
    if (acknowledged) {
      await this.interaction.editReply(payload);
    } else if (this.options.mode === 'update' && this.interaction.isMessageComponent()) {
      await this.interaction.update(payload);
      this.acknowledged();
    } else {
      const ephemeral = this.options.ephemeral || message.ephemeral === true;
      await this.interaction.reply({ ...payload, ...(ephemeral ? { flags: MessageFlags.Ephemeral } : {}) });
      this.acknowledged();
    }
  }

  /** Shows an error only to the user, leaving any public message as it was (or removing a public "thinking…"). */
  async sendError(message: RenderedMessage): Promise<void> {
    if (this.closed) return;
    const sending = this.sendErrorNow(message);
    this.sending = sending;
    await sending;
  }

  /**
   * Answers with `message` for work that will not finish (the bot is shutting down) unless an answer
   * is already on its way; whatever the handler sends later is dropped.
   */
  async abandon(message: RenderedMessage): Promise<void> {
    if (this.closed) return;
    if (this.sending) {
      this.closed = true;
      await this.sending.catch(() => undefined);
      return;
    }
    this.closed = true;
    await this.sendErrorNow(message);
  }

  private async sendErrorNow(message: RenderedMessage): Promise<void> {
    const acknowledged = await this.settle();
    const payload = toDiscord(message);
    const ephemeral = { ...payload, flags: MessageFlags.Ephemeral } as const;
    if (!acknowledged) {
      await this.interaction.reply(ephemeral);
      this.acknowledged();
      return;
    }
    if (this.options.mode === 'reply' && this.options.ephemeral) {
      await this.interaction.editReply(payload);
      return;
    }
    if (this.options.mode === 'reply') {
      // A public deferral cannot turn ephemeral: drop the placeholder, answer privately.
      await this.interaction.deleteReply().catch(() => undefined);
    }
    await this.interaction.followUp(ephemeral);
  }

  /** An extra private message after the answer. */
  async followUpPrivately(message: RenderedMessage): Promise<void> {
    await this.interaction.followUp({ ...toDiscord(message), flags: MessageFlags.Ephemeral });
  }

  /** Replies ephemerally without running any work (e.g. a click by someone else). */
  async notice(message: RenderedMessage): Promise<void> {
    clearTimeout(this.timer);
    await this.interaction.reply({ ...toDiscord(message), flags: MessageFlags.Ephemeral });
    this.acknowledged();
  }
}
