// The sandbox's server list community, there from the start: alice, bob and carol are members of the
// modelled server who joined it (linked to the emulator accounts of the same names), #general has the
// activity feed with alice's latest change posted, and a visitor's user options can name them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import { FEED_CHANNEL_ID } from '../../sandbox/community.js';
import { GUILD_ID, JOINED, placeOf, USERS, type Place, type SandboxUser } from '../../sandbox/places.js';
import { startSandbox, type Sandbox } from '../../sandbox/start.js';
import { runCommand, viewText } from './run-command.js';

const [aiko, ben] = USERS as [SandboxUser, SandboxUser];

function place(key: string): Place {
  const found = placeOf(key);
  if (!found) throw new Error(`the sandbox has no ${key}`);
  return found;
}
const general = place('general');

describe('the sandbox server list community', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, transport: 'gateway', log: silentLogger });
  }, 90_000);

  afterAll(async () => {
    await sandbox?.stop();
  });

  it('has alice, bob and carol as joined members of the server, each with a mirrored list', async () => {
    const social = sandbox.bot.deps.social;
    expect(await social.members(GUILD_ID)).toEqual(JOINED.map((u) => u.id));
    expect(sandbox.community.members.map((m) => m.username)).toEqual(['alice', 'bob', 'carol']);
    for (const user of JOINED) {
      const mirror = await social.mirror(user.id, 'anime');
      expect(mirror?.serviceUser).toBe(user.username);
    }
    // alice and bob have lists (the emulator's seeded users) and at least one title in common.
    const [alice, bob] = await Promise.all(JOINED.slice(0, 2).map((u) => social.mirror(u.id, 'anime')));
    expect(alice?.entries.length ?? 0).toBeGreaterThan(0);
    expect(bob?.entries.length ?? 0).toBeGreaterThan(0);
    const bobs = new Set(bob?.entries.map((e) => e.id));
    expect(alice?.entries.some((e) => bobs.has(e.id))).toBe(true);
    // The page offers them for user options, next to the users a visitor acts as.
    const world = (await (await fetch(new URL('/api/world', sandbox.url))).json()) as { users: Array<{ username: string }>; server: { members: Array<{ username: string }> } };
    expect(world.users.map((u) => u.username)).toEqual(['aiko', 'ben', 'chidi']);
    expect(world.server.members.map((u) => u.username)).toEqual(['aiko', 'ben', 'chidi', 'alice', 'bob', 'carol']);
  });

  it('shows the feed post of alice\'s latest change in #general to every visitor, and nothing from the joins', async () => {
    expect(await sandbox.bot.deps.feed.channels.list(GUILD_ID)).toEqual([expect.objectContaining({ channelId: FEED_CHANNEL_ID })]);
    const advanced = sandbox.community.advanced;
    if (!advanced) throw new Error('alice had nothing to advance');
    for (const user of [aiko, ben]) {
      const posts = sandbox.timeline.view(general, user).filter((e) => e.kind === 'post');
      expect(posts).toHaveLength(1);
      const text = viewText(posts[0]);
      // alice by mention (the page shows it as @alice; posts ping nobody), then the change.
      expect(text).toContain(`<@${JOINED[0]?.id ?? ''}>`);
      expect(text).toContain(advanced.title);
      expect(text).toContain(`now ${advanced.progress}/`);
    }
    // The service has the change too: the mirror and alice's list agree.
    const mirror = await sandbox.bot.deps.social.mirror(JOINED[0]?.id ?? '', 'anime');
    expect(mirror?.entries.find((e) => e.id === advanced.id)?.progress).toBe(advanced.progress);
  });

  it('answers a visitor with the server view, /compare, the leaderboard and the top titles right away', async () => {
    const social = sandbox.bot.deps.social;
    const lists = await Promise.all(JOINED.map((u) => social.mirror(u.id, 'anime')));
    // carol's few titles are ones alice and bob both have: all three have them.
    const carols = lists[2]?.entries ?? [];
    expect(carols.length).toBeGreaterThanOrEqual(3);
    const shared = carols[0];
    if (!shared) throw new Error('carol has no titles');
    for (const list of lists) expect(list?.entries.some((e) => e.id === shared.id)).toBe(true);

    const info = await runCommand(sandbox, general, aiko, { name: 'anime', sub: 'info', options: { title: `id:${shared.id}` } });
    const infoText = viewText(info);
    expect(infoText).toContain('In this server');
    for (const user of JOINED) expect(infoText).toContain(`<@${user.id}>`);

    const compare = await runCommand(sandbox, general, aiko, { name: 'compare', options: { member: 'alice', other: '@bob' } });
    expect(compare.label).toBe('/compare member: @alice other: @bob');
    expect(viewText(compare)).toContain('taste compared');
    expect(viewText(compare)).toMatch(/\d+ %|\d+%/);

    const board = await runCommand(sandbox, general, ben, { name: 'server', sub: 'leaderboard', options: { by: 'completed' } });
    const boardText = viewText(board);
    expect(boardText).toContain('leaderboard');
    for (const user of JOINED) expect(boardText).toContain(`<@${user.id}>`);

    const top = await runCommand(sandbox, general, ben, { name: 'server', sub: 'top', options: {} });
    expect(viewText(top)).toContain('Top anime in this server');
    expect(viewText(top)).toContain(shared.title);
  });
});
