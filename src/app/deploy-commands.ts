// npm run deploy-commands [-- --guild SERVER_ID]
// Registers the commands globally (they can take up to an hour to show everywhere) or, with
// --guild, in one test server at once.

import { ConfigError, loadDiscordConfig } from '../config/config.js';
import { loadDotEnv } from '../config/dotenv.js';
import { inviteLinks, registerCommands } from './register-commands.js';

function parseGuild(argv: readonly string[]): string | undefined {
  const index = argv.indexOf('--guild');
  if (index === -1) return undefined;
  const guild = argv[index + 1];
  if (!guild || !/^\d{15,21}$/.test(guild)) throw new ConfigError(['--guild needs a server ID (15–21 digits)']);
  return guild;
}

try {
  loadDotEnv();
  const discord = loadDiscordConfig();
  const guild = parseGuild(process.argv.slice(2));
  const count = await registerCommands(discord, guild);
  console.log(`Registered ${count} commands ${guild ? `in server ${guild}` : 'globally'}.`);
  const links = inviteLinks(discord.applicationId);
  console.log(`Add to a server:   ${links.server}`);
  console.log(`Add to your account (usable everywhere): ${links.user}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Could not register commands: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
