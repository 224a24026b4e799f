// Server-channel episode reminders through the real bot, the fake Discord's guild model (roles,
// channel overwrites, the bot's member, mention resolution) and the emulator, with a hand-moved clock.

import { QUEUE } from '../../src/reminders/queues.js';
import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { airingPlan, episodesBetween, type AiringFields } from '../../src/airing/air-times.js';
import type { RunningBot } from '../../src/app/bot.js';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { snowflake, type RecordedMessage, type Where, type Who } from '../../fake-discord/index.js';
import { newUser, SERVICE_WEB_URL, startReplica, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { buttonLabelled, componentsOf, serviceGet } from './catalogue-helpers.js';

const START = Date.UTC(2026, 0, 8, 12, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WEEK = 7 * 24 * HOUR;
const ACCOUNT = { name: 'lena', password: 'lena-password' };

const GUILD_ID = snowflake();
const ANIME_CHANNEL = snowflake();
const LOCKED_CHANNEL = snowflake();
const NO_EMBEDS_CHANNEL = snowflake();
const HIDDEN_CHANNEL = snowflake();
const CATEGORY = snowflake();
const ADULT_CHANNEL = snowflake();
const WATCHERS = snowflake();
const QUIET_ROLE = snowflake();
const MENTIONER = snowflake();

const MANAGER = (P.ManageGuild | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
const MEMBER = (P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();

interface Work extends AiringFields {
  id: number;
  title: string;
  nsfw?: string;
}

describe('episode reminders in a server channel', () => {
  let stack: Stack;
  let clock = START;
  let works: Work[] = [];
  let adultWorks: Work[] = [];
  const admin: Who = newUser('admin');

  beforeAll(async () => {
    stack = await startStack({
      emulator: { now: () => clock, users: [...DEFAULT_USERS, ACCOUNT] },
      bot: { now: () => clock, reminders: { tickMs: 24 * HOUR } },
    });
    stack.discord.guilds.define({
      id: GUILD_ID,
      name: 'anime club',
      channels: [
        { id: ANIME_CHANNEL, name: 'airing' },
        { id: LOCKED_CHANNEL, name: 'announcements', overwrites: [{ id: GUILD_ID, type: 0, deny: P.SendMessages }] },
        { id: NO_EMBEDS_CHANNEL, name: 'chat', overwrites: [{ id: GUILD_ID, type: 0, deny: P.EmbedLinks }] },
        { id: HIDDEN_CHANNEL, name: 'mods', overwrites: [{ id: GUILD_ID, type: 0, deny: P.ViewChannel }] },
        { id: CATEGORY, name: 'Anime', type: 4 },
        { id: ADULT_CHANNEL, name: 'after-dark', nsfw: true },
      ],
      roles: [
        { id: WATCHERS, name: 'watchers', permissions: 0n, mentionable: true },
        { id: QUIET_ROLE, name: 'quiet', permissions: 0n, mentionable: false },
        { id: MENTIONER, name: 'mentioner', permissions: P.MentionEveryone },
      ],
      botRoles: [],
    });
    const body = (await serviceGet(stack, '/anime/season/2026/winter?limit=500&nsfw=true&fields=broadcast,status,start_date,num_episodes,nsfw')) as {
      data: Array<{ node: Work }>;
    };
    const exact = body.data.map((d) => d.node).filter((w) => /^\d{4}-\d{2}-\d{2}$/.test(w.start_date ?? ''));
    works = exact.filter((w) => w.nsfw === 'white');
    adultWorks = exact.filter((w) => w.nsfw !== undefined && w.nsfw !== 'white' && w.status === 'currently_airing');
  });
  afterAll(async () => {
    await stack?.stop();
  });
  // Each test starts with no channel follows, even when an earlier one failed half-way.
  afterEach(async () => {
    for (const { follow } of await stack.bot.reminders.listChannels(GUILD_ID)) await stack.bot.reminders.removeChannel(GUILD_ID, follow.channelId, follow.titleId);
  });

  function upcoming(exclude: readonly number[] = []): Work & { next: number; episode: number } {
    const out: Array<Work & { next: number; episode: number }> = [];
    for (const w of works) {
      if (exclude.includes(w.id) || w.status !== 'currently_airing') continue;
      const plan = airingPlan(w);
      const eps = plan ? episodesBetween(plan, clock + 5 * MINUTE, clock + 52 * WEEK) : [];
      const first = eps[0];
      if (eps.length >= 3 && first?.episode !== undefined) out.push({ ...w, next: first.atMs, episode: first.episode });
    }
    const best = out.sort((a, b) => a.next - b.next)[0];
    if (!best) throw new Error('no airing title in the catalogue');
    return best;
  }

  const inServer = (memberPermissions = MANAGER, channelId = ANIME_CHANNEL, nsfw = false): Where => ({ kind: 'guild', guildId: GUILD_ID, channelId, memberPermissions, nsfw });
  const channelCommand = (subcommand: string, options: Record<string, string | number | boolean | { type: number; value: string }>, user: Who = admin, where = inServer()) =>
    answerOf(stack.command({ name: 'remind', subcommandGroup: 'channel', subcommand, options, user, where }));
  const add = (work: { id: number }, channel = ANIME_CHANNEL, extra: Record<string, string | number | boolean | { type: number; value: string }> = {}, where = inServer()) =>
    channelCommand('add', { title: `id:${work.id}`, channel: { type: 7, value: channel }, ...extra }, admin, where);
  const role = (id: string) => ({ type: 8, value: id });
  const tick = (bot: RunningBot = stack.bot) => bot.reminders.tick();
  const posts = (channel = ANIME_CHANNEL): RecordedMessage[] => stack.discord.guilds.messagesIn(channel);
  const stored = async () => (await stack.bot.reminders.listChannels(GUILD_ID)).length;

  it('needs Manage Server and a server; a refused setup stores nothing', async () => {
    const work = upcoming();
    const member = await channelCommand('add', { title: `id:${work.id}`, channel: { type: 7, value: ANIME_CHANNEL } }, newUser('member'), inServer(MEMBER));
    expect(member.text).toContain('Manage Server');
    expect(member.ephemeral).toBe(true);
    const inDm = await answerOf(stack.command({ name: 'remind', subcommandGroup: 'channel', subcommand: 'list', user: admin, where: { kind: 'dm' } }));
    expect(inDm.text).toContain('Only in a server');
    expect(await stored()).toBe(0);
  });

  it('checks at setup that the bot can see, post and embed in the channel, with a clear error', async () => {
    const work = upcoming();
    const locked = await add(work, LOCKED_CHANNEL);
    expect(locked.text).toContain('lacks Send Messages');
    const noEmbeds = await add(work, NO_EMBEDS_CHANNEL);
    expect(noEmbeds.text).toContain('lacks Embed Links');
    const hidden = await add(work, HIDDEN_CHANNEL);
    expect(hidden.text).toMatch(/lacks View Channel|cannot see that channel/);
    expect(await stored()).toBe(0);
    expect(posts(LOCKED_CHANNEL)).toHaveLength(0);
  });

  it('checks the bot can mention the role: a role nobody may mention is refused until the bot may', async () => {
    const work = upcoming();
    const refused = await add(work, ANIME_CHANNEL, { role: role(QUIET_ROLE) });
    expect(refused.text).toContain('cannot mention that role');
    const everyone = await add(work, ANIME_CHANNEL, { role: role(GUILD_ID) });
    expect(everyone.text).toContain('not @everyone');
    expect(await stored()).toBe(0);
    stack.discord.guilds.setBotRoles(GUILD_ID, [MENTIONER]);
    try {
      expect((await add(work, ANIME_CHANNEL, { role: role(QUIET_ROLE) })).text).toContain('Channel reminder set');
      expect((await channelCommand('remove', { title: `id:${work.id}`, channel: { type: 7, value: ANIME_CHANNEL } })).text).toContain('stopped');
    } finally {
      stack.discord.guilds.setBotRoles(GUILD_ID, []);
    }
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

  it('a not-safe-for-work title needs an age-restricted channel', async () => {
    const adult = adultWorks.find((w) => {
      const plan = airingPlan(w);
      return plan !== undefined && episodesBetween(plan, clock, clock + 52 * WEEK).length > 0;
    });
    if (!adult) throw new Error('no airing not-safe-for-work title in the catalogue');
    const refused = await add(adult, ANIME_CHANNEL, {}, inServer(MANAGER, ADULT_CHANNEL, true));
    expect(refused.text).toContain('age-restricted channel');
    expect(await stored()).toBe(0);
    const set = await add(adult, ADULT_CHANNEL, {}, inServer(MANAGER, ADULT_CHANNEL, true));
    expect(set.text).toContain('Channel reminder set');
    expect(set.text).toContain(adult.title);
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

  it('the remove commands suggest only followed titles, without asking the service', async () => {
    const work = upcoming();
    const other = upcoming([work.id]);
    await add(work);
    const user = newUser('suggest');
    await answerOf(stack.command({ name: 'remind', subcommand: 'add', options: { title: `id:${other.id}` }, user, where: { kind: 'dm' } }));
    const requests = stack.emulator.stats.requests;
    const server = await stack
      .autocomplete({ name: 'remind', subcommandGroup: 'channel', subcommand: 'remove', options: { channel: { type: 7, value: ANIME_CHANNEL } }, focused: 'title', value: '', user: admin, where: inServer() })
      .autocompleteChoices();
    expect(server.map((c) => c.value)).toEqual([`id:${work.id}`]);
    const mine = await stack.autocomplete({ name: 'remind', subcommand: 'remove', focused: 'title', value: other.title.slice(0, 4), user, where: { kind: 'dm' } }).autocompleteChoices();
    expect(mine.map((c) => c.value)).toEqual([`id:${other.id}`]);
    // Every form a title option takes finds a followed title, and only a followed one.
    for (const typed of [String(other.id), `#${other.id}`, `${SERVICE_WEB_URL}/anime/${other.id}/Some_Title`]) {
      const found = await stack.autocomplete({ name: 'remind', subcommand: 'remove', focused: 'title', value: typed, user, where: { kind: 'dm' } }).autocompleteChoices();
      expect(found.map((c) => c.value), typed).toEqual([`id:${other.id}`]);
    }
    const unfollowed = await stack.autocomplete({ name: 'remind', subcommand: 'remove', focused: 'title', value: String(work.id), user, where: { kind: 'dm' } }).autocompleteChoices();
    expect(unfollowed).toEqual([]);
    expect(stack.emulator.stats.requests).toBe(requests);
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

describe('channel reminder setup over HTTP interactions', () => {
  // The client never logs in on this transport, so the bot learns its own id over REST for the permission check.
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ transport: 'http', bot: { now: () => START, reminders: { tickMs: 24 * HOUR } } });
    stack.discord.guilds.define({
      id: GUILD_ID,
      channels: [
        { id: ANIME_CHANNEL, name: 'airing' },
        { id: LOCKED_CHANNEL, name: 'announcements', overwrites: [{ id: GUILD_ID, type: 0, deny: P.SendMessages }] },
      ],
      roles: [{ id: WATCHERS, name: 'watchers', permissions: 0n, mentionable: true }],
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('checks the channel and sets the reminder', async () => {
    const body = (await serviceGet(stack, '/anime/season/2026/winter?limit=500&fields=broadcast,status,start_date,num_episodes')) as { data: Array<{ node: Work }> };
    const work = body.data.map((d) => d.node).find((w) => w.status === 'currently_airing' && airingPlan(w) !== undefined);
    if (!work) throw new Error('no airing title');
    const where: Where = { kind: 'guild', guildId: GUILD_ID, channelId: ANIME_CHANNEL, memberPermissions: MANAGER };
    const run = (channel: string) =>
      answerOf(stack.command({ name: 'remind', subcommandGroup: 'channel', subcommand: 'add', options: { title: `id:${work.id}`, channel: { type: 7, value: channel }, role: { type: 8, value: WATCHERS } }, user: newUser('http-admin'), where }));
    expect((await run(LOCKED_CHANNEL)).text).toContain('lacks Send Messages');
    expect((await run(ANIME_CHANNEL)).text).toContain('Channel reminder set');
    expect((await stack.bot.reminders.listChannels(GUILD_ID)).map((v) => v.follow)).toEqual([
      { titleId: work.id, channelId: ANIME_CHANNEL, roleId: WATCHERS, delayMinutes: 0, ageRestricted: false },
    ]);
  });
});
