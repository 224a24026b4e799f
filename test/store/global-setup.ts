// Says which store engines this run skips and why; with CI=true or REQUIRE_ENGINES=1 a skipped engine
// fails the run (CI must test every engine).
import { engineCases } from '../../local-stack/store-engines.js';

export default function setup(): void {
  const skipped = engineCases().filter((c) => c.skipped);
  if (skipped.length === 0) return;
  const lines = skipped.map((c) => `  - ${c.kind}: ${c.skipped}`).join('\n');
  const strict = process.env.CI === 'true' || process.env.REQUIRE_ENGINES === '1';
  if (strict) {
    throw new Error(`store engines skipped, which CI=true / REQUIRE_ENGINES=1 does not allow:\n${lines}\nSet TEST_POSTGRES_URL and TEST_REDIS_URL (.ci/run does).`);
  }
  console.warn(`\nStore engine tests skipped for:\n${lines}\n(set TEST_POSTGRES_URL / TEST_REDIS_URL to run them)\n`);
}
