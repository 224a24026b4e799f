// The games (`/game`): the pools and their weekly reads, the daily secrets, each person's plays, the channels' cover rounds, the servers' boards. One instance per process, on the shared store
// and job engine; handed to handlers as `ctx.deps.games`.

import type { JobEngine } from '../jobs/job-engine.js';
import type { Logger } from '../log/log.js';
import type { StoreEngine } from '../store/engine.js';
import { GamePools, type GameKind, type GamePool } from './pool.js';
import { PoolRefresh, poolRetryAt, type PoolSource } from './pool-refresh.js';
import { DailySecrets } from './daily.js';
import { Plays } from './plays.js';
import { HigherLower } from './higher-lower.js';
import { GameBoards, type BoardEntry, type BoardGame, type CoverBoardSource } from './boards.js';
import { boardStandings, type BoardRow } from './board-standings.js';
import { CoverRounds, type CoverRoundDisplay } from './cover-rounds.js';

export interface GamesDeps {
  kv: StoreEngine;
  jobs: JobEngine;
  source: PoolSource;
  now: () => number;
  log: Logger;
  /** How cover rounds are shown in their channels (src/app/cover-round-display.ts, the messages from src/render/game-cover.ts); none where no round is shown. */
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
  /** Who played each game in each server: the boards' people (`/game leaderboard`). */
  readonly boards: GameBoards;
  /** Where the cover rounds board of a server is read from (the boards' own record, which the rounds note each answer on). */
  readonly coverBoard: CoverBoardSource;
  /** Cover rounds: a channel's rounds, one at a time, one winner each. */
  readonly coverRounds: CoverRounds;

  constructor(private readonly o: GamesDeps) {
    this.pools = new GamePools(o.kv);
    this.secrets = new DailySecrets(o.kv);
    this.plays = new Plays(o.kv);
    this.higherLower = new HigherLower(o.kv);
    this.boards = new GameBoards(o.kv, o.now);
    this.coverBoard = this.boards;
    // Every answer in a running round puts the person on the server's cover board; the one winning answer adds a win.
    const played = async (a: { guildId: string; userId: string; won: boolean }) => void (await this.boards.recordPlay(a.guildId, a.userId, { game: 'cover' }, a.won ? 1 : 0));
    this.coverRounds = new CoverRounds({ kv: o.kv, jobs: o.jobs, played, pool: (kind) => this.pools.current(kind), now: o.now, log: o.log, display: o.coverDisplay });
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

  /** The people on a server's board of the game (cover rounds: both kinds together), unordered, hidden people included. */
  async boardPlayers(guildId: string, game: BoardGame, kind: GameKind): Promise<BoardEntry[]> {
    if (game !== 'cover') return this.boards.players(guildId, { game, kind });
    return (await this.coverBoard.board(guildId)).map((p) => ({ userId: p.userId, value: p.wins, at: p.lastAnswerAt }));
  }

  /** The standings of these people of a server's board (`today`: the UTC day, for streaks). */
  standings(entries: readonly BoardEntry[], game: BoardGame, kind: GameKind, today: string): Promise<BoardRow[]> {
    return boardStandings(this.plays, entries, game, kind, today);
  }

  /** "Forget me": the person's game records, their places on every server's boards first (their list of boards is one of those records). */
  async forgetUser(userId: string): Promise<number> {
    const boards = await this.boards.forgetUser(userId);
    return boards + (await this.plays.forgetUser(userId));
  }
}
