import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import OutsideTestsReporter from './test/reporters/outside-tests.js';

/**
 * The crash tests (real processes killed and started again, waiting out job leases) and the end-to-end
 * tests take the longest while mostly waiting: they start first, so the other files fill the workers
 * meanwhile instead of one of them running alone at the end.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (f: TestSpecification): number => (/[\\/]test[\\/]crash[\\/]/.test(f.moduleId) ? 0 : /[\\/]test[\\/]e2e[\\/]/.test(f.moduleId) ? 1 : 2);
    return (await super.sort(files)).map((f, i) => ({ f, i })).sort((a, b) => weight(a.f) - weight(b.f) || a.i - b.i).map(({ f }) => f);
  }
}

/** Files that start real bots, fakes and processes: each in a fresh worker (isolated), as before. */
const WHOLE_STACK = ['test/e2e/**/*.test.ts', 'test/crash/**/*.test.ts'];

export default defineConfig({
  test: {
    // Every other file runs in a worker that keeps its loaded modules from one file to the next (not
    // isolated): loading the bot's modules again for each of about 200 small files took most of their time
    // (test/views + test/render, 33 files: 125 s → 38 s). Those files leave no state behind them: fake
    // timers and spies are restored, stores and engines closed, no module mocks. The whole-stack files stay isolated.
    // Its set-up file loads discord.js first, so discord.js's undici installs the global dispatcher whatever file ran before.
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: WHOLE_STACK, isolate: false, setupFiles: ['test/setup/discord-undici-first.ts'] } },
      { extends: true, test: { name: 'whole-stack', include: WHOLE_STACK } },
    ],
    globalSetup: ['test/store/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most of the time of the slow files is spent waiting (leases, back-offs, real processes): one
    // worker more than the cores, three on a two-core machine (vitest's default there is one; CI's whole
    // run with two: 818 s, with three: 595 s, the same tests passing).
    maxWorkers: Math.max(3, availableParallelism() + 1),
    sequence: { sequencer: LongestFirst },
    // The JSON results let .ci/run print a plain "N passed, N failed" summary, and the errors outside
    // tests (files that failed to load, failed hooks, unhandled errors) with their files.
    reporters: ['default', ['json', { outputFile: '.tmp/vitest-results.json' }], new OutsideTestsReporter('.tmp/vitest-outside-tests.json')],
  },
});
