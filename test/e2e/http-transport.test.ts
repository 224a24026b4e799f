// The HTTP interactions endpoint itself: only correctly signed requests do any work, PING is
// answered, a captured request played again (same id, or a stale timestamp) does nothing, and a
// process that is shutting down turns new interactions away with 503.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slashCommand, type InteractionHandle } from '../../fake-discord/index.js';
import { GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { startBalancer } from '../../local-stack/balancer.js';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { componentId } from '../../local-stack/harness.js';
import { answerOf, listWrites, myListStatus } from '../../local-stack/user-helpers.js';

describe('POST /interactions', () => {
  let stack: Stack;
  let endpoint: string;
  beforeAll(async () => {
    stack = await startStack({ transport: 'http', emulator: { users: DEFAULT_USERS } });
    endpoint = `${stack.config.web.publicUrl}/interactions`;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const command = (): string => {
    const payload = slashCommand({ name: 'anime', subcommand: 'info', options: { title: 'id:967' }, where: GUILD, user: newUser() });
    return JSON.stringify({ ...payload, application_id: stack.discord.applicationId });
  };
  const work = (): number => stack.emulator.stats.requests + stack.discord.calls.length;

  it('answers a signed PING with {"type":1}', async () => {
    const body = JSON.stringify({ id: '1100000000000000900', application_id: stack.discord.applicationId, type: 1, token: 'x', version: 1 });
    const res = await fetch(endpoint, { method: 'POST', headers: stack.discord.signedHeaders(body), body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ type: 1 });
  });

  it('answers a signed command in the response body', async () => {
    const body = command();
    const res = await fetch(endpoint, { method: 'POST', headers: stack.discord.signedHeaders(body), body });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { type: number; data?: { embeds?: Array<{ title?: string }> } };
    expect([4, 5]).toContain(answer.type);
  });

  it('401 and no work for a tampered body, a wrong key, a missing header', async () => {
    const body = command();
    const headers = stack.discord.signedHeaders(body);
    const before = work();
    const attempts: Array<{ headers: Record<string, string>; body: string }> = [
      { headers, body: body.replace('id:967', 'id:968') },
      { headers: { ...headers, 'x-signature-timestamp': String(Number(headers['x-signature-timestamp']) + 1) }, body },
      { headers: { ...headers, 'x-signature-ed25519': 'ab'.repeat(64) }, body },
      { headers: { 'content-type': 'application/json', 'x-signature-timestamp': headers['x-signature-timestamp'] ?? '' }, body },
      { headers: { 'content-type': 'application/json', 'x-signature-ed25519': headers['x-signature-ed25519'] ?? '' }, body },
    ];
    for (const attempt of attempts) {
      const res = await fetch(endpoint, { method: 'POST', ...attempt });
      expect(res.status).toBe(401);
      await res.arrayBuffer();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(work()).toBe(before);
  });

  it('400 for a signed body that is not an interaction', async () => {
    const body = '{"hello":';
    const res = await fetch(endpoint, { method: 'POST', headers: stack.discord.signedHeaders(body), body });
    expect(res.status).toBe(400);
  });

  it('an edit that overtakes its deferred answer (held up in a balancer) is retried, not lost', async () => {
    // The balancer holds the deferral until Discord has refused the edit that followed it, as a slow
    // balancer or network can; the bot must retry the edit rather than lose the answer.
    // Only this command's answer is held (not the PINGs of saving the endpoint), and at most until half a
    // second before Discord's 3 s deadline by the wall clock (a loaded machine's slow timers do not stretch it).
    let handle: InteractionHandle | undefined;
    const refusedEdit = async (interactionId: string): Promise<void> => {
      if (interactionId !== handle?.id) return;
      const releaseAt = Date.now() + 2_500;
      while (Date.now() < releaseAt && !handle.errors().some((e) => e.code === 10015)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const web = new URL(stack.config.web.publicUrl);
    const balancer = await startBalancer([Number(web.port)], { holdInteractionAnswer: refusedEdit });
    await stack.discord.setInteractionsEndpoint(`${balancer.url}/interactions`);
    stack.emulator.faults.delayMs = 1_400; // the answer is deferred, then edited in
    try {
      handle = stack.discord.interact(slashCommand({ name: 'anime', subcommand: 'search', options: { query: 'Hokuto' }, where: GUILD, user: newUser() }));
      const message = await handle.waitForOriginal((m) => textOf(m).includes('Hokuto no Ken'), 10_000);
      expect(textOf(message)).toContain('Hokuto no Ken');
      expect(handle.errors().map((e) => e.code)).toContain(10015);
    } finally {
      stack.emulator.faults.delayMs = 0;
      await stack.discord.setInteractionsEndpoint(endpoint);
      await balancer.close();
    }
  });

  it('a replayed signed "+1 episode" click is refused with 409 and the list write happens once', async () => {
    const user = newUser('replay');
    await stack.login(user, { name: 'bob', password: 'bob-password' });
    const web = new URL(stack.config.web.publicUrl);
    // The balancer stands for anything on the path that sees the signed request (a proxy, a log).
    const balancer = await startBalancer([Number(web.port)]);
    await stack.discord.setInteractionsEndpoint(`${balancer.url}/interactions`);
    try {
      const details = await answerOf(stack.command({ name: 'anime', subcommand: 'info', options: { title: 'id:967' }, user, where: GUILD }));
      const before = Number((await myListStatus(stack, 'bob', 'anime', 967))?.num_episodes_watched ?? 0);
      const writes = listWrites(stack);
      const click = stack.click(details.message, componentId(details.message, '+1 episode'), user, GUILD);
      expect((await answerOf(click)).text).toContain('Updated your list');
      expect(listWrites(stack)).toBe(writes + 1);
      const captured = balancer.routed.find((r) => r.interactionId === click.id)?.request;
      if (!captured) throw new Error('the balancer did not see the click');

      for (const target of [endpoint, `${balancer.url}/interactions`]) {
        const replay = await fetch(target, { method: 'POST', headers: captured.headers, body: captured.body });
        expect(replay.status).toBe(409);
        expect(await replay.text()).toContain('already received');
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(listWrites(stack)).toBe(writes + 1);
      expect(await myListStatus(stack, 'bob', 'anime', 967)).toMatchObject({ num_episodes_watched: before + 1 });
    } finally {
      await stack.discord.setInteractionsEndpoint(endpoint);
      await balancer.close();
    }
  });

  it('401 and no work for a signature timestamp over 5 minutes old or over 1 minute ahead', async () => {
    const now = Math.floor(Date.now() / 1000);
    const before = work();
    for (const timestamp of [now - 5 * 60 - 5, now - 3600, now + 65, now + 3600, 0]) {
      const body = command();
      const res = await fetch(endpoint, { method: 'POST', headers: stack.discord.signedHeaders(body, String(timestamp)), body });
      expect(res.status, `timestamp ${timestamp - now} s from now`).toBe(401);
      expect(await res.text()).toContain('timestamp');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(work()).toBe(before);
    // Within the window (a slow network, a clock a little ahead) it is handled.
    for (const timestamp of [now - 4 * 60, now + 30]) {
      const body = command();
      const res = await fetch(endpoint, { method: 'POST', headers: stack.discord.signedHeaders(body, String(timestamp)), body });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  });

  it('turns new interactions away with 503 once shutdown began, and readiness says draining', async () => {
    stack.bot.router.beginShutdown();
    const body = command();
    const before = stack.emulator.stats.requests;
    const res = await fetch(endpoint, { method: 'POST', headers: stack.discord.signedHeaders(body), body });
    expect(res.status).toBe(503);
    expect(stack.emulator.stats.requests).toBe(before);
    const ready = await fetch(`${stack.config.web.publicUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', transport: 'http', interactions: 'draining' });
    expect((await fetch(`${stack.config.web.publicUrl}/healthz`)).status).toBe(200);
  });

});

