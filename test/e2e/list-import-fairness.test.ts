// Two people's imports at once through the shared budget (20 requests/s here): they share what the
// line leaves alike (neither runs ahead of the other), and a person's command during them is answered
// as fast as without them (background work goes only when the line is idle, never ahead of people).

import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { GUILD, componentId, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf, serviceGet } from '../../local-stack/user-helpers.js';

const ONE = { name: 'ines', password: 'ines-password' };
const TWO = { name: 'jules', password: 'jules-password' };
const ENTRIES = 200;

const fileOf = (ids: readonly number[]): string =>
  `<myanimelist>${ids.map((id, i) => `<anime><series_animedb_id>${id}</series_animedb_id><my_status>Completed</my_status><my_score>${(i % 10) + 1}</my_score></anime>`).join('')}</myanimelist>`;

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

describe('imports share the line fairly and never hold people up', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ emulator: { users: [...DEFAULT_USERS, ONE, TWO], catalogue: { size: 1200 } }, limits: { serviceRequestsPerSecond: 20 } });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('two imports progress alike; a command during them is answered in its usual time', { timeout: 120_000 }, async () => {
    const ranking = (await serviceGet(stack, 'alice', '/anime/ranking?ranking_type=all&limit=500')).data as Array<{ node: { id: number } }>;
    const ids = ranking.map((r) => r.node.id);
    const people = [ONE, TWO].map((account) => ({ account, user: newUser(account.name) }));
    for (const p of people) await stack.login(p.user, p.account);
    let next = 2 * ENTRIES;
    const command = async (): Promise<number> => {
      const started = performance.now();
      await answerOf(stack.command({ name: 'anime', subcommand: 'info', options: { title: `id:${ids[next++ % ids.length] ?? 1}` }, where: GUILD, user: newUser('person') }), 20_000);
      return performance.now() - started;
    };
    const quiet: number[] = [];
    for (let i = 0; i < 7; i++) quiet.push(await command());

    const previews = await Promise.all(
      people.map((p, i) =>
        answerOf(
          stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'import', options: { file: stack.discord.upload('animelist.xml', Buffer.from(fileOf(ids.slice(i * ENTRIES, (i + 1) * ENTRIES)))) }, user: p.user, where: GUILD }),
          20_000,
        ),
      ),
    );
    await Promise.all(people.map((p, i) => stack.click(previews[i]!.message, componentId(previews[i]!.message, 'Import'), p.user, GUILD).settled(15_000)));
    const written = () => people.map((p) => stack.emulator.writes.of(p.account.name).put);
    const start = Date.now();
    while (written()[0]! + written()[1]! < 60 && Date.now() - start < 60_000) await new Promise((r) => setTimeout(r, 50));

    const busy: number[] = [];
    for (let i = 0; i < 7; i++) busy.push(await command());
    const [a, b] = written();
    // Both were still running, and they went alike (the line alternates between them).
    expect(a! + b!).toBeLessThan(2 * ENTRIES);
    expect(Math.min(a!, b!) / Math.max(a!, b!)).toBeGreaterThan(0.7);
    // A command during the imports waits at most for the background request already sent.
    expect(median(busy)).toBeLessThan(median(quiet) * 2 + 250);
    console.log(`[import fairness] writes ${a} and ${b}; command median ${median(quiet).toFixed(0)} ms without imports, ${median(busy).toFixed(0)} ms during them`);
  });
});
