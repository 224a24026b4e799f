// The fake Discord's guild scheduled events: create/list/get/modify/delete as Discord's API documents
// them, the checks (fields, entity types, permissions, the 100-event limit, status transitions), the
// image as a data URI, user_count, and the gateway events behind GUILD_SCHEDULED_EVENTS.

import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { DiscordAPIError, GatewayIntentBits, PermissionFlagsBits as P, Routes, type Client } from 'discord.js';
import { loginClient, startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';

const G = '1400000000000000001';
const OWNER = '1410000000000000001';
const FAN = '1410000000000000002';
const R_BOT = '1420000000000000001';
const TEXT = '1430000000000000001';
const VOICE = '1430000000000000002';
const LOCKED_VOICE = '1430000000000000003';
const STAGE = '1430000000000000004';
/** A 1 × 1 PNG. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let fake: FakeDiscord;
let client: Client<true>;
const seen: Array<{ t: string; status: number }> = [];

function define(botPermissions: bigint): void {
  fake.guilds.define({
    id: G,
    ownerId: OWNER,
    roles: [{ id: R_BOT, permissions: botPermissions, managed: true }],
    channels: [
      { id: TEXT, name: 'general' },
      { id: VOICE, name: 'Watch', type: 2 },
      { id: LOCKED_VOICE, name: 'Locked', type: 2, overwrites: [{ id: R_BOT, type: 0, deny: P.Connect }] },
      { id: STAGE, name: 'Stage', type: 13 },
    ],
    botRoles: [R_BOT],
    members: { [FAN]: [] },
  });
}

const at = (minutes: number): string => new Date(fake.clock.now() + minutes * 60_000).toISOString();
const external = (o: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Frieren — Episode 5',
  privacy_level: 2,
  entity_type: 3,
  entity_metadata: { location: '#general' },
  scheduled_start_time: at(60),
  scheduled_end_time: at(85),
  ...o,
});

async function refused(work: Promise<unknown>): Promise<DiscordAPIError> {
  const error = await work.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DiscordAPIError);
  return error as DiscordAPIError;
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  client = await loginClient(fake, { intents: [GatewayIntentBits.GuildScheduledEvents] });
  client.on('raw', (p: { t?: string; d?: { status?: number } }) => {
    if (p.t?.startsWith('GUILD_SCHEDULED_EVENT_')) seen.push({ t: p.t, status: p.d?.status ?? 0 });
  });
});
afterAll(async () => {
  await client.destroy();
  await fake.close();
});
beforeEach(() => {
  fake.scheduledEvents.clear(G);
  define(P.CreateEvents | P.ViewChannel | P.Connect);
  seen.length = 0;
});

describe('scheduled events', () => {
  test('an external event: created with its image, listed with user_count, started and ended, with gateway events', async () => {
    const created = (await client.rest.post(Routes.guildScheduledEvents(G), { body: external({ image: PNG, description: 'Watch together' }) })) as Record<string, unknown>;
    expect(created).toMatchObject({ guild_id: G, entity_type: 3, status: 1, channel_id: null, entity_metadata: { location: '#general' }, creator_id: fake.botUserId });
    expect(created.image).toMatch(/^[0-9a-f]{32}$/);
    const id = String(created.id);
    fake.scheduledEvents.subscribe(id, FAN);
    fake.scheduledEvents.subscribe(id, OWNER);
    const listed = (await client.rest.get(Routes.guildScheduledEvents(G), { query: new URLSearchParams({ with_user_count: 'true' }) })) as Array<Record<string, unknown>>;
    expect(listed.map((e) => [e.id, e.user_count])).toEqual([[id, 2]]);
    fake.scheduledEvents.start(id);
    fake.scheduledEvents.end(id);
    const final = (await client.rest.get(Routes.guildScheduledEvent(G, id))) as Record<string, unknown>;
    expect(final.status).toBe(3);
    expect(final).not.toHaveProperty('user_count');
    await expect.poll(() => seen.map((s) => `${s.t}:${s.status}`)).toEqual(['GUILD_SCHEDULED_EVENT_CREATE:1', 'GUILD_SCHEDULED_EVENT_UPDATE:2', 'GUILD_SCHEDULED_EVENT_UPDATE:3']);
    // Final events leave the list; a finished event cannot change.
    expect(await client.rest.get(Routes.guildScheduledEvents(G))).toEqual([]);
    expect((await refused(client.rest.patch(Routes.guildScheduledEvent(G, id), { body: { name: 'x' } }))).code).toBe(180000);
  });

  test("Discord's automation: an external event starts at its start time and ends at its end time", async () => {
    const { id } = (await client.rest.post(Routes.guildScheduledEvents(G), { body: external() })) as { id: string };
    fake.clock.advance(61 * 60_000);
    expect(((await client.rest.get(Routes.guildScheduledEvent(G, id))) as { status: number }).status).toBe(2);
    fake.clock.advance(30 * 60_000);
    expect(((await client.rest.get(Routes.guildScheduledEvent(G, id))) as { status: number }).status).toBe(3);
  });

  test('fields are checked as Discord does', async () => {
    const noEnd = await refused(client.rest.post(Routes.guildScheduledEvents(G), { body: external({ scheduled_end_time: undefined }) }));
    expect(noEnd.code).toBe(50035);
    expect(JSON.stringify(noEnd.rawError)).toContain('scheduled_end_time');
    const long = await refused(client.rest.post(Routes.guildScheduledEvents(G), { body: external({ name: 'x'.repeat(101), description: 'y'.repeat(1001) }) }));
    expect(JSON.stringify(long.rawError)).toMatch(/name.*description|description.*name/);
    const past = await refused(client.rest.post(Routes.guildScheduledEvents(G), { body: external({ scheduled_start_time: at(-1) }) }));
    expect(JSON.stringify(past.rawError)).toContain('scheduled_start_time');
    const badImage = await refused(client.rest.post(Routes.guildScheduledEvents(G), { body: external({ image: 'https://example.com/a.png' }) }));
    expect(JSON.stringify(badImage.rawError)).toContain('image');
    const textAsVoice = await refused(client.rest.post(Routes.guildScheduledEvents(G), { body: { ...external(), entity_type: 2, entity_metadata: null, channel_id: TEXT } }));
    expect(JSON.stringify(textAsVoice.rawError)).toContain('channel_id');
    const wrongStatus = (await client.rest.post(Routes.guildScheduledEvents(G), { body: external() })) as { id: string };
    expect((await refused(client.rest.patch(Routes.guildScheduledEvent(G, wrongStatus.id), { body: { status: 3 } }))).code).toBe(50035);
    expect((await refused(client.rest.get(Routes.guildScheduledEvent(G, '1')))).code).toBe(10070);
  });

  test("the image is Discord's image data: JPEG, PNG or GIF with a picture in it; WebP and bytes that are no picture are refused as Discord refuses them", async () => {
    const canvas = createCanvas(50, 20);
    canvas.getContext('2d').fillRect(0, 0, 25, 20);
    const uri = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;
    const jpeg = await canvas.encode('jpeg');
    const webp = await canvas.encode('webp');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    for (const [type, bytes] of [['jpeg', jpeg], ['jpg', jpeg], ['gif', gif], ['png', await canvas.encode('png')]] as const) {
      const created = (await client.rest.post(Routes.guildScheduledEvents(G), { body: external({ image: uri(type, bytes) }) })) as { id: string; image: string };
      expect(created.image).toMatch(/^[0-9a-f]{32}$/);
      expect(fake.scheduledEvents.all(G).find((e) => e.id === created.id)?.imageType).toBe(type === 'jpg' ? 'jpeg' : type);
    }
    const invalid = {
      code: 50035,
      errors: { image: { _errors: [{ code: 'IMAGE_INVALID', message: 'Invalid image data' }] } },
      message: 'Invalid Form Body',
    };
    for (const image of [uri('webp', webp), uri('png', webp), uri('jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9])), uri('png', Buffer.from('89504e470d0a1a0a', 'hex')), uri('gif', Buffer.from('GIF89a'))]) {
      const error = await refused(client.rest.post(Routes.guildScheduledEvents(G), { body: external({ image }) }));
      expect([error.status, error.rawError]).toEqual([400, invalid]);
    }
    const event = (await client.rest.post(Routes.guildScheduledEvents(G), { body: external() })) as { id: string };
    expect((await refused(client.rest.patch(Routes.guildScheduledEvent(G, event.id), { body: { image: uri('webp', webp) } }))).rawError).toEqual(invalid);
    expect(fake.scheduledEvents.all(G).find((e) => e.id === event.id)?.imageType).toBeNull();
  });

  test('voice and stage events need their channel permissions; Create Events is needed at all', async () => {
    const voice = (await client.rest.post(Routes.guildScheduledEvents(G), { body: { ...external(), entity_type: 2, entity_metadata: null, channel_id: VOICE, scheduled_end_time: null } })) as Record<string, unknown>;
    expect(voice).toMatchObject({ entity_type: 2, channel_id: VOICE, scheduled_end_time: null });
    expect((await refused(client.rest.post(Routes.guildScheduledEvents(G), { body: { ...external(), entity_type: 2, entity_metadata: null, channel_id: LOCKED_VOICE } }))).code).toBe(50013);
    expect((await refused(client.rest.post(Routes.guildScheduledEvents(G), { body: { ...external(), entity_type: 1, entity_metadata: null, channel_id: STAGE } }))).code).toBe(50013);
    define(P.ViewChannel);
    expect((await refused(client.rest.post(Routes.guildScheduledEvents(G), { body: external() }))).code).toBe(50013);
  });

  test('at most 100 uncompleted events; a canceled or deleted one frees a place', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 100; i += 1) ids.push(((await client.rest.post(Routes.guildScheduledEvents(G), { body: external() })) as { id: string }).id);
    expect((await refused(client.rest.post(Routes.guildScheduledEvents(G), { body: external() }))).code).toBe(30038);
    await client.rest.patch(Routes.guildScheduledEvent(G, ids[0] ?? ''), { body: { status: 4 } });
    await client.rest.delete(Routes.guildScheduledEvent(G, ids[1] ?? ''));
    await client.rest.post(Routes.guildScheduledEvents(G), { body: external() });
    await client.rest.post(Routes.guildScheduledEvents(G), { body: external() });
    expect((await refused(client.rest.post(Routes.guildScheduledEvents(G), { body: external() }))).code).toBe(30038);
    await expect.poll(() => seen.some((s) => s.t === 'GUILD_SCHEDULED_EVENT_DELETE')).toBe(true);
  });
});
