// The sandbox's clock and "Next episode now" on their own, with a stand-in for the bot's reminders:
// the clock only moves forward and never touches the process clock; a jump goes to just after the
// soonest reminder still to come (a delayed one of the episode that just aired included); presses
// run one at a time; nothing followed is answered with how to set a reminder.

import { describe, expect, it } from 'vitest';
import { MINUTE_MS, WEEK_MS } from '../../src/airing/air-times.js';
import { SandboxClock } from '../../sandbox/clock.js';
import { JUST_AFTER_MS, NextEpisode, upcomingOf, type FollowedReminders } from '../../sandbox/next-episode.js';
import { placeOf, USERS, type Place, type SandboxUser } from '../../sandbox/places.js';

const [aiko] = USERS as [SandboxUser];
const dm = placeOf('dm') as Place;
const general = placeOf('general') as Place;
const T0 = Date.UTC(2030, 0, 7, 12, 0);

/** Reminders that follow one title by DM, airing weekly from `firstMs`, and count their passes. */
function followed(firstMs: number, delayMinutes = 0): FollowedReminders & { passes: number; overlapping: boolean; clock?: SandboxClock; delivered: number } {
  let running = 0;
  const fake = {
    passes: 0,
    overlapping: false,
    delivered: 0,
    clock: undefined as SandboxClock | undefined,
    list: async () => {
      const now = fake.clock?.now() ?? 0;
      const n = Math.max(0, Math.ceil((now - firstMs) / WEEK_MS));
      return { user: { delayMinutes }, titles: [{ info: { title: 'Weekly *Show*', nsfw: 'white' }, next: { episode: n + 1, atMs: firstMs + n * WEEK_MS } }] };
    },
    listChannels: async () => [],
    tick: async () => {
      fake.passes++;
      if (++running > 1) fake.overlapping = true;
      await new Promise((resolve) => setTimeout(resolve, 20));
      fake.delivered++;
      running--;
    },
  };
  return fake;
}

describe('the sandbox clock', () => {
  it('is real time plus an offset that only grows, and leaves the process clock alone', () => {
    const realNow = Date.now;
    let real = T0;
    const clock = new SandboxClock(() => real);
    expect(clock.now()).toBe(T0);
    expect(clock.advanceTo(T0 + WEEK_MS)).toBe(T0 + WEEK_MS);
    expect(clock.offsetMs).toBe(WEEK_MS);
    // Back in time: nothing moves.
    expect(clock.advanceTo(T0)).toBe(T0 + WEEK_MS);
    expect(clock.offsetMs).toBe(WEEK_MS);
    real += 5000;
    expect(clock.now()).toBe(T0 + WEEK_MS + 5000);
    expect(() => clock.advanceTo(Number.NaN)).toThrow(RangeError);
    // The default reads the real clock, which no one replaced.
    const own = new SandboxClock();
    own.advanceTo(Date.now() + 3_600_000);
    expect(Date.now).toBe(realNow);
    expect(Math.abs(Date.now() - (performance.timeOrigin + performance.now()))).toBeLessThan(1000);
    expect(own.now() - Date.now()).toBeGreaterThanOrEqual(3_600_000 - 50);
  });
});

describe('next episode now', () => {
  it('picks the next episode, or the one that just aired while the delay after it runs', () => {
    const title = { title: 'x' };
    const next = { episode: 5, atMs: T0 + WEEK_MS };
    expect(upcomingOf(title, next, 0, T0)).toMatchObject({ episode: next, dueMs: next.atMs });
    // Episode 4 aired 10 minutes ago; with a 30-minute delay its reminder is still to come.
    expect(upcomingOf(title, next, 30, T0 + 10 * MINUTE_MS)).toMatchObject({ episode: { episode: 4, atMs: T0 }, dueMs: T0 + 30 * MINUTE_MS });
    expect(upcomingOf(title, next, 30, T0 + 31 * MINUTE_MS)).toMatchObject({ episode: next, dueMs: next.atMs + 30 * MINUTE_MS });
    // Nothing before episode 1.
    expect(upcomingOf(title, { episode: 1, atMs: T0 + WEEK_MS }, 30, T0 + MINUTE_MS)?.episode.episode).toBe(1);
    expect(upcomingOf(title, undefined, 0, T0)).toBeUndefined();
  });

  it('moves the clock to just after the reminder, runs a pass, and presses run one at a time', async () => {
    let real = T0;
    const clock = new SandboxClock(() => real);
    const reminders = followed(T0 + 2 * 3_600_000, 15);
    reminders.clock = clock;
    const jumps = new NextEpisode(clock, reminders, () => reminders.delivered);
    const [first, second] = await Promise.all([jumps.press(dm, aiko), jumps.press(dm, aiko)]);
    expect(reminders.overlapping).toBe(false);
    expect(first).toMatchObject({ jumped: true, arrived: 1, reminder: { episode: 1, dueMs: T0 + 2 * 3_600_000 + 15 * MINUTE_MS } });
    // The second press picked from the time the first left: the week after.
    expect(second).toMatchObject({ jumped: true, arrived: 1, reminder: { episode: 2, dueMs: T0 + 2 * 3_600_000 + WEEK_MS + 15 * MINUTE_MS } });
    expect(clock.now()).toBe(T0 + 2 * 3_600_000 + WEEK_MS + 15 * MINUTE_MS + JUST_AFTER_MS);
    expect(first?.message).toContain('episode 1 of **Weekly \\*Show\\***');
    expect(first?.message).toContain('plus your delay of 15 minutes');
    expect(first?.message).toContain("The bot's reminder arrived here.");
    real += 1000;
    expect(clock.now()).toBe(T0 + 1000 + 2 * 3_600_000 + WEEK_MS + 15 * MINUTE_MS + JUST_AFTER_MS);
  });

  it('answers how to set a reminder when nothing is followed, and moves nothing', async () => {
    const clock = new SandboxClock(() => T0);
    const reminders: FollowedReminders = {
      list: async () => ({ user: { delayMinutes: 0 }, titles: [] }),
      listChannels: async () => [],
      tick: () => Promise.reject(new Error('no pass without a jump')),
    };
    const jumps = new NextEpisode(clock, reminders, () => 0);
    const inDm = await jumps.press(dm, aiko);
    expect(inDm).toMatchObject({ jumped: false, clock: { now: T0, offsetMs: 0 } });
    expect(inDm.message).toContain('You follow no titles for reminders yet. Set one first with `/remind add`');
    const inChannel = await jumps.press(general, aiko);
    expect(inChannel.jumped).toBe(false);
    expect(inChannel.message).toMatch(/^<#\d+> follows no titles for reminders yet\. Set one first with `\/remind channel add`/);
    expect(clock.offsetMs).toBe(0);
  });
});
