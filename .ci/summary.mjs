// Prints vitest's totals as one plain line, "N passed, N failed", from its JSON results, then every error
// vitest reported outside tests with its file: files that failed to load, failed set-up or tear-down hooks
// (whose tests are skipped, not failed), unhandled errors (written beside the results by
// test/reporters/outside-tests.ts). A red run always names its failure: when vitest failed with no failed
// test and no error is known, the failed files from the results are named.
// Usage: node .ci/summary.mjs [results.json] [outside-tests.json]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const resultsPath = process.argv[2] ?? '.tmp/vitest-results.json';
const outsidePath = process.argv[3] ?? join(dirname(resultsPath), 'vitest-outside-tests.json');

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The message's first lines, indented under its entry. */
function indented(message, lines = 12) {
  const all = String(message ?? '').split('\n');
  const shown = all.slice(0, lines).map((l) => `    ${l}`);
  if (all.length > lines) shown.push(`    … (${all.length - lines} more lines)`);
  return shown.join('\n');
}

const results = readJson(resultsPath);
if (!results) {
  console.log('no test results were written');
} else {
  const skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
  console.log(`${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

const outside = existsSync(outsidePath) ? (readJson(outsidePath)?.errors ?? []) : [];
if (outside.length > 0) {
  console.log(`${outside.length} ${outside.length === 1 ? 'error' : 'errors'} outside tests:`);
  for (const e of outside) {
    const where = e.where === 'file' ? 'the file (loading it, or a hook outside any describe)' : e.where === 'unhandled' ? 'an unhandled error' : `set-up or tear-down of "${e.where}"`;
    console.log(`- ${e.file ?? '(file unknown)'}: ${where}\n${indented(e.message)}`);
  }
} else if (results && results.success === false) {
  // Vitest failed, yet no error outside tests was written: name the files it marked failed, with their message.
  const failedFiles = (results.testResults ?? []).filter((f) => f.status === 'failed');
  const withoutFailedTest = failedFiles.filter((f) => !(f.assertionResults ?? []).some((a) => a.status === 'failed'));
  if (results.numFailedTests === 0 || withoutFailedTest.length > 0) {
    console.log(`vitest failed with ${results.numFailedTests} failed tests and ${results.numFailedTestSuites ?? 0} failed suites; files it marked failed:`);
    for (const f of failedFiles) console.log(`- ${relative(process.cwd(), f.name)}${f.message ? `\n${indented(f.message)}` : ''}`);
    if (failedFiles.length === 0) console.log('- none named: see the errors in vitest\'s output above');
  }
}
