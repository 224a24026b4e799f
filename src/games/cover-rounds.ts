// Cover rounds (`/game cover`): a channel plays rounds together; each round's cover is posted heavily
// pixelated and sharpens every 10 s for 60 s (edits of the bot's own message), and the first person to
// name it wins. One round at a time per channel: starting is a compare-and-set of the channel's record
// (src/games/cover-session.ts), and so is every answer, so the first correct answer the store takes wins
// exactly once across processes, whatever order Discord delivered them in. A round's steps are jobs
// (`game-cover-round`, ids from the session, the round and the step), so a restart loses none and every
// process asking for the same step adds it once. What is posted and how is the display's (given at construction):
// this module knows no Discord and no picture. No service request: the pool is in the store.

import type { JobEngine, JobRun, QueueSpec } from '../jobs/job-engine.js';
import { QueueOwner, queueWorker } from '../jobs/queue-owner.js';
import type { Logger } from '../log/log.js';
import { modify } from '../store/compare-and-set.js';
import type { StoreEngine } from '../store/engine.js';
import {
  COVER_FRAMES, COVER_KEEP_MS, COVER_STEP_MS, coverKey, coverNonce, cryptoDraw, newSession, nextRound, playedRound, roundOpen, sessionDecoder,
  type CoverSession, type Draw, type PlayedRound, type SessionStart,
} from './cover-session.js';
import { isFormOf } from './matching.js';
import type { GameKind, GamePool, PoolTitle } from './pool.js';

export const COVER_QUEUE = 'game-cover-round';
/** Job steps: frames 0–5, then the round's end (60 s) and its result. */
export const END_STEP = COVER_FRAMES;
export const RESULT_STEP = COVER_FRAMES + 1;

/** What shows a round in its channel (the Discord side; given at construction). */
export interface CoverRoundDisplay {
  /** Posts the round's first frame with this nonce; returns the message's id. */
  post(s: CoverSession, nonce: string): Promise<string>;
  /** Edits the round's message to show frame `frame` (1–5). */
  edit(s: CoverSession, frame: number): Promise<void>;
  /** Posts the round's result (its winner, or no one; the title and its cover) and closes the round's message. */
  result(s: CoverSession, round: PlayedRound, nonce: string): Promise<void>;
}

export interface CoverRoundsDeps {
  kv: Pick<StoreEngine, 'get' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete'>;
  jobs: JobEngine;
  /** Notes an answer in a running round (and whether it won it) on the server's board; a win is noted once. */
  played: (a: CoverAnswerRecord) => Promise<void>;
  pool: (kind: GameKind) => Promise<GamePool | undefined>;
  now: () => number;
  log: Logger;
  /** How rounds are shown; none in a process that shows none (its workers then fail the steps, which others retry). */
  display?: CoverRoundDisplay | undefined;
  draw?: Draw;
}

/** One answer in a running round: who, where, when, and whether it won the round. */
export interface CoverAnswerRecord {
  guildId: string;
  userId: string;
  at: number;
  won: boolean;
}

interface StepJob {
  channelId: string;
  sid: string;
  n: number;
  step: number;
}

function parseStep(data: unknown): StepJob | undefined {
  const d = data as Partial<StepJob> | null;
  if (typeof d !== 'object' || d === null) return undefined;
  const ok = typeof d.channelId === 'string' && typeof d.sid === 'string' && Number.isSafeInteger(d.n) && Number.isSafeInteger(d.step) && d.step! >= 0 && d.step! <= RESULT_STEP;
  return ok ? (d as StepJob) : undefined;
}

/** What starting asked: a new session (its first round queued), or the one already running there. */
export type CoverStart = { started: CoverSession } | { running: CoverSession } | { empty: true };

/** What an answer did. `taken`: the round was already won (or ended, `winner` absent); `stale`: another session's button. */
export type CoverAnswer =
  | { none: true }
  | { stale: true }
  | { won: CoverSession; ms: number }
  | { wrong: CoverSession }
  | { taken: CoverSession; round: PlayedRound };

export class CoverRounds {
  private readonly queue: QueueOwner;
  private readonly draw: Draw;

  constructor(private readonly o: CoverRoundsDeps) {
    this.draw = o.draw ?? cryptoDraw;
    this.queue = new QueueOwner(o.jobs, { specs: () => [this.spec], workers: [queueWorker(COVER_QUEUE, parseStep, (job, run) => this.step(job, run))] });
  }

  private get spec(): QueueSpec {
    return { name: COVER_QUEUE, attempts: 3, retryBaseMs: 2_000, leaseMs: 30_000, concurrency: 16, keepDoneMs: 2 * 60 * 60_000, keepFailedMs: 24 * 60 * 60_000 };
  }

  define(): Promise<void> {
    return this.queue.define();
  }

  /** This process's workers (processes that run jobs and show rounds). */
  start(): Promise<void> {
    return this.queue.start();
  }

  /** The channel's session (running or lately over), if any. */
  async session(channelId: string): Promise<CoverSession | undefined> {
    return sessionDecoder.decode(await this.o.kv.get(coverKey(channelId)));
  }

  /** Starts rounds in a channel unless a session runs there (one at a time). */
  async begin(o: SessionStart, pool: GamePool): Promise<CoverStart> {
    const now = this.o.now();
    const got = await modify<CoverStart>(
      this.o.kv,
      coverKey(o.channelId),
      (raw) => {
        const was = sessionDecoder.decode(raw);
        if (was && !was.over) return { keep: true, result: { running: was } };
        const s = newSession(o, pool, now, this.draw);
        return s ? { value: JSON.stringify(s), result: { started: s } } : { keep: true, result: { empty: true } };
      },
      COVER_KEEP_MS,
    );
    if ('started' in got) await this.queueRound(got.started);
    return got;
  }

  /**
   * An answer naming `guess` (a pool title) in the channel; `sid` when it came from a session's button.
   * `typed`: the text the person typed, when they typed a title: it names the round's title when it is
   * one of its forms, even a form another (more popular) title shares, which `guess` then is.
   */
  async answer(channelId: string, userId: string, guess: PoolTitle, sid?: string, typed?: string): Promise<CoverAnswer> {
    const at = this.o.now();
    const got = await modify<CoverAnswer>(
      this.o.kv,
      coverKey(channelId),
      (raw) => {
        const s = sessionDecoder.decode(raw);
        if (!s) return { keep: true, result: { none: true } };
        if (sid !== undefined && s.sid !== sid) return { keep: true, result: { stale: true } };
        if (!roundOpen(s)) return { keep: true, result: { taken: s, round: s.over ? (s.played.at(-1) ?? playedRound(s)) : playedRound(s) } };
        if (guess.id !== s.title.id && (typed === undefined || !isFormOf(s.title, typed))) return { keep: true, result: { wrong: s } };
        const won: CoverSession = { ...s, won: { userId, at } };
        return { value: JSON.stringify(won), result: { won, ms: Math.max(0, at - s.startedAt) } };
      },
      COVER_KEEP_MS,
    );
    if ('won' in got) await this.enqueue(got.won, RESULT_STEP, 0);
    if ('won' in got || 'wrong' in got) {
      const s = 'won' in got ? got.won : got.wrong;
      try {
        await this.o.played({ guildId: s.guildId, userId, at, won: 'won' in got });
      } catch (error) {
        // The round's outcome stands (the store decided it); only the board misses this answer.
        this.o.log.warn('a cover round answer could not be noted on the server\'s board', { error });
      }
    }
    return got;
  }

  /** Queues a round's frames, its end and nothing else (the result follows a win or the end). */
  private async queueRound(s: CoverSession): Promise<void> {
    const elapsed = this.o.now() - s.startedAt;
    for (let step = 0; step <= END_STEP; step++) await this.enqueue(s, step, Math.max(0, step * COVER_STEP_MS - elapsed));
  }

  private enqueue(s: CoverSession, step: number, delayMs: number): Promise<boolean> {
    const job: StepJob = { channelId: s.channelId, sid: s.sid, n: s.n, step };
    return this.o.jobs.enqueue(COVER_QUEUE, `${s.sid}:${s.n}:${step}`, job, delayMs > 0 ? { delayMs } : {});
  }

  /** One step of a round; a step of a round no longer played does nothing. */
  private async step(job: StepJob, run: JobRun): Promise<void> {
    const s = await this.session(job.channelId);
    if (!s || s.sid !== job.sid || s.n !== job.n) return;
    try {
      if (job.step === RESULT_STEP) await this.finish(s);
      else if (job.step === END_STEP) await this.timeOut(s);
      else if (roundOpen(s)) await this.frame(s, job.step);
    } catch (error) {
      if (!run.final) throw error;
      // The channel cannot be shown the round (the bot lost its access, or Discord keeps refusing): it ends, so the channel is not held.
      this.o.log.warn('a cover round could not be shown; the channel\'s rounds end', { error, step: job.step });
      await this.change(s, (now) => (now.over ? undefined : { ...now, over: true, played: [...now.played, playedRound(now)] }));
      throw error;
    }
  }

  private async frame(s: CoverSession, frame: number): Promise<void> {
    const display = this.shown();
    if (frame === 0) {
      if (s.messageId !== undefined) return;
      const messageId = await display.post(s, coverNonce(s.sid, s.n, 'frame'));
      await this.change(s, (now) => (now.messageId === undefined ? { ...now, messageId } : undefined));
      return;
    }
    if (s.messageId === undefined) throw new Error('the round\'s first frame is not posted yet');
    await display.edit(s, frame);
  }

  /** At 60 s: an open round ends with no winner; either way its result is queued (once: the id names the round). */
  private async timeOut(s: CoverSession): Promise<void> {
    const ended = await this.change(s, (now) => (roundOpen(now) ? { ...now, timedOut: true } : undefined));
    if (ended || s.won) await this.enqueue(ended ?? s, RESULT_STEP, 0);
  }

  /** Posts the result, then moves on to the next round (or ends the session), once. */
  private async finish(s: CoverSession): Promise<void> {
    if (roundOpen(s)) return;
    await this.shown().result(s, playedRound(s), coverNonce(s.sid, s.n, 'result'));
    const pool = await this.o.pool(s.kind);
    const next = await this.change(s, (now) => (roundOpen(now) ? undefined : nextRound(now, pool, this.o.now(), this.draw)));
    if (next && !next.over) await this.queueRound(next);
  }

  /** Changes the session if it still plays round `s.n` of `s.sid`; returns the new session when changed. */
  private change(s: CoverSession, f: (now: CoverSession) => CoverSession | undefined): Promise<CoverSession | undefined> {
    return modify<CoverSession | undefined>(
      this.o.kv,
      coverKey(s.channelId),
      (raw) => {
        const now = sessionDecoder.decode(raw);
        const next = now && now.sid === s.sid && now.n === s.n ? f(now) : undefined;
        return next ? { value: JSON.stringify(next), result: next } : { keep: true, result: undefined };
      },
      COVER_KEEP_MS,
    );
  }

  private shown(): CoverRoundDisplay {
    if (!this.o.display) throw new Error('this process cannot show cover rounds');
    return this.o.display;
  }
}
