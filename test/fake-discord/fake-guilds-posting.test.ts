// The fake Discord's guild model: posting in guild channels (permissions, dropped embeds, validation,
// injected faults, enforce_nonce, errors through discord.js) and mention resolution as Discord does it.

import { beforeEach, describe, expect, test } from 'vitest';
import { DiscordAPIError, Routes, PermissionFlagsBits as P } from 'discord.js';
import { registerTestCommands, slashCommand, testCommand, type RecordedMessage } from '../../fake-discord/index.js';
import {
  G,
  ALICE,
  MOD,
  STRANGER,
  R_ADMIN,
  R_WATCHERS,
  R_QUIET,
  R_BOT,
  C_GENERAL,
  C_NEWS,
  C_CATEGORY,
  C_FORUM,
  C_VOICE,
  C_NOEMBED,
  C_HIDDEN,
  C_READONLY,
  C_NOPING,
  useModelledGuilds,
  type ApiAnswer,
} from './guild-model.js';

const guilds = useModelledGuilds();
const { defineAll, api } = guilds;
const post = (channelId: string, body: unknown): Promise<ApiAnswer> => api('POST', `/channels/${channelId}/messages`, body);

describe('posting in a guild channel', () => {
  beforeEach(defineAll);

  test('a post is stored as Discord has it and answered with the message', async () => {
    const body = { content: 'Episode 3 is out', allowed_mentions: { parse: [] }, components: [] };
    const res = await post(C_GENERAL, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ channel_id: C_GENERAL, guild_id: G, content: 'Episode 3 is out', author: { id: guilds.fake.botUserId, bot: true }, mention_roles: [], mentions: [], mention_everyone: false });
    const [stored] = guilds.fake.guilds.messagesIn(C_GENERAL);
    expect(stored).toMatchObject({ id: res.body.id, allowed_mentions: { parse: [] }, guild_id: G });
    if (stored) stored.content = 'changed';
    expect(guilds.fake.guilds.messagesIn(C_GENERAL)[0]?.content).toBe('Episode 3 is out');
    expect((await api('GET', `/channels/${C_GENERAL}`)).body.last_message_id).toBe(res.body.id);
  });

  test('voice text chat and announcement channels take messages; categories and forums do not (50008)', async () => {
    expect((await post(C_VOICE, { content: 'x' })).status).toBe(200);
    const nonText = { status: 400, body: { message: 'Cannot send messages in a non-text channel', code: 50008 } };
    expect(await post(C_CATEGORY, { content: 'x' })).toEqual(nonText);
    expect(await post(C_FORUM, { content: 'x' })).toEqual(nonText);
  });

  test('no VIEW_CHANNEL → 50001, no SEND_MESSAGES → 50013, unknown or deleted channel → 10003, bot removed → 50001', async () => {
    expect(await post(C_HIDDEN, { content: 'x' })).toEqual({ status: 403, body: { message: 'Missing Access', code: 50001 } });
    expect(await post(C_READONLY, { content: 'x' })).toEqual({ status: 403, body: { message: 'Missing Permissions', code: 50013 } });
    expect(await post('1330000000000000999', { content: 'x' })).toEqual({ status: 404, body: { message: 'Unknown Channel', code: 10003 } });
    guilds.fake.guilds.deleteChannel(C_VOICE);
    expect((await post(C_VOICE, { content: 'x' })).status).toBe(404);
    guilds.fake.guilds.removeBot(G);
    expect((await post(C_GENERAL, { content: 'x' })).body).toEqual({ message: 'Missing Access', code: 50001 });
    for (const id of [C_HIDDEN, C_READONLY, C_GENERAL]) expect(guilds.fake.guilds.messagesIn(id)).toEqual([]);
  });

  test('without EMBED_LINKS the message is sent but its embeds are dropped', async () => {
    const embed = { title: 'Frieren', description: 'Episode 3' };
    const without = await post(C_NOEMBED, { content: 'new episode', embeds: [embed] });
    expect(without.status).toBe(200);
    expect(without.body.embeds).toEqual([]);
    expect(guilds.fake.guilds.messagesIn(C_NOEMBED)[0]?.embeds).toEqual([]);
    const withEmbeds = await post(C_GENERAL, { content: 'new episode', embeds: [embed] });
    expect(withEmbeds.body.embeds).toEqual([{ type: 'rich', ...embed }]);
  });

  test('the body is validated like any message; empty → 50006', async () => {
    expect(await post(C_GENERAL, { content: '' })).toEqual({ status: 400, body: { message: 'Cannot send an empty message', code: 50006 } });
    expect((await post(C_GENERAL, { content: 'x'.repeat(2001) })).body).toMatchObject({ code: 50035, errors: { content: {} } });
    expect(guilds.fake.guilds.messagesIn(C_GENERAL)).toEqual([]);
  });

  test('failNext faults: one queue for guild channels and DMs', async () => {
    guilds.fake.guilds.failNext(1, { status: 500, code: 0, message: '500: Internal Server Error' });
    guilds.fake.dms.failNext(1, { status: 429, code: 0, message: 'You are being rate limited.' });
    expect(await post(C_GENERAL, { content: 'a' })).toEqual({ status: 500, body: { message: '500: Internal Server Error', code: 0 } });
    expect((await post(C_GENERAL, { content: 'b' })).status).toBe(429);
    expect((await post(C_GENERAL, { content: 'c' })).status).toBe(200);
    expect(guilds.fake.guilds.messagesIn(C_GENERAL).map((m) => m.content)).toEqual(['c']);
  });

  test('enforce_nonce: a repeat within minutes returns the first message instead of posting again', async () => {
    const body = { content: 'Episode 4 is out', nonce: 'reminder-42', enforce_nonce: true };
    const first = await post(C_GENERAL, body);
    expect(first.body.nonce).toBe('reminder-42');
    const again = await post(C_GENERAL, body);
    expect(again).toEqual(first);
    expect(guilds.fake.guilds.messagesIn(C_GENERAL)).toHaveLength(1);
    expect((await post(C_GENERAL, { ...body, enforce_nonce: false })).body.id).not.toBe(first.body.id); // no enforcement: a new message
    expect((await post(C_NEWS, body)).status).toBe(403); // still subject to the channel's permissions
    guilds.fake.clock.advance(6 * 60_000);
    expect((await post(C_GENERAL, body)).body.id).not.toBe(first.body.id);
    expect(guilds.fake.guilds.messagesIn(C_GENERAL)).toHaveLength(3);
    expect((await post(C_GENERAL, { content: 'x', nonce: 'n'.repeat(26) })).body).toMatchObject({ code: 50035, errors: { nonce: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } });
  });

  test('enforce_nonce holds in DMs too', async () => {
    await registerTestCommands(guilds.fake, [testCommand('hello')]);
    guilds.fake.interact(slashCommand({ name: 'hello', where: { kind: 'dm' }, user: { id: STRANGER, username: 'sam' } }));
    const dm = await api('POST', '/users/@me/channels', { recipient_id: STRANGER });
    const body = { content: 'Episode 5 is out', nonce: 'reminder-43', enforce_nonce: true };
    const first = await post(String(dm.body.id), body);
    expect(first.status).toBe(200);
    expect(await post(String(dm.body.id), body)).toEqual(first);
    expect(guilds.fake.dms.messagesTo(STRANGER).filter((m) => m.nonce === 'reminder-43')).toHaveLength(1);
    expect((await post(String(dm.body.id), { content: 'x', nonce: 7.5 })).body).toMatchObject({ code: 50035, errors: { nonce: {} } });
  });

  test('through discord.js: REST errors arrive as DiscordAPIError with Discord\'s codes', async () => {
    const sent = (await guilds.client.rest.post(Routes.channelMessages(C_GENERAL), { body: { content: 'hi <@&' + R_WATCHERS + '>' } })) as RecordedMessage;
    expect(sent.mention_roles).toEqual([R_WATCHERS]);
    const error = await guilds.client.rest.post(Routes.channelMessages(C_READONLY), { body: { content: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(50013);
    const channel = (await guilds.client.rest.get(Routes.channel(C_GENERAL))) as { name: string };
    expect(channel.name).toBe('general');
  });
});

describe('mentions resolve as Discord resolves them', () => {
  beforeEach(defineAll);

  const send = async (channelId: string, body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const res = await post(channelId, body);
    expect(res.status).toBe(200);
    return res.body;
  };
  const ids = (users: unknown): string[] => (users as Array<{ id: string }>).map((u) => u.id);

  test('a mentionable role is pinged, and only the roles written in the text', async () => {
    const m = await send(C_GENERAL, { content: `<@&${R_WATCHERS}> Frieren episode 3 is out` });
    expect(m.mention_roles).toEqual([R_WATCHERS]);
    expect(m.mentions).toEqual([]);
    expect(m.mention_everyone).toBe(false);
    const embedOnly = await send(C_GENERAL, { content: 'new', embeds: [{ description: `<@&${R_WATCHERS}>` }] });
    expect(embedOnly.mention_roles).toEqual([]);
  });

  test('a role that is not mentionable is not pinged unless the bot has MENTION_EVERYONE (ADMINISTRATOR implies it)', async () => {
    const content = `<@&${R_QUIET}> <@&${R_WATCHERS}>`;
    expect((await send(C_GENERAL, { content })).mention_roles).toEqual([R_WATCHERS]);
    guilds.fake.guilds.setRole(G, { id: R_BOT, permissions: P.ViewChannel | P.SendMessages | P.MentionEveryone, managed: true });
    expect((await send(C_GENERAL, { content })).mention_roles).toEqual([R_QUIET, R_WATCHERS]);
    // MENTION_EVERYONE is a channel permission: an overwrite denying it there wins.
    expect((await send(C_NOPING, { content })).mention_roles).toEqual([R_WATCHERS]);
    guilds.fake.guilds.setBotRoles(G, [R_ADMIN]);
    expect((await send(C_NOPING, { content })).mention_roles).toEqual([R_QUIET, R_WATCHERS]);
  });

  test('allowed_mentions {parse: []} suppresses every ping', async () => {
    guilds.fake.guilds.setBotRoles(G, [R_ADMIN]);
    const m = await send(C_GENERAL, { content: `@everyone <@&${R_WATCHERS}> <@${ALICE}>`, allowed_mentions: { parse: [] } });
    expect(m).toMatchObject({ mention_roles: [], mentions: [], mention_everyone: false });
    const empty = await send(C_GENERAL, { content: `<@&${R_WATCHERS}> <@${ALICE}>`, allowed_mentions: {} });
    expect(empty).toMatchObject({ mention_roles: [], mentions: [] });
  });

  test('allowed_mentions roles / users lists ping exactly those', async () => {
    guilds.fake.guilds.setRole(G, { id: R_QUIET, permissions: 0n, mentionable: true });
    const content = `<@&${R_WATCHERS}> <@&${R_QUIET}> <@${ALICE}> <@!${MOD}>`;
    const onlyWatchers = await send(C_GENERAL, { content, allowed_mentions: { roles: [R_WATCHERS] } });
    expect(onlyWatchers.mention_roles).toEqual([R_WATCHERS]);
    expect(onlyWatchers.mentions).toEqual([]);
    const users = await send(C_GENERAL, { content, allowed_mentions: { parse: ['users'], roles: [R_QUIET] } });
    expect(users.mention_roles).toEqual([R_QUIET]);
    expect(ids(users.mentions)).toEqual([ALICE, MOD]);
    const alice = await send(C_GENERAL, { content, allowed_mentions: { users: [ALICE] } });
    expect(ids(alice.mentions)).toEqual([ALICE]);
    expect(alice.mention_roles).toEqual([]);
  });

  test('user mentions name members (both <@id> and <@!id>), never strangers or a role id', async () => {
    const m = await send(C_GENERAL, { content: `<@${ALICE}> <@!${ALICE}> <@${STRANGER}x> <@1319999999999999999> <@&${ALICE}>` });
    expect(ids(m.mentions)).toEqual([ALICE]);
    expect(m.mention_roles).toEqual([]);
  });

  test('@everyone / @here never ping without MENTION_EVERYONE, and need parse "everyone" when allowed_mentions is given', async () => {
    expect((await send(C_GENERAL, { content: '@everyone new episode' })).mention_everyone).toBe(false);
    expect((await send(C_GENERAL, { content: '@here new episode', allowed_mentions: { parse: ['everyone'] } })).mention_everyone).toBe(false);
    guilds.fake.guilds.setBotRoles(G, [R_ADMIN]);
    expect((await send(C_GENERAL, { content: '@here new episode', allowed_mentions: { parse: ['everyone'] } })).mention_everyone).toBe(true);
    expect((await send(C_GENERAL, { content: '@everyone new episode' })).mention_everyone).toBe(true);
    expect((await send(C_GENERAL, { content: '@everyone new episode', allowed_mentions: { parse: ['roles', 'users'] } })).mention_everyone).toBe(false);
    expect((await send(C_GENERAL, { content: 'new episode', allowed_mentions: { parse: ['everyone'] } })).mention_everyone).toBe(false);
  });

  test('Components V2 text displays carry mentions too', async () => {
    const m = await send(C_GENERAL, {
      flags: 1 << 15,
      components: [{ type: 17, components: [{ type: 10, content: `<@&${R_WATCHERS}> episode 4` }] }],
      allowed_mentions: { roles: [R_WATCHERS] },
    });
    expect(m.mention_roles).toEqual([R_WATCHERS]);
  });
});
