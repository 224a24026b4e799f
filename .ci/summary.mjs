// Prints vitest's totals as one plain line, "N passed, N failed", from its JSON results.
import { readFileSync } from 'node:fs';

const path = process.argv[2] ?? '.tmp/vitest-results.json';
try {
  const results = JSON.parse(readFileSync(path, 'utf8'));
  const skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
  console.log(`${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
} catch {
  console.log('no test results were written');
}
