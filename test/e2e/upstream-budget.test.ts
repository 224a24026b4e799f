// The deployment as ONE client of the service: two real bot processes on one PostgreSQL or Redis store
// behind a loopback balancer, against an emulator that throttles per client ID like the real service.
// A burst through both stays within the shared budget (no throttling); a throttling 403 seen by one
// process holds both, with one probe per window for the deployment; a title opened on one process is
// answered from the shared cache on the other.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS, type Emulator } from '../../emulator/server.js';
import { slashCommand, type FakeDiscord } from '../../fake-discord/index.js';
import { GUILD, newUser, textOf } from '../../local-stack/harness.js';
import type { Balancer } from '../../local-stack/balancer.js';
import { startFaultProxy, type FaultProxy } from '../../local-stack/fault-proxy.js';
import { startProcessPair, type ProcessPair } from '../../local-stack/process-pair.js';
import { engineCases, type EngineCase } from '../../local-stack/store-engines.js';
import { DEFAULT_REQUESTS_BURST, DEFAULT_REQUESTS_PER_SECOND } from '../../src/config/defaults.js';

const CLIENT_ID = 'budget0process0client0id00000000';
/** The deployment's default budget and burst allowance, together (2 + 1 + 2 in a sliding second) below the emulator's threshold. */
const BUDGET = DEFAULT_REQUESTS_PER_SECOND;
const BURST = DEFAULT_REQUESTS_BURST;
const THRESHOLD = 6;

const ENGINES = engineCases().filter((c) => c.kind === 'postgres' || c.kind === 'redis');

for (const engine of ENGINES) {
  describe.skipIf(engine.skipped !== undefined)(`one upstream budget for two bot processes on one ${engine.kind} store`, () => budgetSuite(engine));
}

function budgetSuite(engine: EngineCase): void {
  let pair: ProcessPair;
  let emulator: Emulator;
  let proxy: FaultProxy;
  let discord: FakeDiscord;
  let balancer: Balancer;

  beforeAll(async () => {
    pair = await startProcessPair({
      engine: engine.kind,
      clientId: CLIENT_ID,
      applicationId: '1100000000000000008',
      emulator: (publicUrl) => ({ users: DEFAULT_USERS, clients: [{ id: CLIENT_ID, redirectUris: [`${publicUrl}/oauth/callback`] }], throttle: { requestsPerSecond: THRESHOLD, coolOffMs: 3_000 } }),
      env: async (emu, onClose) => {
        proxy = await startFaultProxy(emu.url);
        onClose(() => proxy.close());
        return { SERVICE_API_URL: proxy.url, SERVICE_REQUESTS_PER_SECOND: String(BUDGET), SERVICE_REQUESTS_BURST: String(BURST), SERVICE_COOL_OFF_MS: '3000', SERVICE_COOL_OFF_MAX_MS: '6000' };
      },
    });
    ({ emulator, discord, balancer } = pair);
    // Each process's start queues the games' pool reads (background work, one per kind for the
    // deployment): let them finish first, so that no start-up read meets the throttling the tests set up.
    const ranked = (kind: string) => emulator.requestLog.some((r) => r.path === `/v2/${kind}/ranking`);
    for (const started = Date.now(); !(ranked('anime') && ranked('manga')) && Date.now() - started < 60_000; ) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
  }, 120_000);
  afterAll(async () => {
    await pair?.close();
  });

  const search = (query: string) => discord.interact(slashCommand({ name: 'anime', subcommand: 'search', options: { query }, user: newUser('budget'), where: GUILD }));
  const info = (id: number) => discord.interact(slashCommand({ name: 'anime', subcommand: 'info', options: { title: `id:${id}` }, user: newUser('budget'), where: GUILD }));
  const detailsRequests = (id: number) => emulator.requestLog.filter((r) => r.path === `/v2/anime/${id}` && r.query.fields !== 'nsfw').length;

  it('a burst through both processes stays within the shared budget: nothing throttled, every answer given', async () => {
    emulator.throttle.reset();
    const queries = Array.from({ length: 16 }, (_, i) => `naruto ${i} ${randomBytes(3).toString('hex')}`);
    const answers = await Promise.all(queries.map(async (q) => textOf(await search(q).settled(20_000))));
    for (const text of answers) expect(text).not.toMatch(/busy|rate-limiting/);
    // Both processes took part.
    expect(new Set(balancer.routed.slice(-16).map((r) => r.backend)).size).toBe(2);
    const traffic = emulator.throttle.traffic(CLIENT_ID);
    expect(traffic.throttled).toBe(0);
    // The emulator's own count of the client's busiest sliding second.
    expect(traffic.peakPerSecond).toBeLessThanOrEqual(BUDGET + 1 + BURST);
  }, 60_000);

  it('a title opened on one process costs nothing when opened on the other', async () => {
    const id = 21;
    const before = detailsRequests(id);
    const first = await info(id).settled();
    const second = await info(id).settled();
    expect(textOf(first)).toContain(`ID ${id}`);
    expect(textOf(second)).toContain(`ID ${id}`);
    // The balancer sends consecutive interactions to the two processes in turn.
    const [a, b] = balancer.routed.slice(-2).map((r) => r.backend);
    expect(a).not.toBe(b);
    expect(detailsRequests(id) - before).toBe(1);
  }, 30_000);

  it('a throttling 403 seen by one process holds both: one probe per window for the deployment, then both resume', async () => {
    // The service throttles every request until told otherwise.
    proxy.add({ match: /^GET \/v2\//, fault: { kind: 'throttle' } });
    const firstAnswer = textOf(await search(`bleach ${randomBytes(3).toString('hex')}`).settled());
    expect(firstAnswer).toMatch(/rate-limiting/);
    const seen = proxy.count(/^GET \/v2\//);
    // Both processes now refuse at once for the window, sending nothing.
    const during = await Promise.all([0, 1, 2, 3].map(async () => textOf(await search(`one piece ${randomBytes(3).toString('hex')}`).settled())));
    for (const text of during) expect(text).toMatch(/rate-limiting/);
    expect(new Set(balancer.routed.slice(-4).map((r) => r.backend)).size).toBe(2);
    expect(proxy.count(/^GET \/v2\//)).toBe(seen);
    // After the window, commands on both processes together send a single probe (still throttled).
    await new Promise((r) => setTimeout(r, 3_300));
    await Promise.all([0, 1, 2, 3].map(async () => search(`hunter ${randomBytes(3).toString('hex')}`).settled()));
    expect(proxy.count(/^GET \/v2\//) - seen).toBe(1);
    // The service recovers: after the (doubled) window one probe succeeds and both processes answer again.
    proxy.reset();
    let answered = '';
    for (let tries = 0; tries < 30 && !/Hokuto/.test(answered); tries++) {
      await new Promise((r) => setTimeout(r, 500));
      answered = textOf(await search('hokuto').settled());
    }
    expect(answered).toContain('Hokuto no Ken');
    const both = await Promise.all([0, 1].map(async () => textOf(await search('hokuto no ken').settled())));
    for (const text of both) expect(text).toContain('Hokuto no Ken');
  }, 60_000);
}
