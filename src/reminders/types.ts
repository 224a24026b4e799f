// The shapes reminders share with their callers: where data comes from, what a delivery answers,
// what a follow looks like to the views, and the error a refused request throws.

import type { ExpectedEpisode } from '../airing/air-times.js';
import { ENGLISH, type Translator } from '../i18n/index.js';
import type { InactiveReason } from './plans.js';
import type { Anime } from '../service/work-types.js';
import type { ChannelFollow, TitleInfo } from './records.js';

/**
 * `closed`: the user's DMs are closed (their reminders pause); `gone`: the destination no longer
 * takes posts (user unknown, or a channel deleted or no longer writable: that channel's follows
 * pause); `retry`: anything transient.
 */
export type DeliveryResult = { ok: true } | { ok: false; reason: 'closed' | 'gone' | 'retry'; detail?: string };

/**
 * What became of one run of a reminder job: `delivered`; `dropped` (no longer wanted: title removed,
 * reminders paused, user forgotten, or a not-safe-for-work title in a channel no longer age-restricted); `duplicate` (already delivered or skipped); `paused` (DMs closed or
 * the channel refused: its destination paused); `retried`; `failed` (for good).
 */
export type ReminderOutcome = 'delivered' | 'dropped' | 'duplicate' | 'paused' | 'retried' | 'failed';

/** A reminder that failed for good, as its owner is told. */
export interface FailedReminder {
  titleId: number;
  title: string;
  episode?: number;
  /** What Discord answered, or `gone` / `retry` when it gave no detail. */
  reason: string;
  atMs: number;
}

/** Where airing data and lists come from (the service client in the bot; a counter in the bench). */
export interface ReminderSource {
  anime(id: number): Promise<Anime>;
  /**
   * The user's Watching and Plan-to-watch titles with airing fields; undefined when not logged in. `background`:
   * read by a periodic job, not on the user's request (a login found revoked is then told to them by DM).
   */
  airingList(userId: string, o?: { background?: boolean }): Promise<Anime[] | undefined>;
}

/** A refused reminder request, told in the reader's language (`told`); its message is the English text (logs). */
export class ReminderError extends Error {
  constructor(private readonly tell: (t: Translator) => string) {
    super(tell(ENGLISH));
    this.name = 'ReminderError';
  }

  told(t: Translator): string {
    return this.tell(t);
  }
}

export interface FollowedTitle {
  info: TitleInfo;
  next?: ExpectedEpisode;
  /** Why no episode is expected, when none is. */
  inactive?: InactiveReason;
  fromList: boolean;
}

export interface ChannelFollowView {
  follow: ChannelFollow;
  /** Undefined when the title's data is not stored (shown by id). */
  info?: TitleInfo;
  next?: ExpectedEpisode;
  inactive?: InactiveReason;
}
