import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DiscordAPIError, type Client, type Interaction } from 'discord.js';
import { loginClient, registerTestCommands, slashCommand, startFakeDiscord, testCommand, type FakeDiscord } from '../../fake-discord/index.js';

const erin = { id: '912345678901234567', username: 'erin' };
// Generous for a prompt reply on a loaded machine, short enough to wait out in the late case.
const ACK_DEADLINE_MS = 3000;

let fake: FakeDiscord;
let client: Client<true>;
const handlers = new Map<string, (i: Interaction) => Promise<void>>();
const caught: unknown[] = [];

beforeAll(async () => {
  fake = await startFakeDiscord({ ackDeadlineMs: ACK_DEADLINE_MS });
  client = await loginClient(fake);
  await registerTestCommands(fake, ['fast', 'sluggish', 'marathon'].map((n) => testCommand(n)));
  client.on('interactionCreate', (i) => {
    if (!i.isChatInputCommand()) return;
    handlers.get(i.commandName)?.(i).catch((err: unknown) => caught.push(err));
  });
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

describe('response deadlines seen through discord.js', () => {
  test('a prompt reply is accepted', async () => {
    handlers.set('fast', async (i) => {
      if (i.isChatInputCommand()) await i.reply('ok');
    });
    const h = fake.interact(slashCommand({ name: 'fast', where: { kind: 'dm' }, user: erin }));
    const first = await h.firstResponse();
    expect(first.at).toBeLessThan(ACK_DEADLINE_MS);
  });

  test('a first response after the ack deadline fails with 10062 Unknown interaction', async () => {
    handlers.set('sluggish', async (i) => {
      if (!i.isChatInputCommand()) return;
      await sleep(ACK_DEADLINE_MS * 2);
      await i.reply('too late');
    });
    const h = fake.interact(slashCommand({ name: 'sluggish', where: { kind: 'dm' }, user: erin }));
    await expect(h.firstResponse(10_000)).rejects.toThrow(/no initial response within 3000 ms/);
    await expect.poll(() => caught.length, { timeout: 5000 }).toBe(1);
    expect(caught[0]).toBeInstanceOf(DiscordAPIError);
    expect((caught[0] as DiscordAPIError).code).toBe(10062);
    expect((caught[0] as DiscordAPIError).status).toBe(404);
    expect(h.errors()).toEqual([{ status: 404, code: 10062, message: 'Unknown interaction' }]);
    caught.length = 0;
  });

  test('editReply after the 15-minute token life fails with 50027', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    handlers.set('marathon', async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await gate;
      await i.editReply('finally');
    });
    const h = fake.interact(slashCommand({ name: 'marathon', where: { kind: 'dm' }, user: erin }));
    expect((await h.firstResponse()).type).toBe(5);
    fake.clock.advance(15 * 60 * 1000 + 1);
    release();
    await expect.poll(() => caught.length, { timeout: 5000 }).toBe(1);
    expect((caught[0] as DiscordAPIError).code).toBe(50027);
    expect((caught[0] as DiscordAPIError).status).toBe(401);
    await expect(h.settled(300)).rejects.toThrow(/Invalid Webhook Token/);
    caught.length = 0;
  });
});
