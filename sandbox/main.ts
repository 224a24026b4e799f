// `npm run sandbox`: everything on this machine, one command, Ctrl-C stops it all.

import { createLogger, parseLogLevel } from '../src/log/log.js';
import { startSandbox } from './start.js';

const DEFAULT_PORT = 3300;

const USAGE = `usage: npm run sandbox [-- --help]

The bot in a Discord-like page on this machine: the service emulator, the fake Discord and the bot,
in one process (see "Try it in 1 minute" in the README). Ctrl-C stops everything.
Settings are environment variables:
  SANDBOX_PORT       the page's port (default ${DEFAULT_PORT}; 0 for any free port)
  SANDBOX_TRANSPORT  gateway (default) or http (signed POSTs to the bot's /interactions)
  LOG_LEVEL          the bot's log level: debug, info, warn (default) or error`;

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

async function main(): Promise<void> {
  const started = Date.now();
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  if (argv.length > 0) {
    const arg = argv.find((a) => a !== '--help' && a !== '-h') ?? argv.join(' ');
    console.error(`${arg.startsWith('-') ? `unknown option ${arg}` : `unexpected argument "${arg}"`}\n\n${USAGE}`);
    process.exit(2);
  }
  const rawPort = process.env.SANDBOX_PORT ?? String(DEFAULT_PORT);
  if (!/^\d{1,5}$/.test(rawPort) || Number(rawPort) > 65535) {
    console.error(`SANDBOX_PORT must be a port number (0 for any free port), got "${rawPort}"`);
    process.exit(2);
  }
  const transport = process.env.SANDBOX_TRANSPORT ?? 'gateway';
  if (transport !== 'gateway' && transport !== 'http') {
    console.error(`SANDBOX_TRANSPORT must be gateway or http, got "${transport}"`);
    process.exit(2);
  }
  const level = process.env.LOG_LEVEL ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    console.error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
    process.exit(2);
  }
  // The bot's own log, quieter than npm start's by default so the address stays visible.
  const log = createLogger(parseLogLevel(level));
  process.on('unhandledRejection', (reason) => log.error('unhandled rejection', { error: reason }));
  let sandbox;
  try {
    sandbox = await startSandbox({ port: Number(rawPort), transport, log });
  } catch (error) {
    const inUse = (error as { code?: unknown }).code === 'EADDRINUSE';
    console.error(inUse ? `Port ${rawPort} is taken: run with SANDBOX_PORT=<another port> (or 0 for any).` : 'The sandbox could not start:', inUse ? '' : error);
    process.exit(1);
  }
  console.log(`Sandbox ready in ${((Date.now() - started) / 1000).toFixed(1)} s: open ${sandbox.url}`);
  const accounts = sandbox.accounts.map((a) => `${a.name} / ${a.password}`).join(', ');
  console.log(`Service emulator (its sign-in page is where /login leads): ${sandbox.emulator.url}  accounts: ${accounts}`);
  console.log(`Discord reaches the bot through ${transport === 'http' ? 'signed HTTP POSTs to its /interactions endpoint' : 'a gateway session'} (SANDBOX_TRANSPORT=${transport}).`);
  console.log('Everything runs on 127.0.0.1; press Ctrl-C to stop.');
  const stop = (): void => {
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    sandbox.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
