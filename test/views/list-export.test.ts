// The export's reading loop on a scripted service and clock: one read per 1000 entries until the
// service gives no `next`, progress shown at most once per interval (never after the last page), and a
// list longer than the page cap refused rather than cut; one export per person at a time.

import { describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n/index.js';
import type { BaseContext, ProgressReporter } from '../../src/interactions/context.js';
import { UserFacingError } from '../../src/interactions/user-errors.js';
import { LockTimeoutError } from '../../src/store/locks.js';
import { EXPORT_MAX_PAGES, exportList } from '../../src/views/list-export.js';

interface Read {
  user: string;
  offset: number;
  limit: number;
}

/** A context whose service serves `total` entries in pages and advances the clock 1 s per read. */
function scripted(total: number, endless = false, lockHeld = false) {
  let clock = 0;
  const reads: Read[] = [];
  const shown: string[] = [];
  const service = {
    userList: (_kind: string, user: string, o: { offset: number; limit: number }) => {
      reads.push({ user, offset: o.offset, limit: o.limit });
      clock += 1_000;
      const count = Math.max(0, Math.min(o.limit, total - o.offset));
      const data = Array.from({ length: count }, (_, i) => ({ node: { id: o.offset + i + 1, title: `T${o.offset + i}` }, list_status: { status: 'watching' } }));
      return Promise.resolve({ data, paging: endless || o.offset + o.limit < total ? { next: 'http://x/next' } : {} });
    },
  };
  const progress: ProgressReporter = (m) => shown.push(m.content ?? '');
  const lockSignals: Array<AbortSignal | undefined> = [];
  const ctx = {
    signal: new AbortController().signal,
    userId: '1',
    t: translator('en'),
    deadlineAt: 300_000,
    deps: {
      service,
      accounts: { linkedAs: () => Promise.resolve('erin') },
      now: () => clock,
      locks: {
        run: (name: string, o: { signal?: AbortSignal }, fn: () => Promise<unknown>) => {
          lockSignals.push(o.signal);
          return lockHeld ? Promise.reject(new LockTimeoutError(name)) : fn();
        },
      },
    },
    requireAuth: () => Promise.resolve({}),
    progress,
  } as unknown as BaseContext & { progress: ProgressReporter };
  return { ctx, reads, shown, lockSignals };
}

describe('the export reading loop', () => {
  it('reads 1000 entries a page until no next, showing progress every 2 s of reading', async () => {
    const { ctx, reads, shown } = scripted(4_500);
    const answer = await exportList(ctx, 'anime', undefined, { progressEveryMs: 2_000 });
    expect(reads).toEqual([0, 1000, 2000, 3000, 4000].map((offset) => ({ user: '@me', offset, limit: 1000 })));
    expect(shown).toEqual(['Your anime list: reading… 2 pages read, 2,000 entries so far.', 'Your anime list: reading… 4 pages read, 4,000 entries so far.']);
    expect(answer.ephemeral).toBe(true);
    expect(answer.files?.[0]?.name).toBe('animelist-erin.xml.gz');
    expect(answer.content).toContain('all 4,500 entries');
  });

  it('an empty list says so, with no file', async () => {
    const { ctx, reads } = scripted(0);
    const answer = await exportList(ctx, 'manga', 'someone', {});
    expect(reads).toHaveLength(1);
    expect(answer.files).toBeUndefined();
    expect(answer.content).toBe("someone's manga list is empty: there is nothing to export.");
  });

  it('a service that never ends its pages is stopped at the cap with a clear error', async () => {
    const { ctx, reads } = scripted(Number.MAX_SAFE_INTEGER, true);
    await expect(exportList(ctx, 'anime', 'someone')).rejects.toBeInstanceOf(UserFacingError);
    expect(reads).toHaveLength(EXPORT_MAX_PAGES);
  }, 60_000);

  it('while the same person’s other export holds the lock past the deadline: a clear error, nothing read', async () => {
    const { ctx, reads, lockSignals } = scripted(10, false, true);
    await expect(exportList(ctx, 'anime', undefined)).rejects.toMatchObject({ key: 'lists.export.busy' });
    expect(reads).toEqual([]);
    // The wait for the lock ends with the interaction (its signal), not only at the deadline.
    expect(lockSignals).toEqual([ctx.signal]);
  });
});
