// The server's pick put to a vote: a `/server pick` answer kept for its **Vote** button, the native
// Discord poll it opened, and the end of that poll as a job on the job engine (in-process, pg-boss or
// BullMQ: across restarts and processes), never a timer in memory. The end job reads the poll through
// the Discord port until Discord reports it finalized — Discord counts the votes some time after the
// end, so each read that finds the ended poll not yet final queues the next read as a job of its own
// (its id names its due time: ids deduplicate), often at first and backing off to RECHECK_MAX_MS, until
// the poll's record is gone; no poll is given up —, then posts the result once: a claim in the shared
// store keeps two runs (the expiry job, an early end, a gateway MESSAGE_UPDATE) from both posting, and the
// post's nonce (with enforce_nonce) makes a retry after a lost answer return the first message.

import { createHash, randomBytes } from 'node:crypto';
import { UnrecoverableJobError, type JobEngine, type JobRun, type QueueSpec } from '../jobs/job-engine.js';
import { QueueOwner, queueWorker } from '../jobs/queue-owner.js';
import type { Logger } from '../log/log.js';
import { modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { isRecord } from '../util/is-record.js';
import type { StoreEngine } from '../store/engine.js';
import type { ListKind } from '../community/types.js';
import type { DiscordSide, PollDraft } from '../discord-api/discord-side.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const POLL_QUEUE = 'group-poll-ends';
/** Poll durations the bot offers (Discord allows up to 768 hours). */
export const POLL_HOURS = { min: 1, max: 168, default: 24 } as const;
/** How long a pick's Vote button works. */
export const PICK_KEEP_MS = 24 * HOUR;
/** After the poll's end: how often it is read again at first until Discord reports it finalized. */
export const RECHECK_MS = 15_000;
/** The longest wait between two reads of an ended poll that Discord has not finalized. */
export const RECHECK_MAX_MS = 15 * MINUTE;
/** A poll not finalized this long after its end is logged (and still read, less often). */
export const RECHECK_FOR_MS = 30 * MINUTE;
/** A poll's record is kept this long after its end (End poll clicks are answered meanwhile). */
const POLL_KEEP_AFTER_MS = 7 * 24 * HOUR;

export type PollKv = Pick<StoreEngine, 'get' | 'set' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete' | 'delete' | 'keys'>;

export const POLL_KEY = {
  pick: (pickId: string) => `gpoll:pick:${pickId}`,
  poll: (messageId: string) => `gpoll:poll:${messageId}`,
  claim: (messageId: string) => `gpoll:claim:${messageId}`,
};

/** A title of a pick, as the pick showed it (untrusted text). */
export interface PickedTitle {
  id: number;
  title: string;
  /** How many of the chosen members plan it. */
  wanters: number;
  picture?: string;
}

export interface PickRecord {
  guildId: string;
  channelId: string;
  kind: ListKind;
  invokerId: string;
  /** The poll's duration in hours. */
  hours: number;
  /** Titles safe for the channel only (not-safe-for-work ones were left out unless it is age-restricted). */
  titles: PickedTitle[];
}

export interface PollRecord {
  messageId: string;
  channelId: string;
  guildId: string;
  kind: ListKind;
  creatorId: string;
  /** The server's language the poll and its result are written in. */
  locale: string;
  expiresAt: number;
  /** Answer `i + 1` of the poll is `answers[i]`. */
  answers: PickedTitle[];
  /** Set once the result was posted. */
  resultAt?: number;
  /** When End poll ended it before `expiresAt` (absent in records of earlier versions). */
  endedAt?: number;
}

/** The poll as Discord reports it now: answer id (from 1) → votes. */
export interface PollReading {
  finalized: boolean;
  counts: ReadonlyMap<number, number>;
  /** The poll's end as Discord reports it now (its `expiry`, moved to the end by an expire); undefined when unknown. */
  endsAt?: number;
}

export interface PollResult {
  /** Undefined when nobody voted. */
  winner?: PickedTitle;
  votes: number;
  totalVotes: number;
  /** How a tie for the most votes was broken: by members who want it, else by the pick's order. */
  tie: 'none' | 'members' | 'order';
}

/** Discord, as the end job needs it; set by a process with a Discord client. */
export interface PollPort {
  /** The poll now; undefined when the message is gone or can no longer be read (nothing to post). */
  read(poll: PollRecord, signal: AbortSignal): Promise<PollReading | undefined>;
  /** Posts the result in the poll's channel with this nonce (enforce_nonce); throws when it did not. */
  postResult(poll: PollRecord, result: PollResult, nonce: string, signal: AbortSignal): Promise<void>;
}

export interface EndJob {
  messageId: string;
}

export function parseEndJob(data: unknown): EndJob | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const messageId = (data as Record<string, unknown>).messageId;
  return typeof messageId === 'string' && /^\d{1,20}$/.test(messageId) ? { messageId } : undefined;
}

/** The winner: most votes; a tie goes to the title more members want, then to the one ranked higher in the pick. */
export function pollResult(answers: readonly PickedTitle[], counts: ReadonlyMap<number, number>): PollResult {
  const votes = answers.map((_, i) => counts.get(i + 1) ?? 0);
  const totalVotes = votes.reduce((a, b) => a + b, 0);
  const most = Math.max(0, ...votes);
  if (most === 0) return { votes: 0, totalVotes, tie: 'none' };
  const tied = answers.filter((_, i) => votes[i] === most);
  const mostWanted = Math.max(...tied.map((a) => a.wanters));
  const byMembers = tied.filter((a) => a.wanters === mostWanted);
  const tie = tied.length === 1 ? 'none' : byMembers.length === 1 ? 'members' : 'order';
  return { winner: byMembers[0], votes: most, totalVotes, tie };
}

/** The result post's nonce (Discord keeps at most 25 characters). */
export function resultNonce(messageId: string): string {
  return createHash('sha256').update(`poll-result:${messageId}`).digest('base64url').slice(0, 25);
}

/**
 * How long after a read of an ended poll that Discord has not finalized it is read again: `baseMs` (Discord
 * usually finalizes within seconds, so the result follows within a minute), then a quarter of the time
 * since the end, at most RECHECK_MAX_MS: a few reads an hour for a poll that takes hours, never none.
 */
export function recheckDelay(sinceEndMs: number, baseMs = RECHECK_MS): number {
  return Math.min(Math.max(baseMs, RECHECK_MAX_MS), Math.max(baseMs, Math.floor(sinceEndMs / 4)));
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isKind = (v: unknown): v is ListKind => v === 'anime' || v === 'manga';
const isTitle = (v: unknown): v is PickedTitle =>
  isRecord(v) && typeof v.id === 'number' && isText(v.title) && typeof v.wanters === 'number' && (v.picture === undefined || isText(v.picture));
const isOptionalNumber = (v: unknown): boolean => v === undefined || typeof v === 'number';

const pickDecoder = jsonDecoder<PickRecord>('gpoll:pick', (v) =>
  isRecord(v) && isText(v.guildId) && isText(v.channelId) && isKind(v.kind) && isText(v.invokerId) && typeof v.hours === 'number' && Array.isArray(v.titles) && v.titles.every(isTitle)
    ? (v as unknown as PickRecord)
    : undefined,
);

const pollDecoder = jsonDecoder<PollRecord>('gpoll:poll', (v) =>
  isRecord(v) && isText(v.messageId) && isText(v.channelId) && isText(v.guildId) && isKind(v.kind) && isText(v.creatorId) && isText(v.locale) &&
  typeof v.expiresAt === 'number' && Array.isArray(v.answers) && v.answers.every(isTitle) && isOptionalNumber(v.resultAt) && isOptionalNumber(v.endedAt)
    ? (v as unknown as PollRecord)
    : undefined,
);

export interface GroupPollsOptions {
  kv: PollKv;
  jobs: JobEngine;
  now: () => number;
  log: Logger;
  leaseMs?: number;
  /** How long after a read that found the ended poll not yet finalized it is read again (default RECHECK_MS). */
  recheckMs?: number;
  /** How the end job reads polls and posts results (poll-delivery.ts over the Discord side); none: end jobs fail and are retried. */
  port?: PollPort;
  /** Opening and ending polls on Discord (`open`, `end`). */
  discord?: Pick<DiscordSide, 'polls'>;
}

/** A poll to open: the pick it puts to a vote, its texts in the server's language, who opened it. */
export interface PollOpening {
  pick: PickRecord;
  /** The question and one answer per title in `answers`, Discord's limits kept. */
  draft: PollDraft;
  answers: readonly PickedTitle[];
  creatorId: string;
  locale: string;
  /** Repeats within Discord's window return the first poll. */
  nonce: string;
  signal?: AbortSignal;
}

export class GroupPolls {
  private readonly queue: QueueOwner;

  constructor(private readonly o: GroupPollsOptions) {
    this.queue = new QueueOwner(o.jobs, {
      specs: () => [this.spec],
      workers: [queueWorker(POLL_QUEUE, parseEndJob, (job, run) => this.run(job, run))],
    });
  }

  get spec(): QueueSpec {
    return { name: POLL_QUEUE, attempts: 6, retryBaseMs: 10_000, leaseMs: this.o.leaseMs ?? 2 * MINUTE, concurrency: 2, keepDoneMs: 2 * HOUR, keepFailedMs: 24 * HOUR };
  }

  /**
   * Opens the poll on Discord, records it and schedules its end. `repeated`: the same poll came back for
   * a repeated nonce (recorded before); `endsAt`: its end as recorded.
   */
  async open(o: PollOpening): Promise<{ messageId: string; endsAt: number; repeated: boolean }> {
    const created = await this.discordPolls().create({ guildId: o.pick.guildId, channelId: o.pick.channelId, draft: o.draft, nonce: o.nonce, ...(o.signal ? { signal: o.signal } : {}) });
    // On the bot's own clock (the end job's schedule); Discord's clock says when it is final.
    const expiresAt = this.o.now() + o.pick.hours * HOUR;
    const { pick } = o;
    const added = await this.opened({ messageId: created.messageId, channelId: pick.channelId, guildId: pick.guildId, kind: pick.kind, creatorId: o.creatorId, locale: o.locale, expiresAt, answers: [...o.answers] });
    const endsAt = added ? expiresAt : ((await this.poll(created.messageId))?.expiresAt ?? expiresAt);
    return { messageId: created.messageId, endsAt, repeated: !added };
  }

  /** Ends a poll now on Discord (End poll); its end job runs at once. `gone`: the message is no more (nothing ended). */
  async end(poll: PollRecord, signal?: AbortSignal): Promise<'ended' | 'already' | 'gone'> {
    const outcome = await this.discordPolls().expire(poll, signal);
    if (outcome !== 'gone') await this.ended(poll.messageId, 'early');
    return outcome;
  }

  private discordPolls(): DiscordSide['polls'] {
    if (!this.o.discord) throw new Error('the polls were given no Discord side');
    return this.o.discord.polls;
  }

  define(): Promise<void> {
    return this.queue.define();
  }

  /** This process's workers on the end queue (once). */
  start(): Promise<void> {
    return this.queue.start();
  }

  /** Keeps a pick for its Vote button; returns its id (what the button carries). */
  async savePick(pick: PickRecord): Promise<string> {
    const pickId = randomBytes(9).toString('base64url');
    await this.o.kv.set(POLL_KEY.pick(pickId), JSON.stringify(pick), PICK_KEEP_MS);
    return pickId;
  }

  async pick(pickId: string): Promise<PickRecord | undefined> {
    return pickDecoder.decode(await this.o.kv.get(POLL_KEY.pick(pickId)));
  }

  async poll(messageId: string): Promise<PollRecord | undefined> {
    return pollDecoder.decode(await this.o.kv.get(POLL_KEY.poll(messageId)));
  }

  /**
   * A poll Discord created: recorded, and its end scheduled (one job per poll message, whichever process
   * records it). Returns false when it was recorded already (the same poll returned for a repeated nonce).
   */
  async opened(poll: PollRecord): Promise<boolean> {
    const keep = Math.max(0, poll.expiresAt - this.o.now()) + POLL_KEEP_AFTER_MS;
    const added = await this.o.kv.setIfAbsent(POLL_KEY.poll(poll.messageId), JSON.stringify(poll), keep);
    await this.schedule(poll.messageId, 'expiry', Math.max(0, poll.expiresAt - this.o.now()));
    return added;
  }

  /**
   * "Forget me": picks this user ran are deleted; polls they started forget them (End poll is then for
   * members with Manage Events). Returns how many records changed.
   */
  async forgetUser(discordUserId: string): Promise<number> {
    let changed = 0;
    for (const key of await this.o.kv.keys('gpoll:pick:')) {
      if (pickDecoder.decode(await this.o.kv.get(key))?.invokerId === discordUserId && (await this.o.kv.delete(key))) changed++;
    }
    for (const key of await this.o.kv.keys('gpoll:poll:')) {
      const raw = await this.o.kv.get(key);
      const poll = pollDecoder.decode(raw);
      if (raw === undefined || poll?.creatorId !== discordUserId) continue;
      const keep = Math.max(0, poll.expiresAt - this.o.now()) + POLL_KEEP_AFTER_MS;
      // Retried past a concurrent change (a vote, the end): the creator's id never stays behind.
      const scrubbed = await modify(this.o.kv, key, (now) => {
        const current = pollDecoder.decode(now);
        return current?.creatorId === discordUserId ? { value: JSON.stringify({ ...current, creatorId: '' }), result: true } : { keep: true, result: false };
      }, keep);
      if (scrubbed) changed++;
    }
    return changed;
  }

  /**
   * The poll ended (End poll, or Discord's MESSAGE_UPDATE): its end job runs now. End poll also notes the
   * end in the record, so the reads that follow wait for Discord's count, not for the original expiry.
   * Unknown polls are ignored.
   */
  async ended(messageId: string, how: 'early' | 'final'): Promise<void> {
    const key = POLL_KEY.poll(messageId);
    const raw = await this.o.kv.get(key);
    if (!raw) return;
    const poll = pollDecoder.decode(raw);
    const now = this.o.now();
    if (how === 'early' && poll && poll.endedAt === undefined && now < poll.expiresAt) {
      // One compare-and-set, not `modify`: losing is the answer. The write it lost to (a scrub, another
      // End poll) leaves the record as it is, and Discord's own expiry (moved by the expire) still tells
      // the end to the reads that follow.
      await this.o.kv.compareAndSet(key, raw, JSON.stringify({ ...poll, endedAt: now }), poll.expiresAt - now + POLL_KEEP_AFTER_MS);
    }
    await this.schedule(messageId, how, 0);
  }

  private async schedule(messageId: string, tag: string, delayMs: number): Promise<void> {
    await this.o.jobs.enqueue(POLL_QUEUE, `${messageId}:${tag}`, { messageId }, { delayMs });
  }

  /** One end job: read the poll; once finalized, post the result (once). */
  async run(job: EndJob, run: JobRun): Promise<void> {
    const poll = await this.poll(job.messageId);
    if (!poll || poll.resultAt !== undefined) return;
    const port = this.o.port;
    if (!port) throw new Error('the polls were given no port to read polls and post results');
    try {
      const signal = AbortSignal.timeout(30_000);
      const reading = await port.read(poll, signal);
      if (!reading) {
        this.o.log.warn('a poll could no longer be read; no result is posted', { messageId: poll.messageId });
        return;
      }
      if (!reading.finalized) return await this.readAgain(poll, reading);
      await this.post(poll, pollResult(poll.answers, reading.counts), port, signal, run);
    } catch (error) {
      // The last attempt failed (Discord out of reach for a while): the job fails, but a later read stays
      // queued, so the poll is not given up. A refusal retrying cannot help (UnrecoverableJobError) ends it.
      if (run.final && !(error instanceof UnrecoverableJobError)) {
        const now = this.o.now();
        await this.schedule(poll.messageId, `check:${now + RECHECK_MAX_MS}`, RECHECK_MAX_MS);
      }
      throw error;
    }
  }

  /**
   * A poll read before Discord finalized it: before its end, a read of its own at the end; after it
   * (its expiry, End poll, or Discord's expiry moved by an expire), a read of its own, due later.
   */
  private async readAgain(poll: PollRecord, reading: PollReading): Promise<void> {
    const now = this.o.now();
    const endsAt = Math.min(poll.expiresAt, poll.endedAt ?? Infinity, reading.endsAt !== undefined && reading.endsAt > 0 ? reading.endsAt : Infinity);
    // Not `expiry`: inside the expiry job itself (started early by this clock) that id is the running job's, dropped.
    if (now < endsAt) return this.schedule(poll.messageId, `check:${endsAt}`, endsAt - now);
    const sinceEnd = now - endsAt;
    if (sinceEnd >= RECHECK_FOR_MS) {
      this.o.log.warn('Discord has not finalized a poll yet; it is read again later', { messageId: poll.messageId, endedMinutesAgo: Math.round(sinceEnd / MINUTE) });
    }
    const delayMs = recheckDelay(sinceEnd, this.o.recheckMs ?? RECHECK_MS);
    await this.schedule(poll.messageId, `check:${now + delayMs}`, delayMs);
  }

  private async post(poll: PollRecord, result: PollResult, port: PollPort, signal: AbortSignal, run: JobRun): Promise<void> {
    const claim = POLL_KEY.claim(poll.messageId);
    const mine = `${run.id}:${run.attempt}`;
    // Another run holding the claim posts (or its lease lapses and a retry of this job does).
    if (!(await this.o.kv.setIfAbsent(claim, mine, this.spec.leaseMs))) throw new Error('another run is posting this poll\'s result');
    try {
      await port.postResult(poll, result, resultNonce(poll.messageId), signal);
      // Retried past a concurrent change (a scrub by "forget me"): a result noted posted keeps the end
      // jobs still queued (an early end, Discord's MESSAGE_UPDATE, a later read) from posting it again
      // once the nonce's window has passed. A record gone meanwhile stays gone.
      await modify(this.o.kv, POLL_KEY.poll(poll.messageId), (raw) => {
        const stored = pollDecoder.decode(raw);
        return stored && stored.resultAt === undefined ? { value: JSON.stringify({ ...stored, resultAt: this.o.now() }), result: true } : { keep: true, result: false };
      }, POLL_KEEP_AFTER_MS);
    } finally {
      await this.o.kv.delete(claim);
    }
  }
}
