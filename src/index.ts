// npm start: the bot process. Missing configuration ends it with a clear list and exit code 1.

import { ConfigError, loadConfig } from './config.js';
import { loadDotEnv } from './dotenv.js';
import { createLogger, parseLogFormat, parseLogLevel } from './log.js';
import { startBot, type RunningBot } from './bot.js';

async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\n\nSet these in the environment or in a .env file (see .env.example and the README).`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(parseLogLevel(process.env.LOG_LEVEL), { format: parseLogFormat(process.env.LOG_FORMAT) });

  // A failing handler must never take the bot down: log with context and carry on.
  process.on('unhandledRejection', (reason) => log.error('unhandled rejection', { error: reason }));
  process.on('uncaughtException', (error) => log.error('uncaught exception', { error }));

  let bot: RunningBot;
  try {
    bot = await startBot({ config, log });
  } catch (error) {
    log.error('the bot could not start', { error });
    process.exit(1);
  }
  bot.ready.then(() => log.info('connected to Discord', { user: bot.client.user?.tag }));

  const shutdown = (signal: string) => {
    log.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    bot.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('error while shutting down', { error });
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
