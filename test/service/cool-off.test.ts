import { describe, expect, it } from 'vitest';
import { CoolOff, parseRetryAfter } from '../../src/service/cool-off.js';

function acquire(c: CoolOff) {
  const gate = c.tryAcquire();
  if (!gate.ok) throw new Error('refused');
  return gate.ticket;
}

describe('CoolOff', () => {
  it('opens a window on throttling, lets one probe through after it, doubles while throttling goes on, ends on success', () => {
    let now = 0;
    const windows: number[] = [];
    const c = new CoolOff({ initialMs: 1_000, maxMs: 3_000, now: () => now, onCoolOff: (e) => windows.push(e.windowMs) });
    c.throttled(acquire(c));
    expect(c.remainingMs).toBe(1_000);
    expect(c.tryAcquire().ok).toBe(false);
    now = 1_000;
    const probe = acquire(c);
    expect(probe.probe).toBe(true);
    expect(c.tryAcquire().ok).toBe(false); // one probe at a time
    c.throttled(probe);
    now += 2_000;
    c.throttled(acquire(c));
    expect(windows).toEqual([1_000, 2_000, 3_000]); // capped
    now += 3_000;
    c.succeeded(acquire(c));
    expect(c.active).toBe(false);
    expect(c.tryAcquire()).toEqual({ ok: true, ticket: { probe: false, epoch: 3 } });
  });

  it('answers to requests sent before the window opened neither double it nor end it', () => {
    const now = 0;
    const c = new CoolOff({ initialMs: 1_000, now: () => now });
    const inFlight = Array.from({ length: 10 }, () => acquire(c));
    c.throttled(inFlight[0]!);
    for (const t of inFlight.slice(1, 5)) c.throttled(t);
    expect(c.remainingMs).toBe(1_000);
    for (const t of inFlight.slice(5)) c.succeeded(t);
    expect(c.remainingMs).toBe(1_000);
    expect(c.active).toBe(true);
  });

  it('a probe that ends without an answer frees the way for the next one', () => {
    let now = 0;
    const c = new CoolOff({ initialMs: 100, now: () => now });
    c.throttled(acquire(c));
    now = 100;
    c.released(acquire(c));
    expect(acquire(c).probe).toBe(true);
  });

  it('Retry-After lengthens the window, in seconds or as a date', () => {
    const c = new CoolOff({ initialMs: 1_000, maxMs: 2_000, now: () => 0 });
    c.throttled(acquire(c), 30_000);
    expect(c.remainingMs).toBe(30_000);
    expect(parseRetryAfter('7', 0)).toBe(7_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
  });
});
