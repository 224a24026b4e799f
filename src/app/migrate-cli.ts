// npm run store:migrate -- FROM TO [--overwrite]
// Copies linked accounts between stores, e.g. sqlite://data/bot.sqlite → postgres://… or redis://…
import { describeStoreUrl } from '../config/store-url.js';
import { migrateStore } from '../store/migrate.js';

const USAGE = `usage: npm run store:migrate -- FROM TO [--overwrite] | --help
  FROM, TO   store URLs as in STORE_URL: sqlite://PATH, postgres://…, postgresql://…, redis://…, rediss://…
  --overwrite  replace links the target already has (default: keep them)
  --help       print this and exit
Links move still encrypted: run the bot on TO with the same TOKEN_ENCRYPTION_KEY.`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const overwrite = argv.includes('--overwrite');
  const unknown = argv.find((a) => a.startsWith('-') && a !== '--overwrite');
  if (unknown !== undefined) {
    console.error(`unknown option ${unknown}\n\n${USAGE}`);
    return 2;
  }
  const positional = argv.filter((a) => a !== '--overwrite');
  if (positional.length !== 2) {
    console.error(`expected two store URLs, FROM and TO, got ${positional.length}\n\n${USAGE}`);
    return 2;
  }
  const [from, to] = positional as [string, string];
  try {
    const result = await migrateStore(from, to, { overwrite });
    console.log(
      `Copied ${result.copied} linked account(s) from ${describeStoreUrl(from)} to ${describeStoreUrl(to)}` +
        (result.skipped ? `; kept ${result.skipped} the target already had (use --overwrite to replace them).` : '.'),
    );
    return 0;
  } catch (error) {
    console.error(`store:migrate failed: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
