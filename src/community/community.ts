// The server's list community over the shared store and the job engine: who joined where (consent),
// the one mirror of each joined member's lists, its syncs, and the listeners told of every change.

import { LRUCache } from 'lru-cache';
import type { JobEngine } from '../jobs/job-engine.js';
import { QueueOwner } from '../jobs/queue-owner.js';
import type { Logger } from '../log/log.js';
import { ReauthRequiredError } from '../service/errors.js';
import { DEFAULT_SOCIAL_KNOBS, slotMs, SYNC_QUEUE, type SocialKnobs } from './knobs.js';
import { dropCompletionsSeen } from './completions-seen.js';
import { type SocialKv } from './kv.js';
import type { ListSource } from './list-source.js';
import { Memberships } from './memberships.js';
import { MirrorStore } from './mirror-store.js';
import { KINDS } from './records.js';
import { MirrorSync, noteRead, type LinkLookup } from './sync.js';
import { moveLayout } from './layout.js';
import { holdersIn } from './title-index.js';
import type { JoinOutcome, ListKind, MemberHistory, MemberMirror, MemberWeek, MemberYear, MemberSummary, MemberSums, MirrorChange, MirrorChangeListener, MirrorEntry, SocialService, TitleHolders, TitleName, TopCount } from './types.js';

export interface SocialDeps {
  /** The shared store engine. */
  kv: SocialKv;
  jobs: JobEngine;
  /** Pages of members' lists from the service (background work in the shared budget). */
  source: ListSource;
  /** Who a Discord user is linked as (undefined: not linked). */
  linked: LinkLookup;
  now: () => number;
  log: Logger;
  knobs?: Partial<SocialKnobs>;
}

/** Activity is written to a member's record at most this often (it only tunes their sync interval). */
const ACTIVITY_WRITE_MS = 10 * 60_000;

export class Social implements SocialService {
  readonly knobs: SocialKnobs;
  private readonly memberships: Memberships;
  private readonly mirrors: MirrorStore;
  private readonly sync: MirrorSync;
  private readonly listeners: MirrorChangeListener[] = [];
  /** Who this process noted active lately: only spares the store repeated writes (the record is the truth). */
  private readonly notedActive = new LRUCache<string, true>({ max: 10_000, ttl: ACTIVITY_WRITE_MS });
  private readonly queue: QueueOwner;

  constructor(private readonly o: SocialDeps) {
    this.knobs = { ...DEFAULT_SOCIAL_KNOBS, ...o.knobs };
    this.memberships = new Memberships(o.kv);
    this.mirrors = new MirrorStore(o.kv, o.now);
    this.sync = new MirrorSync({
      members: this.memberships,
      mirrors: this.mirrors,
      source: o.source,
      jobs: o.jobs,
      linked: o.linked,
      knobs: this.knobs,
      now: o.now,
      log: o.log,
      emit: (userId, serviceUser, changes) => this.emit(userId, serviceUser, changes),
      removed: (userId) => dropCompletionsSeen(o.kv, userId),
    });
    // A start moves an earlier store layout (layout.ts) before this process's sync workers run.
    this.queue = new QueueOwner(o.jobs, { ...this.sync.queueOptions(), beforeWork: () => moveLayout(o.kv, this.memberships, this.mirrors, o.log) });
  }

  /** Defines the sync queue (every process, also those that run no jobs). */
  define(): Promise<void> {
    return this.queue.define();
  }

  /** Moves an earlier layout, then runs this process's share of the syncs, and the deployment's periodic watch (once). */
  start(): Promise<void> {
    return this.queue.start();
  }

  members(guildId: string): Promise<string[]> {
    return this.memberships.members(guildId);
  }

  isMember(guildId: string, discordUserId: string): Promise<boolean> {
    return this.memberships.isMember(guildId, discordUserId);
  }

  /** The servers whose community this user joined, in join order (one read of their member record). */
  async guildsOf(discordUserId: string): Promise<string[]> {
    return (await this.memberships.member(discordUserId))?.guilds ?? [];
  }

  mirror(discordUserId: string, kind: ListKind): Promise<MemberMirror | undefined> {
    return this.mirrors.view(discordUserId, kind);
  }

  /** The server's members who have a title: the server's record, then its members' rows of the title (one read), no mirror. */
  async holders(guildId: string, kind: ListKind, id: number): Promise<TitleHolders> {
    const memberIds = await this.memberships.members(guildId);
    return holdersIn(memberIds, await this.mirrors.titles.read(guildId, kind, id, memberIds), this.o.now());
  }

  /** The server's record and its members' summaries (one read each), no mirror. */
  async summaries(guildId: string, kind: ListKind): Promise<MemberSummary[]> {
    return this.mirrors.summaries.read(await this.memberships.members(guildId), kind, this.o.now());
  }

  /** The server's record, then its kept top titles (one read) or its members' summaries counted (src/community/server-totals.ts). */
  async topCounts(guildId: string, kind: ListKind, status: string | undefined, minMembers: number): Promise<TopCount[]> {
    return this.mirrors.totals.top(guildId, await this.memberships.members(guildId), kind, status, minMembers, this.o.now());
  }

  /** The server's record, then its members' kept sums (one read) or their summaries read (src/community/server-totals.ts). */
  async memberSums(guildId: string, kind: ListKind): Promise<MemberSums[]> {
    return this.mirrors.totals.sums(guildId, await this.memberships.members(guildId), kind, this.o.now());
  }

  async memberSummary(guildId: string, discordUserId: string, kind: ListKind): Promise<MemberSummary | undefined> {
    if (!(await this.memberships.isMember(guildId, discordUserId))) return undefined;
    const [summary] = await this.mirrors.summaries.read([discordUserId], kind, this.o.now());
    return summary;
  }

  titleNames(kind: ListKind, ids: readonly number[]): Promise<Map<number, TitleName>> {
    return this.mirrors.titles.names(kind, ids);
  }

  /** The server's record, then its members' sums (one read), no mirror. */
  async yearSums(guildId: string, kind: ListKind, year: number): Promise<MemberYear[]> {
    return this.mirrors.tallies.years(await this.memberships.members(guildId), kind, year);
  }

  /** The server's record, then its members' sums (one read), no mirror. */
  async weekSums(guildId: string, kind: ListKind, fromMs: number, toMs: number): Promise<MemberWeek[]> {
    return this.mirrors.tallies.weeks(await this.memberships.members(guildId), kind, fromMs, toMs);
  }

  history(discordUserId: string, kind: ListKind): Promise<MemberHistory | undefined> {
    return this.mirrors.history.read(discordUserId, kind);
  }

  async join(guildId: string, discordUserId: string, signal?: AbortSignal): Promise<JoinOutcome> {
    const link = await this.o.linked(discordUserId);
    if (!link) return { ok: false, reason: 'not-linked' };
    // Noted as not a member by this process a moment ago: no longer true.
    this.notedActive.delete(discordUserId);
    const now = this.o.now();
    const joined = await this.memberships.join(guildId, discordUserId, link.serviceUser, now);
    let changes: MirrorChange[] = [];
    try {
      // The first sync happens now when no mirror of this account is kept (or only a stale one).
      const kept = await this.mirrors.records(discordUserId);
      const needsSync = KINDS.some((kind) => {
        const k = kept[kind];
        return !k || k.serviceUser !== link.serviceUser || k.staleUntil !== undefined;
      });
      if (needsSync) {
        const synced = await this.sync.syncKinds(discordUserId, link.serviceUser, signal, KINDS, kept);
        changes = synced.changes;
        await this.memberships.updateMember(discordUserId, (m) => {
          noteRead(m, synced.newest, now, this.knobs);
          return true;
        });
      } else if (!joined.alreadyMember) {
        // Their mirrors are kept (another server of theirs): their rows go into this server too.
        await this.mirrors.indexGuild(discordUserId, guildId);
      }
    } catch (error) {
      if (!joined.alreadyMember) await this.undoJoin(guildId, discordUserId);
      if (error instanceof ReauthRequiredError) return { ok: false, reason: 'not-linked' };
      throw error;
    }
    if (joined.firstServer || joined.wasLost) await this.sync.scheduleAtPace(discordUserId);
    // Left this server or forgotten while joining (their record decides): nothing of a non-member stays.
    const member = await this.memberships.member(discordUserId);
    if (!member?.guilds.includes(guildId)) {
      await this.memberships.settle(guildId, discordUserId);
      if (!member) await this.mirrors.drop(discordUserId);
      else await this.mirrors.unindexGuild(discordUserId, guildId);
      return { ok: false, reason: 'left' };
    }
    if (changes.length > 0) await this.emit(discordUserId, link.serviceUser, changes);
    const mirrors = await this.mirrors.records(discordUserId);
    return { ok: true, alreadyMember: joined.alreadyMember, serviceUser: link.serviceUser, entries: { anime: mirrors.anime?.entries.size ?? 0, manga: mirrors.manga?.entries.size ?? 0 } };
  }

  /** A join whose first sync failed leaves nothing behind. */
  private async undoJoin(guildId: string, userId: string): Promise<void> {
    const { gone } = await this.memberships.leave(guildId, userId);
    if (gone) await this.dropUserData(userId, gone.jobIds ?? []);
    else await this.mirrors.unindexGuild(userId, guildId);
  }

  async leave(guildId: string, discordUserId: string): Promise<boolean> {
    const { was, gone } = await this.memberships.leave(guildId, discordUserId);
    if (gone) await this.dropUserData(discordUserId, gone.jobIds ?? []);
    // Still a member elsewhere: their rows in this server go (unless their record names it again: a join won).
    else if (was) await this.mirrors.unindexGuild(discordUserId, guildId);
    return was;
  }

  /** A non-member's mirrors, completions seen and sync jobs, gone (after their record: a sync or join still running then drops what it wrote itself). */
  private async dropUserData(userId: string, jobIds: readonly string[]): Promise<number> {
    if (jobIds.length > 0) await this.o.jobs.remove(SYNC_QUEUE, jobIds);
    return (await this.mirrors.drop(userId)) + (await dropCompletionsSeen(this.o.kv, userId));
  }

  /** Whether the person joined some server's community (their membership record; a lost login still counts until removed). */
  async joined(discordUserId: string): Promise<boolean> {
    return (await this.memberships.member(discordUserId)) !== undefined;
  }

  async listChanged(discordUserId: string, kind: ListKind, id: number, entry: MirrorEntry | undefined): Promise<void> {
    const member = await this.memberships.member(discordUserId);
    if (!member) return;
    const change = await this.mirrors.applyChange(discordUserId, kind, id, entry);
    const now = this.o.now();
    if (change || now - member.activeAt >= ACTIVITY_WRITE_MS) {
      const noted = await this.memberships.updateMember(discordUserId, (m) => {
        m.activeAt = now;
        if (change) m.changedAt = now;
        return true;
      });
      // Left their last server or forgotten meanwhile (the mirror went with them): nothing is told.
      if (!noted) return;
      await this.syncSoon(discordUserId, member.nextAt, now);
    }
    // Changing their list through the bot means they are logged in again: syncing resumes.
    if (member.lost) await this.sync.resume(discordUserId);
    if (change) await this.emit(discordUserId, member.serviceUser, [change]);
  }

  /**
   * The user just used the bot (called after each answered interaction): a joined member's syncs come
   * more often for a while, the next one within half the base interval. Never throws.
   */
  async noteActive(discordUserId: string): Promise<void> {
    if (this.notedActive.has(discordUserId)) return;
    this.notedActive.set(discordUserId, true);
    try {
      const now = this.o.now();
      const noted = await this.memberships.updateMember(discordUserId, (m) => {
        if (now - m.activeAt < ACTIVITY_WRITE_MS) return undefined;
        m.activeAt = now;
        return true;
      });
      if (noted && !noted.member.lost) await this.syncSoon(discordUserId, noted.member.nextAt, now);
    } catch (error) {
      this.o.log.warn('could not note a joined member as active', { error });
    }
  }

  /**
   * The member unlinked their account (/logout): syncing stops now, and the mirror stays visible for
   * the stale period, as for a lost login (nothing for someone who joined no server).
   */
  loggedOut(discordUserId: string): Promise<void> {
    return this.sync.markLost(discordUserId);
  }

  /** An active member's next sync comes within half the base interval. */
  private async syncSoon(userId: string, nextAt: number, now: number): Promise<void> {
    const soon = now + slotMs(this.knobs);
    if (nextAt > soon) await this.sync.schedule(userId, soon);
  }

  async forgetUser(discordUserId: string): Promise<number> {
    this.notedActive.delete(discordUserId);
    // The memberships first: a join or sync that writes a mirror after this finds no record and drops it.
    const { count, gone } = await this.memberships.forget(discordUserId);
    return count + (await this.dropUserData(discordUserId, gone?.jobIds ?? []));
  }

  onChanges(listener: MirrorChangeListener): void {
    this.listeners.push(listener);
  }

  /** Tells every listener; one that fails is logged and never stops the others or the sync. */
  private async emit(userId: string, serviceUser: string, changes: MirrorChange[]): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(userId, serviceUser, changes);
      } catch (error) {
        this.o.log.warn('a listener of list changes failed', { error });
      }
    }
  }

  /** Queues the member's next sync for `atMs` (tests and the bench; syncs schedule themselves otherwise). */
  scheduleSync(discordUserId: string, atMs: number): Promise<void> {
    return this.sync.schedule(discordUserId, atMs);
  }

  /** One member's sync job, run now (tests and the bench; the job engine runs it otherwise). */
  runSync(discordUserId: string): Promise<void> {
    return this.sync.runJob(discordUserId);
  }

  /** The deployment's periodic watch, run now (tests; the job engine runs it otherwise). */
  watch(): Promise<void> {
    return this.sync.watch();
  }
}
