// .ci/summary.mjs names every failure of a red run: besides the totals, the errors vitest reports outside
// tests (a failed beforeAll, whose tests are skipped and not failed; a file that fails to load; an
// unhandled error), each with its file. Runs vitest on three such files with the CI's reporters, then the
// summary on what they wrote.

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const REPO = process.cwd();

const FILES: Record<string, string> = {
  'vitest.config.mjs': "export default { test: { include: ['*.test.ts'], pool: 'threads', maxWorkers: 1 } };\n",
  'hook.test.ts': `import { beforeAll, describe, it } from 'vitest';
describe('a block whose set-up fails', () => {
  beforeAll(() => { throw new Error('the set-up broke'); });
  it('is skipped', () => undefined);
});
it('passes', () => undefined);
`,
  'load.test.ts': `throw new Error('cannot load this file');\n`,
  'unhandled.test.ts': `import { it } from 'vitest';
it('passes but leaves an error behind', async () => {
  setTimeout(() => { throw new Error('a late error'); }, 0);
  await new Promise((r) => setTimeout(r, 100));
});
`,
};

describe('.ci/summary.mjs', () => {
  let dir: string;
  let summary = '';
  beforeAll(async () => {
    await mkdir(join(REPO, '.tmp'), { recursive: true });
    dir = await mkdtemp(join(REPO, '.tmp', 'ci-summary-'));
    for (const [name, text] of Object.entries(FILES)) await writeFile(join(dir, name), text);
    const vitest = join(REPO, 'node_modules', 'vitest', 'vitest.mjs');
    const reporter = join(REPO, 'test', 'reporters', 'outside-tests.ts');
    await run(process.execPath, [vitest, 'run', '--root', dir, '--reporter=json', '--outputFile.json=.tmp/vitest-results.json', `--reporter=${reporter}`], { cwd: dir }).catch(() => undefined);
    summary = (await run(process.execPath, [join(REPO, '.ci', 'summary.mjs'), join(dir, '.tmp', 'vitest-results.json')], { cwd: dir })).stdout;
  }, 60_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('prints the totals, then each error outside tests with its file', () => {
    expect(summary).toMatch(/^2 passed, 0 failed, 1 skipped\n/);
    expect(summary).toContain('3 errors outside tests:');
    expect(summary).toMatch(/- hook\.test\.ts: set-up or tear-down of "a block whose set-up fails"\n\s+Error: the set-up broke/);
    expect(summary).toMatch(/- load\.test\.ts: the file \(loading it, or a hook outside any describe\)\n\s+Error: cannot load this file/);
    expect(summary).toMatch(/- unhandled\.test\.ts: an unhandled error\n\s+Error: a late error/);
  });

  it('without the reporter\'s file, a failed run with no failed test names the files vitest marked failed', async () => {
    const results = join(dir, 'only-results.json');
    const file = (name: string, status: string, message = '') => ({ name: join(dir, name), status, message, assertionResults: [{ status: status === 'failed' ? 'skipped' : 'passed' }] });
    await writeFile(results, JSON.stringify({ success: false, numPassedTests: 1, numFailedTests: 0, numPendingTests: 1, numFailedTestSuites: 1, testResults: [file('a.test.ts', 'passed'), file('b.test.ts', 'failed', 'boom')] }));
    const { stdout } = await run(process.execPath, [join(REPO, '.ci', 'summary.mjs'), results, join(dir, 'missing.json')], { cwd: dir });
    expect(stdout).toBe('1 passed, 0 failed, 1 skipped\nvitest failed with 0 failed tests and 1 failed suites; files it marked failed:\n- b.test.ts\n    boom\n');
  });
});
