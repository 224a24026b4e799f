// The store step deadline (STORE_STEP_TIMEOUT_MS, config `store.stepTimeoutMs`) the test stacks run
// with unless a test asks for another. The production default (300 ms) is short on purpose: a store
// slower than that is left out of a person's answer. On a loaded test machine (a second `npm test`
// beside this one) a healthy SQLite or PostgreSQL read can take longer, and the bot would then leave
// out a person's preferences or fail open to its own pacing: tests would see the fallback instead of
// what they check. Tests of the fallback itself (test/e2e/slow-store.test.ts) and the benches, which
// measure the deployment as it runs, pass DEFAULT_STORE_STEP_TIMEOUT_MS explicitly.

/** The most STORE_STEP_TIMEOUT_MS accepts (src/config/config.ts). */
export const TEST_STORE_STEP_TIMEOUT_MS = 5_000;
