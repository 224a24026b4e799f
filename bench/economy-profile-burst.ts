// Part 9 (f) of `--only economy`: people's /profile at once at the deployment's default budget (2
// requests/s, default burst, default COMMAND_BUDGET_MS and DEFERRED_LINE_WAIT_MS), two processes behind
// the balancer, real token lifetimes (an hour). Twenty people link their accounts through /login first;
// once the line is quiet:
//   (f1) the twenty run /profile together (one each): 10 s of the line;
//   (f2) the twenty run /profile twice at once (forty commands; the balancer sends a person's two to
//        the two processes): 20 s of the line, past a command's 10 s budget, within its 30 s wait.
// Printed: how many are answered, how many told "the bot is busy", and when the answers came
// (percentiles from the command being sent).

import { performance } from 'node:perf_hooks';
import { DEFAULT_USERS } from '../emulator/server.js';
import { loginAsPerson } from '../emulator/login.js';
import { slashCommand, type Who } from '../fake-discord/index.js';
import { DM, GUILD, loginUrlOf, newUser, textOf } from '../local-stack/harness.js';
import { answerOf } from '../local-stack/user-helpers.js';
import { DEFAULT_COMMAND_BUDGET_MS, DEFAULT_DEFERRED_LINE_WAIT_MS, DEFAULT_REQUESTS_PER_SECOND } from '../src/config/defaults.js';
import { withStack, type Engine, type Stack } from './economy-stack.js';
import { fixed, summarize, table } from './stats.js';

const PEOPLE = 20;
const ACCOUNTS = Array.from({ length: PEOPLE }, (_, i) => ({ name: `profile${i}`, password: `profile-password-${i}` }));
/** The longest an answer may take: the budget, the whole wait in the line, and a margin. */
const ANSWER_WITHIN_MS = DEFAULT_COMMAND_BUDGET_MS + DEFAULT_DEFERRED_LINE_WAIT_MS + 5_000;
const QUIET_MS = 5_000;

type Kind = 'answered' | 'busy' | 'other';

interface Told {
  kind: Kind;
  ms: number;
  title: string;
}

export interface ProfileBurstRun {
  together: Told[];
  twice: Told[];
  /** The people's two commands of (f2) that went to different processes. */
  split: number;
  throttled: number;
}

/** Links a new Discord user to `account` through /login, the service's form and the callback's confirmation. */
async function linkedPerson(stack: Stack, account: { name: string; password: string }): Promise<Who> {
  const user = newUser('profile');
  const handle = stack.discord.interact(slashCommand({ name: 'login', user, where: DM }));
  const redirect = await loginAsPerson(loginUrlOf(await handle.settled()), account);
  const page = await fetch(`${stack.balancer.url}${redirect.pathname}${redirect.search}`, { signal: AbortSignal.timeout(60_000) });
  const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
  if (page.status !== 200 || token === undefined) throw new Error(`the login of ${account.name} failed (HTTP ${page.status})`);
  await fetch(`${stack.balancer.url}/oauth/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, action: 'confirm' }).toString(),
  });
  await handle.waitForOriginal((m) => textOf(m).includes('linked as'), 30_000);
  return user;
}

async function profile(stack: Stack, user: Who, sentAt: number): Promise<Told & { id: string }> {
  const handle = stack.discord.interact(slashCommand({ name: 'profile', user, where: GUILD }));
  try {
    const { message, ephemeral, text } = await answerOf(handle, ANSWER_WITHIN_MS);
    const ms = performance.now() - sentAt;
    const title = message.embeds?.[0]?.title ?? text.slice(0, 60);
    return { id: handle.id, ms, title, kind: !ephemeral ? 'answered' : text.includes('The bot is busy') ? 'busy' : 'other' };
  } catch (error) {
    return { id: handle.id, kind: 'other', ms: performance.now() - sentAt, title: error instanceof Error ? error.message.slice(0, 80) : String(error) };
  }
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function measureProfileBurst(engine: Engine): Promise<ProfileBurstRun> {
  return withStack(
    engine,
    undefined,
    async (stack) => {
      const people = await Promise.all(ACCOUNTS.map(async (account, i) => {
        await pause(i * 100);
        return linkedPerson(stack, account);
      }));
      await pause(QUIET_MS);
      stack.emulator.throttle.reset();
      let sentAt = performance.now();
      const together = await Promise.all(people.map((user) => profile(stack, user, sentAt)));
      await pause(QUIET_MS);
      sentAt = performance.now();
      const twice = await Promise.all(people.flatMap((user) => [profile(stack, user, sentAt), profile(stack, user, sentAt)]));
      let split = 0;
      for (let i = 0; i + 1 < twice.length; i += 2) {
        const [a, b] = [stack.balancer.backendOf(twice[i]?.id ?? ''), stack.balancer.backendOf(twice[i + 1]?.id ?? '')];
        if (a !== undefined && b !== undefined && a !== b) split++;
      }
      return { together, twice, split, throttled: stack.emulator.throttle.traffic().throttled };
    },
    { SERVICE_REQUESTS_PER_SECOND: String(DEFAULT_REQUESTS_PER_SECOND) },
    [...DEFAULT_USERS, ...ACCOUNTS],
  );
}

function row(name: string, told: Told[]): string[] {
  const of = (kind: Kind): Told[] => told.filter((t) => t.kind === kind);
  const [answered, busy, other] = [of('answered'), of('busy'), of('other')];
  const s = summarize(answered.map((t) => t.ms));
  const p90 = [...answered.map((t) => t.ms)].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.9 * answered.length) - 1)] ?? Number.NaN;
  const times = answered.length > 0 ? `p50 ${fixed(s.p50 / 1000)} s / p90 ${fixed(p90 / 1000)} s / max ${fixed(s.max / 1000)} s` : '-';
  const others = other.length > 0 ? ` (e.g. ${other[0]?.title ?? ''})` : '';
  return [name, `${answered.length} / ${told.length}`, String(busy.length), `${other.length}${others}`, times];
}

export function printProfileBurst(r: ProfileBurstRun): void {
  const rate = DEFAULT_REQUESTS_PER_SECOND;
  console.log(
    `\n(f) /profile at once at the default budget (${rate} requests/s, budget ${DEFAULT_COMMAND_BUDGET_MS / 1000} s, wait in the line ${DEFAULT_DEFERRED_LINE_WAIT_MS / 1000} s), ${PEOPLE} linked people, two processes:`,
  );
  console.log(
    table(
      ['case', 'answered', 'told busy', 'other', 'answer times (from sending)'],
      [row(`(f1) ${PEOPLE} people, one /profile each`, r.together), row(`(f2) ${PEOPLE} people, two /profile each (${r.split} split over both processes)`, r.twice)],
    ),
  );
  const all = [...r.together, ...r.twice];
  const ok = all.every((t) => t.kind === 'answered') && r.throttled === 0;
  console.log(`target: every one answered (the line serves ${2 * PEOPLE} requests in ${(2 * PEOPLE) / rate} s, within the wait), 0 throttled (${r.throttled}): ${ok ? 'met' : 'MISSED'}`);
}
