// "Next episode now" through the sandbox's action layer against the real bot: with nothing followed
// the control says how to set a reminder and moves nothing; after `/remind add` it moves the
// sandbox's clock (only the sandbox's: the bot's and the emulator's `now`, never the process clock)
// to just after the next episode, the bot's reminder pass sends exactly one reminder DM with its
// buttons (clickable like any message), and later presses only move the clock forward; in a server
// channel it jumps to the channel's own reminder.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEEK_MS } from '../../src/airing/air-times.js';
import { silentLogger } from '../../src/log/log.js';
import type { CommandInput } from '../../sandbox/actions.js';
import { JUST_AFTER_MS, type JumpAnswer } from '../../sandbox/next-episode.js';
import { placeOf, SERVER_CHANNELS, USERS, type Place, type SandboxUser } from '../../sandbox/places.js';
import { SANDBOX_CLIENT_ID, startSandbox, type Sandbox } from '../../sandbox/start.js';
import type { EntryView } from '../../sandbox/timeline.js';
import { runCommand, viewText } from './run-command.js';
import { airingTitle, type AiringTitle } from './airing-title.js';

const [aiko, ben, chidi] = USERS as [SandboxUser, SandboxUser, SandboxUser];
const realDateNow = Date.now;

function place(key: string): Place {
  const found = placeOf(key);
  if (!found) throw new Error(`the sandbox has no ${key}`);
  return found;
}
const dm = place('dm');
const general = place('general');
const afterDark = place('after-dark');
const generalId = SERVER_CHANNELS.find((c) => c.name === 'general')?.id ?? '';

/** The process clock is the real one: not replaced, not faked, and in step with the monotonic clock. */
function expectRealProcessClock(): void {
  expect(Date.now).toBe(realDateNow);
  expect(vi.isFakeTimers()).toBe(false);
  expect(Math.abs(Date.now() - (performance.timeOrigin + performance.now()))).toBeLessThan(1000);
}

const textOf = viewText;
const buttonsOf = (view: EntryView | undefined): Array<{ label?: string; custom_id?: string }> =>
  ((view?.messages[0]?.components ?? []) as Array<{ components: Array<{ label?: string; custom_id?: string }> }>).flatMap((row) => row.components);

describe('next episode now in the sandbox', () => {
  let sandbox: Sandbox;
  let work: AiringTitle;
  /** When the first DM reminder was due. */
  let firstDue = 0;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, transport: 'gateway', log: silentLogger });
    // Three episodes to come: two presses in the DM, then one in #general.
    work = await airingTitle(sandbox.emulator.url, 3);
  }, 60_000);

  afterAll(async () => {
    await sandbox?.stop();
  });

  const run = (where: Place, user: SandboxUser, input: CommandInput): Promise<EntryView> => runCommand(sandbox, where, user, input);
  // The bot's own posts, but for the seeded community's feed post in #general.
  const posts = (where: Place, user: SandboxUser): EntryView[] =>
    sandbox.timeline.view(where, user).filter((e) => e.kind === 'post' && !sandbox.community.feedPostIds.includes(e.messages[0]?.id ?? ''));

  /** The jump landed just after the reminder it names, an episode of the work (weekly from its next one). */
  function expectLandedAfter(answer: JumpAnswer, before: number): void {
    expect(answer.jumped).toBe(true);
    const reminder = answer.reminder;
    if (!reminder) throw new Error('no reminder in the answer');
    expect(Math.abs((reminder.atMs - work.next) % WEEK_MS)).toBe(0);
    expect(reminder.dueMs).toBe(reminder.atMs);
    expect(reminder.dueMs).toBeGreaterThan(before);
    const now = sandbox.clock.now();
    expect(now - reminder.dueMs).toBeGreaterThanOrEqual(JUST_AFTER_MS);
    expect(now - reminder.dueMs).toBeLessThan(JUST_AFTER_MS + 30_000);
    expect(answer.clock.offsetMs).toBe(sandbox.clock.offsetMs);
  }

  it('with nothing followed, says how to set a reminder first and moves nothing', async () => {
    const inDm = await sandbox.actions.nextEpisode(dm, ben);
    expect(inDm.jumped).toBe(false);
    expect(inDm.message).toContain('You follow no titles for reminders yet. Set one first with `/remind add`');
    const inChannel = await sandbox.actions.nextEpisode(afterDark, chidi);
    expect(inChannel.jumped).toBe(false);
    expect(inChannel.message).toContain('follows no titles for reminders yet. Set one first with `/remind channel add`');
    expect(sandbox.clock.offsetMs).toBe(0);
    expect(sandbox.actions.clock().offsetMs).toBe(0);
    expect(posts(dm, ben)).toEqual([]);
    // The page's route: the same answer, and a clear 400 for a request it cannot place.
    const press = (body: unknown): Promise<Response> =>
      fetch(new URL('/api/next-episode', sandbox.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const viaPage = await press({ place: 'dm', user: ben.id });
    expect(viaPage.status).toBe(200);
    expect(await viaPage.json()).toMatchObject({ jumped: false, message: inDm.message, clock: { offsetMs: 0 } });
    const unknown = await press({ place: 'dm', user: 'nobody' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe('Unknown channel or user.');
    expectRealProcessClock();
  }, 30_000);

  it('after /remind add, moves the sandbox clock to just after the next episode and one reminder DM arrives with its buttons', async () => {
    const set = await run(dm, aiko, { name: 'remind', sub: 'add', options: { title: `id:${work.id}` } });
    expect(textOf(set)).toContain('Reminder set');
    const realBefore = Date.now();
    const answer = await sandbox.actions.nextEpisode(dm, aiko);
    expectLandedAfter(answer, realBefore);
    expect(answer.arrived).toBe(1);
    expect(answer.message).toMatch(/^Sandbox time moved to <t:\d+:f>, just after episode \d+ of \*\*/);
    expect(answer.message).toContain("The bot's reminder arrived here.");
    // Only the sandbox's clock moved: the process clock is where real time is.
    expectRealProcessClock();
    expect(Date.now() - realBefore).toBeLessThan(30_000);
    expect(sandbox.clock.offsetMs).toBeGreaterThanOrEqual((answer.reminder?.dueMs ?? Infinity) + JUST_AFTER_MS - Date.now());
    firstDue = answer.reminder?.dueMs ?? 0;

    const [post, ...more] = posts(dm, aiko);
    expect(more).toEqual([]);
    if (!post) throw new Error('no reminder DM');
    expect(textOf(post)).toContain(`of ${work.title} is expected to be out`);
    if (answer.reminder?.episode !== undefined) expect(textOf(post)).toContain(`Episode ${answer.reminder.episode} of`);
    expect(textOf(post)).not.toContain('Late:');
    const buttons = buttonsOf(post);
    // The episode's discussion topic on the emulator's forum comes as a link button.
    expect(buttons.map((b) => b.label)).toEqual(['+1 episode', 'Open', `Episode ${answer.reminder?.episode ?? '?'} discussion`, 'Stop reminders for this title']);
    // Nobody else got one, and nothing showed in the server's channels.
    expect(posts(dm, ben)).toEqual([]);
    expect(posts(general, aiko)).toEqual([]);

    // Clickable like any message.
    const open = sandbox.actions.click(dm, aiko, post.messages[0]?.id ?? '', buttons[1]?.custom_id ?? '', 'Open');
    const openView = (): EntryView | undefined => sandbox.timeline.view(dm, aiko).find((e) => e.seq === open.seq);
    await expect.poll(() => textOf(openView()), { timeout: 15_000 }).toContain(work.title);
    expect(openView()).toMatchObject({ kind: 'component', state: 'answered', label: 'Open' });
  }, 60_000);

  it('only moves forward: the next press goes to the week after, and the clock never goes back', async () => {
    const first = sandbox.clock.now();
    expect(sandbox.clock.advanceTo(Date.now())).toBeGreaterThanOrEqual(first);
    expect(sandbox.clock.now()).toBeGreaterThanOrEqual(first);
    const answer = await sandbox.actions.nextEpisode(dm, aiko);
    expectLandedAfter(answer, first);
    expect(answer.reminder?.dueMs).toBe(firstDue + WEEK_MS);
    expect(posts(dm, aiko)).toHaveLength(2);
    expectRealProcessClock();
  }, 60_000);

  it('agrees with the emulator: the service reads the sandbox clock too', async () => {
    const token = sandbox.emulator.issueTokensFor('alice', SANDBOX_CLIENT_ID).access_token;
    const res = await fetch(`${sandbox.emulator.url}/v2/anime/${work.id}/my_list_status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'num_watched_episodes=1',
    });
    expect(res.status).toBe(200);
    const updated = Date.parse(((await res.json()) as { updated_at: string }).updated_at);
    expect(sandbox.clock.offsetMs).toBeGreaterThan(WEEK_MS - 60_000);
    expect(Math.abs(updated - sandbox.clock.now())).toBeLessThan(5000);
  });

  it('in a server channel, jumps to the channel’s own reminder', async () => {
    const set = await run(general, aiko, { name: 'remind', group: 'channel', sub: 'add', options: { title: `id:${work.id}`, channel: generalId } });
    expect(textOf(set)).toContain('Channel reminder set');
    const before = sandbox.clock.now();
    const answer = await sandbox.actions.nextEpisode(general, aiko);
    expectLandedAfter(answer, before);
    expect(answer.message).toContain("The bot's reminder arrived in this channel.");
    const channelPosts = posts(general, ben);
    expect(channelPosts).toHaveLength(1);
    expect(buttonsOf(channelPosts[0]).map((b) => b.label)).toEqual(['+1 episode', 'Open', expect.stringMatching(/^Episode \d+ discussion$/)]);
  }, 60_000);
});
