// The bot's command line: `--help` and `--version`; configuration itself comes from the environment.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'amls-discord-bot';

export const BOT_USAGE = `usage: npm start [-- --help | --version]

${PACKAGE_NAME}: the Discord bot for the Anime and Manga List Service (slash commands, list updates
with a linked service account, episode reminders). It takes no other arguments: it is configured
through environment variables, read from the environment or a .env file in the working directory.

Required: DISCORD_TOKEN, DISCORD_APPLICATION_ID, SERVICE_API_URL, SERVICE_AUTH_URL,
  SERVICE_CLIENT_ID, PUBLIC_URL, TOKEN_ENCRYPTION_KEY (DISCORD_PUBLIC_KEY with DISCORD_TRANSPORT=http)
Optional: STORE_URL, PORT, DISCORD_TRANSPORT, SHARD_COUNT, LOG_LEVEL, LOG_FORMAT, METRICS,
  METRICS_TOKEN, TRUST_PROXY, USER_RATE_*, BOT_OWNER_IDS, SERVICE_*, REMINDER_*, …
Every variable, its default and meaning: the README ("Configure") and .env.example.

  --help     print this and exit
  --version  print the version and exit`;

/** The version in this package's package.json (found upwards from this file, in src/ or dist/src/). */
export function packageVersion(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let folder = from; ; folder = dirname(folder)) {
    const file = join(folder, 'package.json');
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (json.name === PACKAGE_NAME && typeof json.version === 'string') return json.version;
    }
    if (folder === dirname(folder)) throw new Error(`package.json of ${PACKAGE_NAME} not found above ${from}`);
  }
}

export type CliAction = { kind: 'run' } | { kind: 'exit'; code: number; stdout?: string; stderr?: string };

/** What the bot's arguments ask for: run, or print something and exit. */
export function botCliAction(argv: readonly string[]): CliAction {
  if (argv.length === 0) return { kind: 'run' };
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) return { kind: 'exit', code: 0, stdout: BOT_USAGE };
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) return { kind: 'exit', code: 0, stdout: packageVersion() };
  const unknown = argv.find((a) => !['--help', '-h', '--version', '-v'].includes(a)) ?? argv.join(' ');
  return {
    kind: 'exit',
    code: 2,
    stderr: `${unknown.startsWith('-') ? `unknown option ${unknown}` : `unexpected argument "${unknown}"`}: the bot is configured through environment variables (see --help)\n\n${BOT_USAGE}`,
  };
}
