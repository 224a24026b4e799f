// Server-channel episode reminders posted through the real bot, the fake Discord's guild model and the
// emulator, with a hand-moved clock: once per episode pinging the chosen role, catching up after
// downtime, once across two processes and across a process dying mid-post, a channel's age restriction
// read when posting, a channel the bot can no longer post in, and a thread per episode.

import { QUEUE } from '../../src/reminders/queues.js';
import { PermissionFlagsBits as P } from 'discord.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { airingPlan, episodesBetween } from '../../src/airing/air-times.js';
import { type RecordedMessage } from '../../fake-discord/index.js';
import { newUser, startReplica, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { buttonLabelled, componentsOf } from './catalogue-helpers.js';
import {
  START,
  MINUTE,
  HOUR,
  WEEK,
  ACCOUNT,
  GUILD_ID,
  ANIME_CHANNEL,
  ADULT_CHANNEL,
  WATCHERS,
  MANAGER,
  MEMBER,
  useReminderServer,
  type Work,
} from './channel-reminders-helpers.js';

describe('episode reminders in a server channel', () => {
  let clock = START;
  const server = useReminderServer(() => clock);
  const { upcoming, inServer, channelCommand, add, role, tick, posts } = server;
  let stack: Stack;
  let adultWorks: Work[] = [];
  beforeAll(() => {
    ({ stack, adultWorks } = server);
  });

  it('posts once per episode at the air time plus the delay, pinging only the chosen role; +1 acts for whoever clicks', async () => {
    const work = upcoming();
    const set = await add(work, ANIME_CHANNEL, { role: role(WATCHERS), delay: 20 });
    expect(set.text).toContain('Channel reminder set');
    expect(set.text).toContain(`<t:${work.next / 1000}:f>`);
    const listed = await channelCommand('list', {}, newUser('reader'), inServer(MEMBER));
    expect(listed.text).toContain(work.title);
    expect(listed.text).toContain(`<#${ANIME_CHANNEL}>`);
    expect(listed.text).toContain('+20 min');

    clock = work.next + 10 * MINUTE;
    await tick();
    expect(posts()).toHaveLength(0);
    clock = work.next + 20 * MINUTE;
    await tick();
    await tick();
    expect(posts()).toHaveLength(1);
    const post = posts()[0] as RecordedMessage;
    expect(post.content).toBe(`<@&${WATCHERS}>`);
    expect(post.mention_roles).toEqual([WATCHERS]);
    expect(post.mention_everyone).toBe(false);
    expect(post.mentions).toEqual([]);
    expect(textOf(post)).toContain(`Episode ${work.episode} of ${work.title} is expected to be out`);
    // The episode's forum topic opened at the broadcast: its link comes with the post.
    expect(componentsOf(post).map((c) => c.label)).toEqual(['+1 episode', 'Open', `Episode ${work.episode} discussion`]);

    // Anyone in the channel ticks the episode off on their own list.
    const viewer = newUser('viewer');
    await stack.login(viewer, ACCOUNT);
    const plus = await answerOf(stack.click(post, buttonLabelled(post, '+1 episode').custom_id ?? '', viewer, inServer(MEMBER)));
    expect(plus.ephemeral).toBe(true);
    expect(plus.text).toContain('Updated your list');
    const open = await answerOf(stack.click(post, buttonLabelled(post, 'Open').custom_id ?? '', viewer, inServer(MEMBER)));
    expect(open.ephemeral).toBe(true);
    expect(open.text).toContain(work.title);

    clock = work.next + WEEK + 20 * MINUTE;
    await tick();
    expect(posts()).toHaveLength(2);
    expect(textOf(posts()[1])).toContain(`Episode ${work.episode + 1} of`);
    expect((await channelCommand('remove', { title: `id:${work.id}`, channel: { type: 7, value: ANIME_CHANNEL } })).text).toContain('stopped');
    clock = work.next + 2 * WEEK + 20 * MINUTE;
    await tick();
    expect(posts()).toHaveLength(2);
  });

  it('catches up once after downtime, and two processes post each episode once', async () => {
    const work = upcoming();
    const before = posts().length;
    expect((await add(work)).text).toContain('Channel reminder set');
    clock = work.next + 2 * HOUR;
    await stack.restartBot();
    await tick();
    await tick();
    expect(posts()).toHaveLength(before + 1);
    expect(textOf(posts().at(-1))).toContain('Late: the bot was offline');

    const second = await startReplica(stack, { now: () => clock, reminders: { tickMs: 24 * HOUR, indexRefreshMs: 0 } });
    try {
      clock = work.next + WEEK + MINUTE;
      await Promise.all([tick(), tick(second), tick(), tick(second)]);
      await Promise.all([tick(), tick(second)]);
    } finally {
      await second.stop();
    }
    expect(posts()).toHaveLength(before + 2);
    expect(textOf(posts().at(-1))).toContain(`Episode ${work.episode + 1} of`);
    await channelCommand('remove', { title: `id:${work.id}`, channel: { type: 7, value: ANIME_CHANNEL } });
  });

  it('a channel whose age restriction is lifted after setup gets no more reminders of a not-safe-for-work title (read when posting)', async () => {
    const adult = adultWorks
      .map((w) => {
        const plan = airingPlan(w);
        return { w, eps: plan ? episodesBetween(plan, clock + 5 * MINUTE, clock + 52 * WEEK) : [] };
      })
      .find((x) => x.eps.length >= 3);
    if (!adult) throw new Error('no airing not-safe-for-work title with three episodes to come');
    const [first, second, third] = adult.eps as [{ atMs: number }, { atMs: number }, { atMs: number }];
    expect((await add(adult.w, ADULT_CHANNEL, {}, inServer(MANAGER, ADULT_CHANNEL, true))).text).toContain('Channel reminder set');
    const before = posts(ADULT_CHANNEL).length;
    try {
      clock = first.atMs + MINUTE;
      await tick();
      expect(posts(ADULT_CHANNEL)).toHaveLength(before + 1);
      expect(textOf(posts(ADULT_CHANNEL).at(-1))).toContain(adult.w.title);
      // A manager lifts the restriction in Discord; the bot is not told, it reads the channel before posting.
      stack.discord.guilds.editChannel(ADULT_CHANNEL, { nsfw: false });
      clock = second.atMs + MINUTE;
      await tick();
      await tick();
      expect(posts(ADULT_CHANNEL)).toHaveLength(before + 1);
      // Restricted again: the next episode is posted there again, the title named.
      stack.discord.guilds.editChannel(ADULT_CHANNEL, { nsfw: true });
      clock = third.atMs + MINUTE;
      await tick();
      expect(posts(ADULT_CHANNEL)).toHaveLength(before + 2);
      expect(textOf(posts(ADULT_CHANNEL).at(-1))).toContain(adult.w.title);
    } finally {
      stack.discord.guilds.editChannel(ADULT_CHANNEL, { nsfw: true });
    }
  });

  it('a process that dies after Discord took the post, before marking it sent: the job run again gets the first message back (the nonce), not a second post', async () => {
    const work = upcoming();
    expect((await add(work)).text).toContain('Channel reminder set');
    const before = posts().length;
    clock = work.next + MINUTE;
    await tick();
    expect(posts()).toHaveLength(before + 1);
    // What a process dying between Discord's answer and the sent marker leaves: no marker, and the job run again.
    const id = `c:${GUILD_ID}:${ANIME_CHANNEL}:${work.id}:${work.next}`;
    const stale = {
      id,
      target: { kind: 'channel', guildId: GUILD_ID, channelId: ANIME_CHANNEL, ageRestricted: false },
      titleId: work.id,
      title: work.title,
      episode: work.episode,
      atMs: work.next,
      dueMs: work.next,
      late: false,
    };
    expect(await stack.bot.store.engine.get(`rem:sent:${id}`)).toBe('delivered');
    await stack.bot.store.engine.delete(`rem:sent:${id}`);
    await stack.bot.jobs.remove(QUEUE.deliveries, [id]);
    expect(await stack.bot.jobs.enqueue(QUEUE.deliveries, id, stale)).toBe(true);
    const postsBefore = stack.discord.calls.filter((c) => c.route === 'POST /channels/:channel/messages').length;
    await tick();
    const resent = stack.discord.calls.filter((c) => c.route === 'POST /channels/:channel/messages').slice(postsBefore);
    expect(resent.map((c) => c.status)).toEqual([200]);
    expect(posts()).toHaveLength(before + 1);
    expect(await stack.bot.store.engine.get(`rem:sent:${id}`)).toBe('delivered');
    await channelCommand('remove', { title: `id:${work.id}`, channel: { type: 7, value: ANIME_CHANNEL } });
    // A server whose last follow is removed keeps no record.
    expect(await stack.bot.store.engine.get(`rem:guild:${GUILD_ID}`)).toBeUndefined();
  });

  it('a channel the bot can no longer post in pauses its reminders, says so in the list, and works again once set up again', async () => {
    const work = upcoming();
    expect((await add(work)).text).toContain('Channel reminder set');
    const before = posts().length;
    stack.discord.guilds.setOverwrites(ANIME_CHANNEL, [{ id: GUILD_ID, type: 0, deny: P.SendMessages }]);
    clock = work.next + MINUTE;
    await tick();
    await tick();
    expect(posts()).toHaveLength(before);
    const refused = stack.discord.calls.filter((c) => c.route === 'POST /channels/:channel/messages' && c.status === 403);
    expect(refused.some((c) => (c.response as { code?: number }).code === 50013)).toBe(true);
    const list = await channelCommand('list', {});
    expect(list.text).toContain('paused');
    // Paused: the next episode is not attempted.
    const attempts = stack.discord.calls.filter((c) => c.route === 'POST /channels/:channel/messages').length;
    clock = work.next + WEEK + MINUTE;
    await tick();
    expect(stack.discord.calls.filter((c) => c.route === 'POST /channels/:channel/messages').length).toBe(attempts);

    stack.discord.guilds.setOverwrites(ANIME_CHANNEL, []);
    expect((await add(work)).text).toContain('Channel reminder set');
    expect((await channelCommand('list', {})).text).not.toContain('paused');
    clock = work.next + 2 * WEEK + MINUTE;
    await tick();
    expect(posts()).toHaveLength(before + 1);
    expect(textOf(posts().at(-1))).toContain(`Episode ${work.episode + 2} of`);
    await channelCommand('remove', { title: `id:${work.id}`, channel: { type: 7, value: ANIME_CHANNEL } });
  });

  it('thread:true opens a thread named after the episode on each post; without Create Public Threads it is refused at setup, and a permission removed later still posts', async () => {
    const work = upcoming();
    stack.discord.guilds.setOverwrites(ANIME_CHANNEL, [{ id: GUILD_ID, type: 0, deny: P.CreatePublicThreads }]);
    const refused = await add(work, ANIME_CHANNEL, { thread: true });
    expect(refused.text).toContain('lacks Create Public Threads');
    stack.discord.guilds.setOverwrites(ANIME_CHANNEL, []);
    expect((await add(work, ANIME_CHANNEL, { thread: true })).text).toContain('opening a thread on each post');
    expect((await channelCommand('list', {})).text).toContain('a thread per episode');
    const before = posts().length;
    clock = work.next + MINUTE;
    await tick();
    const post = posts().at(-1) as RecordedMessage;
    expect(posts()).toHaveLength(before + 1);
    const thread = stack.discord.guilds.threadsIn(ANIME_CHANNEL).find((t) => t.messageId === post.id);
    expect(thread).toMatchObject({ name: `${work.title} – Episode ${work.episode}`, autoArchiveDuration: 1440 });
    // The permission taken away after setup: the next episode is still posted, without its thread.
    stack.discord.guilds.setOverwrites(ANIME_CHANNEL, [{ id: GUILD_ID, type: 0, deny: P.CreatePublicThreads }]);
    try {
      clock = work.next + WEEK + MINUTE;
      await tick();
      const next = posts().at(-1) as RecordedMessage;
      expect(posts()).toHaveLength(before + 2);
      expect(textOf(next)).toContain(`Episode ${work.episode + 1} of`);
      expect(stack.discord.guilds.threadsIn(ANIME_CHANNEL).some((t) => t.messageId === next.id)).toBe(false);
      expect((await channelCommand('list', {})).text).not.toContain('paused');
    } finally {
      stack.discord.guilds.setOverwrites(ANIME_CHANNEL, []);
    }
  });
});
