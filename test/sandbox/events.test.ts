// The sandbox's events list: the server's scheduled events as the fake Discord holds them, and what
// a member or host does to them from the page (interested, start, end, cancel), with clear 400s for
// requests Discord would refuse.

import { PermissionFlagsBits as P, REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';
import { Actions } from '../../sandbox/actions.js';
import { eventRoutes } from '../../sandbox/events.js';
import { defineServer, GUILD_ID, SERVER, USERS } from '../../sandbox/places.js';
import { Timeline } from '../../sandbox/timeline.js';
import { startPage, type RunningPage } from '../../sandbox/web.js';

describe('sandbox events list', () => {
  let fake: FakeDiscord;
  let page: RunningPage;

  beforeAll(async () => {
    fake = await startFakeDiscord();
    defineServer(fake);
    const timeline = new Timeline(fake);
    page = await startPage(new Actions(fake, timeline), timeline, { port: 0, accounts: [], emulatorUrl: 'http://127.0.0.1:1', events: eventRoutes(fake) });
  });
  afterAll(async () => {
    await page?.close();
    await fake?.close();
  });

  const get = async () => ((await (await fetch(new URL('/api/events', page.url))).json()) as { events: Array<{ id: string; status: string; interested: string[]; image: string | null; name: string }> }).events;
  const post = (path: string, body: unknown = {}) => fetch(new URL(path, page.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('lists the events the bot created, and a visitor marks interest, starts and ends one', async () => {
    expect(fake.guilds.permissionsOf(GUILD_ID, SERVER.channels[0]?.id ?? '', fake.botUserId) & P.CreateEvents).toBe(P.CreateEvents);
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    // A 1 × 1 PNG (Discord's image data must be a picture).
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const start = new Date(fake.clock.now() + 3_600_000).toISOString();
    const end = new Date(fake.clock.now() + 5_000_000).toISOString();
    const created = (await rest.post(Routes.guildScheduledEvents(GUILD_ID), {
      body: { name: 'Frieren · Episode 5', privacy_level: 2, entity_type: 3, entity_metadata: { location: 'here' }, scheduled_start_time: start, scheduled_end_time: end, image: png },
    })) as { id: string };
    const [listed] = await get();
    expect(listed).toMatchObject({ id: created.id, status: 'scheduled', name: 'Frieren · Episode 5', interested: [] });
    expect(listed?.image).toBe(png);
    const user = USERS[0]?.id ?? '';
    expect((await post(`/api/events/${created.id}/interested`, { user })).status).toBe(200);
    expect((await get())[0]?.interested).toEqual([user]);
    expect((await post(`/api/events/${created.id}/end`)).status).toBe(200);
    expect((await get())[0]?.status).toBe('completed');
    const refused = await post(`/api/events/${created.id}/start`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain('completed');
    expect((await post('/api/events/1/start')).status).toBe(400);
    expect((await post(`/api/events/${created.id}/explode`)).status).toBe(400);
  });
});
