// npm run deploy-commands [-- --guild SERVER_ID]
// Registers the commands globally (they can take up to an hour to show everywhere) or, with
// --guild, in one test server at once.

import { loadDiscordConfig } from '../config/config.js';
import { ConfigError } from '../config/env-reader.js';
import { loadDotEnv } from '../config/dotenv.js';
import { inviteLinks, registerCommands } from './register-commands.js';
import { parseArgs } from 'node:util';

const USAGE = `usage: npm run deploy-commands [-- --guild SERVER_ID | --help]

Registers the bot's slash commands with Discord and prints the invite links. Reads DISCORD_TOKEN,
DISCORD_APPLICATION_ID and DISCORD_API_URL from the environment or .env (see the README).
  (no option)        register globally (can take up to an hour to show everywhere)
  --guild SERVER_ID  register in one server only, at once (for testing)
  --help             print this and exit`;

class UsageError extends Error {}

/** `help`, or the server to register in (undefined: globally). Throws UsageError for anything else. */
function parseCli(argv: string[]): 'help' | { guild: string | undefined } {
  let values: { guild?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({ args: argv, options: { guild: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const guild = values.guild;
  if (guild !== undefined && !/^\d{15,21}$/.test(guild)) throw new UsageError('--guild needs a server ID (15–21 digits)');
  return { guild };
}

async function main(argv: string[]): Promise<number> {
  let cli: ReturnType<typeof parseCli>;
  try {
    cli = parseCli(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (cli === 'help') {
    console.log(USAGE);
    return 0;
  }
  const { guild } = cli;
  try {
    loadDotEnv();
    const discord = loadDiscordConfig();
    const count = await registerCommands(discord, guild);
    console.log(`Registered ${count} commands ${guild ? `in server ${guild}` : 'globally'}.`);
    const links = inviteLinks(discord.applicationId);
    console.log(`Add to a server:   ${links.server}`);
    console.log(`Add to your account (usable everywhere): ${links.user}`);
    return 0;
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `Could not register commands: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
