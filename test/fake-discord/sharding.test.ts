// The fake gateway's sharding rules, as Discord's: IDENTIFY must carry [id, count] when sharding is
// required, each guild's events go to shard (guild_id >> 22) % count, DMs to shard 0.

import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { Client, Events, type Interaction } from 'discord.js';
import { registerTestCommands, slashCommand, startFakeDiscord, testCommand, type FakeDiscord } from '../../fake-discord/index.js';
import { shardForGuild } from '../../fake-discord/gateway.js';

let fake: FakeDiscord;

beforeAll(async () => {
  fake = await startFakeDiscord({ shardCount: 2, maxConcurrency: 16 });
  await registerTestCommands(fake, [testCommand('hello')]);
});
afterAll(async () => {
  await fake?.close();
});

async function closeCodeFor(identify: Record<string, unknown>): Promise<number> {
  const socket = new WebSocket(`${fake.gatewayUrl}/?v=10&encoding=json`);
  await once(socket, 'message');
  socket.send(JSON.stringify({ op: 2, d: { token: fake.botToken, intents: 0, properties: {}, ...identify } }));
  const [code] = (await once(socket, 'close')) as [number];
  return code;
}

function guildOnShard(shard: number): string {
  return ((BigInt(Date.now() - 1420070400000) * 2n + BigInt(shard)) << 22n).toString();
}

describe('fake gateway sharding', () => {
  test('GET /gateway/bot recommends the shard count; IDENTIFY without a shard or with a wrong one is closed', async () => {
    const res = await fetch(`${fake.apiUrl}/v10/gateway/bot`, { headers: { authorization: `Bot ${fake.botToken}` } });
    expect(await res.json()).toMatchObject({ shards: 2, session_start_limit: { max_concurrency: 16 } });
    expect(await closeCodeFor({})).toBe(4011);
    expect(await closeCodeFor({ shard: [2, 2] })).toBe(4010);
    expect(await closeCodeFor({ shard: [0, 3] })).toBe(4010);
  });

  test('discord.js clients for shards 0 and 1 each receive only their guilds; DMs go to shard 0', async () => {
    const seen: Array<[number, string]> = [];
    const clients = [0, 1].map((shard) => {
      const client = new Client({ intents: [], shards: shard, shardCount: 2, rest: { api: fake.apiUrl } });
      client.on(Events.InteractionCreate, (i: Interaction) => {
        seen.push([shard, i.id]);
        if (i.isChatInputCommand()) void i.reply({ content: `shard ${shard}` });
      });
      return client;
    });
    try {
      await Promise.all(clients.map((c) => c.login(fake.botToken)));
      await Promise.all(clients.map((c) => (c.isReady() ? Promise.resolve() : once(c, Events.ClientReady))));
      expect(fake.liveShards()).toBe(2);
      for (const shard of [0, 1]) {
        const guildId = guildOnShard(shard);
        expect(shardForGuild(guildId, 2)).toBe(shard);
        const h = fake.interact(slashCommand({ name: 'hello', where: { kind: 'guild', guildId }, user: { id: '812345678901234567' } }));
        expect((await h.settled()).content).toBe(`shard ${shard}`);
        expect(seen.filter(([, id]) => id === h.id)).toEqual([[shard, h.id]]);
      }
      const dm = fake.interact(slashCommand({ name: 'hello', where: { kind: 'dm' }, user: { id: '812345678901234567' } }));
      expect((await dm.settled()).content).toBe('shard 0');
    } finally {
      await Promise.all(clients.map((c) => c.destroy()));
    }
  });
});
