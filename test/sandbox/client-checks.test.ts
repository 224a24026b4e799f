// What Discord's own client refuses to send, as the sandbox shows it: a hint per option, no
// developer text, and nothing sent to the bot (the fake Discord's strict refusals are for tests).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestCommands, startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';
import { commands } from '../../src/app/command-registry.js';
import { Actions, ClientRefusal } from '../../sandbox/actions.js';
import { clientHints, type RegisteredOption } from '../../sandbox/client-checks.js';
import { JOINED, memberNamed, placeOf, USERS } from '../../sandbox/places.js';
import { Timeline } from '../../sandbox/timeline.js';
import { startPage, type RunningPage } from '../../sandbox/web.js';

const registration = commands.map((c) => c.data) as unknown as RegisteredOption[];

/** The options of `/name sub` (or `/name group sub`) as the bot registers them. */
function leaf(...path: string[]): RegisteredOption[] {
  let options = registration.find((c) => c.name === path[0])?.options ?? [];
  for (const part of path.slice(1)) options = options.find((o) => o.name === part)?.options ?? [];
  if (options.length === 0) throw new Error(`no options for /${path.join(' ')}`);
  return options;
}

describe('Discord client checks in the sandbox', () => {
  it('offers the server\'s members for a user option, by mention, id or name, and nobody else', () => {
    const options: RegisteredOption[] = [{ name: 'member', type: 6, required: true }];
    const [alice] = JOINED;
    if (!alice) throw new Error('no joined members');
    for (const raw of ['alice', '@alice', 'Alice', alice.id, `<@${alice.id}>`, `<@!${alice.id}>`]) {
      expect(memberNamed(raw)).toBe(alice);
      expect(clientHints(options, { member: raw })).toEqual({});
    }
    expect(memberNamed('aiko')).toBe(USERS[0]);
    expect(clientHints(options, { member: 'mallory' })).toEqual({ member: 'Pick a member of this server' });
    expect(clientHints(options, { member: '<@123>' })).toEqual({ member: 'Pick a member of this server' });
    expect(clientHints(options, {})).toEqual({ member: 'This option is required' });
  });

  it('marks each option Discord’s client would not send, with the client’s kind of hint', () => {
    const search = leaf('anime', 'search');
    expect(clientHints(search, { query: 'ab' })).toEqual({ query: 'Must be at least 3 characters long' });
    expect(clientHints(search, { query: 'x'.repeat(61) })).toEqual({ query: 'Must be at most 60 characters long' });
    // Characters are code points: three emoji are three characters.
    expect(clientHints(search, { query: '🌸🌸🌸' })).toEqual({});
    expect(clientHints(search, { query: '' })).toEqual({ query: 'This option is required' });
    expect(clientHints(search, { query: 'the', nsfw: 'maybe' })).toEqual({ nsfw: 'Pick True or False' });
    expect(clientHints(search, { query: 'the', nsfw: 'true' })).toEqual({});

    const season = leaf('anime', 'season');
    expect(clientHints(season, { year: '1900' })).toEqual({ year: 'Must be at least 1917' });
    expect(clientHints(season, { year: '2101' })).toEqual({ year: 'Must be at most 2100' });
    expect(clientHints(season, { year: '2024.5' })).toEqual({ year: 'Must be a whole number' });
    expect(clientHints(season, { year: 'soon' })).toEqual({ year: 'Must be a whole number' });
    expect(clientHints(season, { season: 'monsoon' })).toEqual({ season: 'Pick one of the choices' });
    expect(clientHints(season, { year: '2024', season: 'spring' })).toEqual({});

    const channelAdd = leaf('remind', 'channel', 'add');
    expect(clientHints(channelAdd, { title: 'id:1', channel: '#nowhere', role: '@Nobody' })).toEqual({
      channel: 'Pick a channel of this server',
      role: 'Pick a role of this server',
    });
    expect(clientHints(channelAdd, { title: 'id:1', channel: '#general', role: '@everyone' })).toEqual({});
  });

  describe('the page server', () => {
    let fake: FakeDiscord;
    let page: RunningPage;
    let timeline: Timeline;

    beforeAll(async () => {
      fake = await startFakeDiscord();
      await registerTestCommands(fake, commands.map((c) => c.data) as unknown as Array<Record<string, unknown>>);
      timeline = new Timeline(fake);
      page = await startPage(new Actions(fake, timeline), timeline, { port: 0, accounts: [], emulatorUrl: 'http://127.0.0.1:1' });
    });

    afterAll(async () => {
      await page?.close();
      await fake?.close();
    });

    it('answers a too-short option with the client’s hint, records nothing and sends nothing to the bot', async () => {
      const user = USERS[0];
      const general = placeOf('general');
      if (!user || !general) throw new Error('the sandbox has a #general and users');
      const res = await fetch(new URL('/api/command', page.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ place: 'general', user: user.id, name: 'anime', sub: 'search', options: { query: 'ab' } }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; hints?: Record<string, string> };
      expect(body.hints).toEqual({ query: 'Must be at least 3 characters long' });
      expect(JSON.stringify(body)).not.toMatch(/min_length|real Discord never sends|fake discord/);
      // Nothing dispatched: no bot is connected, so a dispatched command would fail differently.
      expect(timeline.view(general, user)).toEqual([]);
      expect(() => new Actions(fake, timeline).runCommand(general, user, { name: 'anime', sub: 'search', options: { query: 'ab' } })).toThrow(ClientRefusal);
    });
  });
});
