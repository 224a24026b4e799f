// Parts (c) and (d) of the upstream-economy bench (economy.ts): titles nobody has opened yet, opened
// once each on one bot process, counting the upstream requests per open and reading that process's
// response-cache metrics (what the shared cache of public answers saves on the second process).

import { performance } from 'node:perf_hooks';
import { newUser } from '../local-stack/harness.js';
import { slashCommand } from '../fake-discord/index.js';
import { CLIENT_ID, type Stack } from './economy-stack.js';
import { ANSWER_TIMEOUT_MS, type Picks } from './economy-workload.js';

/** Pause between two opens in (c)/(d): at most 2 opens (≤ 6 requests today) in any second, under the threshold. */
const DETAIL_SPACING_MS = 600;

// ---------------------------------------------------------------- (c)/(d) uncached details and the shared cache

export interface DetailsRun {
  perTitle: number[];
  /** Opens whose answer offered "Check N more related works", and the N summed. */
  withCheckMore: number;
  unchecked: number;
  problems: string[];
  throttled: number;
  peakPerSecond: number;
  seconds: number;
  cache?: CacheCounts;
}

interface CacheCounts {
  /** Answered from this process's cache or the deployment's shared cache. */
  hit: number;
  miss: number;
  stale: number;
}

async function cacheCounts(port: number): Promise<CacheCounts | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const read = (result: string): number => Number(new RegExp(`^amls_bot_response_cache_total\\{result="${result}"\\} ([0-9.e+]+)$`, 'm').exec(text)?.[1] ?? 0);
    return { hit: read('hit') + read('shared_hit'), miss: read('miss'), stale: read('stale') };
  } catch {
    return undefined;
  }
}

/** Opens each title once on one process (its own endpoint, not the balancer), counting upstream requests per open. */
export async function openTitles(stack: Stack, process: number, titles: Picks['details']): Promise<DetailsRun> {
  await stack.discord.setInteractionsEndpoint(`http://127.0.0.1:${stack.ports[process] ?? 0}/interactions`);
  stack.emulator.throttle.reset();
  const cacheBefore = await cacheCounts(stack.metricsPorts[process] ?? 0);
  const run: DetailsRun = { perTitle: [], withCheckMore: 0, unchecked: 0, problems: [], throttled: 0, peakPerSecond: 0, seconds: 0 };
  const t0 = performance.now();
  for (const title of titles) {
    const started = performance.now();
    const before = stack.emulator.throttle.traffic(CLIENT_ID).requests;
    const handle = stack.discord.interact(slashCommand({ name: 'anime', subcommand: 'info', options: { title: `id:${title.id}` }, where: { kind: 'guild' }, user: newUser('opener') }));
    try {
      const message = await handle.settled(ANSWER_TIMEOUT_MS);
      if (handle.ephemeral()) run.problems.push(`#${title.id}: error reply`);
      const check = /Check (\d+) more related work/.exec(JSON.stringify(message.components ?? []));
      if (check) {
        run.withCheckMore++;
        run.unchecked += Number(check[1]);
      }
    } catch (error) {
      run.problems.push(`#${title.id}: ${error instanceof Error ? error.message.slice(0, 100) : String(error)}`);
    }
    // Look-ups still running after the answer count too: wait out the spacing before reading the counter.
    const rest = started + DETAIL_SPACING_MS - performance.now();
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    run.perTitle.push(stack.emulator.throttle.traffic(CLIENT_ID).requests - before);
  }
  run.seconds = (performance.now() - t0) / 1000;
  const traffic = stack.emulator.throttle.traffic(CLIENT_ID);
  run.throttled = traffic.throttled;
  run.peakPerSecond = traffic.peakPerSecond;
  const cacheAfter = await cacheCounts(stack.metricsPorts[process] ?? 0);
  if (cacheBefore && cacheAfter) run.cache = { hit: cacheAfter.hit - cacheBefore.hit, miss: cacheAfter.miss - cacheBefore.miss, stale: cacheAfter.stale - cacheBefore.stale };
  await stack.discord.setInteractionsEndpoint(`${stack.balancer.url}/interactions`);
  return run;
}
