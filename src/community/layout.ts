// The community's store layout moves at start, without a manual step: a store kept by an earlier
// version has one title-index record per title for the whole deployment (`soc:title:<kind>:<id>`) and
// no member summaries. The first process to start takes a lease, writes every member's per-server
// index rows and summaries from their mirrors (the mirrors are the truth), drops the old records and
// notes the layout as done; the others go on meanwhile (a server view shows what is indexed so far).
// A process that dies mid-way leaves the lease to expire and the next start does it again (every step
// can run twice).

import type { Logger } from '../log/log.js';
import type { SocialKv } from './kv.js';
import type { Memberships } from './memberships.js';
import type { MirrorStore } from './mirror-store.js';
import { KEY } from './records.js';

export const LAYOUT_KEY = 'soc:layout';
/** Per-server title index, member summaries. */
export const LAYOUT_VERSION = '2';
const LEASE_KEY = 'soc:layout-lease';
const LEASE_MS = 30 * 60_000;
const DELETE_BATCH = 500;

export interface LayoutMove {
  members: number;
  legacyRecords: number;
}

/** Moves the store to the current layout unless done (or another process is doing it). Returns what it moved, if it did. */
export async function moveLayout(kv: SocialKv, members: Memberships, mirrors: MirrorStore, log: Logger): Promise<LayoutMove | undefined> {
  if ((await kv.get(LAYOUT_KEY)) === LAYOUT_VERSION) return undefined;
  if (!(await kv.setIfAbsent(LEASE_KEY, String(Date.now()), LEASE_MS))) return undefined;
  try {
    const ids = await members.memberIds();
    let failed = 0;
    for (const userId of ids) {
      try {
        await mirrors.reindex(userId);
      } catch (error) {
        // Their next full pass writes the rows and the summary.
        failed++;
        log.warn('a joined member could not be moved to the per-server title index', { error });
      }
    }
    const legacy = await kv.keys(KEY.legacyTitlePrefix);
    for (let i = 0; i < legacy.length; i += DELETE_BATCH) await kv.writeMany(legacy.slice(i, i + DELETE_BATCH).map((key) => [key, undefined] as const));
    await kv.set(LAYOUT_KEY, LAYOUT_VERSION);
    if (ids.length > 0 || legacy.length > 0) log.info('the community store moved to the per-server title index', { members: ids.length, failed, legacyRecords: legacy.length });
    return { members: ids.length, legacyRecords: legacy.length };
  } finally {
    await kv.delete(LEASE_KEY).catch(() => undefined);
  }
}
