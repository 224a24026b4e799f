// Per-Discord-user fairness: each user's interactions that reach the service draw from their own budget,
// so one person looping commands cannot spend the bot's upstream budget. Only interactions that really went
// upstream cost: a point is taken up front (so a burst fired at once is limited too) and given back
// (`reward`) when the work made no request (answered from the cache). An interaction costs one point however
// many requests it fans out to (a details view vets related works): that fan-out is the bot's, not the user's.
//
// The counting is rate-limiter-flexible's; where it is kept (the shared Redis or PostgreSQL store, so one
// user's commands count once across every process, or this process's memory) is chosen by the store
// (src/store/request-line/user-limit-store.ts) and wired by the composition root.

import { AsyncLocalStorage } from 'node:async_hooks';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type LimitedKind = 'command' | 'autocomplete';

export class RateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`rate limited for ${retryAfterMs} ms`);
    this.name = 'RateLimitedError';
  }
}

interface Charge {
  wentUpstream: boolean;
}

/** The limiter of each kind; undefined: that kind is not limited. */
export type Limiters = Record<LimitedKind, RateLimiterAbstract | undefined>;

export class UserRateLimits {
  private readonly owners: Set<string>;
  private readonly charges = new AsyncLocalStorage<Charge>();

  constructor(
    private readonly limiters: Limiters,
    ownerIds: Iterable<string> = [],
  ) {
    this.owners = new Set(ownerIds);
  }

  /** Exempts more users (e.g. the application's owner, learned once connected). */
  addOwners(ids: Iterable<string>): void {
    for (const id of ids) this.owners.add(id);
  }

  isExempt(userId: string): boolean {
    return this.owners.has(userId);
  }

  /**
   * Runs `work` for `userId` on the `kind` budget. Throws RateLimitedError, without running it, when the
   * budget is spent. The point is given back unless `work` made a request upstream (`noteUpstreamCall`).
   */
  async run<T>(kind: LimitedKind, userId: string, work: () => Promise<T>): Promise<T> {
    const limiter = this.limiters[kind];
    if (!limiter || this.owners.has(userId)) return work();
    let windowEndsAt: number;
    try {
      const taken = await limiter.consume(userId);
      windowEndsAt = Date.now() + taken.msBeforeNext;
    } catch (refused) {
      // A RateLimiterRes is a refusal; anything else is the store failing past its memory insurance.
      if (refused instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, refused.msBeforeNext));
      throw refused;
    }
    const charge: Charge = { wentUpstream: false };
    try {
      return await this.charges.run(charge, work);
    } finally {
      // Given back only within the window it was taken from: a reward after the window ended would start the
      // next one a point ahead.
      if (!charge.wentUpstream && Date.now() < windowEndsAt) await limiter.reward(userId).catch(() => undefined);
    }
  }

  /** Called by the service client for each request that really goes upstream (not answered from the cache). */
  noteUpstreamCall(): void {
    const charge = this.charges.getStore();
    if (charge) charge.wentUpstream = true;
  }
}
