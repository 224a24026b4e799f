// The deployment gate in front of every upstream attempt: the shared cool-off refuses or lets one probe
// through, the budget is taken at the call's priority, and a store that does not answer fails open.

import { describe, expect, it } from 'vitest';
import { DeploymentGate, type DeploymentShared } from '../../src/service/deployment-gate.js';
import { AbortedError, CoolingOffError, LineBusyError } from '../../src/service/errors.js';
import { UpstreamBudgetUnavailableError, type SharedCoolOff, type UpstreamAcquireOptions, type UpstreamPriority } from '../../src/service/upstream-ports.js';

function shared(coolOff: Partial<SharedCoolOff>, acquired: UpstreamPriority[] = [], acquire?: (o?: UpstreamAcquireOptions) => Promise<void>): DeploymentShared {
  const down = () => Promise.reject(new Error('store down'));
  return {
    budget: {
      acquire: (p, o) => (acquired.push(p), acquire ? acquire(o) : Promise.resolve()),
      stats: () => ({ granted: { interactive: 0, autocomplete: 0, background: 0 }, waiting: { interactive: 0, autocomplete: 0, background: 0 }, gaveUp: 0, busy: 0, released: 0, aborted: 0, refused: 0, waitedMs: { interactive: 0, autocomplete: 0, background: 0 }, requestsPerSecond: 1, reserve: 0 }),
    },
    coolOff: { state: down, tryProbe: down, throttled: down, succeeded: down, released: down, ...coolOff },
    cache: { get: () => Promise.resolve(undefined), set: () => Promise.resolve() },
    cacheTtlMs: () => 1_000,
    staleMs: 1_000,
  };
}

describe('DeploymentGate', () => {
  it('refuses while the deployment cools off, and lets exactly the probe through when the window ends', async () => {
    const refused = new DeploymentGate(shared({ state: () => Promise.resolve({ active: true, remainingMs: 5_000 }) }), {});
    await expect(refused.enter('interactive', 'anime', undefined)).rejects.toBeInstanceOf(CoolingOffError);
    const acquired: UpstreamPriority[] = [];
    const probe = { window: 'w1' };
    const probing = new DeploymentGate(shared({ state: () => Promise.resolve({ active: true, remainingMs: 0 }), tryProbe: () => Promise.resolve(probe) }, acquired), {});
    expect(await probing.enter('background', 'anime', undefined)).toEqual({ coolingOff: true, ticket: probe });
    expect(acquired).toEqual(['background']);
    const notMine = new DeploymentGate(shared({ state: () => Promise.resolve({ active: true, remainingMs: 0 }), tryProbe: () => Promise.resolve(undefined) }), {});
    await expect(notMine.enter('interactive', 'anime', undefined)).rejects.toBeInstanceOf(CoolingOffError);
  });

  it('answers an autocomplete that gets no slot as aborted, so it falls back to its cache', async () => {
    const gate = new DeploymentGate(shared({ state: () => Promise.resolve({ active: false, remainingMs: 0 }) }, [], () => Promise.reject(new UpstreamBudgetUnavailableError('autocomplete', 1_000))), {});
    await expect(gate.enter('autocomplete', 'anime', undefined)).rejects.toBeInstanceOf(AbortedError);
  });

  it("hands the caller's latest start and person to the line, and passes on a busy line at once (told, and counted as rejected)", async () => {
    const seen: UpstreamAcquireOptions[] = [];
    const rejected: string[] = [];
    const busy = new LineBusyError(4_000);
    const gate = new DeploymentGate(
      shared({ state: () => Promise.resolve({ active: false, remainingMs: 0 }) }, [], (o) => (o && seen.push(o), Promise.reject(busy))),
      { rejected: (e) => rejected.push(e.reason) },
    );
    const signal = new AbortController().signal;
    await expect(gate.enter('interactive', 'anime', signal, { startBy: 1_234, person: '42' })).rejects.toBe(busy);
    expect(seen).toEqual([{ startBy: 1_234, person: '42', signal }]);
    expect(rejected).toEqual(['line_busy']);
  });

  it('fails open when the store does not answer: the request goes, reporting does not throw', async () => {
    const acquired: UpstreamPriority[] = [];
    const gate = new DeploymentGate(shared({}, acquired), {});
    const pass = await gate.enter('interactive', 'anime', undefined);
    expect(pass).toEqual({ coolingOff: false });
    expect(acquired).toEqual(['interactive']);
    await expect(gate.report(pass, true)).resolves.toBeUndefined();
  });

  it('stops waiting for a store that does not answer the moment the caller gives up, and gives back a probe won meanwhile', async () => {
    const never = new Promise<never>(() => undefined);
    const acquired: UpstreamPriority[] = [];
    const stuck = new DeploymentGate(shared({ state: () => never }, acquired), {});
    const controller = new AbortController();
    const entering = stuck.enter('interactive', 'anime', controller.signal);
    controller.abort(new Error('deadline'));
    await expect(entering).rejects.toBeInstanceOf(AbortedError);
    expect(acquired).toEqual([]);

    let answerProbe: (ticket: { window: string }) => void = () => undefined;
    const released: string[] = [];
    const probing = new DeploymentGate(
      shared({
        state: () => Promise.resolve({ active: true, remainingMs: 0 }),
        tryProbe: () => new Promise((resolve) => (answerProbe = resolve)),
        released: (ticket) => (released.push(ticket.window), Promise.resolve()),
      }),
      {},
    );
    const gone = new AbortController();
    const waiting = probing.enter('interactive', 'anime', gone.signal);
    await new Promise((resolve) => setImmediate(resolve));
    gone.abort(new Error('deadline'));
    await expect(waiting).rejects.toBeInstanceOf(AbortedError);
    answerProbe({ window: 'w2' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toEqual(['w2']);
  });
});
