// The interactions a router is running, so a shutdown can wait for them and answer those still
// running when the grace period ends.

import type { Interaction } from 'discord.js';
import { translator, type Translator } from '../i18n/index.js';
import type { Responder } from './responder.js';
import { errorReply } from './user-errors.js';

export interface DrainResult {
  /** Interactions that finished during the grace period. */
  finished: number;
  /** Interactions still running at its end; each was answered with a "restarting" message. */
  interrupted: number;
}

interface Running {
  responder: Responder | undefined;
  t: Translator;
  done: Promise<void>;
}

export class InFlight {
  private readonly running = new Map<string, Running>();

  get size(): number {
    return this.running.size;
  }

  /** Runs `work` as one interaction in flight; `work` reports its responder once it has one. */
  async track(interaction: Interaction, work: (track: (responder: Responder) => void) => Promise<void>): Promise<void> {
    let finish = (): void => undefined;
    const entry: Running = { responder: undefined, t: translator(interaction.locale), done: new Promise<void>((resolve) => (finish = resolve)) };
    this.running.set(interaction.id, entry);
    try {
      await work((responder) => (entry.responder = responder));
    } finally {
      this.running.delete(interaction.id);
      finish();
    }
  }

  /** Waits up to `graceMs` for the running interactions; those still running then are told the bot is restarting. */
  async drain(graceMs: number): Promise<DrainResult> {
    const running = [...this.running.values()];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.all(running.map((r) => r.done)), timeout]);
    clearTimeout(timer);
    const left = [...this.running.values()];
    await Promise.allSettled(left.map((r) => r.responder?.abandon(errorReply(r.t, 'error.restarting'))));
    return { finished: running.length - left.length, interrupted: left.length };
  }
}
