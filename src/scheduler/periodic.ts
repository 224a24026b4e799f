import type { StoreEngine } from '../store/engine.js';
import { claimPeriod } from '../store/locks.js';

export interface PeriodicTask {
  /** Names the lease in the engine: the same name in every process means one run per period in all. */
  name: string;
  periodMs: number;
  run(): Promise<void>;
}

export interface SchedulerOptions {
  engine: StoreEngine;
  /** Told when a task or its lease fails (the next period tries again). */
  onError?: (task: string, error: unknown) => void;
  now?: () => number;
}

/**
 * Runs periodic work once per period across every process sharing the engine: each process checks its tasks
 * a few times per period and runs a task only when it wins that period's lease (`claimPeriod`), so the work
 * still runs when some processes are gone and never twice in a period.
 */
export class Scheduler {
  private readonly tasks: PeriodicTask[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly now: () => number;
  private stopped = false;

  constructor(private readonly o: SchedulerOptions) {
    this.now = o.now ?? Date.now;
  }

  add(task: PeriodicTask): void {
    if (!(task.periodMs >= 1000)) throw new Error('a periodic task runs at most once a second');
    this.tasks.push(task);
  }

  start(): void {
    for (const task of this.tasks) {
      const check = Math.max(250, Math.floor(task.periodMs / 4));
      const timer = setInterval(() => void this.track(this.runIfClaimed(task)), check);
      timer.unref();
      this.timers.push(timer);
      void this.track(this.runIfClaimed(task));
    }
  }

  /** Runs every task whose current period this process wins; returns the names it ran (for tests). */
  async tick(): Promise<string[]> {
    const ran: string[] = [];
    await Promise.all(
      this.tasks.map(async (task) => {
        if (await this.runIfClaimed(task)) ran.push(task.name);
      }),
    );
    return ran;
  }

  /** Stops checking and waits for runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    await Promise.allSettled([...this.running]);
  }

  private async runIfClaimed(task: PeriodicTask): Promise<boolean> {
    if (this.stopped) return false;
    try {
      if (!(await claimPeriod(this.o.engine, task.name, task.periodMs, this.now()))) return false;
      await task.run();
      return true;
    } catch (error) {
      this.o.onError?.(task.name, error);
      return false;
    }
  }

  private async track(p: Promise<unknown>): Promise<void> {
    const done = p.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(done);
    await done;
    this.running.delete(done);
  }
}
