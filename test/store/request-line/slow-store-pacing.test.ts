// Four real processes on one store, each with its own request line through the store steps at the
// deployment's step deadline and the bot's default budget, while the store is too slow for those steps
// (PostgreSQL and Redis behind a proxy adding 3 s per round trip; SQLite with its write lock held by
// another connection; local-stack/paced-processes.ts): every process paces alone, at its share of the
// rate (it saw the others' heartbeats while the store answered), so together they stay within the
// documented rate — before, each paced itself at the whole deployment's rate and burst: about 4 × 5
// requests in a second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mostInAnyWindow, runPacedProcesses, slowStore, type SlowStore } from '../../../local-stack/paced-processes.js';
import { engineCases, prepareCase, type OpenedCase } from '../../../local-stack/store-engines.js';
import { DEFAULT_REQUESTS_BURST, DEFAULT_REQUESTS_PER_SECOND } from '../../../src/config/defaults.js';

const PROCESSES = 4;
const CALLERS = 6;
const RATE = DEFAULT_REQUESTS_PER_SECOND;

for (const engineCase of engineCases().filter((c) => c.shared)) {
  describe.skipIf(engineCase.skipped !== undefined)(`${PROCESSES} processes paced alone while the ${engineCase.kind} store is slow`, () => {
    let place: OpenedCase;
    let store: SlowStore;
    beforeAll(async () => {
      place = prepareCase(engineCase.kind);
      // The store's table or file exists before the processes open it together.
      await (await place.open()).close();
      store = await slowStore(engineCase.kind, place);
    });
    afterAll(async () => {
      await store?.fast();
      await store?.close();
      await place?.cleanup();
    });

    it('together they keep the deployment’s rate: never more than rate + 1 + burst in a second, 24 requests over about 12 s', async () => {
      const results = await runPacedProcesses(store, PROCESSES, CALLERS);
      const granted = results.flatMap((r) => r.granted);
      const peak = mostInAnyWindow(granted, 1_000);
      console.log(`${engineCase.kind}: ${granted.length} requests from ${PROCESSES} processes paced alone; peak ${peak} in a second (rate ${RATE}, burst ${DEFAULT_REQUESTS_BURST}); over ${Math.max(...granted) - Math.min(...granted)} ms`);
      expect(results.map((r) => r.share.count)).toEqual(Array.from({ length: PROCESSES }, () => PROCESSES));
      expect(new Set(results.map((r) => r.share.index)).size).toBe(PROCESSES);
      // Every process fell back: its store steps failed.
      for (const r of results) expect(r.failedOpen).toBeGreaterThan(0);
      expect(granted).toHaveLength(PROCESSES * CALLERS);
      expect(peak).toBeLessThanOrEqual(RATE + 1 + DEFAULT_REQUESTS_BURST);
      // The sustained rate: 24 requests at 2 per second together take about 12 s (the old pacing: about 1.5 s).
      expect(Math.max(...granted) - Math.min(...granted)).toBeGreaterThanOrEqual(((PROCESSES * CALLERS) / RATE - 2) * 1_000);
    }, 90_000);
  });
}
