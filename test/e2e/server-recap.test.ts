// The weekly recap through the real bot, the fake Discord's guild model and the emulator, with a
// hand-moved clock: /recap channel add (Manage Server; an unknown time zone refused; a channel where the
// bot cannot attach files refused, naming Attach Files), a member's week (list changes through the bot
// reach the community's weekly sums) posted once at the local time with the card attached and no
// service request, /recap channel list saying when it posted and what comes next, a quiet week
// skipped and said so, a channel that took the bot's rights away paused, and /recap now only to you.

import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snowflake, type RecordedMessage, type Where, type Who } from '../../fake-discord/index.js';
import { newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import type { MirrorEntry } from '../../src/community/types.js';

// Monday 7 December 2026, 10:00 UTC; the recap is due Monday 19:00 in Berlin (18:00 UTC).
const START = Date.UTC(2026, 11, 7, 10);
const SLOT = Date.UTC(2026, 11, 7, 18);
const WEEK = 7 * 24 * 3_600_000;
const GUILD_ID = snowflake();
const RECAP_CHANNEL = snowflake();
const NO_FILES = snowflake();
const MANAGER = (P.ManageGuild | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
const MEMBER = (P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();

type Options = Record<string, string | number | boolean | { type: number; value: string }>;

describe('the weekly recap in a server', () => {
  let stack: Stack;
  let clock = START;
  const admin: Who = newUser('admin');
  const alice: Who = newUser('alice');

  beforeAll(async () => {
    stack = await startStack({ emulator: { now: () => clock }, bot: { now: () => clock, reminders: { tickMs: 24 * 3_600_000 } } });
    stack.discord.guilds.define({
      id: GUILD_ID,
      name: 'anime club',
      ownerId: admin.id,
      channels: [
        { id: RECAP_CHANNEL, name: 'recap' },
        { id: NO_FILES, name: 'no-files', overwrites: [{ id: GUILD_ID, type: 0, deny: P.AttachFiles }] },
      ],
      roles: [],
      botRoles: [],
    });
    await stack.login(alice, { name: 'alice', password: 'alice-password' });
    await answerOf(stack.command({ name: 'server', subcommand: 'join', user: alice, where: inServer(MEMBER) }));
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const inServer = (memberPermissions = MANAGER): Where => ({ kind: 'guild', guildId: GUILD_ID, channelId: RECAP_CHANNEL, memberPermissions, nsfw: false, guildLocale: 'de' });
  const recapCommand = (subcommand: string, options: Options = {}, user: Who = admin, where: Where = inServer()) =>
    answerOf(stack.command({ name: 'recap', ...(subcommand === 'now' ? {} : { subcommandGroup: 'channel' }), subcommand, options, user, where }));
  const channel = (id: string) => ({ type: 7, value: id });
  const posts = (id = RECAP_CHANNEL): RecordedMessage[] => stack.discord.guilds.messagesIn(id);
  let nextId = 95_001;
  const watch = async (title: string, progress: number, status = 'watching'): Promise<void> => {
    const e: MirrorEntry = { id: nextId++, title, status, score: 0, progress: 0, total: 12, episodeSeconds: 1440, nsfw: false, updatedAt: clock };
    await stack.bot.deps.social.listChanged(alice.id, 'anime', e.id, e);
    clock += 60_000;
    await stack.bot.deps.social.listChanged(alice.id, 'anime', e.id, { ...e, progress, status, updatedAt: clock });
  };

  it('refuses a time zone it does not know and a channel where it cannot attach files, changing nothing', async () => {
    const zone = await recapCommand('add', { channel: channel(RECAP_CHANNEL), weekday: 'monday', time: '19:00', timezone: 'Mars/Olympus' });
    expect(zone.text).toContain('Mars/Olympus');
    const files = await recapCommand('add', { channel: channel(NO_FILES), weekday: 'monday', time: '19:00' });
    expect(files.text).toContain('Attach Files');
    expect((await stack.bot.deps.serverRecaps.channels.server(GUILD_ID)).channels).toEqual([]);
    const refused = await recapCommand('add', { channel: channel(RECAP_CHANNEL), weekday: 'monday', time: '19:00' }, alice, inServer(MEMBER));
    expect(refused.ephemeral).toBe(true);
    expect((await stack.bot.deps.serverRecaps.channels.server(GUILD_ID)).channels).toEqual([]);
  });

  it('posts the week once at the local time, with the card, in the server language, without a service request', async () => {
    const added = await recapCommand('add', { channel: channel(RECAP_CHANNEL), weekday: 'monday', time: '19:00', timezone: 'Europe/Berlin', kind: 'anime' });
    expect(added.text).toContain('Attach Files');
    expect(added.text).toContain(`<t:${SLOT / 1000}:F>`);
    await watch('Recap Show One', 5);
    await watch('Recap Show Two', 12, 'completed');
    const before = stack.emulator.requestLog.length;
    clock = SLOT - 60_000;
    await stack.bot.jobs.runDue();
    expect(posts()).toHaveLength(0);
    clock = SLOT + 1000;
    await stack.bot.jobs.runDue();
    await stack.bot.deps.serverRecaps.plan();
    await stack.bot.jobs.runDue();
    expect(posts()).toHaveLength(1);
    const [post] = posts();
    expect(post?.attachments).toHaveLength(1);
    expect(post?.attachments[0]?.description).toContain('Recap Show');
    expect(post?.content).toContain('Die Woche dieses Servers');
    expect(post?.content).toContain('Recap Show One');
    // Members' list syncs (their own background work) go on; the recap itself asks the service nothing.
    const others = stack.emulator.requestLog.slice(before).filter((r) => !/\/users\/@me\/(anime|manga)list$|\/oauth2\/token$/.test(r.path));
    expect(others.map((r) => r.path)).toEqual([]);
    const list = await recapCommand('list');
    expect(list.text).toContain(`<t:${(SLOT + WEEK) / 1000}:F>`);
    expect(list.text).toContain('last posted');
  });

  it('skips a quiet week and says why; /recap now answers only the asker', async () => {
    clock = SLOT + WEEK + 1000;
    await stack.bot.deps.serverRecaps.plan();
    await stack.bot.jobs.runDue();
    expect(posts()).toHaveLength(1);
    expect((await recapCommand('list')).text).toContain('nothing to say');
    const preview = await recapCommand('now', {}, alice, inServer(MEMBER));
    expect(preview.ephemeral).toBe(true);
    expect(preview.text).toContain('Nothing to say');
  });

  it('pauses when the bot loses the right to post there, and the list says how to fix it', async () => {
    await watch('Recap Show Three', 3);
    stack.discord.guilds.setOverwrites(RECAP_CHANNEL, [{ id: GUILD_ID, type: 0, deny: P.SendMessages }]);
    clock = SLOT + 2 * WEEK + 1000;
    await stack.bot.deps.serverRecaps.plan();
    await stack.bot.jobs.runDue();
    expect(posts()).toHaveLength(1);
    const list = (await recapCommand('list')).text;
    expect(list).toContain('paused');
    expect(list).toContain('Attach Files');
    stack.discord.guilds.setOverwrites(RECAP_CHANNEL, []);
  });
});
