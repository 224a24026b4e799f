// Starts the whole sandbox on loopback: the service emulator (seeded catalogue, default users), the
// fake Discord, the real bot configured from environment variables exactly as `npm start` reads
// them, and the page. Nothing is configured by hand and nothing leaves the machine.

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../local-stack/free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { DEFAULT_FEED_BATCH_SECONDS } from '../src/config/defaults.js';
import { startBot, type RunningBot } from '../src/app/bot.js';
import { registerCommands } from '../src/app/register-commands.js';
import type { Logger } from '../src/log/log.js';
import { DEFAULT_USERS, startEmulator, type Emulator } from '../emulator/server.js';
import { startFakeDiscord, type FakeDiscord } from '../fake-discord/index.js';
import { Actions } from './actions.js';
import { seedCommunity, seedingMs, type SeededCommunity } from './community.js';
import { SandboxClock } from './clock.js';
import { eventRoutes } from './events.js';
import { NextEpisode } from './next-episode.js';
import { NextRecap, seedRecap } from './next-recap.js';
import { defineServer } from './places.js';
import { Timeline } from './timeline.js';
import { startPage, type RunningPage } from './web.js';

export type SandboxTransport = 'gateway' | 'http';

export interface SandboxOptions {
  /** Port of the page (0: any free port). */
  port: number;
  /** How the fake Discord reaches the bot: a gateway session, or signed POSTs to its /interactions. */
  transport: SandboxTransport;
  log: Logger;
}

export interface Sandbox {
  url: string;
  emulator: Emulator;
  discord: FakeDiscord;
  bot: RunningBot;
  /** What the page drives: its interactions with the fake Discord, and what each place shows. */
  actions: Actions;
  timeline: Timeline;
  /** The sandbox's own time (real time plus what "Next episode now" moved it), the bot's and the emulator's `now`. */
  clock: SandboxClock;
  /** The server's list community as seeded: its joined members and alice's change the feed posted. */
  community: SeededCommunity;
  /** The emulator's sign-in accounts (emulator-only values). */
  accounts: ReadonlyArray<{ name: string; password: string }>;
  stop(): Promise<void>;
}

/** FEED_BATCH_SECONDS as the sandbox's bot has it (the default). */
const FEED_BATCH_MS = DEFAULT_FEED_BATCH_SECONDS * 1000;

/** Emulator-only credentials: the sandbox's bot is this client of the emulator. */
export const SANDBOX_CLIENT_ID = 'amls-sandbox-client-id-000000000';

/** The same variables an admin puts in .env, read by the same loader. */
function sandboxConfig(
  o: SandboxOptions,
  at: { discord: FakeDiscord; emulator: Emulator; botPort: number; publicUrl: string; clientSecret: string; dataDir: string },
): ReturnType<typeof loadConfig> {
  const { discord, emulator, botPort, publicUrl, clientSecret, dataDir } = at;
  return loadConfig({
    DISCORD_TOKEN: discord.botToken,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_API_URL: discord.apiUrl,
    DISCORD_CDN_URL: discord.cdnUrl,
    SERVICE_API_URL: emulator.url,
    SERVICE_AUTH_URL: emulator.url,
    SERVICE_CLIENT_ID: SANDBOX_CLIENT_ID,
    SERVICE_CLIENT_SECRET: clientSecret,
    PUBLIC_URL: publicUrl,
    PORT: String(botPort),
    STORE_URL: `sqlite://${join(dataDir, 'bot.sqlite')}`,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    DISCORD_TRANSPORT: o.transport,
    // The sandbox's emulator is the only client of itself: a generous budget keeps the page snappy.
    SERVICE_REQUESTS_PER_SECOND: '20',
    COVER_HOSTS: emulator.pictures?.url ?? '',
    ...(o.transport === 'http' ? { DISCORD_PUBLIC_KEY: discord.publicKey } : {}),
  });
}

export async function startSandbox(o: SandboxOptions): Promise<Sandbox> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const unwind = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const botPort = await freePort();
    const publicUrl = `http://127.0.0.1:${botPort}`;
    const clientSecret = randomBytes(32).toString('hex');
    // The bot and the emulator read one clock, so airing state, list data and the bot agree on the time.
    // It starts behind real time by what seeding the community takes, which brings it to real time.
    const clock = new SandboxClock(undefined, -seedingMs(FEED_BATCH_MS));
    const emulator = await startEmulator({
      host: '127.0.0.1',
      now: clock.now,
      clients: [{ id: SANDBOX_CLIENT_ID, secret: clientSecret, redirectUris: [`${publicUrl}/oauth/callback`] }],
      users: DEFAULT_USERS,
      // Real covers, from the emulator's own picture host (COVER_HOSTS below names it).
      pictures: true,
    });
    cleanups.push(() => emulator.close());
    const discord = await startFakeDiscord({ botUsername: 'AMLS Bot' });
    cleanups.push(() => discord.close());
    // The sandbox's server: its channels, roles and members, the bot with its own role.
    defineServer(discord);
    const dataDir = await mkdtemp(join(tmpdir(), 'amls-sandbox-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    // The same variables an admin puts in .env, read by the same loader.
    const config = sandboxConfig(o, { discord, emulator, botPort, publicUrl, clientSecret, dataDir });
    await registerCommands(config.discord);
    const bot = await startBot({ config, log: o.log, host: '127.0.0.1', now: clock.now });
    cleanups.push(() => bot.stop());
    await bot.ready;
    // As an admin sets the portal's Interactions Endpoint URL; the fake checks it answers signed PINGs.
    if (o.transport === 'http') await discord.setInteractionsEndpoint(`${publicUrl}/interactions`);
    // alice, bob and carol joined the server's list community; #general has the feed and its first post.
    const community = await seedCommunity({ bot, emulator, discord, clientId: SANDBOX_CLIENT_ID, clock, feedBatchMs: FEED_BATCH_MS });

    // #general also has the weekly recap, every day after tomorrow at 18:00 UTC: "Next recap now" moves the clock to it.
    await seedRecap(bot, clock.now());

    const timeline = new Timeline(discord);
    const recaps = new NextRecap({ clock, recaps: bot.deps.serverRecaps, runDue: () => bot.jobs.runDue(), postsIn: (id) => discord.guilds.messagesIn(id).length });
    const actions = new Actions(discord, timeline, new NextEpisode(clock, bot.reminders, (place, user) => timeline.postCount(place, user)), recaps);
    const page: RunningPage = await startPage(actions, timeline, {
      port: o.port,
      accounts: DEFAULT_USERS,
      emulatorUrl: emulator.url,
      events: eventRoutes(discord),
    });
    cleanups.push(() => page.close());
    return { url: page.url, emulator, discord, bot, actions, timeline, clock, community, accounts: DEFAULT_USERS, stop: unwind };
  } catch (error) {
    await unwind();
    throw error;
  }
}
