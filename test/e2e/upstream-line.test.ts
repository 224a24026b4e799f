// The deployment's shared line under overload, through two real bot processes on one store: a burst
// beyond what the line serves within the commands' wait in it is told at once that the bot is busy (none
// times out), the line is free for the next command once the burst is over, and one person's burst of
// commands delays another person by about one slot, not by the whole burst.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS, type Emulator } from '../../emulator/server.js';
import { slashCommand, type FakeDiscord, type Who } from '../../fake-discord/index.js';
import { GUILD, newUser } from '../../local-stack/harness.js';
import { startProcessPair, type ProcessPair } from '../../local-stack/process-pair.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { answerOf } from '../../local-stack/user-helpers.js';

const CLIENT_ID = 'line0process0client0id0000000000';
/**
 * The default two requests a second, with no burst allowance (so what fits is counted exactly), a 4 s
 * command budget and a 3 s wait in the line instead of the default 30 s: about 8 slots fit within the
 * wait of a burst taken at once, so a burst of 30 is well past it without holding the line (and this
 * file) for the default wait's 30 s. login-burst-case.ts runs the default wait.
 */
const RATE = 2;
const BUDGET_MS = 4_000;
const LINE_WAIT_MS = 3_000;
/**
 * Far more commands at once than fit before the deadline (about 10), even when a loaded machine takes them
 * over seconds; not so many that the bot misses Discord's 3 s to take one.
 */
const BURST = 30;

// PostgreSQL when set, else Redis: the line is the same code on every engine (the store tests cover each).
const ENGINE = engineCases().find((c) => (c.kind === 'postgres' || c.kind === 'redis') && c.skipped === undefined);

describe.skipIf(ENGINE === undefined)(`the shared line under a burst, two bot processes on one ${ENGINE?.kind ?? 'shared'} store`, () => {
  let pair: ProcessPair;
  let emulator: Emulator;
  let discord: FakeDiscord;

  beforeAll(async () => {
    pair = await startProcessPair({
      engine: ENGINE?.kind ?? 'postgres',
      clientId: CLIENT_ID,
      applicationId: '1100000000000000011',
      emulator: (publicUrl) => ({ users: DEFAULT_USERS, clients: [{ id: CLIENT_ID, redirectUris: [`${publicUrl}/oauth/callback`] }] }),
      env: () => Promise.resolve({ SERVICE_REQUESTS_PER_SECOND: String(RATE), SERVICE_REQUESTS_BURST: '0', COMMAND_BUDGET_MS: String(BUDGET_MS), DEFERRED_LINE_WAIT_MS: String(LINE_WAIT_MS) }),
    });
    ({ emulator, discord } = pair);
  }, 120_000);
  afterAll(async () => {
    await pair?.close();
  });

  const unique = (word: string) => `${word} ${randomBytes(4).toString('hex')}`;
  const search = async (user: Who, query: string) => {
    const started = Date.now();
    const handle = discord.interact(slashCommand({ name: 'anime', subcommand: 'search', options: { query }, user, where: GUILD }));
    // The bot has taken the command by its first response (a reply, or a deferral while it works).
    const acked = handle.firstResponse(20_000).then(
      () => Date.now(),
      () => Number.NaN,
    );
    const answer = await answerOf(handle, 20_000);
    const done = Date.now();
    return { ...answer, ms: done - started, ackedAt: await acked, done };
  };

  it('a burst past the wait in the line is told busy at once, none times out, and the next command after it is served normally', async () => {
    // Thirty commands at once. On a loaded machine the bot takes them over seconds, and each command's
    // deadline runs from when it was taken: what the line can serve in time is measured, not assumed.
    const before = emulator.throttle.traffic(CLIENT_ID);
    const sentAt = Date.now();
    const answers = await Promise.all(Array.from({ length: BURST }, () => search(newUser('crowd'), unique('naruto'))));
    const after = emulator.throttle.traffic(CLIENT_ID);
    const busy = answers.filter((a) => a.text.includes('The bot is busy'));
    const slow = answers.filter((a) => a.text.includes('The service is slow'));
    const served = answers.filter((a) => !a.ephemeral);
    expect(served.length + busy.length + slow.length).toBe(BURST);
    // Every command was taken by its first response, so every wait in the line ended by the last of them plus
    // the wait; the line has RATE slots a second (no burst allowance) from the burst's start, one more for the edge.
    const lastTaken = Math.max(...answers.map((a) => a.ackedAt));
    expect(Number.isFinite(lastTaken)).toBe(true);
    const fit = Math.floor((RATE * (lastTaken + LINE_WAIT_MS - sentAt)) / 1000) + 2;
    console.log(`[line] ${BURST} commands taken over ${lastTaken - sentAt} ms: ${fit} fit, ${served.length} served, ${busy.length} busy, ${slow.length} slow; upstream ${after.requests - before.requests} requests, peak ${after.peakPerSecond}/s`);
    // The burst clearly does not fit, even taken slowly (else this run proves nothing: more commands needed).
    expect(BURST - fit).toBeGreaterThanOrEqual(4);
    // The line's pace held: the service saw no more requests than slots fit before the last deadline, in
    // each of the two processes at worst (a store step too slow on a loaded machine fails open: each
    // process then paces itself alone).
    expect(after.requests - before.requests).toBeLessThanOrEqual(2 * fit);
    // A slot taken in time is answered in time (one on the very edge may still miss on a loaded machine), so
    // the commands that did not fit were told busy rather than left to time out.
    expect(slow.length).toBeLessThanOrEqual(1);
    expect(busy.length).toBeGreaterThan(0);
    // Told at once, with when to try again: well before the command's deadline from when the bot took it.
    for (const a of busy) {
      expect(a.text).toMatch(/Try again in \d+ seconds?/);
      expect(a.done - a.ackedAt).toBeLessThan(BUDGET_MS / 2);
    }
    // Once the burst's deadline has passed, nothing is left reserved: a new command is served at once.
    await new Promise((r) => setTimeout(r, 500));
    const later = await search(newUser('later'), unique('bleach'));
    expect(later.ephemeral).toBe(false);
    expect(later.ms).toBeLessThan(2_000);
  }, 90_000);

  it("one person's burst delays another person's command by about one slot, not by the whole burst", async () => {
    await new Promise((r) => setTimeout(r, BUDGET_MS));
    const looper = newUser('looper');
    // Six commands at once, within the person's own limit (USER_RATE_BURST 8): three seconds of the line.
    const loop = Promise.all(Array.from({ length: 6 }, () => search(looper, unique('loop'))));
    await new Promise((r) => setTimeout(r, 150));
    const neighbour = await search(newUser('neighbour'), unique('hokuto'));
    const looped = await loop;
    expect(neighbour.ephemeral).toBe(false);
    // Behind the looper's started request and their one reserved slot: about 1 s at 2 requests/s, where
    // first come first served made it wait behind all six (3 s).
    expect(neighbour.ms).toBeLessThan(2_000);
    expect(looped.filter((a) => !a.ephemeral).length).toBeGreaterThanOrEqual(4);
    expect(emulator.throttle.traffic(CLIENT_ID).throttled).toBe(0);
  }, 60_000);
});
