// The whole stack on loopback: the service emulator, the fake Discord, and the real bot
// (discord.js client, router, web server, sqlite store) started exactly as `npm start` does.

import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from './free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BotConfig } from '../src/config/types.js';
import { startBot, type RunningBot } from '../src/app/bot.js';
import { type BotOptions } from '../src/app/options.js';
import { createLogger, silentLogger, type Logger } from '../src/log/log.js';
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/server.js';
import { startFakeDiscord, slashCommand, buttonClick, selectMenu, autocomplete } from '../fake-discord/index.js';
import type { CommandSpec, FakeDiscord, InteractionHandle, RecordedMessage, Where, Who, AutocompleteSpec } from '../fake-discord/index.js';
import { loginAsPerson } from '../emulator/login.js';
import { registerCommands } from '../src/app/register-commands.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { TEST_STORE_STEP_TIMEOUT_MS } from './store-step-deadline.js';

export const CLIENT_ID = 'e2e0client0id0000000000000000000';
export const CLIENT_SECRET = 'e2e-client-secret-'.padEnd(64, 'x');
/** The service's website in end-to-end tests: title options accept links to its pages. */
export const SERVICE_WEB_URL = 'https://service.example.test';

export interface StackOptions {
  emulator?: Omit<EmulatorOptions, 'clients'>;
  clientSecret?: boolean;
  ackDeadlineMs?: number;
  bot?: Partial<Omit<BotOptions, 'config' | 'log'>>;
  /** Per-user rate limits; off unless a test asks (many tests drive one user hard). */
  userRate?: BotConfig['userRate'];
  log?: boolean;
  /** The bot's logger (instead of `log`). */
  logger?: Logger;
  /** METRICS=on (with METRICS_TOKEN when a string). */
  metrics?: boolean | string;
  /** How Discord reaches the bot (default gateway). */
  transport?: Transport;
  /** Budgets and service bounds (config.limits); unset ones keep their defaults. */
  limits?: BotConfig['limits'];
  /** Puts a fault-injecting proxy between the bot and the emulator (API and token endpoint). */
  faultProxy?: boolean;
  /** The bot's STORE_URL (default: a SQLite file of its own), e.g. a PostgreSQL or Redis place for processes sharing it. */
  storeUrl?: string;
  /**
   * STORE_STEP_TIMEOUT_MS (default TEST_STORE_STEP_TIMEOUT_MS, generous so a loaded machine's slow reads
   * are not taken for a slow store); tests of the fallback and benches pass DEFAULT_STORE_STEP_TIMEOUT_MS.
   */
  storeStepTimeoutMs?: number;
}

export type Transport = 'gateway' | 'http';
export const TRANSPORTS: readonly Transport[] = ['gateway', 'http'];

export interface Stack {
  emulator: Emulator;
  /** Present when started with `faultProxy`. */
  proxy: FaultProxy | undefined;
  discord: FakeDiscord;
  bot: RunningBot;
  /** Where the bot's web server listens (on loopback, whatever PUBLIC_URL says). */
  webUrl: string;
  config: BotConfig;
  logLines: string[];
  /** Runs a slash command as `user` in `where` and waits for the final answer. */
  command(spec: CommandSpec): InteractionHandle;
  click(message: RecordedMessage, customId: string, user: Who, where?: Where): InteractionHandle;
  select(message: RecordedMessage, customId: string, values: string[], user: Who, where?: Where): InteractionHandle;
  autocomplete(spec: AutocompleteSpec): InteractionHandle;
  /** Links `user` to the service account `account` through /login, the emulator's form and the callback. */
  login(user: Who, account: { name: string; password: string }, where?: Where): Promise<InteractionHandle>;
  /** Stops the bot process and starts a new one on the same store (a restart); `whileDown` runs between. */
  restartBot(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export { freePort };

/** Another bot process on the same store and fake Discord (a replica), with its own web port; started and ready. */
export async function startReplica(stack: Stack, o: Partial<Omit<BotOptions, 'config' | 'log'>> = {}): Promise<RunningBot> {
  const port = await freePort();
  const bot = await startBot({ config: { ...stack.config, web: { ...stack.config.web, port } }, log: silentLogger, host: '127.0.0.1', ...o, games: { poolReads: false, ...o.games } });
  await bot.ready;
  return bot;
}

export const GUILD: Where = { kind: 'guild' };
export const NSFW_CHANNEL: Where = { kind: 'guild', nsfw: true };
export const DM: Where = { kind: 'dm' };

let userCounter = 0;
export function newUser(name = 'user'): Who {
  userCounter++;
  // Realistic 18–19 digit snowflakes, distinct per test.
  return { id: (BigInt(Date.now() - 1420070400000) * 4194304n + BigInt(userCounter)).toString(), username: `${name}${userCounter}` };
}

function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}

/**
 * The bot's port is chosen before the emulator registers its redirect URI, so another process can
 * take it in between; then the whole stack is built again on a new port.
 */
export async function startStack(o: StackOptions = {}): Promise<Stack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(o);
    } catch (error) {
      if (!isAddressInUse(error) || attempt === 3) throw error;
    }
  }
}

/** The emulator with one client whose redirect URI is the bot's callback at `publicUrl`. */
function startStackEmulator(o: StackOptions, publicUrl: string): Promise<Emulator> {
  return startEmulator({
    // Pictures come from the emulator's own picture host, which the bot's COVER_HOSTS names.
    pictures: true,
    ...o.emulator,
    clients: [
      {
        id: CLIENT_ID,
        ...(o.clientSecret ? { secret: CLIENT_SECRET } : {}),
        redirectUris: [`${publicUrl}/oauth/callback`],
      },
    ],
  });
}

/** The bot's configuration for the stack: the fakes' URLs, a store in `dataDir` unless the test names one. */
function stackConfig(
  o: StackOptions,
  at: { port: number; publicUrl: string; serviceUrl: string; dataDir: string; discord: FakeDiscord; emulator: Emulator },
): BotConfig {
  const { port, publicUrl, serviceUrl, dataDir, discord, emulator } = at;
  return {
    // The emulator does not throttle unless a test asks, so the deployment's budget is out of the way
    // (tests of the budget set their own).
    limits: { serviceRequestsPerSecond: 500, ...o.limits },
    service: {
      apiUrl: serviceUrl,
      authUrl: serviceUrl,
      webUrl: SERVICE_WEB_URL,
      clientId: CLIENT_ID,
      clientSecret: o.clientSecret ? CLIENT_SECRET : undefined,
      clientIdHeader: 'X-SERVICE-CLIENT-ID',
      userAgent: 'amls-discord-bot-e2e',
    },
    discord: { token: discord.botToken, applicationId: discord.applicationId, apiUrl: discord.apiUrl },
    web: { port, publicUrl, redirectUri: `${publicUrl}/oauth/callback` },
    store: {
      url: o.storeUrl ?? `sqlite://${join(dataDir, 'bot.sqlite')}`,
      encryptionKey: randomBytes(32).toString('base64'),
      stepTimeoutMs: o.storeStepTimeoutMs ?? TEST_STORE_STEP_TIMEOUT_MS,
    },
    userRate: o.userRate ?? { commands: undefined, autocomplete: undefined, ownerIds: [] },
    // Import files come from the fake Discord's CDN, as they come from Discord's attachment hosts.
    imports: { attachmentHosts: [new URL(discord.cdnUrl).origin] },
    ...(emulator.pictures ? { covers: { hosts: [emulator.pictures.url], cacheMaxBytes: 16 * 1024 * 1024 } } : {}),
    ...(o.metrics ? { metrics: { enabled: true, port: 0, host: '127.0.0.1', ...(typeof o.metrics === 'string' ? { token: o.metrics } : {}) } } : {}),
    transport: {
      kind: o.transport ?? 'gateway',
      publicKey: o.transport === 'http' ? discord.publicKey : undefined,
      shards: undefined,
      shutdownGraceMs: 5_000,
    },
  };
}

/** /login, then the person's way through the service's login page, the callback and the confirmation page. */
async function loginThroughPage(
  discord: FakeDiscord,
  publicUrl: string,
  who: { user: Who; account: { name: string; password: string }; where: Where },
): Promise<InteractionHandle> {
  const { user, account, where } = who;
  const handle = discord.interact(slashCommand({ name: 'login', user, where }));
  const reply = await handle.settled();
  const url = loginUrlOf(reply);
  const redirect = await loginAsPerson(url, account);
  const callback = await fetch(`${publicUrl}${redirect.pathname}${redirect.search}`);
  const page = await callback.text();
  if (callback.status !== 200) throw new Error(`callback answered ${callback.status}: ${page}`);
  // The person confirms on the page that names both accounts.
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error('the callback showed no confirmation form');
  const confirmed = await fetch(`${publicUrl}/oauth/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, action: 'confirm' }).toString(),
  });
  if (confirmed.status !== 200) throw new Error(`confirmation answered ${confirmed.status}: ${await confirmed.text()}`);
  await handle.waitForOriginal((m) => JSON.stringify(m.embeds).includes('linked as'));
  return handle;
}

/** Starts the bot as `npm start` does; resolves when it is ready. */
async function launchBot(o: StackOptions, config: BotConfig, log: Logger): Promise<RunningBot> {
  const bot = await startBot({
    config,
    log,
    host: '127.0.0.1',
    ...o.bot,
    // The games' pool reads only where a test asks: they would add requests to other tests' counts.
    games: { poolReads: false, ...o.bot?.games },
    service: { retries: 1, backoff: () => 10, ...o.bot?.service },
  });
  await bot.ready;
  return bot;
}

async function startStackOnce(o: StackOptions): Promise<Stack> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const emulator = await startStackEmulator(o, publicUrl);
  const discord = await startFakeDiscord({
    applicationId: '1100000000000000001',
    ...(o.ackDeadlineMs !== undefined ? { ackDeadlineMs: o.ackDeadlineMs } : {}),
  });
  const proxy = o.faultProxy ? await startFaultProxy(emulator.url) : undefined;
  const serviceUrl = proxy?.url ?? emulator.url;
  const dataDir = await mkdtemp(join(tmpdir(), 'amls-e2e-'));
  const config = stackConfig(o, { port, publicUrl, serviceUrl, dataDir, discord, emulator });
  // Registered as `npm run deploy-commands` does; the fake refuses commands it does not know.
  await registerCommands(config.discord);
  const logLines: string[] = [];
  const log: Logger = o.logger ?? (o.log ? createLogger('debug', (line) => logLines.push(line)) : silentLogger);
  const launch = (): Promise<RunningBot> => launchBot(o, config, log);
  let bot: RunningBot;
  let started: RunningBot | undefined;
  try {
    bot = started = await launch();
    if (o.transport === 'http') await discord.setInteractionsEndpoint(`${publicUrl}/interactions`);
  } catch (error) {
    await started?.stop();
    await Promise.allSettled([discord.close(), emulator.close(), proxy?.close(), rm(dataDir, { recursive: true, force: true })]);
    throw error;
  }

  const stack: Stack = {
    emulator,
    proxy,
    discord,
    get bot() {
      return bot;
    },
    get webUrl() {
      if (!bot.web) throw new Error('this bot runs no web server');
      return bot.web.url;
    },
    config,
    logLines,
    command: (spec) => discord.interact(slashCommand(spec)),
    click: (message, customId, user, where) => discord.interact(buttonClick({ message, customId, user, ...(where ? { where } : {}) })),
    select: (message, customId, values, user, where) =>
      discord.interact(selectMenu({ message, customId, values, user, ...(where ? { where } : {}) })),
    autocomplete: (spec) => discord.interact(autocomplete(spec)),
    login: (user, account, where = DM) => loginThroughPage(discord, publicUrl, { user, account, where }),
    async restartBot(whileDown) {
      await bot.stop();
      await whileDown?.();
      bot = await launch();
    },
    async stop() {
      await bot.stop();
      await Promise.allSettled([discord.close(), emulator.close(), proxy?.close()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}

/** The authorize URL of the link button in a /login reply. */
export function loginUrlOf(message: RecordedMessage): string {
  for (const row of message.components ?? []) {
    for (const component of 'components' in row ? row.components : []) {
      if ('url' in component && typeof component.url === 'string') return component.url;
    }
  }
  throw new Error(`no link button in ${JSON.stringify(message)}`);
}

/** Every custom_id in a message, in order. */
export function customIds(message: RecordedMessage): string[] {
  const ids: string[] = [];
  for (const row of message.components ?? []) {
    for (const component of 'components' in row ? row.components : []) {
      if ('custom_id' in component && typeof component.custom_id === 'string') ids.push(component.custom_id);
    }
  }
  return ids;
}

/** The custom_id of the component whose label (or placeholder) contains `text`. */
export function componentId(message: RecordedMessage, text: string): string {
  for (const row of message.components ?? []) {
    for (const component of 'components' in row ? row.components : []) {
      const label = 'label' in component ? component.label : 'placeholder' in component ? component.placeholder : undefined;
      if (typeof label === 'string' && label.includes(text) && 'custom_id' in component && typeof component.custom_id === 'string') {
        return component.custom_id;
      }
    }
  }
  throw new Error(`no component labelled "${text}" in ${JSON.stringify(message.components)}`);
}

/** All visible text of a message: content and every embed part. */
export function textOf(message: RecordedMessage | undefined): string {
  if (!message) return '';
  const parts: string[] = [message.content ?? ''];
  for (const e of message.embeds ?? []) {
    parts.push(e.title ?? '', e.description ?? '', e.footer?.text ?? '', e.author?.name ?? '');
    for (const f of e.fields ?? []) parts.push(f.name, f.value);
  }
  return parts.join('\n');
}
