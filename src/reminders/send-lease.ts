// The lease one process holds in the shared store while it sends a reminder, renewed while it lives.
// The job engine's own lease hands a job to another worker when its holder looks dead; this one is
// what keeps a second worker from sending while the first is still alive (a stalled event loop, a
// lease shorter than Discord's rate-limit waits), and the sent marker keeps later runs from resending.

import { randomBytes } from 'node:crypto';
import type { AtomicKv } from './kv.js';

export interface SendLease {
  /** Still ours (renewals kept up): the send may go ahead. */
  held(): Promise<boolean>;
  release(): Promise<void>;
}

/** Takes the lease on `key` for `ttlMs`, renewed every third of it; undefined when another process holds it. */
export async function takeSendLease(kv: AtomicKv, key: string, ttlMs: number): Promise<SendLease | undefined> {
  const token = randomBytes(12).toString('base64url');
  if (!(await kv.setIfAbsent(key, token, ttlMs))) return undefined;
  const renew = setInterval(() => void kv.compareAndSet(key, token, token, ttlMs).catch(() => undefined), Math.max(100, Math.floor(ttlMs / 3)));
  renew.unref();
  return {
    held: async () => (await kv.get(key)) === token,
    release: async () => {
      clearInterval(renew);
      await kv.compareAndDelete(key, token).catch(() => undefined);
    },
  };
}
