// "Next recap now": the sandbox's clock moves to just after the next weekly recap of the server (the
// soonest slot of its recap channels that are not paused, read through the bot's public recap API),
// and the jobs that fell due run, so the visitor sees the recap posted (or told why it was skipped).
// One jump at a time; the clock never moves back.

import type { ServerRecaps } from '../src/server-recaps/server-recaps.js';
import type { SandboxClock } from './clock.js';
import type { ClockView, JumpAnswer } from './next-episode.js';
import { FEED_CHANNEL_ID } from './community.js';
import { GUILD_ID } from './places.js';

const JUST_AFTER_MS = 60_000;
const WAIT_MS = 5000;
const POLL_STEP_MS = 50;

export interface RecapJumpDeps {
  clock: SandboxClock;
  recaps: Pick<ServerRecaps, 'channels' | 'nextSlot' | 'plan'>;
  /** Runs the jobs that are due now (the bot's job engine). */
  runDue(): Promise<void>;
  /** The posts in a channel so far. */
  postsIn(channelId: string): number;
}

export class NextRecap {
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: RecapJumpDeps) {}

  clockView(): ClockView {
    return { now: this.o.clock.now(), offsetMs: this.o.clock.offsetMs };
  }

  press(): Promise<JumpAnswer> {
    const next = this.running.then(() => this.jump());
    this.running = next.catch(() => undefined);
    return next;
  }

  private async jump(): Promise<JumpAnswer> {
    const { channels } = await this.o.recaps.channels.server(GUILD_ID);
    const live = channels.filter((c) => c.pausedAt === undefined);
    if (live.length === 0) {
      return { jumped: false, message: 'No channel of this server has the weekly recap. Add one with `/recap channel add` (it needs Manage Server), then press **Next recap now** again.', clock: this.clockView() };
    }
    const soonest = live.map((c) => ({ channel: c, slot: this.o.recaps.nextSlot(c) })).sort((a, b) => a.slot.atMs - b.slot.atMs)[0];
    if (!soonest) return { jumped: false, message: 'No recap to come.', clock: this.clockView() };
    const before = this.o.postsIn(soonest.channel.channelId);
    const at = this.o.clock.advanceTo(soonest.slot.atMs + JUST_AFTER_MS);
    await this.o.recaps.plan();
    const end = Date.now() + WAIT_MS;
    let arrived = 0;
    let state = (await this.o.recaps.channels.channel(GUILD_ID, soonest.channel.channelId))?.channel;
    while (Date.now() < end) {
      await this.o.runDue();
      arrived = this.o.postsIn(soonest.channel.channelId) - before;
      state = (await this.o.recaps.channels.channel(GUILD_ID, soonest.channel.channelId))?.channel;
      if (arrived > 0 || state?.lastSkipped?.week === soonest.slot.week) break;
      await new Promise((r) => setTimeout(r, POLL_STEP_MS));
    }
    const when = `<t:${Math.floor(at / 1000)}:F>`;
    const outcome =
      arrived > 0
        ? `The weekly recap arrived in <#${soonest.channel.channelId}>.`
        : state?.lastSkipped?.week === soonest.slot.week
          ? `The weekly recap was skipped (${state.lastSkipped.reason}); \`/recap channel list\` says why.`
          : 'The weekly recap has not arrived yet.';
    return { jumped: true, message: `Sandbox time moved to ${when}, just after the weekly recap's time. ${outcome}`, clock: this.clockView(), arrived };
  }
}

/** #general has the weekly recap (both kinds), two days after the sandbox starts at 18:00 UTC. */
export async function seedRecap(bot: { deps: { serverRecaps: Pick<ServerRecaps, 'channels' | 'planChannel' | 'noteMembers'> } }, now: number): Promise<void> {
  const recaps = bot.deps.serverRecaps;
  const weekday = new Date(now + 2 * 24 * 3_600_000).getUTCDay() as 0 | 1 | 2 | 3 | 4 | 5 | 6;
  await recaps.channels.add(GUILD_ID, { channelId: FEED_CHANNEL_ID, weekday, minuteOfDay: 18 * 60, timeZone: 'UTC', kind: 'both', ageRestricted: false }, undefined);
  const found = await recaps.channels.channel(GUILD_ID, FEED_CHANNEL_ID);
  if (found) await recaps.planChannel(GUILD_ID, found.channel);
  await recaps.noteMembers(GUILD_ID);
}
