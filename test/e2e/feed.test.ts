// The activity feed through the real bot, the fake Discord's guild model and the emulator, with a
// hand-moved clock: /feed channel add|list|remove (Manage Server, the channel checks, DMs refused),
// a member's changes batched into one post, the NSFW rule, a refused post pausing the channel and
// telling the managers, and the "Add to my list" button for whoever clicks.
// Members join with /server join (the real community: memberships and mirrors in the store); their
// list changes reach the feed as list changes made through the bot do (SocialService.listChanged).

import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { snowflake, type RecordedMessage, type Where, type Who } from '../../fake-discord/index.js';
import { newUser, SERVICE_WEB_URL, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf, myListStatus } from '../../local-stack/user-helpers.js';
import { feedDelivery } from '../../src/activity-feed/feed-delivery.js';
import { feedPostIds, feedRendering } from '../../src/render/feed-post.js';
import { CHANNEL_STATE_TTL_MS } from '../../src/discord-api/channel-state.js';
import type { MirrorEntry } from '../../src/community/types.js';
import { buttonLabelled, componentsOf } from './catalogue-helpers.js';

const START = Date.UTC(2026, 0, 8, 12, 0);
const BATCH_MS = 120_000;
const CLICKER = { name: 'feedclicker', password: 'feedclicker-password' };
const HOKUTO = 967;

const GUILD_ID = snowflake();
const FEED_CHANNEL = snowflake();
const ADULT_CHANNEL = snowflake();
const LOCKED_CHANNEL = snowflake();
const WATCHERS = snowflake();

const MANAGER = (P.ManageGuild | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
const MEMBER = (P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();

type Options = Record<string, string | number | boolean | { type: number; value: string }>;

describe('activity feed in a server', () => {
  let stack: Stack;
  let clock = START;
  const admin: Who = newUser('admin');
  const alice: Who = newUser('alice');
  const bob: Who = newUser('bob');

  beforeAll(async () => {
    stack = await startStack({
      emulator: { now: () => clock, users: [...DEFAULT_USERS, CLICKER] },
      bot: { now: () => clock, reminders: { tickMs: 24 * 3_600_000 }, feed: { batchMs: BATCH_MS } },
    });
    stack.discord.guilds.define({
      id: GUILD_ID,
      name: 'anime club',
      ownerId: admin.id,
      channels: [
        { id: FEED_CHANNEL, name: 'feed' },
        { id: ADULT_CHANNEL, name: 'after-dark', nsfw: true },
        { id: LOCKED_CHANNEL, name: 'announcements', overwrites: [{ id: GUILD_ID, type: 0, deny: P.SendMessages }] },
      ],
      roles: [{ id: WATCHERS, name: 'watchers', permissions: 0n, mentionable: true }],
      botRoles: [],
    });
    await stack.login(alice, { name: 'alice', password: 'alice-password' });
    await stack.login(bob, { name: 'bob', password: 'bob-password' });
    expect((await serverCommand('join', alice)).text).toContain('You joined');
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(async () => {
    for (const c of await stack.bot.deps.feed.channels.list(GUILD_ID)) await stack.bot.deps.feed.channels.remove(GUILD_ID, c.channelId);
    stack.discord.guilds.setOverwrites(FEED_CHANNEL, []);
  });

  const inServer = (memberPermissions = MANAGER): Where => ({ kind: 'guild', guildId: GUILD_ID, channelId: FEED_CHANNEL, memberPermissions, nsfw: false });
  const feedCommand = (subcommand: string, options: Options = {}, user: Who = admin, where: Where = inServer()) =>
    answerOf(stack.command({ name: 'feed', subcommandGroup: 'channel', subcommand, options, user, where }));
  const channel = (id: string) => ({ type: 7, value: id });
  const posts = (id = FEED_CHANNEL): RecordedMessage[] => stack.discord.guilds.messagesIn(id);
  const serverCommand = (subcommand: 'join' | 'leave', user: Who) => answerOf(stack.command({ name: 'server', subcommand, user, where: inServer(MEMBER) }));
  let nextId = 90_001;
  /** A title not on anyone's list, now on the member's with these facts. */
  const entry = (title: string, over: Partial<MirrorEntry> = {}): MirrorEntry => ({
    id: nextId++,
    title,
    status: 'watching',
    score: 0,
    progress: 1,
    total: 12,
    episodeSeconds: 1440,
    nsfw: false,
    updatedAt: clock,
    ...over,
  });
  /** A change to the member's list made through the bot. */
  const change = (user: Who, e: MirrorEntry) => stack.bot.deps.social.listChanged(user.id, 'anime', e.id, { ...e, updatedAt: clock });
  const windowEnds = async () => {
    clock += BATCH_MS;
    await stack.bot.jobs.runDue();
  };

  it('changing the feed needs Manage Server and a server; a channel the bot cannot post in is refused', async () => {
    const member = await feedCommand('add', { channel: channel(FEED_CHANNEL) }, newUser('member'), inServer(MEMBER));
    expect(member.text).toContain('Manage Server');
    expect(member.ephemeral).toBe(true);
    const removeByMember = await feedCommand('remove', { channel: channel(FEED_CHANNEL) }, newUser('member'), inServer(MEMBER));
    expect(removeByMember.text).toContain('Manage Server');
    for (const sub of ['add', 'list', 'remove']) {
      const inDm = await feedCommand(sub, sub === 'list' ? {} : { channel: channel(FEED_CHANNEL) }, admin, { kind: 'dm' });
      expect(inDm.text).toContain('Only in a server');
    }
    const locked = await feedCommand('add', { channel: channel(LOCKED_CHANNEL) });
    expect(locked.text).toContain('Send Messages');
    expect(await stack.bot.deps.feed.channels.list(GUILD_ID)).toEqual([]);
  });

  it('add, list and remove', async () => {
    const added = await feedCommand('add', { channel: channel(FEED_CHANNEL), role: { type: 8, value: WATCHERS } });
    expect(added.text).toContain('Feed channel added');
    expect(added.text).toContain(`<#${FEED_CHANNEL}>`);
    // Members may read the list.
    const list = await feedCommand('list', {}, newUser('member'), inServer(MEMBER));
    expect(list.text).toContain(`<#${FEED_CHANNEL}>`);
    expect(list.text).toContain(`<@&${WATCHERS}>`);
    expect((await feedCommand('remove', { channel: channel(FEED_CHANNEL) })).text).toContain('Feed channel removed');
    expect((await feedCommand('remove', { channel: channel(FEED_CHANNEL) })).text).toContain('No feed there');
    expect((await feedCommand('list')).text).toContain('posts in no channel');
  });

  it("a member's changes within the window make one post, mentioning only the chosen role, with Open and Add to my list", async () => {
    await feedCommand('add', { channel: channel(FEED_CHANNEL), role: { type: 8, value: WATCHERS } });
    const before = posts().length;
    const kept = (await stack.bot.deps.social.mirror(alice.id, 'anime'))?.entries.find((e) => e.id === HOKUTO);
    if (!kept) throw new Error('alice has no Hokuto no Ken on her list');
    await change(alice, { ...kept, progress: kept.progress + 2 });
    clock += 30_000;
    const bebop = entry('Cowboy Bebop');
    await change(alice, bebop);
    await change(alice, { ...bebop, status: 'completed', progress: 12, score: 10 });
    await stack.bot.jobs.runDue();
    expect(posts()).toHaveLength(before);
    await windowEnds();
    expect(posts()).toHaveLength(before + 1);
    const post = posts().at(-1);
    if (!post) throw new Error('no post');
    const text = textOf(post);
    expect(text).toContain(`watched 2 episodes of **${kept.title}**`);
    expect(text).toContain('completed **Cowboy Bebop** · watched 12 episodes (12/12) · scored 10/10');
    expect(post.mention_roles).toEqual([WATCHERS]);
    expect(post.mentions).toEqual([]);
    expect(post.mention_everyone).toBe(false);
    expect(buttonLabelled(post, `Open: ${kept.title.slice(0, 20)}`)).toMatchObject({ url: `${SERVICE_WEB_URL}/anime/${HOKUTO}` });
    expect(componentsOf(post).filter((c) => c.label === 'Add to my list')).toHaveLength(2);
  });

  it('a change made with /list update becomes a feed post; a plan-to-watch add does not', async () => {
    await feedCommand('add', { channel: channel(FEED_CHANNEL) });
    const before = posts().length;
    const update = (options: Options) => answerOf(stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options, user: alice, where: inServer(MEMBER) }));
    const kept = (await stack.bot.deps.social.mirror(alice.id, 'anime'))?.entries.find((e) => e.id === HOKUTO);
    if (!kept) throw new Error('alice has no Hokuto no Ken on her list');
    expect((await update({ title: `id:${HOKUTO}`, status: 'completed', score: 9 })).text).toContain('Your list');
    await windowEnds();
    expect(posts()).toHaveLength(before + 1);
    expect(textOf(posts().at(-1))).toContain(`completed **${kept.title}**`);
    expect(textOf(posts().at(-1))).toContain('scored 9/10');
    // Something new on the plan-to-watch list is not activity.
    const onList = new Set((await stack.bot.deps.social.mirror(alice.id, 'anime'))?.entries.map((e) => e.id));
    const fresh = [1358, 1356, 1357, 1359].find((id) => !onList.has(id));
    expect(fresh).toBeDefined();
    expect((await update({ title: `id:${fresh}`, status: 'plan_to_watch' })).text).toContain('Your list');
    expect((await stack.bot.deps.social.mirror(alice.id, 'anime'))?.entries.find((e) => e.id === fresh)?.status).toBe('plan_to_watch');
    await windowEnds();
    expect(posts()).toHaveLength(before + 1);
  });

  it('"Add to my list" adds the title as plan to watch for whoever clicks, once; an unlinked clicker is told to /login', async () => {
    await feedCommand('add', { channel: channel(FEED_CHANNEL) });
    const kept = (await stack.bot.deps.social.mirror(alice.id, 'anime'))?.entries.find((e) => e.id === HOKUTO);
    if (!kept) throw new Error('alice has no Hokuto no Ken on her list');
    await change(alice, { ...kept, progress: kept.progress + 1 });
    await windowEnds();
    const post = posts().at(-1);
    if (!post) throw new Error('no post');
    const add = buttonLabelled(post, 'Add to my list').custom_id ?? '';
    const stranger = await answerOf(stack.click(post, add, newUser('stranger'), inServer(MEMBER)));
    expect(stranger.ephemeral).toBe(true);
    expect(stranger.text).toContain('/login');
    const clicker = newUser('clicker');
    await stack.login(clicker, CLICKER);
    expect(await myListStatus(stack, CLICKER.name, 'anime', HOKUTO)).toBeUndefined();
    const first = await answerOf(stack.click(post, add, clicker, inServer(MEMBER)));
    expect(first.ephemeral).toBe(true);
    expect(first.text).toContain('Added to your list');
    expect((await myListStatus(stack, CLICKER.name, 'anime', HOKUTO))?.status).toBe('plan_to_watch');
    const again = await answerOf(stack.click(post, add, clicker, inServer(MEMBER)));
    expect(again.text).toContain('Already on your list');
    expect((await myListStatus(stack, CLICKER.name, 'anime', HOKUTO))?.status).toBe('plan_to_watch');
  });

  it("the post's nonce is the second line: a resend of the same post (a process that died before marking it) posts nothing new", async () => {
    const deliver = feedDelivery(stack.bot.deps.discord, feedRendering(SERVICE_WEB_URL, feedPostIds));
    const post = { postId: `resend-${FEED_CHANNEL}`, guildId: GUILD_ID, channel: { channelId: FEED_CHANNEL, ageRestricted: false }, discordUserId: alice.id, serviceUser: 'alice', items: [{ kind: 'anime' as const, id: 1, title: 'Cowboy Bebop', nsfw: false, event: 'started' as const }] };
    const before = posts().length;
    expect(await deliver(post, new AbortController().signal)).toEqual({ ok: true });
    expect(await deliver(post, new AbortController().signal)).toEqual({ ok: true });
    expect(posts()).toHaveLength(before + 1);
  });

  it('names a not-safe-for-work title only in an age-restricted channel', async () => {
    await feedCommand('add', { channel: channel(FEED_CHANNEL) });
    await feedCommand('add', { channel: channel(ADULT_CHANNEL) });
    await change(alice, entry('Very Adult Title', { nsfw: true }));
    await windowEnds();
    const safe = posts(FEED_CHANNEL).at(-1);
    const adult = posts(ADULT_CHANNEL).at(-1);
    expect(textOf(safe)).toContain('a title hidden here');
    expect(textOf(safe)).not.toContain('Very Adult Title');
    expect(componentsOf(safe as RecordedMessage)).toEqual([]);
    expect(textOf(adult)).toContain('Very Adult Title');
  });

  it('a channel whose age restriction is lifted after setup is read when posting: such titles are left out there, with no buttons', async () => {
    await feedCommand('add', { channel: channel(ADULT_CHANNEL) });
    expect((await stack.bot.deps.feed.channels.list(GUILD_ID)).map((c) => c.ageRestricted)).toEqual([true]);
    try {
      // A manager lifts the restriction in Discord; what the bot read of the channel is used a few minutes at most.
      stack.discord.guilds.editChannel(ADULT_CHANNEL, { nsfw: false });
      clock += CHANNEL_STATE_TTL_MS;
      await change(alice, entry('Another Adult Title', { nsfw: true }));
      await windowEnds();
      const post = posts(ADULT_CHANNEL).at(-1);
      expect(textOf(post)).toContain('a title hidden here');
      expect(textOf(post)).not.toContain('Another Adult Title');
      expect(componentsOf(post as RecordedMessage)).toEqual([]);
    } finally {
      stack.discord.guilds.editChannel(ADULT_CHANNEL, { nsfw: true });
      clock += CHANNEL_STATE_TTL_MS;
    }
  });

  it('only members who joined are shown; a member who left before the window ended is not posted', async () => {
    await feedCommand('add', { channel: channel(FEED_CHANNEL) });
    const before = posts().length;
    // Bob is linked but never joined: nothing of his is shown.
    await change(bob, entry('Cowboy Bebop'));
    await windowEnds();
    expect(posts()).toHaveLength(before);
    // He joins, changes his list, and leaves before the window ends: the batch is dropped.
    expect((await serverCommand('join', bob)).text).toContain('You joined');
    await change(bob, entry('Mushishi'));
    expect(await stack.bot.store.engine.get(`feed:pending:${bob.id}`)).toBeDefined();
    expect((await serverCommand('leave', bob)).text).not.toContain('Only in a server');
    await windowEnds();
    expect(posts()).toHaveLength(before);
    expect(await stack.bot.store.engine.get(`feed:pending:${bob.id}`)).toBeUndefined();
  });

  it('a refused post pauses the feed there and tells the managers how to fix it; adding it again resumes', async () => {
    await feedCommand('add', { channel: channel(FEED_CHANNEL) });
    const before = posts().length;
    stack.discord.guilds.setOverwrites(FEED_CHANNEL, [{ id: GUILD_ID, type: 0, deny: P.SendMessages }]);
    await change(alice, entry('Cowboy Bebop'));
    await windowEnds();
    expect(posts()).toHaveLength(before);
    const refused = stack.discord.calls.filter((c) => c.route === 'POST /channels/:channel/messages' && c.status === 403);
    expect(refused.length).toBeGreaterThan(0);
    // The server's owner is told by DM, once, what happened and how to fix it.
    const told = stack.discord.dms.messagesTo(admin.id);
    expect(told).toHaveLength(1);
    expect(textOf(told[0])).toContain('paused');
    expect(textOf(told[0])).toContain(`<#${FEED_CHANNEL}>`);
    expect(textOf(told[0])).toContain('Send Messages');
    expect(textOf(told[0])).toContain('/feed channel add');
    const list = await feedCommand('list');
    expect(list.text).toContain('paused');
    expect(list.text).toContain('Send Messages');
    expect(list.text).toContain('/feed channel add');
    // Paused: the next batch is not attempted there.
    const attempts = stack.discord.calls.filter((c) => c.route === 'POST /channels/:channel/messages').length;
    await change(alice, entry('Mushishi', { status: 'completed', progress: 12 }));
    await windowEnds();
    expect(stack.discord.calls.filter((c) => c.route === 'POST /channels/:channel/messages').length).toBe(attempts);
    expect(stack.discord.dms.messagesTo(admin.id)).toHaveLength(1);

    stack.discord.guilds.setOverwrites(FEED_CHANNEL, []);
    expect((await feedCommand('add', { channel: channel(FEED_CHANNEL) })).text).toContain('Feed channel updated');
    expect((await feedCommand('list')).text).not.toContain('paused');
    await change(alice, entry('Dungeon Meshi', { status: 'completed', progress: 12 }));
    await windowEnds();
    expect(posts()).toHaveLength(before + 1);
  });
});
