// The games (`/game`): the pools and their weekly reads, the daily secrets, each person's plays, the channels' cover rounds. One instance per process, on the shared store
// and job engine; handed to handlers as `ctx.deps.games`.

import type { JobEngine } from '../jobs/job-engine.js';
import type { Logger } from '../log/log.js';
import type { StoreEngine } from '../store/engine.js';
import { GamePools, type GameKind, type GamePool } from './pool.js';
import { PoolRefresh, poolRetryAt, type PoolSource } from './pool-refresh.js';
import { DailySecrets } from './daily.js';
import { Plays } from './plays.js';
import { HigherLower } from './higher-lower.js';
import { CoverRecords } from './cover-records.js';
import { CoverRounds, type CoverRoundDisplay } from './cover-rounds.js';

export interface GamesDeps {
  kv: StoreEngine;
  jobs: JobEngine;
  source: PoolSource;
  now: () => number;
  log: Logger;
  /** How cover rounds are shown in their channels (src/views/game-cover-display.ts); none where no round is shown. */
  coverDisplay?: CoverRoundDisplay | undefined;
  /** Whether this process reads pools (queues and works the reads, runs the watch); default true. */
  poolReads?: boolean;
}

/** A kind's pool, or when to come back while it is not read yet. */
export type PoolOrWait = { pool: GamePool } | { retryAt: number };

export class Games {
  readonly pools: GamePools;
  readonly refresh: PoolRefresh;
  /** The daily puzzle's secret per kind and UTC day, the same for every process. */
  readonly secrets: DailySecrets;
  /** Each person's guesses, streaks and stats. */
  readonly plays: Plays;
  /** Higher or lower: each person's round. */
  readonly higherLower: HigherLower;
  /** Cover rounds: a channel's rounds, one at a time, one winner each. */
  readonly coverRounds: CoverRounds;
  /** Each person's cover-round answers and wins per server (the boards read them). */
  readonly coverRecords: CoverRecords;

  constructor(private readonly o: GamesDeps) {
    this.pools = new GamePools(o.kv);
    this.secrets = new DailySecrets(o.kv);
    this.plays = new Plays(o.kv);
    this.higherLower = new HigherLower(o.kv);
    this.coverRecords = new CoverRecords(o.kv);
    this.coverRounds = new CoverRounds({ kv: o.kv, jobs: o.jobs, records: this.coverRecords, pool: (kind) => this.pools.current(kind), now: o.now, log: o.log, display: o.coverDisplay });
    this.refresh = new PoolRefresh({ pools: this.pools, jobs: o.jobs, source: o.source, now: o.now, log: o.log });
  }

  async define(): Promise<void> {
    await this.refresh.define();
    await this.coverRounds.define();
  }

  /** This process's pool reader and the deployment's hourly watch, and the cover rounds' workers (processes that run jobs). */
  async start(): Promise<void> {
    await (this.o.poolReads === false ? this.refresh.define() : this.refresh.start());
    await this.coverRounds.start();
  }

  /** The kind's pool from the store (no service request), or when to try again. */
  async pool(kind: GameKind): Promise<PoolOrWait> {
    const pool = await this.pools.current(kind);
    return pool ? { pool } : { retryAt: poolRetryAt(this.o.now()) };
  }

  /** "Forget me": the person's game records. */
  async forgetUser(userId: string): Promise<number> {
    // The boards first: the person's index of servers goes with their other records.
    return (await this.coverRecords.forgetUser(userId)) + (await this.plays.forgetUser(userId));
  }
}
