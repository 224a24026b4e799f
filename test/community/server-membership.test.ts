// /server join and /server leave end to end against the emulator and the fake Discord: consent, what
// joining says, the server-only rule, not linked, the mirror kept once per member, and forget me.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentId, DM, GUILD, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf, expectToldToLogin } from '../../local-stack/user-helpers.js';
import type { Where } from '../../fake-discord/interactions.js';

const ALICE = { name: 'alice', password: 'alice-password' };
const OTHER_GUILD: Where = { kind: 'guild', guildId: '1100000000000000777', channelId: '1100000000000000778' };
const PRIVATE: Where = { kind: 'private' };

describe('/server join and leave', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const server = (subcommand: 'join' | 'leave', user: { id: string }, where: Where = GUILD) => answerOf(stack.command({ name: 'server', subcommand, user, where }));
  const guildOf = (answer: Awaited<ReturnType<typeof server>>) => answer.message.guild_id ?? undefined;

  it('is refused in DMs and private channels, clearly', async () => {
    const user = newUser('dm');
    await stack.login(user, ALICE);
    for (const where of [DM, PRIVATE]) {
      for (const sub of ['join', 'leave'] as const) {
        const out = await server(sub, user, where);
        expect(out.ephemeral).toBe(true);
        expect(out.text).toContain('Only in a server');
      }
    }
    expect(await stack.bot.deps.social.mirror(user.id, 'anime')).toBeUndefined();
  });

  it('needs a linked account: told to /login, nothing stored', async () => {
    const user = newUser('unlinked');
    await expectToldToLogin(stack.command({ name: 'server', subcommand: 'join', user, where: GUILD }));
    expect((await stack.bot.store.engine.keys('soc:')).filter((k) => k.includes(user.id))).toEqual([]);
  });

  it('join says what members will see and how to leave; the lists are mirrored once for every server', async () => {
    const user = newUser('joiner');
    await stack.login(user, ALICE);
    const joined = await server('join', user);
    expect(joined.ephemeral).toBe(true);
    expect(joined.text).toContain("You joined this server's list community as **alice**");
    for (const shown of ['status, score and progress', '/anime info', '/compare', '/server leaderboard', '/server top', 'activity feed', '/server leave']) {
      expect(joined.text).toContain(shown);
    }
    const anime = await stack.bot.deps.social.mirror(user.id, 'anime');
    const manga = await stack.bot.deps.social.mirror(user.id, 'manga');
    expect(anime?.serviceUser).toBe('alice');
    expect(anime?.entries.length).toBeGreaterThan(50);
    expect(manga?.entries.length).toBeGreaterThan(20);
    expect(joined.text).toContain(`${anime?.entries.length} anime entries and ${manga?.entries.length} manga entries`);
    const steins = anime?.entries.find((e) => e.id === 967);
    expect(steins).toMatchObject({ status: 'watching', progress: 73 });

    const guildId = guildOf(joined);
    const members = await stack.bot.deps.social.members(guildId ?? '');
    expect(members.at(-1)).toBe(user.id);
    expect(await stack.bot.deps.social.isMember(guildId ?? '', user.id)).toBe(true);

    const again = await server('join', user);
    expect(again.text).toContain('You had already joined');
    const syncedAt = anime?.syncedAt;
    const elsewhere = await server('join', user, OTHER_GUILD);
    expect(elsewhere.text).toContain('You joined');
    // The one mirror is shared: joining another server reads nothing again.
    expect((await stack.bot.deps.social.mirror(user.id, 'anime'))?.syncedAt).toBe(syncedAt);
    expect(await stack.bot.deps.social.isMember(OTHER_GUILD.kind === 'guild' ? (OTHER_GUILD.guildId ?? '') : '', user.id)).toBe(true);

    const left = await server('leave', user);
    expect(left.text).toContain("You left this server's list community");
    expect(await stack.bot.deps.social.isMember(guildId ?? '', user.id)).toBe(false);
    expect(await stack.bot.deps.social.members(guildId ?? '')).not.toContain(user.id);
    // Still joined elsewhere: the mirror stays.
    expect(await stack.bot.deps.social.mirror(user.id, 'anime')).toBeDefined();
    await server('leave', user, OTHER_GUILD);
    expect(await stack.bot.deps.social.mirror(user.id, 'anime')).toBeUndefined();
    expect((await stack.bot.store.engine.keys('soc:')).filter((k) => k.includes(user.id))).toEqual([]);
    const notJoined = await server('leave', user);
    expect(notJoined.text).toContain('You had not joined');
  });

  it('leaving while the join still reads the lists: join answers that it did not hold, and nothing of the user stays', async () => {
    const user = newUser('racer');
    await stack.login(user, ALICE);
    // The service is slow: the join's first read of the lists takes seconds.
    stack.emulator.faults.delayMs = 2000;
    try {
      const joining = server('join', user);
      const end = Date.now() + 10_000;
      while ((await stack.bot.store.engine.get(`soc:member:${user.id}`)) === undefined && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      const left = await server('leave', user);
      expect(left.text).toContain("You left this server's list community");
      const joined = await joining;
      expect(joined.text).toContain('while joining: you are not a member');
      expect(joined.text).not.toContain('You joined');
    } finally {
      stack.emulator.faults.delayMs = 0;
    }
    const keys = await stack.bot.store.engine.keys('soc:');
    const values = await Promise.all(keys.map((k) => stack.bot.store.engine.get(k)));
    expect(keys.filter((k, i) => k.includes(user.id) || values[i]?.includes(user.id))).toEqual([]);
  });

  it('logging out stops the syncs and says so once; the copy stays visible for 30 days; joining again after a new login resumes', async () => {
    const user = newUser('logout');
    await stack.login(user, ALICE);
    await server('join', user);
    const out = await answerOf(stack.command({ name: 'logout', user, where: GUILD }));
    expect(out.text).toContain('no longer updated');
    expect(out.text).toContain('/server leave');
    const stale = await stack.bot.deps.social.mirror(user.id, 'anime');
    expect(stale?.staleUntil).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(await stack.bot.deps.social.isMember(guildOf(out) ?? '', user.id)).toBe(true);
    // Told once: a second /logout (nothing linked any more) says nothing of it.
    expect((await answerOf(stack.command({ name: 'logout', user, where: GUILD }))).text).not.toContain('no longer updated');
    await stack.login(user, ALICE);
    expect((await server('join', user)).text).toContain('You had already joined');
    expect((await stack.bot.deps.social.mirror(user.id, 'anime'))?.staleUntil).toBeUndefined();
  });

  it('forget me removes every membership and the mirrored lists: no store key names the user', async () => {
    const user = newUser('forget');
    await stack.login(user, ALICE);
    await server('join', user);
    await server('join', user, OTHER_GUILD);
    const out = await answerOf(stack.command({ name: 'logout', user, where: GUILD }));
    const forgotten = await answerOf(stack.click(out.message, componentId(out.message, 'Also delete everything stored about me'), user, GUILD));
    expect(forgotten.text).toMatch(/server memberships and mirrored lists: \d+/);
    const keys = await stack.bot.store.engine.keys('');
    expect(keys.filter((k) => k.includes(user.id))).toEqual([]);
    const values = await Promise.all(keys.filter((k) => k.startsWith('soc:') || k.startsWith('job:social')).map((k) => stack.bot.store.engine.get(k)));
    expect(values.filter((v) => v?.includes(user.id))).toEqual([]);
    expect(await stack.bot.deps.social.mirror(user.id, 'anime')).toBeUndefined();
    expect(await stack.bot.deps.social.isMember(OTHER_GUILD.kind === 'guild' ? (OTHER_GUILD.guildId ?? '') : '', user.id)).toBe(false);
  });
});
