// Keeping the mirror up to date: one sync job per member at a time on the job engine, each scheduling
// the next at the member's adaptive interval (ids that dedupe per slot, and a claim in the member's
// record, so one sync per member per interval across every process). Incremental syncs read the list
// newest first and stop at the last change already seen; a whole-list read once a day finds deletions.
// A periodic watch (one runner per deployment) restarts broken chains, resumes members who linked
// again after a lost login, and removes those whose stale time passed: their mirrors, their title
// index rows, their memberships and their record.

import type { JobEngine } from '../jobs/job-engine.js';
import { queueWorker, type QueueOwnerOptions } from '../jobs/queue-owner.js';
import type { Logger } from '../log/log.js';
import { ReauthRequiredError } from '../service/errors.js';
import { SYNC_QUEUE, syncIntervalMs, syncJobId, syncQueueSpec, type SocialKnobs } from './knobs.js';
import type { ListSource } from './list-source.js';
import type { Memberships } from './memberships.js';
import type { MirrorStore, SyncRead } from './mirror-store.js';
import { kindSync, KINDS, type KindSync, type MemberRecord, type MirrorRecord } from './records.js';
import type { ListKind, MirrorChange, MirrorEntry } from './types.js';

/** Who a Discord user is linked as on the service, and since when. */
export type LinkLookup = (discordUserId: string) => Promise<{ serviceUser: string; linkedAt: number } | undefined>;

export interface SyncDeps {
  members: Memberships;
  mirrors: MirrorStore;
  source: ListSource;
  jobs: JobEngine;
  linked: LinkLookup;
  knobs: SocialKnobs;
  now: () => number;
  log: Logger;
  /** Tells the listeners of changes a sync found. */
  emit: (userId: string, serviceUser: string, changes: MirrorChange[]) => Promise<void>;
  /** The member's other data (beyond mirrors and memberships) goes: their lost login's stale time passed. */
  removed: (userId: string) => Promise<unknown>;
}

interface SyncJob {
  userId: string;
}

function parseSyncJob(data: unknown): SyncJob | undefined {
  const id = typeof data === 'object' && data !== null ? (data as { userId?: unknown }).userId : undefined;
  return typeof id === 'string' && /^\d{1,25}$/.test(id) ? { userId: id } : undefined;
}

/** Job ids kept in a member's record (the pending one and the finished ones still kept): removed when they are forgotten. */
const KEPT_JOB_IDS = 4;

export class MirrorSync {
  constructor(private readonly o: SyncDeps) {}

  /** The sync queue, this process's sync workers on it and, after them, the deployment's periodic watch (for the community's `QueueOwner`). */
  queueOptions(): QueueOwnerOptions {
    return {
      specs: () => [syncQueueSpec(this.o.knobs)],
      workers: [queueWorker(SYNC_QUEUE, parseSyncJob, (job) => this.runJob(job.userId))],
      afterWork: () => this.o.jobs.every('social-sync-watch', this.o.knobs.watchMs, () => this.watch()),
    };
  }

  /** Reads one kind of the member's list: whole when no mirror is kept or a full pass is due, else what changed since the last sync. */
  async read(userId: string, kind: ListKind, kept: MirrorRecord | undefined, signal?: AbortSignal): Promise<SyncRead> {
    const startedAt = this.o.now();
    if (kept && startedAt - kept.fullAt < this.o.knobs.fullSyncMs) {
      const since = await this.readSince(userId, kind, kept.seenUpdatedAt, signal);
      if (since) return { full: false, entries: since, startedAt };
    }
    return { full: true, entries: await this.readAll(userId, kind, signal), startedAt };
  }

  private async readAll(userId: string, kind: ListKind, signal?: AbortSignal): Promise<MirrorEntry[]> {
    const { pageSize, fullMaxPages } = this.o.knobs;
    const entries: MirrorEntry[] = [];
    for (let page = 0; page < fullMaxPages; page++) {
      const got = await this.o.source.page(userId, kind, { byUpdate: false, offset: page * pageSize, limit: pageSize, ...(signal ? { signal } : {}) });
      entries.push(...got.entries);
      if (!got.more) return entries;
    }
    this.o.log.warn('a joined member list is longer than the mirror reads; mirrored in part', { kind, entries: entries.length });
    return entries;
  }

  /** Entries updated at or after `seen`, newest first; undefined when more changed than a few pages hold. */
  private async readSince(userId: string, kind: ListKind, seen: number, signal?: AbortSignal): Promise<MirrorEntry[] | undefined> {
    const { incrementalPageSize: limit, incrementalMaxPages } = this.o.knobs;
    const entries: MirrorEntry[] = [];
    for (let page = 0; page < incrementalMaxPages; page++) {
      const got = await this.o.source.page(userId, kind, { byUpdate: true, offset: page * limit, limit, ...(signal ? { signal } : {}) });
      for (const entry of got.entries) {
        if (entry.updatedAt < seen) return entries;
        entries.push(entry);
      }
      if (!got.more) return entries;
    }
    return undefined;
  }

  /**
   * Brings the member's mirrors of these kinds up to date. Returns the changes found and, per kind read,
   * the newest update time seen.
   */
  async syncKinds(
    userId: string,
    serviceUser: string,
    signal?: AbortSignal,
    kinds: readonly ListKind[] = KINDS,
    /** The member's mirrors as the caller just read them (else read here). */
    read?: Partial<Record<ListKind, MirrorRecord | undefined>>,
  ): Promise<{ changes: MirrorChange[]; newest: Partial<Record<ListKind, number>> }> {
    const changes: MirrorChange[] = [];
    const newest: Partial<Record<ListKind, number>> = {};
    const records = read ?? (await this.o.mirrors.records(userId));
    for (const kind of kinds) {
      const kept = records[kind];
      // A mirror of another account (the member linked a different one) is read again from scratch.
      const own = kept && kept.serviceUser === serviceUser ? kept : undefined;
      const got = await this.read(userId, kind, own, signal);
      // Dropped (another account's): read again by the write. Else the titles a full read lost are those of the mirror read here.
      if (kept && !own) await this.o.mirrors.drop(userId);
      changes.push(...(await this.o.mirrors.applySync(userId, kind, serviceUser, got, kept && !own ? undefined : { record: kept })));
      newest[kind] = got.entries.reduce((max, e) => Math.max(max, e.updatedAt), 0);
    }
    return { changes, newest };
  }

  /** Queues the member's next sync of every kind at `dueAt` (an id per slot: enqueued once however many processes ask). */
  async schedule(userId: string, dueAt: number): Promise<void> {
    const noted = await this.o.members.updateMember(userId, (m) => {
      m.kinds = Object.fromEntries(KINDS.map((kind) => [kind, { changedAt: kindSync(m, kind).changedAt, nextAt: dueAt }]));
      return this.noteNext(userId, m);
    });
    if (noted) await this.enqueue(userId, noted.result);
  }

  /** Queues the member's next sync at the soonest of their lists' own next read times. */
  async scheduleAtPace(userId: string): Promise<void> {
    const noted = await this.o.members.updateMember(userId, (m) => this.noteNext(userId, m));
    if (noted) await this.enqueue(userId, noted.result);
  }

  /** The member's next sync job: at the soonest kind's time (in the same write that ends a sync, so no other process finds it due in between). */
  private noteNext(userId: string, m: MemberRecord): { id: string; dueAt: number } {
    const dueAt = Math.min(...KINDS.map((kind) => kindSync(m, kind).nextAt));
    const id = syncJobId(userId, dueAt, this.o.knobs);
    m.nextAt = dueAt;
    m.jobIds = [...(m.jobIds ?? []).filter((j) => j !== id), id].slice(-KEPT_JOB_IDS);
    return { id, dueAt };
  }

  private async enqueue(userId: string, next: { id: string; dueAt: number }): Promise<void> {
    await this.o.jobs.enqueue(SYNC_QUEUE, next.id, { userId }, { delayMs: Math.max(0, next.dueAt - this.o.now()) });
    // Left or forgotten since the id was noted (their removal took the ids it found, maybe before this job): it goes too.
    if (!(await this.o.members.member(userId))) await this.o.jobs.remove(SYNC_QUEUE, [next.id]);
  }

  /** One member's sync job: skipped when another process synced them this interval or holds the claim. */
  async runJob(userId: string): Promise<void> {
    const { members, knobs } = this.o;
    const now = this.o.now();
    const claimed = await members.updateMember(userId, (m) => {
      if (m.lost || m.guilds.length === 0) return undefined;
      if (m.nextAt > now + knobs.leaseMs / 2 || (m.claimUntil ?? 0) > now) return undefined;
      m.claimUntil = now + knobs.leaseMs;
      return true;
    });
    if (!claimed) return;
    const member = claimed.member;
    // Only the lists whose own time came (a list changed of late is read more often than a quiet one).
    const due = KINDS.filter((kind) => kindSync(member, kind).nextAt <= now + knobs.leaseMs / 2);
    let changes: MirrorChange[];
    let newest: Partial<Record<ListKind, number>>;
    let serviceUser = member.serviceUser;
    try {
      const link = await this.o.linked(userId);
      if (!link) throw new ReauthRequiredError('not_logged_in');
      // Another account than the mirrors': every list is read again.
      const kinds = link.serviceUser === member.serviceUser ? due : KINDS;
      serviceUser = link.serviceUser;
      ({ changes, newest } = await this.syncKinds(userId, serviceUser, undefined, kinds));
    } catch (error) {
      if (error instanceof ReauthRequiredError) {
        await this.markLost(userId);
        return;
      }
      await members.updateMember(userId, (m) => {
        delete m.claimUntil;
        return true;
      });
      throw error;
    }
    const done = this.o.now();
    const next = await members.updateMember(userId, (m) => {
      delete m.claimUntil;
      m.serviceUser = serviceUser;
      noteRead(m, newest, done, knobs);
      return this.noteNext(userId, m);
    });
    if (!next) {
      // They left their last server or were forgotten while the lists were read: nothing of theirs stays.
      await this.o.mirrors.drop(userId);
      return;
    }
    await this.enqueue(userId, next.result);
    if (changes.length > 0) await this.o.emit(userId, serviceUser, changes);
  }

  /**
   * The login is lost (refresh refused for good, or the account unlinked): no more syncs, and the mirrors
   * stay visible until `staleMs` from now. The member is told by the token manager's lost-login DM (once).
   */
  async markLost(userId: string): Promise<void> {
    const now = this.o.now();
    const staleUntil = now + this.o.knobs.staleMs;
    const marked = await this.o.members.updateMember(userId, (m) => {
      if (m.lost) return undefined;
      m.lost = { at: now, staleUntil };
      delete m.claimUntil;
      return true;
    });
    if (!marked) return;
    await this.o.mirrors.markStale(userId, staleUntil);
    this.o.log.info('a joined member login is lost: their lists are no longer synced');
  }

  /** A member whose login was lost is syncing again (they linked again). */
  async resume(userId: string): Promise<void> {
    const resumed = await this.o.members.updateMember(userId, (m) => {
      if (!m.lost) return undefined;
      delete m.lost;
      return true;
    });
    if (resumed) await this.schedule(userId, this.o.now());
  }

  /** The deployment's periodic look over every member (one runner). */
  async watch(): Promise<void> {
    const now = this.o.now();
    for (const userId of await this.o.members.memberIds()) {
      try {
        await this.watchOne(userId, now);
      } catch (error) {
        this.o.log.warn('a joined member could not be checked by the sync watch', { error });
      }
    }
  }

  private async watchOne(userId: string, now: number): Promise<void> {
    const member: MemberRecord | undefined = await this.o.members.member(userId);
    if (!member) return;
    if (member.lost) {
      const link = await this.o.linked(userId);
      if (link && link.linkedAt > member.lost.at) return this.resume(userId);
      if (member.lost.staleUntil <= now) await this.removeExpired(userId, now);
      return;
    }
    // A chain that broke (a job failed for good, or a process died between a sync and its next job).
    const overdue = now - member.nextAt > this.o.knobs.baseSyncMs && (member.claimUntil ?? 0) <= now;
    if (overdue && member.guilds.length > 0) await this.schedule(userId, now);
  }

  /**
   * A lost login whose stale time passed: the mirrors (with their title index rows) go first, then the
   * memberships and the record, unless they came back meanwhile — then their lists are read again now.
   */
  private async removeExpired(userId: string, now: number): Promise<void> {
    await this.o.mirrors.drop(userId);
    const { gone } = await this.o.members.removeLost(userId, now);
    if (gone) {
      if (gone.jobIds?.length) await this.o.jobs.remove(SYNC_QUEUE, gone.jobIds);
      await this.o.removed(userId);
      this.o.log.info('a joined member login stayed lost past the stale time: they left every server community');
      return;
    }
    const back = await this.o.members.member(userId);
    if (back && !back.lost) await this.schedule(userId, now);
  }
}

/** After reading some of the member's lists: each read kind's newest change and its next read time. */
export function noteRead(m: MemberRecord, newest: Partial<Record<ListKind, number>>, at: number, knobs: SocialKnobs): void {
  const kinds = Object.fromEntries(KINDS.map((kind) => [kind, kindSync(m, kind)])) as Record<ListKind, KindSync>;
  for (const kind of KINDS) {
    const seen = newest[kind];
    if (seen === undefined) continue;
    const changedAt = Math.max(kinds[kind].changedAt, Math.min(seen, at));
    kinds[kind] = { changedAt, nextAt: at + syncIntervalMs({ activeAt: m.activeAt, changedAt }, at, knobs) };
    m.changedAt = Math.max(m.changedAt, changedAt);
  }
  m.kinds = kinds;
}
