// A channel's age restriction as the bot reads it before posting (src/discord-api/channel-state.ts),
// over discord.js's REST against the fake Discord: read from Discord, kept minutes in the shared store
// (one read per period, whichever process asks), read again once that passed; a channel the bot
// cannot see is "unknown", and a Discord that does not answer is an error to retry.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermissionFlagsBits as P, type Client } from 'discord.js';
import { loginClient, startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';
import { CHANNEL_STATE_TTL_MS, channelAgeRestriction, channelStateKey } from '../../src/discord-api/channel-state.js';
import { MemoryEngine } from '../../src/store/engines/index.js';

const G = '1400000000000000001';
const OTHER_G = '1400000000000000002';
const C_ADULT = '1410000000000000001';
const C_HIDDEN = '1410000000000000002';
const C_OTHER = '1410000000000000003';

let fake: FakeDiscord;
let client: Client<true>;

beforeAll(async () => {
  fake = await startFakeDiscord();
  client = await loginClient(fake);
});
afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

describe('channelAgeRestriction', () => {
  let clock: number;
  let kv: MemoryEngine;
  beforeEach(() => {
    clock = Date.UTC(2026, 0, 8, 12);
    kv = new MemoryEngine(() => clock);
    fake.guilds.define({
      id: G,
      channels: [
        { id: C_ADULT, name: 'after-dark', nsfw: true },
        { id: C_HIDDEN, name: 'mods', overwrites: [{ id: G, type: 0, deny: P.ViewChannel }] },
      ],
    });
    fake.guilds.define({ id: OTHER_G, channels: [{ id: C_OTHER, name: 'elsewhere', nsfw: true }] });
  });
  const reads = () => fake.calls.filter((c) => c.route === 'GET /channels/:channel').length;

  it('reads Discord once per period for every process sharing the store; a lifted restriction counts once the period passed', async () => {
    const processA = channelAgeRestriction(client.rest, kv, { now: () => clock });
    const processB = channelAgeRestriction(client.rest, kv, { now: () => clock });
    const before = reads();
    expect(await processA(G, C_ADULT)).toBe(true);
    expect(await processB(G, C_ADULT)).toBe(true);
    expect(reads()).toBe(before + 1);
    fake.guilds.editChannel(C_ADULT, { nsfw: false });
    clock += CHANNEL_STATE_TTL_MS - 1;
    expect(await processB(G, C_ADULT)).toBe(true);
    clock += 1;
    expect(await processB(G, C_ADULT)).toBe(false);
    expect(await processA(G, C_ADULT)).toBe(false);
    expect(reads()).toBe(before + 2);
    // Kept in the store, never for good.
    expect(await kv.get(channelStateKey(C_ADULT))).toBeDefined();
    clock += 2 * CHANNEL_STATE_TTL_MS;
    expect(await kv.get(channelStateKey(C_ADULT))).toBeUndefined();
  });

  it('a channel the bot cannot see, a deleted one, or one of another server is unknown (undefined)', async () => {
    const read = channelAgeRestriction(client.rest, kv, { now: () => clock });
    expect(await read(G, C_HIDDEN)).toBeUndefined();
    expect(await read(G, C_OTHER)).toBeUndefined();
    expect(await read(OTHER_G, C_OTHER)).toBe(true);
    fake.guilds.deleteChannel(C_ADULT);
    expect(await read(G, C_ADULT)).toBeUndefined();
  });

  it('Discord not answering is an error (the post is retried), and nothing is cached', async () => {
    const failing = { get: () => Promise.reject(new Error('503 Service Unavailable')) };
    const read = channelAgeRestriction(failing, kv, { now: () => clock });
    await expect(read(G, C_ADULT)).rejects.toThrow('503');
    expect(await kv.get(channelStateKey(C_ADULT))).toBeUndefined();
  });
});
