// Per-Discord-user fairness: each user's interactions that reach the service draw from their own token
// bucket, so one person looping commands cannot spend the bot's upstream budget. Only interactions that
// really went upstream cost: a token is taken up front (so a burst fired at once is limited too) and given
// back when the work made no request (answered from the cache). An interaction costs one token however many
// requests it fans out to (a details view vets related works): that fan-out is the bot's, not the user's.

import { AsyncLocalStorage } from 'node:async_hooks';
import { TokenBuckets } from './token-bucket.js';
import type { UserRateConfig } from '../config/types.js';

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

export class UserRateLimits {
  private readonly buckets: Record<LimitedKind, TokenBuckets | undefined>;
  private readonly owners: Set<string>;
  private readonly charges = new AsyncLocalStorage<Charge>();

  constructor(config: UserRateConfig, now: () => number = Date.now) {
    this.buckets = {
      command: config.commands ? new TokenBuckets(config.commands, now) : undefined,
      autocomplete: config.autocomplete ? new TokenBuckets(config.autocomplete, now) : undefined,
    };
    this.owners = new Set(config.ownerIds);
  }

  /** Exempts more users (e.g. the application's owner, learned once connected). */
  addOwners(ids: Iterable<string>): void {
    for (const id of ids) this.owners.add(id);
  }

  isExempt(userId: string): boolean {
    return this.owners.has(userId);
  }

  /**
   * Runs `work` for `userId` on the `kind` bucket. Throws RateLimitedError, without running it, when the
   * bucket is empty. The token is given back unless `work` made a request upstream (`noteUpstreamCall`).
   */
  async run<T>(kind: LimitedKind, userId: string, work: () => Promise<T>): Promise<T> {
    const buckets = this.buckets[kind];
    if (!buckets || this.owners.has(userId)) return work();
    const taken = buckets.take(userId);
    if (!taken.ok) throw new RateLimitedError(taken.retryAfterMs);
    const charge: Charge = { wentUpstream: false };
    try {
      return await this.charges.run(charge, work);
    } finally {
      if (!charge.wentUpstream) buckets.adjust(userId, 1);
    }
  }

  /** Called by the service client for each request that really goes upstream (not answered from the cache). */
  noteUpstreamCall(): void {
    const charge = this.charges.getStore();
    if (charge) charge.wentUpstream = true;
  }
}
