// A bot process for tests that move time: the real bot (`startBot`, configured from the environment as
// `npm start` is) with its clock at real time plus an offset the test writes to a file
// (AMLS_TEST_CLOCK_FILE, milliseconds). Only the bot's clock moves: the job engines keep real time for
// leases and retries, as they do in a deployment.

import { readFileSync } from 'node:fs';
import { startBot } from '../src/app/bot.js';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/log/log.js';

const file = process.env.AMLS_TEST_CLOCK_FILE;
if (!file) throw new Error('AMLS_TEST_CLOCK_FILE is not set');
let offset = 0;
const read = () => {
  try {
    offset = Number(readFileSync(file, 'utf8')) || 0;
  } catch {
    // Being rewritten: keep the last offset.
  }
};
read();
setInterval(read, 25).unref();

const config = loadConfig();
const log = createLogger(config.log?.level ?? 'info', { format: 'json' });
const bot = await startBot({ config, log, now: () => Date.now() + offset });
process.on('SIGTERM', () => void bot.shutdown(1000).then(() => process.exit(0)));
