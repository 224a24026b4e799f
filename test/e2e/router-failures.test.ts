import { ServerRecaps } from '../../src/server-recaps/server-recaps.js';
import { Games } from '../../src/games/games.js';
import { PickSessions } from '../../src/store/pick-sessions.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { Reminders } from '../../src/reminders/reminders.js';
import { Social } from '../../src/community/community.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
// The router under handler failures it did not expect: a crash, and an answer Discord refuses.
// The user always gets a private explanation, the log has context but no token, and the next
// command is answered as usual.

import { SeasonAiring } from '../../src/airing/season-airing.js';
import { Events, REST, Routes, type Client } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slashCommand as commandData } from '../../src/interactions/command-data.js';
import type { BotDeps } from '../../src/interactions/context.js';
import type { SlashCommand } from '../../src/interactions/command-types.js';
import { InteractionRouter } from '../../src/interactions/router.js';
import { CoverSource } from '../../src/covers/cover-source.js';
import { WatchParties } from '../../src/watch-parties/watch-parties.js';
import { openDiscordSide } from '../../src/discord-api/discord-side.js';
import { NsfwRatings } from '../../src/known-works/nsfw-ratings.js';
import { sharedLocks } from '../../src/store/locks.js';
import { TitleCache } from '../../src/known-works/title-cache.js';
import { WhereTracker } from '../../src/interactions/where.js';
import { createLogger, silentLogger } from '../../src/log/log.js';
import { ServiceClient } from '../../src/service/client.js';
import { Feed } from '../../src/activity-feed/feed-posting.js';
import { GroupPolls } from '../../src/group-polls/group-polls.js';
import { TitlePreferences } from '../../src/preferences/title-preferences.js';
import { loginClient, slashCommand, startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';
import { GUILD, newUser, textOf } from '../../local-stack/harness.js';

const commands: SlashCommand[] = [
  {
    data: commandData('boom', 'Crashes'),
    handlers: {
      '': {
        ephemeral: false,
        run: async () => {
          const missing = undefined as unknown as { title: string };
          return { content: missing.title };
        },
      },
    },
  },
  {
    data: commandData('refused', 'Answers with a component Discord refuses'),
    handlers: {
      '': {
        ephemeral: false,
        run: async () => ({
          content: 'x',
          components: [{ type: 1, components: [{ type: 2, style: 1, label: 'too long', custom_id: 'x'.repeat(101) }] }],
        }),
      },
    },
  },
  {
    data: commandData('fine', 'Answers'),
    handlers: { '': { ephemeral: false, run: async () => ({ content: 'all good' }) } },
  },
];

describe('router failures', () => {
  let fake: FakeDiscord;
  let client: Client;
  const lines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeDiscord({ applicationId: '1100000000000000004' });
    await new REST({ api: fake.apiUrl })
      .setToken(fake.botToken)
      .put(Routes.applicationCommands(fake.applicationId), { body: commands.map((c) => c.data) });
    client = await loginClient(fake);
    const reminderKv = new MemoryEngine();
    const deps: BotDeps = {
      service: new ServiceClient({ apiUrl: 'http://127.0.0.1:9', clientId: 'unused', userAgent: 'test' }),
      locks: sharedLocks(new MemoryEngine()),
      accounts: {
        linkedAs: async () => undefined,
        tokenSource: () => {
          throw new Error('not linked');
        },
        startLogin: async () => ({ url: 'http://127.0.0.1:9', expiresAt: 0 }),
        logout: async () => false,
        forget: async () => [],
      },
      log: createLogger('debug', (line) => lines.push(line)),
      discord: openDiscordSide({ rest: client.rest, knownBotId: () => client.user?.id }),
      now: Date.now,
      titleCache: new TitleCache(Date.now),
      nsfwRatings: new NsfwRatings(new MemoryEngine()),
      picks: new PickSessions(new MemoryEngine()),
      covers: new CoverSource({ hosts: [] }),
      watchParties: new WatchParties({ kv: reminderKv, jobs: new InProcessJobEngine(reminderKv, Date.now, () => undefined), now: Date.now, log: createLogger('error', () => undefined) }),
      games: new Games({ kv: reminderKv, jobs: new InProcessJobEngine(reminderKv, Date.now, () => undefined), source: async () => [], now: Date.now, log: createLogger('error', () => undefined) }),
      serverRecaps: new ServerRecaps({
        kv: reminderKv,
        jobs: new InProcessJobEngine(reminderKv, Date.now, () => undefined),
        source: { week: () => Promise.reject(new Error('unused')) },
        now: Date.now,
        log: silentLogger,
      }),
      serviceWebUrl: 'https://service.example.test',
      airing: new SeasonAiring({ service: new ServiceClient({ apiUrl: 'http://127.0.0.1:9', clientId: 'unused', userAgent: 'test' }), now: Date.now }),
      reminders: new Reminders({
        kv: reminderKv,
        jobs: new InProcessJobEngine(reminderKv, Date.now, () => undefined),
        source: { anime: () => Promise.reject(new Error('unused')), airingList: async () => undefined },
        deliver: async () => ({ ok: true }),
        now: Date.now,
        log: silentLogger,
      }),
      feed: new Feed({ kv: reminderKv, jobs: new InProcessJobEngine(reminderKv, Date.now, () => undefined), now: Date.now, log: silentLogger, batchMs: 120_000 }),
      polls: new GroupPolls({ kv: reminderKv, jobs: new InProcessJobEngine(reminderKv, Date.now, () => undefined), now: Date.now, log: silentLogger }),
      social: new Social({
        kv: reminderKv,
        jobs: new InProcessJobEngine(reminderKv, Date.now, () => undefined),
        source: { page: () => Promise.reject(new Error('unused')) },
        linked: async () => undefined,
        now: Date.now,
        log: silentLogger,
      }),
      preferences: new TitlePreferences({ kv: reminderKv }),
    };
    const where = new WhereTracker();
    where.attach(client);
    const router = new InteractionRouter(commands, [], deps, where);
    client.on(Events.InteractionCreate, (interaction) => void router.handle(interaction));
  });
  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  it('a crashing handler gets a private "something went wrong", logged with context and no token', async () => {
    const user = newUser();
    const handle = fake.interact(slashCommand({ name: 'boom', where: GUILD, user }));
    const answer = await handle.settled();
    expect(handle.ephemeral()).toBe(true);
    expect(textOf(answer)).toContain('Something went wrong');
    expect(handle.errors()).toEqual([]);
    const logged = lines.find((l) => l.includes('handler failed'));
    expect(logged).toBeDefined();
    expect(JSON.parse(logged ?? '{}')).toMatchObject({ level: 'error', command: 'boom', userId: user.id, interactionId: handle.id });
    expect(logged).toContain('TypeError');
    expect(lines.join('\n')).not.toContain(handle.token);
    expect(lines.join('\n')).not.toContain(fake.botToken);
  });

  it('an answer that cannot be sent still reaches the user as a private error', async () => {
    const handle = fake.interact(slashCommand({ name: 'refused', where: GUILD, user: newUser() }));
    const answer = await handle.settled();
    expect(handle.ephemeral()).toBe(true);
    expect(textOf(answer)).toContain('Something went wrong');
    expect(lines.some((l) => l.includes('could not send the answer'))).toBe(true);
  });

  it('keeps answering afterwards', async () => {
    const handle = fake.interact(slashCommand({ name: 'fine', where: GUILD, user: newUser() }));
    expect(textOf(await handle.settled())).toContain('all good');
    expect(handle.errors()).toEqual([]);
  });
});
