// "Next episode now": the soonest reminder still to come for what the place follows (the acting
// user's DM reminders in the DM, the channel's reminders in a server channel) is found through the
// bot's public reminder API, the sandbox's clock moves to just after it, and one reminder pass runs,
// so the visitor sees the reminder arrive. One jump at a time; the clock never moves back.

import { MINUTE_MS, WEEK_MS } from '../src/airing/air-times.js';
import { ENGLISH } from '../src/i18n/index.js';
import { INACTIVE_KEY, type InactiveReason } from '../src/reminders/plans.js';
import { escapeMarkdown } from '../src/render/text.js';
import type { SandboxClock } from './clock.js';
import { channelIdOf, GUILD_ID, type Place, type SandboxUser } from './places.js';

/** Past the reminder's due time: the pass finds it due, and it is not late (10 minutes). */
export const JUST_AFTER_MS = MINUTE_MS;
/** How long to wait for the reminder to show after a pass, before one more pass. */
const FIRST_WAIT_MS = 1500;
const SECOND_WAIT_MS = 5000;
const POLL_STEP_MS = 50;
/** Presses under way at once (the running jump and those waiting behind it); more are refused. */
const MAX_WAITING = 4;

interface Expected {
  episode?: number;
  atMs: number;
}

interface TitleView {
  title: string;
  nsfw?: string;
}

/** What a jump reads of the bot's reminders: its public API (`bot.reminders` fits). */
export interface FollowedReminders {
  list(userId: string): Promise<{ user: { delayMinutes: number; pausedAt?: number }; titles: ReadonlyArray<{ info: TitleView; next?: Expected; inactive?: InactiveReason }> }>;
  listChannels(guildId: string): Promise<ReadonlyArray<{ follow: { channelId: string; delayMinutes: number; pausedAt?: number }; info?: TitleView; next?: Expected; inactive?: InactiveReason }>>;
  /** One scheduler pass: finds due reminders and delivers what is ready. */
  tick(): Promise<void>;
}

/** What the page shows of the sandbox's clock. */
export interface ClockView {
  now: number;
  offsetMs: number;
}

/** The answer to a press: `message` is Discord Markdown (timestamps show in the visitor's zone). */
export interface JumpAnswer {
  jumped: boolean;
  message: string;
  clock: ClockView;
  /** The reminder jumped to: its episode (number when known, air time) and when it was due (air time plus delay). */
  reminder?: { episode?: number; atMs: number; dueMs: number };
  /** Reminders that showed in the place after the jump. */
  arrived?: number;
}

/** A reminder still to come. */
export interface Upcoming {
  title: TitleView;
  episode: Expected;
  delayMinutes: number;
  dueMs: number;
}

export class JumpRefused extends Error {}

/**
 * The reminder still to come for one follow: its next episode's, or the previous episode's while
 * the follower's delay after it has not passed (a weekly plan: it aired a week before the next).
 */
export function upcomingOf(title: TitleView, next: Expected | undefined, delayMinutes: number, now: number): Upcoming | undefined {
  if (!next) return undefined;
  const delay = delayMinutes * MINUTE_MS;
  const hasPrevious = next.episode === undefined || next.episode > 1;
  const previous: Expected = { ...(next.episode !== undefined ? { episode: next.episode - 1 } : {}), atMs: next.atMs - WEEK_MS };
  const episode = hasPrevious && previous.atMs + delay > now ? previous : next;
  return { title, episode, delayMinutes, dueMs: episode.atMs + delay };
}

export class NextEpisode {
  private last: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly clock: SandboxClock,
    private readonly reminders: FollowedReminders,
    /** How many of the bot's own posts the user sees in the place (the timeline's). */
    private readonly posts: (place: Place, user: SandboxUser) => number,
  ) {}

  clockView(): ClockView {
    return { now: this.clock.now(), offsetMs: this.clock.offsetMs };
  }

  /** One jump at a time: a press waits for the jump under way, then picks from the time that one left. */
  press(place: Place, user: SandboxUser): Promise<JumpAnswer> {
    if (this.waiting >= MAX_WAITING) return Promise.reject(new JumpRefused('Other jumps of the sandbox clock are under way: try again in a moment.'));
    this.waiting++;
    const run = this.last.then(() => this.jump(place, user)).finally(() => this.waiting--);
    this.last = run.catch(() => undefined);
    return run;
  }

  private async jump(place: Place, user: SandboxUser): Promise<JumpAnswer> {
    const now = this.clock.now();
    const found = place.kind === 'dm' ? await this.forUser(user, now) : await this.forChannel(place, now);
    if (typeof found === 'string') return { jumped: false, message: found, clock: this.clockView() };
    const before = this.posts(place, user);
    const at = this.clock.advanceTo(found.dueMs + JUST_AFTER_MS);
    let arrived = await this.pass(place, user, before, FIRST_WAIT_MS);
    // A pass the bot's own timer started before the jump read the time before it: run another.
    if (arrived === 0) arrived = await this.pass(place, user, before, SECOND_WAIT_MS);
    const reminder = { ...(found.episode.episode !== undefined ? { episode: found.episode.episode } : {}), atMs: found.episode.atMs, dueMs: found.dueMs };
    return { jumped: true, message: this.told(place, found, at, arrived), clock: this.clockView(), reminder, arrived };
  }

  /** Runs a reminder pass and waits up to `waitMs` for a reminder to show; returns how many showed. */
  private async pass(place: Place, user: SandboxUser, before: number, waitMs: number): Promise<number> {
    try {
      await this.reminders.tick();
    } catch (error) {
      throw new JumpRefused(`The sandbox clock moved forward, but the bot's reminder pass failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const until = Date.now() + waitMs;
    for (;;) {
      const arrived = this.posts(place, user) - before;
      if (arrived > 0 || Date.now() >= until) return arrived;
      await new Promise((resolve) => setTimeout(resolve, POLL_STEP_MS));
    }
  }

  private async forUser(user: SandboxUser, now: number): Promise<Upcoming | string> {
    const { user: settings, titles } = await this.reminders.list(user.id);
    if (titles.length === 0) {
      return 'You follow no titles for reminders yet. Set one first with `/remind add` (here or in a server channel), then press **Next episode now** again.';
    }
    if (settings.pausedAt !== undefined) return 'Your reminders are paused because the bot could not DM you: run `/remind resume` first.';
    const soonest = pickSoonest(titles.map((t) => upcomingOf(t.info, t.next, settings.delayMinutes, now)));
    return soonest ?? `No episode is expected of the titles you follow (${inactiveOf(titles)}), so there is nothing to jump to. Follow an airing title with \`/remind add\`.`;
  }

  private async forChannel(place: Place, now: number): Promise<Upcoming | string> {
    const channelId = channelIdOf(place) ?? '';
    const follows = (await this.reminders.listChannels(GUILD_ID)).filter((v) => v.follow.channelId === channelId);
    if (follows.length === 0) {
      return `<#${channelId}> follows no titles for reminders yet. Set one first with \`/remind channel add\` (it needs Manage Server), or follow a title for yourself with \`/remind add\` and press **Next episode now** in the DM with the bot.`;
    }
    const active = follows.filter((v) => v.follow.pausedAt === undefined);
    if (active.length === 0) return `The reminders of <#${channelId}> are paused because Discord refused a post here: set them up again with \`/remind channel add\`.`;
    const soonest = pickSoonest(active.map((v) => (v.info ? upcomingOf(v.info, v.next, v.follow.delayMinutes, now) : undefined)));
    return soonest ?? `No episode is expected of the titles <#${channelId}> follows (${inactiveOf(active)}), so there is nothing to jump to.`;
  }

  private told(place: Place, u: Upcoming, at: number, arrived: number): string {
    const hidden = u.title.nsfw !== undefined && u.title.nsfw !== 'white' && !place.nsfw;
    const name = hidden ? 'a title marked not safe for work' : `**${escapeMarkdown(u.title.title)}**`;
    const what = u.episode.episode !== undefined ? `episode ${u.episode.episode} of ${name}` : `the next episode of ${name}`;
    const whose = place.kind === 'dm' ? 'your' : "this channel's";
    const delay = u.delayMinutes > 0 ? ` plus ${whose} delay of ${`${u.delayMinutes} ${u.delayMinutes === 1 ? 'minute' : 'minutes'}`}` : '';
    const outcome =
      arrived > 0
        ? `The bot's reminder arrived ${place.kind === 'dm' ? 'here' : 'in this channel'}.`
        : "No reminder has arrived yet: the bot's next pass may still send it.";
    return `Sandbox time moved to <t:${Math.floor(at / 1000)}:f>, just after ${what} (expected <t:${Math.floor(u.episode.atMs / 1000)}:f>)${delay}. ${outcome}`;
  }
}

function pickSoonest(candidates: ReadonlyArray<Upcoming | undefined>): Upcoming | undefined {
  let soonest: Upcoming | undefined;
  for (const c of candidates) if (c && (!soonest || c.dueMs < soonest.dueMs)) soonest = c;
  return soonest;
}

/** Why the followed titles expect no episode, in words (the page itself is in English). */
function inactiveOf(views: ReadonlyArray<{ inactive?: InactiveReason }>): string {
  const reasons = [...new Set(views.map((v) => (v.inactive ? ENGLISH.t(INACTIVE_KEY[v.inactive]) : 'not known yet')))];
  return reasons.join('; ');
}
