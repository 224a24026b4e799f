import { DiscordHttpError } from './errors.js';
import type { MessageFault } from './types.js';

/**
 * Injected failures for bot message posts (POST /channels/:id/messages). One queue for DM and guild
 * channels alike, as an outage or a rate limit does not care where the message was going.
 */
export class MessageFaults {
  private readonly queue: MessageFault[] = [];

  failNext(n: number, fault: MessageFault): void {
    for (let i = 0; i < n; i++) this.queue.push({ ...fault });
  }

  /** Throws the next queued fault, if any (called once the body has passed validation). */
  throwNext(): void {
    const fault = this.queue.shift();
    if (fault) throw new DiscordHttpError(fault.status, { message: fault.message, code: fault.code });
  }
}
