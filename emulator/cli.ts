import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_CLIENT, DEFAULT_COOL_OFF_MS, DEFAULT_USERS, startEmulator, type EmulatorClient, type EmulatorUser, type ThrottleOptions } from './server.js';

const USAGE = `usage: npm run emulator -- [--port N] [--host H] [--client-id ID [--client-secret S] --redirect-uri URI ...]...
       [--user NAME:PASSWORD]... [--access-token-ttl SECONDS] [--catalogue-size N] [--seed N] [--throttle RPS[:COOL_OFF_MS]]
       [--pictures PORT] [--lists NAME:ANIME:MANGA]...

  --throttle RPS[:COOL_OFF_MS]  throttle like the real service (off by default): above RPS /v2 requests of one
                                client ID in a sliding second, every request of it gets 403 forbidden (no
                                Retry-After) for COOL_OFF_MS milliseconds (default ${DEFAULT_COOL_OFF_MS})
  --pictures PORT               serve the pictures from a picture host of its own on PORT (0: any free port);
                                main_picture URLs then point there (name its origin in the bot's COVER_HOSTS)
  --lists NAME:ANIME:MANGA      seeded lists of these sizes for the --user NAME (not a default user), e.g.
                                --user dora:pw --lists dora:10000:500 --catalogue-size 10500 (the catalogue
                                must hold at least as many works)`;

/** `--help` anywhere: print the usage once and exit 0 (no other parsing). */
class HelpRequested extends Error {}

const CLI_OPTIONS = {
  port: { type: 'string' }, host: { type: 'string' }, 'client-id': { type: 'string', multiple: true },
  'client-secret': { type: 'string', multiple: true }, 'redirect-uri': { type: 'string', multiple: true },
  user: { type: 'string', multiple: true }, 'access-token-ttl': { type: 'string' }, 'catalogue-size': { type: 'string' },
  seed: { type: 'string' }, throttle: { type: 'string' }, pictures: { type: 'string' }, help: { type: 'boolean' },
  lists: { type: 'string', multiple: true },
} as const;

interface CliOptions {
  port: number; host: string; clients?: EmulatorClient[]; users?: EmulatorUser[]; accessTtl?: number; size?: number; seed?: number;
  throttle?: ThrottleOptions; picturesPort?: number;
}

interface ListSizes {
  name: string;
  anime: number;
  manga: number;
}

function int(name: string, v: string | undefined): number {
  if (v === undefined || !/^\d+$/.test(v)) throw new Error(`--${name} needs a non-negative integer`);
  return Number(v);
}

/** `--user NAME:PASSWORD` (the password may hold colons). */
function parseUser(v: string): EmulatorUser {
  const i = v.indexOf(':');
  if (i <= 0) throw new Error('--user needs NAME:PASSWORD');
  return { name: v.slice(0, i), password: v.slice(i + 1) };
}

/** `--lists NAME:ANIME:MANGA`. */
function parseListSizes(v: string): ListSizes {
  const m = /^([^:]+):(\d+):(\d+)$/.exec(v);
  if (!m?.[1]) throw new Error('--lists needs NAME:ANIME:MANGA (two non-negative integers)');
  return { name: m[1], anime: Number(m[2]), manga: Number(m[3]) };
}

/** `--throttle RPS[:COOL_OFF_MS]`. */
function parseThrottle(v: string): ThrottleOptions {
  const m = /^(\d+)(?::(\d+))?$/.exec(v);
  if (!m?.[1] || Number(m[1]) < 1) throw new Error('--throttle needs RPS[:COOL_OFF_MS] (RPS an integer ≥ 1, COOL_OFF_MS an integer ≥ 0)');
  return { requestsPerSecond: Number(m[1]), ...(m[2] !== undefined ? { coolOffMs: Number(m[2]) } : {}) };
}

/** Gives each --lists size to its --user (names compared case-insensitively). */
function giveListSizes(users: EmulatorUser[], sizes: ListSizes[]): void {
  for (const size of sizes) {
    const user = users.find((u) => u.name.toLowerCase() === size.name.toLowerCase());
    if (!user) throw new Error(`--lists ${size.name}: give that user with --user ${size.name}:PASSWORD`);
    user.lists = { anime: size.anime, manga: size.manga };
  }
}

/** Groups --client-id / --client-secret / --redirect-uri in command-line order: each flag applies to the last client id. */
export function parseCli(argv: string[]): CliOptions {
  const { tokens } = parseArgs({ args: argv, options: CLI_OPTIONS, tokens: true, strict: true, allowPositionals: false });
  const out: CliOptions = { port: 8787, host: '127.0.0.1' };
  const clients: EmulatorClient[] = [];
  const users: EmulatorUser[] = [];
  const sizes: ListSizes[] = [];
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    const v = t.value;
    switch (t.name) {
      case 'help':
        throw new HelpRequested(USAGE);
      case 'port':
        out.port = int('port', v);
        break;
      case 'host':
        out.host = v ?? out.host;
        break;
      case 'client-id':
        clients.push({ id: v ?? '', redirectUris: [] });
        break;
      case 'client-secret':
      case 'redirect-uri': {
        const last = clients.at(-1);
        if (!last) throw new Error(`--${t.name} must follow a --client-id`);
        if (t.name === 'client-secret') last.secret = v;
        else last.redirectUris.push(v ?? '');
        break;
      }
      case 'user':
        users.push(parseUser(v ?? ''));
        break;
      case 'lists':
        sizes.push(parseListSizes(v ?? ''));
        break;
      case 'access-token-ttl':
        out.accessTtl = int('access-token-ttl', v);
        break;
      case 'catalogue-size':
        out.size = int('catalogue-size', v);
        break;
      case 'seed':
        out.seed = int('seed', v);
        break;
      case 'pictures':
        out.picturesPort = int('pictures', v);
        break;
      case 'throttle':
        out.throttle = parseThrottle(v ?? '');
    }
  }
  for (const c of clients) if (c.redirectUris.length === 0) throw new Error(`client ${c.id} needs at least one --redirect-uri`);
  if (clients.length > 0) out.clients = clients;
  giveListSizes(users, sizes);
  if (users.length > 0) out.users = users;
  return out;
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseCli>;
  try {
    args = parseCli(process.argv.slice(2));
  } catch (e) {
    if (e instanceof HelpRequested) {
      console.log(USAGE);
      process.exit(0);
    }
    console.error(e instanceof Error ? e.message : String(e));
    console.error(USAGE);
    process.exit(2);
  }
  const catalogue: { size?: number; seed?: number } = {};
  if (args.size !== undefined) catalogue.size = args.size;
  if (args.seed !== undefined) catalogue.seed = args.seed;
  const emulator = await startEmulator({
    port: args.port, host: args.host, clients: args.clients ?? [DEFAULT_CLIENT], users: args.users ?? DEFAULT_USERS,
    catalogue, ...(args.accessTtl !== undefined ? { accessTokenTtlSeconds: args.accessTtl } : {}),
    ...(args.throttle ? { throttle: args.throttle } : {}),
    ...(args.picturesPort !== undefined ? { pictures: { port: args.picturesPort } } : {}),
  });
  console.log(`listening on ${emulator.url}`);
  console.log(`API: ${emulator.url}/v2   OAuth: ${emulator.url}/v1/oauth2/authorize, ${emulator.url}/v1/oauth2/token`);
  // Printing the credentials is this dev tool's purpose: they are emulator-only test values.
  for (const c of args.clients ?? [DEFAULT_CLIENT]) {
    console.log(`client: id=${c.id} secret=${c.secret ?? '(none)'} redirect_uris=${c.redirectUris.join(' ')}`);
  }
  for (const u of args.users ?? DEFAULT_USERS) console.log(`user: ${u.name}:${u.password}`);
  if (emulator.pictures) console.log(`pictures: ${emulator.pictures.url} (COVER_HOSTS=${emulator.pictures.url})`);
  const throttle = emulator.throttle.settings;
  console.log(throttle ? `throttle: ${throttle.requestsPerSecond} requests/s per client ID, cool-off ${throttle.coolOffMs} ms` : 'throttle: off');
  const stop = (): void => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  void main();
}
