// A store that answers, but slowly (3 s added to every round trip by a loopback proxy), while the
// service is healthy: an uncached /anime info through the real bot (fake Discord, emulator, the
// deployment's shared cool-off, request line and cache on PostgreSQL or Redis) answers in normal
// time, because each store step on the way falls back after its own short deadline, as when the
// store is down; the metrics count those fallbacks by step. Over the HTTP transport too: there the
// replay check (src/transport/replay.ts) is a store step before every answer, and past its deadline
// the process's own memory of interaction ids decides (a replay to the same process is still refused).
// The shared cover cache too: a season chart's 30 covers are fetched, not waited for in the store.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DM, GUILD, newUser, startStack, textOf, TRANSPORTS, type Stack } from '../../local-stack/harness.js';
import { startLatencyProxy, targetOf, type LatencyProxy } from '../../local-stack/latency-proxy.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { attachmentsOf } from './picture-helpers.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import { DEFAULT_REQUESTS_PER_SECOND, DEFAULT_STORE_STEP_TIMEOUT_MS } from '../../src/config/defaults.js';

const ENGINES = engineCases().filter((c) => c.kind === 'postgres' || c.kind === 'redis');
const STORE_LATENCY_MS = 3_000;

for (const engine of ENGINES) for (const transport of TRANSPORTS) {
  describe.skipIf(engine.skipped !== undefined)(`a ${engine.kind} store answering 3 s late per round trip (${transport} transport)`, () => {
    let place: OpenedCase;
    let proxy: LatencyProxy;
    let stack: Stack;

    beforeAll(async () => {
      place = prepareCase(engine.kind);
      proxy = await startLatencyProxy({ target: targetOf(place.url) });
      stack = await startStack({
        storeUrl: proxy.proxiedUrl(place.url),
        metrics: true,
        transport,
        // The deployment's default budget: the line is in the store too.
        limits: { serviceRequestsPerSecond: DEFAULT_REQUESTS_PER_SECOND },
        // The deployment's store step deadline: the fallback after it is what this tests.
        storeStepTimeoutMs: DEFAULT_STORE_STEP_TIMEOUT_MS,
      });
      // The store's connections are open before it turns slow (as a store that slows down under load).
      const warm = await stack.command({ name: 'anime', subcommand: 'info', options: { title: 'id:1' }, user: newUser('slow'), where: DM }).settled();
      expect(textOf(warm)).toContain('ID 1');
    }, 120_000);
    afterAll(async () => {
      proxy?.setLatency(0);
      await stack?.stop();
      await proxy?.close();
      await place?.cleanup();
    });

    it('an uncached /anime info answers in normal time with the details, and the fallbacks are counted by step', async () => {
      proxy.setLatency(STORE_LATENCY_MS);
      const started = Date.now();
      const answer = await stack.command({ name: 'anime', subcommand: 'info', options: { title: 'id:21' }, user: newUser('slow'), where: DM }).settled(15_000);
      const tookMs = Date.now() - started;
      expect(textOf(answer)).toContain('ID 21');
      expect(textOf(answer)).not.toMatch(/slow|try again/i);
      // Normal time is well under a second; one store deadline (300 ms) and a loaded machine's margin on top.
      expect(tookMs).toBeLessThan(STORE_LATENCY_MS);
      // The service was asked (uncached): the answer is the service's, not a stale one.
      expect(stack.emulator.requestLog.some((r) => r.path === '/v2/anime/21')).toBe(true);
      // The scrape reads the reminder queue's counts from the store (several round trips on pg-boss, 3 s
      // each while slow): the store is fast again first. The fallbacks of the answer above are counted already.
      proxy.setLatency(0);
      const counted = (await stack.bot.metrics?.render())?.body;
      expect(counted).toMatch(/amls_bot_store_steps_failed_open_total\{step="(cool_off|response_cache|budget)"[^}]*\} [1-9]/);
      // Over HTTP the replay check fell back too (counted), and the interaction was still answered.
      if (transport === 'http') expect(counted).toMatch(/amls_bot_store_steps_failed_open_total\{step="replay"[^}]*\} [1-9]/);
    }, 30_000);

    it('a season chart draws its 30 covers in normal time: the shared cover cache is a store step too, left out rather than waited for', async () => {
      // Longer than the other cases: the old cover cache waited a round trip to read and one to keep each cover.
      proxy.setLatency(2 * STORE_LATENCY_MS);
      const fetched = stack.emulator.pictures?.served.ok ?? 0;
      const started = Date.now();
      const answer = await answerOf(stack.command({ name: 'anime', subcommand: 'season-chart', options: { year: 2026, season: 'fall' }, user: newUser('slow'), where: GUILD }), 30_000);
      const tookMs = Date.now() - started;
      expect(attachmentsOf(answer.message)[0]?.description).toMatch(/^Chart of 30 covers/);
      // The covers were fetched (the shared cache read as a miss), not left as placeholders.
      expect((stack.emulator.pictures?.served.ok ?? 0) - fetched).toBe(30);
      expect(tookMs).toBeLessThan(2 * STORE_LATENCY_MS);
      // Fast again before the scrape, which reads the store (as in the first case).
      proxy.setLatency(0);
      const counted = (await stack.bot.metrics?.render())?.body;
      expect(counted).toMatch(/amls_bot_store_steps_failed_open_total\{step="cover_cache"[^}]*\} [1-9]/);
    }, 45_000);

    it('in a server too: the "In this server" part (two store reads) is left out rather than waited for', async () => {
      proxy.setLatency(STORE_LATENCY_MS);
      const started = Date.now();
      const answer = await stack.command({ name: 'anime', subcommand: 'info', options: { title: 'id:1' }, user: newUser('slow'), where: GUILD }).settled(15_000);
      const tookMs = Date.now() - started;
      expect(textOf(answer)).toContain('ID 1');
      expect(textOf(answer)).not.toMatch(/slow|try again/i);
      expect(tookMs).toBeLessThan(STORE_LATENCY_MS);
    }, 30_000);
  });
}
