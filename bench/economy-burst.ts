// Part 9 (e) of `--only economy`: a burst beyond the shared line. The deployment at 2 requests/s
// (SERVICE_REQUESTS_PER_SECOND=2 with the default burst allowance), two processes behind the balancer:
// 40 uncached /anime info commands at once from 40 people. Each should either be answered within its
// deadline (the default COMMAND_BUDGET_MS, 10 s, plus the time it waited in the line, at most the
// default DEFERRED_LINE_WAIT_MS, 30 s) or be told at once that the bot is busy and when to try again;
// none should time out. Once every one has been answered, and 5 s more, one more uncached
// command is timed against the same command on the idle stack before the burst ("normal time").

import { performance } from 'node:perf_hooks';
import { slashCommand } from '../fake-discord/index.js';
import { newUser } from '../local-stack/harness.js';
import { answerOf, type Answer } from '../local-stack/user-helpers.js';
import { CLIENT_ID, withStack, type Engine, type Stack } from './economy-stack.js';
import { fixed, summarize, table } from './stats.js';
import { DEFAULT_COMMAND_BUDGET_MS, DEFAULT_DEFERRED_LINE_WAIT_MS } from '../src/config/defaults.js';

export const BURST_RATE = 2;
const BURST_COMMANDS = 40;
/** The default command budget and wait in the line: the answer is due by then. */
const DEADLINE_MS = DEFAULT_COMMAND_BUDGET_MS + DEFAULT_DEFERRED_LINE_WAIT_MS;
/** "At once": a busy answer within this long. */
const AT_ONCE_MS = 1_000;
const AFTER_MS = 5_000;
const NORMAL_SAMPLES = 3;

type Kind = 'answered' | 'busy' | 'slow' | 'other';

interface Told {
  kind: Kind;
  ms: number;
  title: string;
}

export interface BurstRun {
  /** The uncached command alone on the idle stack, ms (median of a few). */
  normalMs: number;
  burst: Told[];
  after: Told;
  throttled: number;
  peakPerSecond: number;
}

async function info(stack: Stack, id: number): Promise<Told> {
  const t0 = performance.now();
  const handle = stack.discord.interact(slashCommand({ name: 'anime', subcommand: 'info', options: { title: `id:${id}` }, where: { kind: 'guild' }, user: newUser('burst') }));
  // An error after a deferred answer replaces it with a private follow-up: answerOf reads either.
  let answer: Answer;
  try {
    answer = await answerOf(handle, DEADLINE_MS + 5_000);
  } catch (error) {
    return { kind: 'other', ms: performance.now() - t0, title: error instanceof Error ? error.message.slice(0, 80) : String(error) };
  }
  const ms = performance.now() - t0;
  const { message, ephemeral } = answer;
  const title = message.embeds?.[0]?.title ?? message.content?.slice(0, 60) ?? '';
  if (!ephemeral) return { kind: 'answered', ms, title };
  if (title.includes('The bot is busy')) return { kind: 'busy', ms, title };
  if (title.includes('The service is slow')) return { kind: 'slow', ms, title };
  return { kind: 'other', ms, title };
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** `titles`: uncached titles, NORMAL_SAMPLES + BURST_COMMANDS + 1 of them. */
export function measureBurst(engine: Engine, titles: readonly number[]): Promise<BurstRun> {
  const ids = [...titles];
  const next = (): number => {
    const id = ids.shift();
    if (id === undefined) throw new Error('not enough titles for the burst');
    return id;
  };
  return withStack(
    engine,
    undefined,
    async (stack) => {
      const normal: number[] = [];
      for (let i = 0; i < NORMAL_SAMPLES; i++) {
        normal.push((await info(stack, next())).ms);
        await pause(1_000);
      }
      stack.emulator.throttle.reset();
      const burstIds = Array.from({ length: BURST_COMMANDS }, next);
      const burst = await Promise.all(burstIds.map((id) => info(stack, id)));
      await pause(AFTER_MS);
      const after = await info(stack, next());
      const { throttled, peakPerSecond } = stack.emulator.throttle.traffic(CLIENT_ID);
      return { normalMs: summarize(normal).p50, burst, after, throttled, peakPerSecond };
    },
    { SERVICE_REQUESTS_PER_SECOND: String(BURST_RATE) },
  );
}

export function printBurst(r: BurstRun): void {
  const of = (kind: Kind): Told[] => r.burst.filter((t) => t.kind === kind);
  const [answered, busy, slow, other] = [of('answered'), of('busy'), of('slow'), of('other')];
  const inTime = answered.filter((t) => t.ms <= DEADLINE_MS + 1_000);
  const busyMs = summarize(busy.map((t) => t.ms));
  const p90 = [...answered.map((t) => t.ms)].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.9 * answered.length) - 1)] ?? Number.NaN;
  const answeredMs = summarize(answered.map((t) => t.ms));
  const spread = (s: ReturnType<typeof summarize>, n: number, p?: number): string =>
    n > 0 ? `p50 ${fixed(s.p50, 0)}${p !== undefined ? ` / p90 ${fixed(p, 0)}` : ''} / max ${fixed(s.max, 0)} ms` : '-';
  const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED');
  const afterOk = r.after.kind === 'answered' && r.after.ms <= Math.max(2 * r.normalMs, r.normalMs + 500);
  console.log(`\n(e) burst: ${BURST_COMMANDS} uncached /anime info at once at ${BURST_RATE} requests/s (budget ${DEFAULT_COMMAND_BUDGET_MS / 1000} s + wait in the line ${DEFAULT_DEFERRED_LINE_WAIT_MS / 1000} s), two processes:`);
  console.log(
    table(
      ['figure', 'value', 'target', ''],
      [
        ['answered within budget + wait', `${inTime.length} / ${BURST_COMMANDS} (${spread(answeredMs, answered.length, p90)})`, 'as many as the line serves within the wait', ''],
        ['told "the bot is busy" (when to try again)', `${busy.length} / ${BURST_COMMANDS} (${spread(busyMs, busy.length)} to that answer)`, `the rest, each within ${AT_ONCE_MS} ms`, verdict(busy.every((t) => t.ms <= AT_ONCE_MS))],
        ['timed out ("The service is slow") or other', `${slow.length + other.length}${other.length > 0 ? ` (e.g. ${other[0]?.title ?? ''})` : ''}`, '0', verdict(slow.length + other.length === 0)],
        [`a command ${AFTER_MS / 1000} s after the burst`, `${fixed(r.after.ms, 0)} ms (${r.after.kind}); alone before the burst ${fixed(r.normalMs, 0)} ms`, 'normal time (≤ 2× alone, or + 0.5 s)', verdict(afterOk)],
        ['throttling 403s / peak requests in 1 s', `${r.throttled} / ${r.peakPerSecond}`, '0 / for information', verdict(r.throttled === 0)],
      ],
    ),
  );
}
