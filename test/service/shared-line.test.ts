// A person's call through the service client and the deployment's shared line: the call's deadline and
// its person reach the line, and a line with no slot before the deadline is told at once (the bot is
// busy, and when to try again), in the reader's language, with nothing sent upstream.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/service/client.js';
import type { DeploymentShared } from '../../src/service/deployment-gate.js';
import { LineBusyError } from '../../src/service/errors.js';
import type { UpstreamAcquireOptions, UpstreamBudget } from '../../src/service/upstream-ports.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import { StoreUpstreamBudget } from '../../src/store/request-line/shared-line.js';
import { BudgetExceededError, describeError } from '../../src/interactions/user-errors.js';
import { startBudget, type Budget } from '../../src/interactions/deadline.js';
import type { CallScope } from '../../src/service/call-context.js';
import { ENGLISH, translator } from '../../src/i18n/index.js';
import { startScriptedServer, type ScriptedServer } from './http-fixture.js';

const PAGE = { data: [{ node: { id: 1, title: 'A' } }], paging: {} };

function deploymentWith(budget: UpstreamBudget): DeploymentShared {
  return {
    budget,
    coolOff: {
      state: () => Promise.resolve({ active: false, remainingMs: 0 }),
      tryProbe: () => Promise.resolve(undefined),
      throttled: () => Promise.resolve(undefined),
      succeeded: () => Promise.resolve(),
      released: () => Promise.resolve(),
    },
    cache: { get: () => Promise.resolve(undefined), set: () => Promise.resolve() },
    cacheTtlMs: () => 1_000,
    staleMs: 1_000,
  };
}

/** A deferred command's scope, as the interaction core builds it: the deadline read at each use, and its wait in the line. */
function deferredScope(interaction: Budget): CallScope {
  return {
    signal: interaction.controller.signal,
    get deadlineAt() {
      return interaction.deadlineAt;
    },
    waitInLine: (minAttemptMs) => interaction.waitInLine(minAttemptMs),
    priority: 'interactive',
    person: '1234',
  };
}

describe('the shared line seen from a service call', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer(() => ({ status: 200, json: PAGE }));
  });
  afterAll(async () => {
    await server.close();
  });
  const client = (budget: UpstreamBudget) => new ServiceClient({ apiUrl: `${server.url}/`, clientId: 'cid', userAgent: 'test/0 (+test)', deployment: deploymentWith(budget) });
  /** A deferred command's search through the line: what it failed with (if it did), and how long it took. */
  async function refusedOrNot(budget: UpstreamBudget, interaction: Budget): Promise<{ error: unknown; tookMs: number }> {
    const started = Date.now();
    const error = await client(budget)
      .scoped(deferredScope(interaction))
      .searchAnime({ q: 'naruto' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    interaction.stop();
    return { error, tookMs: Date.now() - started };
  }

  it("hands the line the call's latest start (its deadline less an attempt) and its person", async () => {
    const seen: Array<UpstreamAcquireOptions | undefined> = [];
    const budget: UpstreamBudget = {
      acquire: (_p, o) => (seen.push(o), Promise.resolve()),
      stats: () => {
        throw new Error('unused');
      },
    };
    const deadlineAt = Date.now() + 10_000;
    const controller = new AbortController();
    await client(budget).scoped({ signal: controller.signal, deadlineAt, priority: 'interactive', person: '1234' }).searchAnime({ q: 'naruto' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ startBy: deadlineAt - 500, person: '1234' });
  });

  it('a line full past the deadline is told at once: the bot is busy, try again in N seconds; nothing is sent', async () => {
    const engine = new MemoryEngine();
    // Other people hold the line for the next 30 s.
    await engine.set('upstream-budget', String(Date.now() + 30_000), 60_000);
    const budget = new StoreUpstreamBudget(engine, { requestsPerSecond: 2 });
    const before = server.requests.length;
    const controller = new AbortController();
    const deadline = setTimeout(() => controller.abort(new Error('deadline')), 5_000);
    const started = Date.now();
    const error = await client(budget)
      .scoped({ signal: controller.signal, deadlineAt: started + 5_000, priority: 'interactive', person: '1234' })
      .searchAnime({ q: 'naruto' })
      .catch((e: unknown) => e);
    clearTimeout(deadline);
    expect(error).toBeInstanceOf(LineBusyError);
    // Told before the deadline came (it would otherwise wait the whole 5 s for a slot it cannot use).
    expect(controller.signal.aborted).toBe(false);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(server.requests.length).toBe(before);
    const told = describeError(error, ENGLISH);
    expect(told.title).toBe('The bot is busy');
    expect(told.text).toMatch(/Try again in (2[89]|30) seconds\./);
    expect(describeError(error, translator('ja')).text).toMatch(/(2[89]|30)秒後/);
    expect(budget.stats().busy).toBe(1);
  });

  it("a deferred command's wait in the line: a turn past its budget within the wait is taken, and its request is not cut short by the budget", async () => {
    const engine = new MemoryEngine();
    // Other people hold the line for the next 3 s: past this call's 1 s budget, within its 5 s wait.
    await engine.set('upstream-budget', String(Date.now() + 3_000), 60_000);
    const budget = new StoreUpstreamBudget(engine, { requestsPerSecond: 2 });
    const interaction = startBudget(1_000, 5_000);
    const before = server.requests.length;
    const started = Date.now();
    const page = await client(budget)
      .scoped(deferredScope(interaction))
      .searchAnime({ q: 'naruto' });
    interaction.stop();
    expect(page.data).toHaveLength(1);
    expect(server.requests.length).toBe(before + 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(interaction.controller.signal.aborted).toBe(false);
    // Its budget now counts from after the wait: about 3 s later than it began.
    expect(interaction.deadlineAt - (started + 1_000)).toBeGreaterThanOrEqual(2_900);
  });

  it("a deferred command's request joining the line with less than an attempt's time of its budget left is refused at once, not after a wait", async () => {
    const engine = new MemoryEngine();
    const interaction = startBudget(1_000, 5_000);
    // Earlier work used 700 ms of the 1 s budget; the line is held for the next 2 s (within the wait).
    await new Promise((resolve) => setTimeout(resolve, 700));
    await engine.set('upstream-budget', String(Date.now() + 2_000), 60_000);
    const budget = new StoreUpstreamBudget(engine, { requestsPerSecond: 2 });
    const before = server.requests.length;
    const { error, tookMs } = await refusedOrNot(budget, interaction);
    // The old wait: 2 s in the line, then a request with 300 ms left.
    expect(tookMs).toBeLessThan(900);
    expect(error).toBeInstanceOf(Error);
    // The deadline answer (earlier requests used the budget): "slow", as before the wait in the line.
    expect(describeError(error, ENGLISH).title).toBe(describeError(new BudgetExceededError(1_000), ENGLISH).title);
    expect(server.requests.length).toBe(before);
  });

  it('a line full past the wait in it is told at once, as without one', async () => {
    const engine = new MemoryEngine();
    await engine.set('upstream-budget', String(Date.now() + 30_000), 60_000);
    const budget = new StoreUpstreamBudget(engine, { requestsPerSecond: 2 });
    const { error, tookMs } = await refusedOrNot(budget, startBudget(1_000, 5_000));
    expect(error).toBeInstanceOf(LineBusyError);
    expect(tookMs).toBeLessThan(900);
  });

  it('a retry the line cannot start in time ends with the failure that used the deadline up: the service is slow, not the bot busy', async () => {
    const failing = await startScriptedServer(() => ({ status: 503, body: 'unavailable' }));
    try {
      let asked = 0;
      const budget: UpstreamBudget = {
        // The first attempt gets its slot; by the retry the failed attempt has used the call's time up.
        acquire: () => (++asked === 1 ? Promise.resolve() : Promise.reject(new LineBusyError(1_000))),
        stats: () => {
          throw new Error('unused');
        },
      };
      const service = new ServiceClient({ apiUrl: `${failing.url}/`, clientId: 'cid', userAgent: 'test/0 (+test)', deployment: deploymentWith(budget), retries: 1, backoff: () => 0 });
      const error = await service
        .scoped({ signal: new AbortController().signal, deadlineAt: Date.now() + 10_000, priority: 'interactive', person: '1234' })
        .searchAnime({ q: 'naruto' })
        .catch((e: unknown) => e);
      expect(asked).toBe(2);
      expect(failing.requests).toHaveLength(1);
      expect(error).not.toBeInstanceOf(LineBusyError);
      expect(describeError(error, ENGLISH).title).not.toBe('The bot is busy');
      expect(describeError(error, ENGLISH).text).toMatch(/slow|not answering|try again/i);
    } finally {
      await failing.close();
    }
  });
});
