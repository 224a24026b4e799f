import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Events, Partials, type ChatInputCommandInteraction, type Client, type Interaction } from 'discord.js';
import {
  autocomplete,
  DEFAULT_GUILD_ID,
  loginClient,
  registerTestCommands,
  slashCommand,
  startFakeDiscord,
  testCommand,
  type FakeDiscord,
  type InteractionInput,
} from '../../fake-discord/index.js';

const carol = { id: '612345678901234567', username: 'carol' };

let fake: FakeDiscord;
let client: Client<true>;
let partialClient: Client<true> | undefined;
/** nsfw of the raw INTERACTION_CREATE channel, keyed by interaction id (the way a bot can read it). */
const rawNsfw = new Map<string, boolean | undefined>();

beforeAll(async () => {
  fake = await startFakeDiscord();
  client = await loginClient(fake);
  await registerTestCommands(fake, [
    testCommand('x'),
    testCommand('anime', [
      {
        type: 2,
        name: 'list',
        description: 'list',
        options: [
          {
            type: 1,
            name: 'add',
            description: 'add',
            options: [
              { type: 3, name: 'title', description: 't', required: true },
              { type: 4, name: 'episodes', description: 'e' },
              { type: 10, name: 'score', description: 's' },
              { type: 5, name: 'private', description: 'p' },
              { type: 10, name: 'weight', description: 'w' },
            ],
          },
        ],
      },
      {
        type: 1,
        name: 'search',
        description: 'search',
        options: [
          { type: 3, name: 'query', description: 'q', autocomplete: true },
          { type: 4, name: 'limit', description: 'l' },
        ],
      },
    ]),
  ]);
  client.on(Events.Raw, (packet: unknown) => {
    const p = packet as { t?: string; d?: { id?: string; channel?: { nsfw?: boolean } } };
    if (p.t === 'INTERACTION_CREATE' && p.d?.id) rawNsfw.set(p.d.id, p.d.channel?.nsfw);
  });
});

afterAll(async () => {
  await partialClient?.destroy();
  await client?.destroy();
  await fake?.close();
});

function receive(c: Client, input: InteractionInput): Promise<Interaction> {
  return new Promise((resolve) => {
    const listener = (i: Interaction): void => {
      if (i.id !== input.id) return;
      c.off(Events.InteractionCreate, listener);
      resolve(i);
    };
    c.on(Events.InteractionCreate, listener);
    fake.interact(input);
  });
}

describe('payloads for every context are accepted by discord.js (intents: [])', () => {
  test('guild (context 0): raw member, no cached guild/channel, nsfw readable from the raw packet', async () => {
    const input = slashCommand({ name: 'x', where: { kind: 'guild', channelId: '700000000000000001', nsfw: true }, user: carol });
    const i = await receive(client, input);
    expect(i.isChatInputCommand()).toBe(true);
    expect(i.context).toBe(0);
    expect(i.inGuild()).toBe(true);
    expect(i.inCachedGuild()).toBe(false);
    expect(i.inRawGuild()).toBe(true);
    expect(i.guildId).toBe(DEFAULT_GUILD_ID);
    expect(i.channelId).toBe('700000000000000001');
    expect(i.channel).toBeNull(); // no Guilds intent: nothing cached, so `interaction.channel?.nsfw` is unusable
    expect(i.guild).toBeNull();
    expect(i.member).toMatchObject({ user: { id: carol.id }, permissions: expect.any(String) });
    expect(i.user.id).toBe(carol.id);
    expect(i.authorizingIntegrationOwners.guildId).toBe(DEFAULT_GUILD_ID);
    expect(i.entitlements.size).toBe(0);
    expect(rawNsfw.get(i.id)).toBe(true);
    const sfw = await receive(client, slashCommand({ name: 'x', where: { kind: 'guild' }, user: carol }));
    expect(rawNsfw.get(sfw.id)).toBe(false);
  });

  test('bot DM (context 1) and user install', async () => {
    const i = await receive(client, slashCommand({ name: 'x', where: { kind: 'dm' }, user: carol, install: 'user' }));
    expect(i.context).toBe(1);
    expect(i.inGuild()).toBe(false);
    expect(i.guildId).toBeNull();
    expect(i.member).toBeNull();
    expect(i.user.id).toBe(carol.id);
    expect(i.authorizingIntegrationOwners.userId).toBe(carol.id);
    expect(i.authorizingIntegrationOwners.guildId).toBeNull();
  });

  test('private channel (context 2) is a user install', async () => {
    const i = await receive(client, slashCommand({ name: 'x', where: { kind: 'private' }, user: carol }));
    expect(i.context).toBe(2);
    expect(i.inGuild()).toBe(false);
    expect(i.authorizingIntegrationOwners.userId).toBe(carol.id);
    expect(() => slashCommand({ name: 'x', where: { kind: 'private' }, user: carol, install: 'guild' })).toThrow(/private channel/);
  });

  test('guild with a user install: owners carry the user, not the guild', async () => {
    const i = await receive(client, slashCommand({ name: 'x', where: { kind: 'guild' }, user: carol, install: 'user' }));
    expect(i.inGuild()).toBe(true);
    expect(i.authorizingIntegrationOwners.userId).toBe(carol.id);
    expect(i.authorizingIntegrationOwners.guildId).toBeNull();
  });

  test('with Partials.Channel a DM channel is available, a guild channel still is not', async () => {
    partialClient = await loginClient(fake, { partials: [Partials.Channel] });
    const dmIds = new Set<string>();
    const gotDm = new Promise<Interaction>((resolve) =>
      partialClient?.on(Events.InteractionCreate, (i) => {
        if (dmIds.has(i.id)) resolve(i);
      }),
    );
    const input = slashCommand({ name: 'x', where: { kind: 'dm' }, user: carol });
    dmIds.add(input.id);
    fake.interact(input); // both clients receive it; only partialClient is asserted here
    const dm = await gotDm;
    expect(dm.channel?.isDMBased()).toBe(true);
    const guildInput = slashCommand({ name: 'x', where: { kind: 'guild', nsfw: true }, user: carol });
    const gotGuild = new Promise<Interaction>((resolve) =>
      partialClient?.on(Events.InteractionCreate, (i) => {
        if (i.id === guildInput.id) resolve(i);
      }),
    );
    fake.interact(guildInput);
    expect((await gotGuild).channel).toBeNull();
    await partialClient.destroy();
    partialClient = undefined;
  });
});

describe('option trees', () => {
  test('types are inferred (string 3, integer 4, boolean 5, number 10) and can be forced', async () => {
    const input = slashCommand({
      name: 'anime',
      subcommandGroup: 'list',
      subcommand: 'add',
      options: { title: 'Frieren', episodes: 28, score: 8.5, private: true, weight: { type: 10, value: 3 } },
      where: { kind: 'dm' },
      user: carol,
    });
    const i = (await receive(client, input)) as ChatInputCommandInteraction;
    expect(i.commandName).toBe('anime');
    expect(i.options.getSubcommandGroup()).toBe('list');
    expect(i.options.getSubcommand()).toBe('add');
    expect(i.options.getString('title')).toBe('Frieren');
    expect(i.options.getInteger('episodes')).toBe(28);
    expect(i.options.getNumber('score')).toBe(8.5);
    expect(i.options.getBoolean('private')).toBe(true);
    expect(i.options.getNumber('weight')).toBe(3);
    expect(() => i.options.getInteger('weight')).toThrow();
  });

  test('autocomplete: focused option with the typed value', async () => {
    const input = autocomplete({
      name: 'anime',
      subcommand: 'search',
      options: { limit: 5, query: { type: 3, value: '' } },
      focused: 'query',
      value: 'fri',
      where: { kind: 'guild' },
      user: carol,
    });
    const i = await receive(client, input);
    if (!i.isAutocomplete()) throw new Error('expected autocomplete');
    expect(i.options.getSubcommand()).toBe('search');
    expect(i.options.getFocused(true)).toMatchObject({ name: 'query', value: 'fri', type: 3 });
    expect(i.options.getInteger('limit')).toBe(5);
  });

  test('snowflakes look like Discord ids', () => {
    const input = slashCommand({ name: 'x', where: { kind: 'guild' }, user: carol });
    expect(input.id).toMatch(/^\d{18,19}$/);
    expect(DEFAULT_GUILD_ID).toMatch(/^\d{18,19}$/);
    expect(input.token.length).toBeGreaterThan(100);
  });
});
