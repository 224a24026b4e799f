import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client, Events, type Interaction } from 'discord.js';
import { loginClient, registerTestCommands, slashCommand, startFakeDiscord, testCommand, type FakeDiscord } from '../../fake-discord/index.js';

const dave = { id: '812345678901234567', username: 'dave' };

let fake: FakeDiscord;
let client: Client<true>;

beforeAll(async () => {
  fake = await startFakeDiscord();
  client = await loginClient(fake);
  await registerTestCommands(fake, [testCommand('hello')]);
  client.on(Events.InteractionCreate, (i: Interaction) => {
    if (i.isChatInputCommand()) void i.reply({ content: `hi ${i.user.id}` });
  });
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

async function roundTrip(): Promise<void> {
  const h = fake.interact(slashCommand({ name: 'hello', where: { kind: 'dm' }, user: dave }));
  expect((await h.settled()).content).toBe(`hi ${dave.id}`);
}

describe('gateway', () => {
  test('login: one REST call, IDENTIFY with the requested intents, READY', async () => {
    expect(fake.calls.filter((c) => c.path === '/gateway/bot')).toHaveLength(1);
    expect(fake.identifies[0]).toMatchObject({ intents: 0, shard: [0, 1] });
    expect(client.user.id).toBe(fake.botUserId);
    expect(client.application.id).toBe(fake.applicationId);
    await roundTrip();
  });

  test('close 4000: the client resumes the session and still receives interactions', async () => {
    const identifies = fake.identifies.length;
    const resumed = once(client, Events.ShardResume);
    fake.disconnectClients(4000);
    expect(() => fake.interact(slashCommand({ name: 'hello', where: { kind: 'dm' }, user: dave }))).toThrow(/no connected/);
    await fake.connected();
    await resumed;
    expect(fake.identifies.length).toBe(identifies);
    await roundTrip();
  });

  test('close 1000: the client re-identifies (after discord.js identify throttle, ~5 s) and still receives interactions', async () => {
    const identifies = fake.identifies.length;
    fake.disconnectClients(1000);
    await fake.connected();
    expect(fake.identifies.length).toBe(identifies + 1);
    await roundTrip();
  }, 20_000);

  test('a wrong bot token fails login with 401 and never reaches the gateway', async () => {
    const bad = new Client({ intents: [], rest: { api: fake.apiUrl } });
    try {
      const err = await bad.login('not-the-token').catch((e: unknown) => e);
      expect((err as { code?: unknown }).code).toBe('TokenInvalid');
      expect(fake.calls.at(-1)).toMatchObject({ path: '/gateway/bot', status: 401 });
    } finally {
      await bad.destroy();
    }
  });
});
