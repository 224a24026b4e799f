// The fake Discord's guild model: interactions in modelled guilds as a real discord.js Client receives
// them (resolved options, app and member permissions, what interact() refuses), and unmodelled guilds.

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { EmbedBuilder, Events, Routes, PermissionFlagsBits as P, type ChatInputCommandInteraction, type Interaction } from 'discord.js';
import { DEFAULT_EVERYONE_PERMISSIONS, OptionType, registerTestCommands, slashCommand, testCommand, type InteractionInput } from '../../fake-discord/index.js';
import {
  G,
  UNMODELLED_G,
  ALICE,
  MOD,
  STRANGER,
  R_MOD,
  R_WATCHERS,
  R_QUIET,
  R_BOT,
  R_OTHER,
  C_GENERAL,
  C_STAFF,
  C_NEWS,
  C_CATEGORY,
  C_FORUM,
  C_VOICE,
  C_NOEMBED,
  C_OTHER,
  useModelledGuilds,
} from './guild-model.js';

const guilds = useModelledGuilds();
const { defineAll, api } = guilds;

describe('interactions in a modelled guild', () => {
  const handlers: Array<(i: ChatInputCommandInteraction) => void> = [];
  const rawPayloads = new Map<string, Record<string, unknown>>();
  const onRaw = (packet: { t?: string; d?: Record<string, unknown> }): void => {
    if (packet.t === 'INTERACTION_CREATE' && packet.d && typeof packet.d.id === 'string') rawPayloads.set(packet.d.id, packet.d);
  };
  const onInteraction = (i: Interaction): void => {
    if (i.isChatInputCommand()) handlers.forEach((h) => h(i));
  };

  beforeAll(async () => {
    await registerTestCommands(guilds.fake, [
      testCommand('setup', [
        { type: 7, name: 'channel', description: 'where', required: true, channel_types: [0, 5] },
        { type: 8, name: 'role', description: 'who to ping' },
        { type: 9, name: 'who', description: 'someone' },
      ]),
      testCommand('anywhere', [{ type: 7, name: 'channel', description: 'any channel' }]),
    ]);
    guilds.client.on(Events.Raw, onRaw);
    guilds.client.on(Events.InteractionCreate, onInteraction);
  });
  afterAll(() => {
    guilds.client.off(Events.Raw, onRaw);
    guilds.client.off(Events.InteractionCreate, onInteraction);
  });
  beforeEach(defineAll);
  afterEach(() => {
    handlers.length = 0;
  });

  function receive(input: InteractionInput): Promise<ChatInputCommandInteraction> {
    return new Promise((resolve) => {
      handlers.push((i) => {
        if (i.id === input.id) resolve(i);
      });
      guilds.fake.interact(input);
    });
  }

  const setup = (options: Record<string, string | { type: number; value: string }>, who = MOD, where: Record<string, unknown> = {}): InteractionInput =>
    slashCommand({
      name: 'setup',
      where: { kind: 'guild', guildId: G, channelId: C_GENERAL, ...where },
      user: { id: who, username: 'mod' },
      options: Object.fromEntries(Object.entries(options).map(([k, v]) => [k, typeof v === 'string' ? { type: k === 'role' ? OptionType.Role : OptionType.Channel, value: v } : v])),
    });

  test('resolved channel and role, app_permissions and member permissions come from the model', async () => {
    const input = setup({ channel: C_NEWS, role: R_WATCHERS });
    const i = await receive(input);

    expect(i.appPermissions.bitfield).toBe(guilds.fake.guilds.permissionsOf(G, C_GENERAL, guilds.fake.botUserId));
    expect(i.memberPermissions?.bitfield).toBe(guilds.fake.guilds.permissionsOf(G, C_GENERAL, MOD));
    expect(i.memberPermissions?.has(P.ManageMessages)).toBe(true);

    const channel = i.options.getChannel('channel', true) as unknown as Record<string, unknown>;
    expect(channel).toMatchObject({ id: C_NEWS, name: 'news', type: 5, nsfw: false, parent_id: null, flags: 0 });
    expect(channel.permissions).toBe(String(guilds.fake.guilds.permissionsOf(G, C_NEWS, MOD)));
    expect(channel).not.toHaveProperty('permission_overwrites');
    expect(channel).not.toHaveProperty('thread_metadata');
    const role = i.options.getRole('role', true) as unknown as Record<string, unknown>;
    expect(role).toEqual({
      id: R_WATCHERS,
      name: 'Watchers',
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: 3,
      permissions: '0',
      managed: false,
      mentionable: true,
      flags: 0,
    });

    const raw = rawPayloads.get(input.id);
    expect(raw?.channel).toMatchObject({ id: C_GENERAL, name: 'general', type: 0, parent_id: C_CATEGORY, permissions: String(guilds.fake.guilds.permissionsOf(G, C_GENERAL, MOD)) });
    expect(raw?.member).toMatchObject({ roles: [R_MOD] });
  });

  test('a mentionable option resolves a role or a member', async () => {
    const byRole = await receive(setup({ channel: C_GENERAL, who: { type: OptionType.Mentionable, value: R_QUIET } }));
    expect(byRole.options.getMentionable('who')).toMatchObject({ id: R_QUIET, name: 'Quiet' });
    const byMember = await receive(setup({ channel: C_GENERAL, who: { type: OptionType.Mentionable, value: ALICE } }));
    expect(byMember.options.getUser('who')?.id).toBe(ALICE);
    expect(byMember.options.getMember('who')).toMatchObject({ roles: [R_WATCHERS] });
  });

  test('the bot\'s view: app_permissions lack what the channel denies it; without its bot the app gets @everyone\'s plus embeds and files', async () => {
    const noEmbed = await receive(setup({ channel: C_GENERAL }, MOD, { channelId: C_NOEMBED }));
    expect(noEmbed.appPermissions.has(P.EmbedLinks)).toBe(false);
    expect(noEmbed.appPermissions.has(P.SendMessages)).toBe(true);
    guilds.fake.guilds.removeBot(G);
    const gone = await receive(setup({ channel: C_GENERAL }, MOD, { channelId: C_NOEMBED }));
    expect(gone.appPermissions.bitfield).toBe((DEFAULT_EVERYONE_PERMISSIONS & ~P.EmbedLinks) | P.EmbedLinks | P.AttachFiles);
  });

  test('explicit memberPermissions / memberRoles win; an unlisted user joins with @everyone only', async () => {
    const explicit = await receive(setup({ channel: C_GENERAL }, ALICE, { memberPermissions: P.ViewChannel | P.UseApplicationCommands }));
    expect(explicit.memberPermissions?.bitfield).toBe(P.ViewChannel | P.UseApplicationCommands);
    // Explicit permissions are the test's word for what Discord sent: not checked against the channel.
    const overridden = await receive(setup({ channel: C_GENERAL }, ALICE, { channelId: C_STAFF, memberPermissions: P.ManageGuild | P.ViewChannel }));
    expect(overridden.memberPermissions?.bitfield).toBe(P.ManageGuild | P.ViewChannel);
    const promoted = await receive(setup({ channel: C_STAFF }, ALICE, { memberRoles: [R_MOD] }));
    expect(promoted.memberPermissions?.has(P.ManageChannels)).toBe(true);
    expect((await api('GET', `/guilds/${G}/members/${ALICE}`)).body.roles).toEqual([R_MOD]);

    const newcomer = await receive(setup({ channel: C_GENERAL }, STRANGER));
    expect(newcomer.memberPermissions?.bitfield).toBe(DEFAULT_EVERYONE_PERMISSIONS);
    expect((await api('GET', `/guilds/${G}/members/${STRANGER}`)).body).toMatchObject({ roles: [], user: { id: STRANGER } });
  });

  test('interact() refuses what Discord would never send in a modelled guild', () => {
    expect(() => guilds.fake.interact(setup({ channel: C_OTHER }))).toThrow(/not a channel of the guild/);
    expect(() => guilds.fake.interact(setup({ channel: '1330000000000000999' }))).toThrow(/not a channel of the guild/);
    expect(() => guilds.fake.interact(setup({ channel: C_VOICE }))).toThrow(/outside its channel_types \[0,5\]/);
    expect(() => guilds.fake.interact(setup({ channel: C_CATEGORY }))).toThrow(/channel_types/);
    expect(() => guilds.fake.interact(setup({ channel: C_GENERAL, role: R_OTHER }))).toThrow(/not a role of the guild/);
    expect(() => guilds.fake.interact(setup({ channel: C_GENERAL, who: { type: OptionType.Mentionable, value: '1310000000000000999' } }))).toThrow(/not a role or member/);
    expect(() => guilds.fake.interact(setup({ channel: C_GENERAL }, MOD, { channelId: C_OTHER }))).toThrow(/belongs to guild/);
    expect(() => guilds.fake.interact(setup({ channel: C_GENERAL }, ALICE, { channelId: C_STAFF }))).toThrow(/cannot view channel/);
    expect(() => guilds.fake.interact(setup({ channel: C_GENERAL }, ALICE, { memberRoles: [R_OTHER] }))).toThrow(/not a role of the guild/);
    expect(() => guilds.fake.interact(setup({ channel: C_GENERAL }, MOD, { channelId: C_CATEGORY }))).toThrow(/type 4/);
    guilds.fake.guilds.setRole(G, { id: G, permissions: P.ViewChannel | P.SendMessages });
    expect(() => guilds.fake.interact(setup({ channel: C_GENERAL }, ALICE))).toThrow(/USE_APPLICATION_COMMANDS/);
  });

  test('a channel option without channel_types accepts any channel of the guild; unchecked skips the channel_types check', async () => {
    const i = await receive(
      slashCommand({ name: 'anywhere', where: { kind: 'guild', guildId: G, channelId: C_GENERAL }, user: { id: MOD }, options: { channel: { type: OptionType.Channel, value: C_FORUM } } }),
    );
    expect(i.options.getChannel('channel')).toMatchObject({ id: C_FORUM, type: 15 });
    const crafted = slashCommand({
      name: 'setup',
      where: { kind: 'guild', guildId: G, channelId: C_GENERAL },
      user: { id: MOD },
      options: { channel: { type: OptionType.Channel, value: C_VOICE } },
      unchecked: true,
    });
    const unchecked = await receive(crafted);
    expect(unchecked.options.getChannel('channel')).toMatchObject({ id: C_VOICE, type: 2 });
  });

  test('unmodelled guilds keep the default payload', async () => {
    const input = slashCommand({ name: 'anywhere', where: { kind: 'guild', guildId: UNMODELLED_G }, user: { id: ALICE }, options: { channel: { type: OptionType.Channel, value: C_GENERAL } } });
    const i = await receive(input);
    expect(i.appPermissions.bitfield).toBe(2248473465835073n);
    expect(i.memberPermissions?.bitfield).toBe(2248473465835073n);
    expect(i.options.getChannel('channel')).toBeNull();
    expect(rawPayloads.get(input.id)?.member).toMatchObject({ roles: [] });
  });

  test('a reminder set up by command then posted pings exactly the chosen role', async () => {
    handlers.push((i) => {
      if (i.commandName !== 'setup') return;
      const channel = i.options.getChannel('channel', true);
      const role = i.options.getRole('role', true);
      void (async () => {
        await i.reply({ content: `Reminders go to <#${channel.id}>`, allowedMentions: { parse: [] } });
        await guilds.client.rest.post(Routes.channelMessages(channel.id), {
          body: { content: `<@&${role.id}> Frieren episode 5 is out — ask <@${MOD}>`, allowed_mentions: { roles: [role.id] }, embeds: [new EmbedBuilder().setTitle('Frieren').toJSON()] },
        });
      })();
    });
    guilds.fake.guilds.setRole(G, { id: R_BOT, permissions: P.ViewChannel | P.SendMessages | P.EmbedLinks, managed: true });
    guilds.fake.guilds.setOverwrites(C_NEWS, [{ id: G, type: 0, deny: P.SendMessages }, { id: R_BOT, type: 0, allow: P.SendMessages }]);
    const h = guilds.fake.interact(setup({ channel: C_NEWS, role: R_WATCHERS }));
    expect((await h.settled()).content).toContain(C_NEWS);
    await expect.poll(() => guilds.fake.guilds.messagesIn(C_NEWS).length).toBe(1);
    const [reminder] = guilds.fake.guilds.messagesIn(C_NEWS);
    expect(reminder).toMatchObject({ mention_roles: [R_WATCHERS], mentions: [], mention_everyone: false, allowed_mentions: { roles: [R_WATCHERS] } });
    expect(reminder?.embeds).toHaveLength(1);
  });
});
