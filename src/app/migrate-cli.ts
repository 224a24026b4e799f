// npm run store:migrate -- FROM TO [--overwrite]
// Copies linked accounts between stores, e.g. sqlite://data/bot.sqlite → postgres://… or redis://…
import { describeStoreUrl } from '../config/store-url.js';
import { migrateStore } from '../store/migrate.js';

const USAGE = `usage: npm run store:migrate -- FROM TO [--overwrite]
  FROM, TO   store URLs as in STORE_URL: sqlite://PATH, postgres://…, postgresql://…, redis://…, rediss://…
  --overwrite  replace links the target already has (default: keep them)
Links move still encrypted: run the bot on TO with the same TOKEN_ENCRYPTION_KEY.`;

async function main(argv: string[]): Promise<number> {
  const overwrite = argv.includes('--overwrite');
  const positional = argv.filter((a) => a !== '--overwrite');
  if (positional.length !== 2 || positional.some((a) => a.startsWith('-'))) {
    console.error(USAGE);
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
