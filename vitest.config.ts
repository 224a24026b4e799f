import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/store/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The JSON results let .ci/run print a plain "N passed, N failed" summary.
    reporters: ['default', ['json', { outputFile: '.tmp/vitest-results.json' }]],
  },
});
