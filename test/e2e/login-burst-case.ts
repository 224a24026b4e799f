// The day a server announces the bot: twenty people finish /login at once through two processes,
// with the deployment's default upstream budget (2 requests/s) and a healthy service, while others
// already try the bot (their title suggestions keep the shared line busy). The code is exchanged at
// once (it is short-lived) and the profile read waits its turn in the line as a person's request, not
// as background work that only goes when the line is idle: every callback page answers within its
// 30 s with the confirmation, and every one of the twenty is linked. The service's access tokens live
// 5 s here (the emulator's `--access-token-ttl 5`): a new token expires while its profile read waits,
// and the read refreshes it with the refresh token just received instead of failing the login.
// Then the twenty, linked, each run /profile twice at once (forty commands, about one on each process):
// twenty seconds of the line at 2 requests/s, past a command's 10 s budget but within the wait a
// deferred command has in the line (DEFERRED_LINE_WAIT_MS, 30 s), so every one is answered and none is
// told the bot is busy. One small file per engine (login-burst-<engine>.test.ts) runs this case, so the
// engines run side by side.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { loginAsPerson } from '../../emulator/login.js';
import { autocomplete, slashCommand } from '../../fake-discord/index.js';
import { DM, GUILD, loginUrlOf, newUser, textOf } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { startProcessPair, type ProcessPair } from '../../local-stack/process-pair.js';
import { engineCases } from '../../local-stack/store-engines.js';
import type { EngineKind } from '../../src/store/engine.js';
import { DEFAULT_DEFERRED_LINE_WAIT_MS, DEFAULT_REQUESTS_PER_SECOND } from '../../src/config/defaults.js';

const CLIENT_ID = 'burst0login0client0id00000000000';
const PEOPLE = 20;
/** Shorter than the line's wait for twenty profile reads at 2 requests/s (about 10 s). */
const ACCESS_TTL_S = 5;
const ACCOUNTS = Array.from({ length: PEOPLE }, (_, i) => ({ name: `burst${i}`, password: `burst-password-${i}` }));
/** The case on one shared engine (skipped, with its reason, when that engine is not set up). */
export function describeLoginBurst(kind: Exclude<EngineKind, 'memory'>): void {
  const engine = engineCases().find((c) => c.kind === kind);
  describe.skipIf(engine?.skipped !== undefined)(`a burst of logins through two processes on one ${kind} store, default budget`, () => loginBurstSuite(kind));
}

function loginBurstSuite(kind: Exclude<EngineKind, 'memory'>): void {
  let pair: ProcessPair;
  /** The twenty people once linked (by the first case). */
  let linked: ReturnType<typeof newUser>[] = [];

  beforeAll(async () => {
    pair = await startProcessPair({
      engine: kind,
      clientId: CLIENT_ID,
      applicationId: '1100000000000000019',
      emulator: (publicUrl) => ({
        users: [...DEFAULT_USERS, ...ACCOUNTS],
        clients: [{ id: CLIENT_ID, redirectUris: [`${publicUrl}/oauth/callback`] }],
        accessTokenTtlSeconds: ACCESS_TTL_S,
      }),
      // The deployment's default budget (the harness raises it out of the way otherwise).
      env: () => Promise.resolve({ SERVICE_REQUESTS_PER_SECOND: String(DEFAULT_REQUESTS_PER_SECOND) }),
    });
  }, 120_000);
  afterAll(async () => {
    await pair?.close();
  });

  it('twenty callbacks at once: every page asks for confirmation (none says the service is not answering) and all twenty link', async () => {
    const { discord, balancer, emulator } = pair;
    const users = ACCOUNTS.map(() => newUser('burst'));
    // Everyone runs /login (a tenth of a second apart) and authorizes first; then the twenty browsers come
    // back to the callback at the same moment.
    const started = await Promise.all(
      users.map(async (user, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 100));
        const handle = discord.interact(slashCommand({ name: 'login', user, where: DM }));
        const redirect = await loginAsPerson(loginUrlOf(await handle.settled()), ACCOUNTS[i] ?? { name: '', password: '' });
        return { handle, redirect };
      }),
    );
    // People typing titles: an uncached suggestion every 400 ms keeps the line busy until the pages are answered (40 s at most).
    let answered = false;
    const typing = (async () => {
      const until = Date.now() + 40_000;
      for (let i = 0; !answered && Date.now() < until; i++) {
        void discord.interact(autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value: `typed ${i} ${Date.now().toString(36)}`, user: newUser('typing'), where: GUILD })).settled(5_000).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const exchanges = emulator.stats.tokenRequests.authorization_code;
    const callbacksAt = Date.now();
    const pages = await Promise.all(
      started.map(async ({ redirect }) => {
        const res = await fetch(`${balancer.url}${redirect.pathname}${redirect.search}`, { signal: AbortSignal.timeout(60_000) });
        return { status: res.status, body: await res.text(), tookMs: Date.now() - callbacksAt };
      }),
    );
    answered = true;
    await typing;
    expect(pages.map((p) => p.status)).toEqual(pages.map(() => 200));
    // The page waits up to 30 s for the profile read; a second of margin for a loaded machine.
    expect(Math.max(...pages.map((p) => p.tookMs))).toBeLessThan(31_000);
    for (const page of pages) expect(page.body).not.toMatch(/not answering/);
    expect(emulator.stats.tokenRequests.authorization_code - exchanges).toBe(PEOPLE);
    await Promise.all(
      pages.map(async (page, i) => {
        const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
        const confirmed = await fetch(`${balancer.url}/oauth/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token, action: 'confirm' }).toString(),
        });
        expect(confirmed.status).toBe(200);
        await started[i]?.handle.waitForOriginal((m) => textOf(m).includes('linked as'));
      }),
    );
    // Both processes took callbacks.
    expect(new Set(balancer.routed.map((r) => r.backend)).size).toBe(2);
    linked = users;
  }, 150_000);

  it('the twenty run /profile twice at once (forty commands, 20 s of the line): every one is answered, none told busy', async () => {
    const { discord, balancer, emulator } = pair;
    expect(linked).toHaveLength(PEOPLE);
    // The service's usual token lifetime from here on (an hour): each person's first /profile refreshes
    // their 5 s token once, before its wait in the line, and the new token outlives the wait.
    emulator.tokenTtls.accessSeconds = 3600;
    const sentAt = Date.now();
    const handles = linked.flatMap((user) => [0, 1].map(() => discord.interact(slashCommand({ name: 'profile', user, where: GUILD }))));
    const answers = await Promise.all(
      handles.map(async (handle) => {
        const answer = await answerOf(handle, DEFAULT_DEFERRED_LINE_WAIT_MS + 20_000);
        return { ...answer, ms: Date.now() - sentAt };
      }),
    );
    const busy = answers.filter((a) => a.text.includes('The bot is busy'));
    const answered = answers.filter((a) => !a.ephemeral);
    const ms = answered.map((a) => a.ms).sort((a, b) => a - b);
    console.log(`[profile burst] ${answered.length} of ${answers.length} answered (median ${ms[Math.floor(ms.length / 2)] ?? '-'} ms, last ${ms.at(-1) ?? '-'} ms), ${busy.length} busy`);
    expect(busy.map((a) => a.text)).toEqual([]);
    expect(answered).toHaveLength(2 * PEOPLE);
    // Both processes took the commands.
    expect(new Set(handles.map((h) => balancer.backendOf(h.id)))).toEqual(new Set([0, 1]));
  }, 90_000);
}
