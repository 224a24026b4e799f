// A server where the app is installed (the interaction's `authorizing_integration_owners` names the
// server install `0`) but its bot is not a member: the install left out the `bot` scope. Discord then
// refuses the bot's own requests there, and the features that need the bot in the server — Vote on a
// `/server pick`, End poll once the bot was removed, `/watchparty create`, `/feed channel add`, `/remind channel add` — say that the bot is
// not in the server and give the server invite link (with the `bot` scope), in the person's language,
// instead of a missing permission or a generic failure. Nothing is created: no poll, no event, no
// channel set up. Both transports (over HTTP the bot reads its own id from Discord).

import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EVERYONE_PERMISSIONS, snowflake, type Where, type Who } from '../../fake-discord/index.js';
import { newUser, startStack, TRANSPORTS, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { buttonLabelled } from './catalogue-helpers.js';

const ADMIN = (P.ManageGuild | P.ManageEvents | P.CreateEvents | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
const TITLE = 'The bot is not in this server';

describe.each(TRANSPORTS)('a server with the app installed but not its bot, over %s', (transport) => {
  const GUILD_ID = snowflake();
  const CHANNEL = snowflake();
  /** A server whose @everyone may create events: the app's permissions there allow Create Events, so the bot asks Discord. */
  const EVENTS_GUILD = snowflake();
  const EVENTS_CHANNEL = snowflake();
  /** A server with the bot as a member, without Create Events: that is still what the member is told. */
  const MEMBER_GUILD = snowflake();
  const MEMBER_CHANNEL = snowflake();
  /** A server whose bot posts a poll and is removed before End poll. */
  const POLL_GUILD = snowflake();
  const POLL_CHANNEL = snowflake();
  let stack: Stack;
  const alice: Who = newUser('alice');
  const where: Where = { kind: 'guild', guildId: GUILD_ID, channelId: CHANNEL, memberPermissions: ADMIN };
  const eventsWhere: Where = { kind: 'guild', guildId: EVENTS_GUILD, channelId: EVENTS_CHANNEL, memberPermissions: ADMIN };

  beforeAll(async () => {
    stack = await startStack({ transport });
    stack.discord.guilds.define({ id: GUILD_ID, name: 'app without bot', ownerId: alice.id, botMember: false, channels: [{ id: CHANNEL, name: 'general' }] });
    stack.discord.guilds.define({
      id: EVENTS_GUILD,
      name: 'events for everyone',
      ownerId: alice.id,
      botMember: false,
      everyonePermissions: DEFAULT_EVERYONE_PERMISSIONS | P.CreateEvents,
      channels: [{ id: EVENTS_CHANNEL, name: 'general' }],
    });
    stack.discord.guilds.define({ id: MEMBER_GUILD, name: 'bot without events', ownerId: alice.id, channels: [{ id: MEMBER_CHANNEL, name: 'general' }] });
    stack.discord.guilds.define({ id: POLL_GUILD, name: 'bot removed later', ownerId: alice.id, channels: [{ id: POLL_CHANNEL, name: 'general' }] });
    await stack.login(alice, { name: 'alice', password: 'alice-password' });
    expect((await answerOf(stack.command({ name: 'server', subcommand: 'join', user: alice, where }))).text).toContain('joined');
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  /** The answer says the bot is not a member and gives the server invite link of this app, asking for the bot scope. */
  const expectBotNotMember = (text: string): void => {
    expect(text).toContain(TITLE);
    expect(text).toContain('its bot is not a member here');
    const link = /\((https:\/\/discord\.com\/oauth2\/authorize\?[^)\s]+)\)/.exec(text)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link ?? '');
    expect(url.searchParams.get('client_id')).toBe(stack.discord.applicationId);
    expect(url.searchParams.get('scope')).toBe('bot applications.commands');
    expect(url.searchParams.get('integration_type')).toBe('0');
    expect(text).not.toMatch(/missing a permission|lacks|No such watch party|went wrong/i);
  };
  const polls = (channel: string) => stack.discord.guilds.messagesIn(channel).filter((m) => (m as unknown as { poll?: unknown }).poll !== undefined);

  it('/server pick answers with Vote (the app is installed here); Vote says the bot is not in the server and posts no poll', async () => {
    const pick = await answerOf(stack.command({ name: 'server', subcommand: 'pick', user: alice, where }));
    const vote = buttonLabelled(pick.message, 'Vote').custom_id ?? '';
    const pressed = await answerOf(stack.click(pick.message, vote, alice, where));
    expectBotNotMember(pressed.text);
    expect(pressed.ephemeral).toBe(true);
    expect(polls(CHANNEL)).toEqual([]);
    expect(stack.discord.guilds.messagesIn(CHANNEL)).toEqual([]);
  });

  it('End poll, after the bot was removed from the server, says the bot is not in the server', async () => {
    const pollWhere: Where = { kind: 'guild', guildId: POLL_GUILD, channelId: POLL_CHANNEL, memberPermissions: ADMIN };
    expect((await answerOf(stack.command({ name: 'server', subcommand: 'join', user: alice, where: pollWhere }))).text).toContain('joined');
    const pick = await answerOf(stack.command({ name: 'server', subcommand: 'pick', user: alice, where: pollWhere }));
    const opened = await answerOf(stack.click(pick.message, buttonLabelled(pick.message, 'Vote').custom_id ?? '', alice, pollWhere));
    expect(opened.text).toContain('The poll is open until');
    expect(polls(POLL_CHANNEL)).toHaveLength(1);
    stack.discord.guilds.removeBot(POLL_GUILD);
    const ended = await answerOf(stack.click(opened.message, buttonLabelled(opened.message, 'End poll').custom_id ?? '', alice, pollWhere));
    expectBotNotMember(ended.text);
    expect(ended.ephemeral).toBe(true);
  });

  it('/watchparty create says the bot is not in the server (not that it lacks Create Events), and creates no event', async () => {
    const options = { title: 'id:1', start: '2030-01-01 20:00' };
    // Here the app's permissions lack Create Events (the bot has no member); the bot checks why.
    const answer = await answerOf(stack.command({ name: 'watchparty', subcommand: 'create', options, user: alice, where }));
    expectBotNotMember(answer.text);
    expect(answer.ephemeral).toBe(true);
    // Here they allow it, so the bot asks Discord, which refuses: the refusal is told the same way.
    const asked = await answerOf(stack.command({ name: 'watchparty', subcommand: 'create', options, user: alice, where: eventsWhere }));
    expectBotNotMember(asked.text);
    expect(stack.discord.scheduledEvents.all(GUILD_ID)).toEqual([]);
    expect(stack.discord.scheduledEvents.all(EVENTS_GUILD)).toEqual([]);
    // With the bot a member, a missing Create Events is still told as such.
    const memberWhere: Where = { kind: 'guild', guildId: MEMBER_GUILD, channelId: MEMBER_CHANNEL, memberPermissions: ADMIN };
    const lacking = await answerOf(stack.command({ name: 'watchparty', subcommand: 'create', options, user: alice, where: memberWhere }));
    expect(lacking.text).toContain('The bot is missing a permission');
    expect(lacking.text).not.toContain(TITLE);
    // The list asks Discord too, and says the same.
    expectBotNotMember((await answerOf(stack.command({ name: 'watchparty', subcommand: 'list', user: alice, where }))).text);
  });

  it('/feed channel add and /remind channel add say the bot is not in the server, and set up nothing', async () => {
    const channel = { type: 7, value: CHANNEL };
    const feed = await answerOf(stack.command({ name: 'feed', subcommandGroup: 'channel', subcommand: 'add', options: { channel }, user: alice, where }));
    expectBotNotMember(feed.text);
    const remind = await answerOf(stack.command({ name: 'remind', subcommandGroup: 'channel', subcommand: 'add', options: { title: 'id:1', channel }, user: alice, where }));
    expectBotNotMember(remind.text);
    const feeds = await answerOf(stack.command({ name: 'feed', subcommandGroup: 'channel', subcommand: 'list', user: alice, where }));
    expect(feeds.text).not.toContain(`<#${CHANNEL}>`);
    const reminders = await answerOf(stack.command({ name: 'remind', subcommandGroup: 'channel', subcommand: 'list', user: alice, where }));
    expect(reminders.text).not.toContain(`<#${CHANNEL}>`);
    expect(stack.discord.guilds.messagesIn(CHANNEL)).toEqual([]);
  });

  it('is told in the person’s language', async () => {
    const options = { title: 'id:1', start: '2030-01-01 20:00' };
    const ja = await answerOf(stack.command({ name: 'watchparty', subcommand: 'create', options, user: alice, where, locale: 'ja' }));
    expect(ja.text).toContain('ボットがこのサーバーにいません');
    const de = await answerOf(stack.command({ name: 'feed', subcommandGroup: 'channel', subcommand: 'add', options: { channel: { type: 7, value: CHANNEL } }, user: alice, where, locale: 'de' }));
    expect(de.text).toContain('Der Bot ist nicht auf diesem Server');
  });
});
