import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  EmbedBuilder,
  MessageFlags,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Client,
  type Interaction,
} from 'discord.js';
import {
  autocomplete,
  buttonClick,
  loginClient,
  registerTestCommands,
  modalSubmit,
  selectMenu,
  slashCommand,
  startFakeDiscord,
  testCommand,
  type FakeDiscord,
} from '../../fake-discord/index.js';

const alice = { id: '312345678901234567', username: 'alice' };
const guild = { kind: 'guild' } as const;

/** Handlers keyed by command name or custom_id, installed per test. */
const handlers = new Map<string, (i: Interaction) => Promise<void>>();
const handlerErrors: unknown[] = [];

function keyOf(i: Interaction): string {
  if (i.isChatInputCommand() || i.isAutocomplete()) return i.commandName;
  if (i.isMessageComponent() || i.isModalSubmit()) return i.customId;
  return '';
}

let fake: FakeDiscord;
let client: Client<true>;

beforeAll(async () => {
  fake = await startFakeDiscord();
  client = await loginClient(fake);
  await registerTestCommands(fake, [
    ...['ping', 'slow', 'follow', 'menu', 'menu2', 'pick', 'feedback', 'long', 'file', 'gone', 'fetch'].map((n) => testCommand(n)),
    testCommand('search', [
      {
        type: 1,
        name: 'anime',
        description: 'anime',
        options: [
          { type: 3, name: 'query', description: 'q', autocomplete: true },
          { type: 4, name: 'limit', description: 'l', min_value: 1, max_value: 25 },
        ],
      },
    ]),
  ]);
  client.on('interactionCreate', (i) => {
    const h = handlers.get(keyOf(i));
    if (h) h(i).catch((err: unknown) => handlerErrors.push(err));
  });
});

afterEach(() => {
  handlers.clear();
  handlerErrors.length = 0;
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

function on(key: string, fn: (i: Interaction) => Promise<void>): void {
  handlers.set(key, fn);
}

describe('answers from the real discord.js client are recorded', () => {
  test('reply: content, embeds, allowed_mentions and no rejected calls', async () => {
    on('ping', async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({
        content: 'pong <@1>',
        embeds: [new EmbedBuilder().setTitle('t').setDescription('d')],
        allowedMentions: { parse: [] },
      });
    });
    const h = fake.interact(slashCommand({ name: 'ping', where: guild, user: alice }));
    const first = await h.firstResponse();
    expect(first.type).toBe(4);
    expect(first.at).toBeGreaterThanOrEqual(0);
    const m = await h.settled();
    expect(m.content).toBe('pong <@1>');
    expect(m.embeds[0]).toMatchObject({ title: 't', description: 'd', type: 'rich' });
    expect(m.allowed_mentions).toEqual({ parse: [] });
    expect(m.author.id).toBe(fake.botUserId);
    expect(h.ephemeral()).toBe(false);
    expect(h.errors()).toEqual([]);
    const call = fake.calls.find((c) => c.interactionId === h.id);
    expect(call).toMatchObject({ method: 'POST', route: 'POST /interactions/:id/:token/callback', status: 204 });
    expect(call?.path).toBe(`/interactions/${h.id}/${h.token}/callback`);
  });

  test('deferReply ephemeral then editReply: loading message becomes the answer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    on('slow', async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await gate;
      await i.editReply({ content: 'done' });
    });
    const h = fake.interact(slashCommand({ name: 'slow', where: guild, user: alice }));
    expect((await h.firstResponse()).type).toBe(5);
    const loading = await h.waitForOriginal();
    expect(loading.flags).toBe(MessageFlags.Ephemeral | MessageFlags.Loading);
    release();
    const m = await h.settled();
    expect(m.content).toBe('done');
    expect(m.flags).toBe(MessageFlags.Ephemeral);
    expect(h.ephemeral()).toBe(true);
    const patch = fake.calls.find((c) => c.interactionId === h.id && c.method === 'PATCH');
    expect(patch?.path).toBe(`/webhooks/${fake.applicationId}/${h.token}/messages/@original`);
  });

  test('deferReply then followUp: the first followUp fills the loading message, the next is a new message', async () => {
    on('follow', async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await i.followUp({ content: 'first', flags: MessageFlags.Ephemeral });
      await i.followUp({ content: 'second', flags: MessageFlags.Ephemeral });
    });
    const h = fake.interact(slashCommand({ name: 'follow', where: guild, user: alice }));
    const m = await h.settled();
    expect(m.content).toBe('first');
    expect(h.ephemeral()).toBe(false); // ephemerality is fixed by the deferral
    await expect.poll(() => h.followUps().length).toBe(1);
    expect(h.followUps()[0]).toMatchObject({ content: 'second', flags: MessageFlags.Ephemeral });
  });

  test('button click: update (type 7) edits the message the button is on', async () => {
    on('menu', async (i) => {
      if (!i.isChatInputCommand()) return;
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('next').setLabel('Next').setStyle(ButtonStyle.Primary),
        new ButtonBuilder().setURL('https://example.org').setLabel('Site').setStyle(ButtonStyle.Link),
      );
      await i.reply({ content: 'page 1', components: [row] });
    });
    on('next', async (i) => {
      if (!i.isButton()) return;
      expect(i.message.content).toBe('page 1');
      await i.update({ content: 'page 2' });
    });
    const cmd = fake.interact(slashCommand({ name: 'menu', where: guild, user: alice }));
    const message = await cmd.settled();
    const click = fake.interact(buttonClick({ message, customId: 'next', user: alice }));
    expect((await click.firstResponse()).type).toBe(7);
    expect(handlerErrors).toEqual([]);
    expect(cmd.original()?.content).toBe('page 2');
    expect(click.original()?.id).toBe(message.id);
    expect(cmd.original()?.components).toEqual(message.components);
  });

  test('button click: deferUpdate then editReply edits that same message', async () => {
    on('menu2', async (i) => {
      if (!i.isChatInputCommand()) return;
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('refresh').setLabel('Refresh').setStyle(ButtonStyle.Secondary),
      );
      await i.reply({ content: 'v1', components: [row] });
    });
    on('refresh', async (i) => {
      if (!i.isButton()) return;
      await i.deferUpdate();
      await i.editReply({ content: 'v2', components: [] });
    });
    const cmd = fake.interact(slashCommand({ name: 'menu2', where: guild, user: alice }));
    const message = await cmd.settled();
    const click = fake.interact(buttonClick({ message, customId: 'refresh', user: alice }));
    const after = await click.settled();
    expect(after).toMatchObject({ id: message.id, content: 'v2', components: [] });
    expect(cmd.original()?.content).toBe('v2');
    expect(() => buttonClick({ message: after, customId: 'refresh', user: alice })).toThrow(/no button/);
  });

  test('select menu: values reach the bot; the click carries the current message', async () => {
    on('pick', async (i) => {
      if (!i.isChatInputCommand()) return;
      const select = new StringSelectMenuBuilder()
        .setCustomId('choice')
        .addOptions({ label: 'A', value: 'a' }, { label: 'B', value: 'b' });
      await i.reply({ content: 'pick one', components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(select)] });
    });
    on('choice', async (i) => {
      if (!i.isStringSelectMenu()) return;
      await i.update({ content: `picked ${i.values.join(',')}`, components: [] });
    });
    const cmd = fake.interact(slashCommand({ name: 'pick', where: guild, user: alice }));
    const message = await cmd.settled();
    expect(() => selectMenu({ message, customId: 'choice', values: ['z'], user: alice })).toThrow(/no option/);
    const sel = fake.interact(selectMenu({ message, customId: 'choice', values: ['b'], user: alice }));
    expect((await sel.settled()).content).toBe('picked b');
    expect(cmd.original()?.content).toBe('picked b');
  });

  test('autocomplete respond: choices recorded; focused option typed as given', async () => {
    on('search', async (i) => {
      if (!i.isAutocomplete()) return;
      const focused = i.options.getFocused(true);
      await i.respond([{ name: `${focused.name}=${focused.value}`, value: `v-${i.options.getInteger('limit') ?? 0}` }]);
    });
    const h = fake.interact(
      autocomplete({ name: 'search', subcommand: 'anime', options: { limit: 5 }, focused: 'query', value: 'nar', where: guild, user: alice }),
    );
    expect(await h.autocompleteChoices()).toEqual([{ name: 'query=nar', value: 'v-5' }]);
    expect(h.original()).toBeUndefined();
    await expect(h.settled()).rejects.toThrow(/type 8/);
  });

  test('showModal then modalSubmit', async () => {
    on('feedback', async (i) => {
      if (!i.isChatInputCommand()) return;
      const modal = new ModalBuilder()
        .setCustomId('fb')
        .setTitle('Feedback')
        .addComponents(
          new ActionRowBuilder<TextInputBuilder>().addComponents(
            new TextInputBuilder().setCustomId('text').setLabel('Text').setStyle(TextInputStyle.Paragraph),
          ),
        );
      await i.showModal(modal);
    });
    on('fb', async (i) => {
      if (!i.isModalSubmit()) return;
      await i.reply({ content: `got ${i.fields.getTextInputValue('text')}`, flags: MessageFlags.Ephemeral });
    });
    const cmd = fake.interact(slashCommand({ name: 'feedback', where: guild, user: alice }));
    const first = await cmd.firstResponse();
    expect(first).toMatchObject({ type: 9, data: { custom_id: 'fb', title: 'Feedback' } });
    const submit = fake.interact(modalSubmit({ customId: 'fb', fields: { text: 'hello' }, where: guild, user: alice }));
    expect((await submit.settled()).content).toBe('got hello');
    expect(submit.ephemeral()).toBe(true);
  });

  test('the client surfaces an over-limit reply as DiscordAPIError 50035, and can still answer', async () => {
    on('long', async (i) => {
      if (!i.isChatInputCommand()) return;
      try {
        await i.reply({ content: 'x'.repeat(2001) });
      } catch (err) {
        handlerErrors.push(err);
        await i.reply({ content: 'short' });
      }
    });
    const h = fake.interact(slashCommand({ name: 'long', where: guild, user: alice }));
    expect((await h.settled()).content).toBe('short');
    const err = handlerErrors[0];
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).code).toBe(50035);
    expect((err as DiscordAPIError).rawError).toMatchObject({
      errors: { data: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } },
    });
    expect(h.errors()).toEqual([{ status: 400, code: 50035, message: 'Invalid Form Body' }]);
  });

  test('multipart replies (files) are parsed from payload_json', async () => {
    on('file', async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'see file', files: [{ attachment: Buffer.from('hello'), name: 'list.txt' }] });
    });
    const h = fake.interact(slashCommand({ name: 'file', where: guild, user: alice }));
    const m = await h.settled();
    expect(m.content).toBe('see file');
    expect(m.attachments).toMatchObject([{ filename: 'list.txt', size: 5 }]);
  });

  test('deleteReply removes the original', async () => {
    on('gone', async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('bye');
      await i.deleteReply();
    });
    const h = fake.interact(slashCommand({ name: 'gone', where: guild, user: alice }));
    await h.firstResponse();
    await expect.poll(() => fake.calls.some((c) => c.interactionId === h.id && c.method === 'DELETE')).toBe(true);
    expect(h.original()).toBeUndefined();
  });

  test('fetchReply and withResponse get message objects back', async () => {
    on('fetch', async (i) => {
      if (!i.isChatInputCommand()) return;
      const res = await i.reply({ content: 'hi', withResponse: true });
      const fetched = await i.fetchReply();
      handlerErrors.push({ resource: res.resource?.message?.content, fetched: fetched.content, id: fetched.id });
    });
    const h = fake.interact(slashCommand({ name: 'fetch', where: guild, user: alice }));
    const m = await h.settled();
    await expect.poll(() => handlerErrors.length).toBe(1);
    expect(handlerErrors[0]).toEqual({ resource: 'hi', fetched: 'hi', id: m.id });
  });
});
