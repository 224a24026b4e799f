// The fake Discord's guild model over REST: the guild, role, member and channel endpoints with their
// error codes, and changing a channel (PATCH /channels/:id, and a member's edit through editChannel).

import { beforeEach, describe, expect, test } from 'vitest';
import { PermissionFlagsBits as P } from 'discord.js';
import { DEFAULT_EVERYONE_PERMISSIONS, registerTestCommands, slashCommand, testCommand } from '../../fake-discord/index.js';
import {
  G,
  UNMODELLED_G,
  OWNER,
  ALICE,
  MUTED_MOD,
  STRANGER,
  R_MOD,
  R_WATCHERS,
  R_BOT,
  C_GENERAL,
  C_NEWS,
  C_CATEGORY,
  C_HIDDEN,
  useModelledGuilds,
} from './guild-model.js';

const guilds = useModelledGuilds();
const { defineAll, api } = guilds;

describe('guild, role and member endpoints', () => {
  beforeEach(defineAll);

  test('GET /guilds/:id/roles lists every role with @everyone at position 0', async () => {
    const res = await api('GET', `/guilds/${G}/roles`);
    expect(res.status).toBe(200);
    const everyone = res.body.find((r) => r.id === G);
    expect(everyone).toEqual({
      id: G,
      name: '@everyone',
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: 0,
      permissions: String(DEFAULT_EVERYONE_PERMISSIONS),
      managed: false,
      mentionable: false,
      flags: 0,
    });
    expect(res.body.find((r) => r.id === R_WATCHERS)).toMatchObject({ name: 'Watchers', mentionable: true, permissions: '0' });
    expect(res.body.find((r) => r.id === R_BOT)).toMatchObject({ managed: true, permissions: String(P.ViewChannel | P.SendMessages | P.EmbedLinks) });
    expect(res.body).toHaveLength(8);
  });

  test('GET /guilds/:id and GET /guilds/:id/members/:user', async () => {
    const guild = await api('GET', `/guilds/${G}?with_counts=true`);
    expect(guild.status).toBe(200);
    expect(guild.body).toMatchObject({ id: G, name: 'Anime Club', owner_id: OWNER, icon: null, features: [], approximate_member_count: 7 });
    expect(guild.body.roles).toHaveLength(8);

    const bot = await api('GET', `/guilds/${G}/members/${guilds.fake.botUserId}`);
    expect(bot.status).toBe(200);
    expect(bot.body).toMatchObject({ roles: [R_BOT], nick: null, deaf: false, mute: false, flags: 0, pending: false, communication_disabled_until: null });
    expect(bot.body.user).toMatchObject({ id: guilds.fake.botUserId, bot: true });
    expect(bot.body.joined_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);

    const alice = await api('GET', `/guilds/${G}/members/${ALICE}`);
    expect(alice.body).toMatchObject({ roles: [R_WATCHERS], user: { id: ALICE } });
    expect((await api('GET', `/guilds/${G}/members/${OWNER}`)).status).toBe(200);
  });

  test('unknown guild, unknown member, bot not in the guild, missing token', async () => {
    expect(await api('GET', `/guilds/${G}/members/${STRANGER}`)).toEqual({ status: 404, body: { message: 'Unknown Member', code: 10007 } });
    const unknownGuild = { status: 404, body: { message: 'Unknown Guild', code: 10004 } };
    expect(await api('GET', `/guilds/${UNMODELLED_G}`)).toEqual(unknownGuild);
    expect(await api('GET', `/guilds/${UNMODELLED_G}/roles`)).toEqual(unknownGuild);
    expect(await api('GET', `/guilds/${UNMODELLED_G}/members/${ALICE}`)).toEqual(unknownGuild);
    expect((await api('GET', `/guilds/${G}/roles`, undefined, false)).status).toBe(401);
    expect((await api('GET', '/guilds/general/roles')).body).toMatchObject({ code: 50035, errors: { guild_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE' }] } } });
    guilds.fake.guilds.removeBot(G);
    expect(await api('GET', `/guilds/${G}`)).toEqual(unknownGuild);
    expect(await api('GET', `/guilds/${G}/roles`)).toEqual(unknownGuild);
    expect(await api('GET', `/guilds/${G}/members/${ALICE}`)).toEqual(unknownGuild);
  });
});

describe('GET /channels/:id', () => {
  beforeEach(defineAll);

  test('a guild channel: its object with overwrites as strings', async () => {
    const res = await api('GET', `/channels/${C_NEWS}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: C_NEWS,
      type: 5,
      guild_id: G,
      name: 'news',
      position: 3,
      parent_id: null,
      nsfw: false,
      topic: null,
      rate_limit_per_user: 0,
      last_message_id: null,
      flags: 0,
      permission_overwrites: [
        { id: G, type: 0, allow: '0', deny: String(P.SendMessages) },
        { id: R_MOD, type: 0, allow: String(P.SendMessages), deny: '0' },
        { id: MUTED_MOD, type: 1, allow: '0', deny: String(P.SendMessages) },
      ],
    });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ parent_id: C_CATEGORY, permission_overwrites: [] });
    expect((await api('GET', `/channels/${C_CATEGORY}`)).body).toMatchObject({ type: 4, name: 'Seasonal' });
  });

  test('unknown channel 10003; no VIEW_CHANNEL or not in the guild 50001', async () => {
    expect(await api('GET', '/channels/1330000000000000999')).toEqual({ status: 404, body: { message: 'Unknown Channel', code: 10003 } });
    const missingAccess = { status: 403, body: { message: 'Missing Access', code: 50001 } };
    expect(await api('GET', `/channels/${C_HIDDEN}`)).toEqual(missingAccess);
    guilds.fake.guilds.removeBot(G);
    expect(await api('GET', `/channels/${C_GENERAL}`)).toEqual(missingAccess);
  });

  test('a deleted channel is unknown; deleting a category orphans its children', async () => {
    guilds.fake.guilds.deleteChannel(C_CATEGORY);
    expect((await api('GET', `/channels/${C_CATEGORY}`)).status).toBe(404);
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ parent_id: null });
  });

  test('a DM channel the bot opened still answers as a DM channel', async () => {
    await registerTestCommands(guilds.fake, [testCommand('hello')]);
    guilds.fake.interact(slashCommand({ name: 'hello', where: { kind: 'dm' }, user: { id: STRANGER, username: 'sam' } })); // now a known user
    const dm = await api('POST', '/users/@me/channels', { recipient_id: STRANGER });
    expect(dm.status).toBe(200);
    const res = await api('GET', `/channels/${String(dm.body.id)}`);
    expect(res).toMatchObject({ status: 200, body: { id: dm.body.id, type: 1, recipients: [{ id: STRANGER }] } });
  });
});

describe('changing a channel: PATCH /channels/:id and editChannel', () => {
  beforeEach(defineAll);

  test('a member lifts or sets the age restriction (editChannel): GET answers the channel as it is now', async () => {
    guilds.fake.guilds.editChannel(C_GENERAL, { nsfw: true });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ nsfw: true, name: 'general' });
    guilds.fake.guilds.editChannel(C_GENERAL, { nsfw: false, name: 'chat' });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ nsfw: false, name: 'chat' });
    expect(() => guilds.fake.guilds.editChannel(C_GENERAL, { name: '' })).toThrow();
    expect(() => guilds.fake.guilds.editChannel('1330000000000000999', { nsfw: true })).toThrow('no guild channel');
  });

  test('the bot needs VIEW_CHANNEL (50001) and MANAGE_CHANNELS (50013); with them the answer is the changed channel', async () => {
    expect(await api('PATCH', `/channels/${C_GENERAL}`, { nsfw: true })).toEqual({ status: 403, body: { message: 'Missing Permissions', code: 50013 } });
    expect(await api('PATCH', `/channels/${C_HIDDEN}`, { nsfw: true })).toEqual({ status: 403, body: { message: 'Missing Access', code: 50001 } });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ nsfw: false });
    guilds.fake.guilds.setBotRoles(G, [R_BOT, R_MOD]);
    const changed = await api('PATCH', `/channels/${C_GENERAL}`, { nsfw: true, name: 'after-dark', topic: 'ignored here' });
    expect(changed).toMatchObject({ status: 200, body: { id: C_GENERAL, guild_id: G, nsfw: true, name: 'after-dark' } });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ nsfw: true, name: 'after-dark' });
    // A category has no age restriction.
    expect((await api('PATCH', `/channels/${C_CATEGORY}`, { nsfw: true })).body).toMatchObject({ type: 4, nsfw: false });
    expect((await api('PATCH', '/channels/1330000000000000999', { nsfw: true })).body).toEqual({ message: 'Unknown Channel', code: 10003 });
  });

  test('a bad body is refused before anything changes (50035, naming the field)', async () => {
    guilds.fake.guilds.setBotRoles(G, [R_BOT, R_MOD]);
    const bad = await api('PATCH', `/channels/${C_GENERAL}`, { nsfw: 'yes', name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 50035,
      errors: { nsfw: { _errors: [{ code: 'BASE_TYPE_BOOLEAN' }] }, name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] } },
    });
    expect((await api('GET', `/channels/${C_GENERAL}`)).body).toMatchObject({ nsfw: false, name: 'general' });
  });
});
