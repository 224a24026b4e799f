// Acknowledges an interaction within Discord's 3 s whatever the handler does: a handler that
// answers quickly replies directly (one round trip); a slow one is deferred after `deferAfterMs`
// and its answer edits the deferred reply. Errors always reach the user ephemerally. A handler
// that renders pictures is deferred at once; where the first answer cannot carry files (the HTTP
// transport's first answer is the HTTP response body) an answer with files defers, then edits.

import {
  MessageFlags,
  type ChatInputCommandInteraction,
  type InteractionEditReplyOptions,
  type InteractionReplyOptions,
  type MessageComponentInteraction,
  type ModalSubmitInteraction,
} from 'discord.js';
import { finalizeMessage, type RenderedMessage } from '../render/limits.js';
import type { Logger } from '../log/log.js';

export type RepliableInteraction = ChatInputCommandInteraction | MessageComponentInteraction | ModalSubmitInteraction;

export interface RespondOptions {
  /** 'reply' answers with a new message; 'update' edits the message a component is on. */
  mode: 'reply' | 'update';
  ephemeral: boolean;
  deferAfterMs: number;
  /** Defer as soon as the work starts (pictures take time to render). */
  deferAtOnce?: boolean;
  /** False where the first answer cannot carry files (HTTP transport): such an answer defers, then edits. */
  filesInFirstAnswer?: boolean;
}

/** Defaults leave ample margin under 3 s on a loaded machine. */
export const DEFAULT_DEFER_AFTER_MS = 1_200;

type Payload = InteractionReplyOptions & InteractionEditReplyOptions;

/**
 * The discord.js options for a rendered message. An edit replaces the whole message, so it drops the
 * attachments the message had (`attachments: []`) and uploads the new files, if any.
 */
function toDiscord(message: RenderedMessage, edit = false): Payload {
  const final = finalizeMessage(message);
  const files = final.uploads?.map((f) => ({ attachment: f.data, name: f.name, description: f.description, contentType: f.contentType }));
  return {
    content: final.content ?? '',
    embeds: final.embeds ?? [],
    components: final.components ?? [],
    allowedMentions: { parse: [] },
    ...(files ? { files } : {}),
    ...(edit ? { attachments: [] } : {}),
  };
}

function hasFiles(message: RenderedMessage): boolean {
  return (message.files?.length ?? 0) > 0;
}

export class Responder {
  private deferred: Promise<unknown> | undefined;
  private onDeferFailed: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** performance.now() when Discord accepted the first acknowledgement (defer, reply or update). */
  firstResponseAt: number | undefined;
  /** Set once `abandon` answered: the handler's late answer is dropped instead of answering twice. */
  private closed = false;
  private sending: Promise<void> | undefined;
  /** The progress edits in flight, in order; the answer waits for them so it is never overwritten. */
  private progressing: Promise<void> = Promise.resolve();
  /** Set once the answer (or an error) is on its way: no more progress edits. */
  private finishing = false;

  constructor(
    private readonly interaction: RepliableInteraction,
    private readonly options: RespondOptions,
    private readonly log: Logger,
  ) {}

  /**
   * Starts the defer timer; call before doing the work. `onDeferFailed`: Discord refused the deferral
   * (the interaction is gone), so nothing can answer it any more.
   */
  arm(onDeferFailed?: () => void): void {
    this.onDeferFailed = onDeferFailed;
    if (this.options.deferAtOnce) {
      this.deferNow();
      return;
    }
    this.timer = setTimeout(() => this.deferNow(), this.options.deferAfterMs);
  }

  private deferNow(): void {
    this.deferred ??= this.defer().then(() => this.acknowledged()).catch((error: unknown) => {
      this.log.warn('could not defer interaction', { error });
      this.onDeferFailed?.();
    });
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
    await this.progressing;
    return this.interaction.deferred || this.interaction.replied;
  }

  /** Edits the deferred reply to show progress (never before the deferral, never after the answer started). */
  progress(message: RenderedMessage): void {
    if (this.closed || this.finishing) return;
    this.progressing = this.progressing
      .then(async () => {
        if (this.closed || this.finishing || !this.interaction.deferred) return;
        await this.interaction.editReply(toDiscord(message, true));
      })
      .catch((error: unknown) => this.log.warn('could not show progress', { error }));
  }

  async send(message: RenderedMessage): Promise<void> {
    if (this.closed) return;
    this.finishing = true;
    const sending = this.sendNow(message);
    this.sending = sending;
    await sending;
  }

  private async sendNow(message: RenderedMessage): Promise<void> {
    let acknowledged = await this.settle();
    if (this.closed) return;
    if (!acknowledged && hasFiles(message) && this.options.filesInFirstAnswer === false) {
      this.deferNow();
      acknowledged = await this.settle();
      if (this.closed) return;
    }
    if (acknowledged) {
      await this.interaction.editReply(toDiscord(message, true));
      return;
    }
    if (message.modal && (this.interaction.isMessageComponent() || this.interaction.isChatInputCommand())) {
      await this.interaction.showModal(message.modal);
      return this.acknowledged();
    }
    const payload = toDiscord(message, this.options.mode === 'update');
    if (this.options.mode === 'update' && this.interaction.isMessageComponent()) {
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
    this.finishing = true;
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
      await this.interaction.editReply(toDiscord(message, true));
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
