// The one "define once, start once" of every service that owns job queues: concurrent callers share one
// define and one start, the steps run in their order, and a failure is remembered (not tried again).

import { describe, expect, it } from 'vitest';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import type { JobEngine, JobHandler, QueueCounts, QueueSpec } from '../../src/jobs/job-engine.js';
import { QueueOwner, queueWorker, type QueueOwnerOptions } from '../../src/jobs/queue-owner.js';
import { MemoryEngine } from '../../src/store/engines/index.js';

const spec = (name: string): QueueSpec => ({ name, attempts: 3, retryBaseMs: 1000, leaseMs: 30_000, concurrency: 1, keepDoneMs: 60_000, keepFailedMs: 60_000 });

/** A job engine that notes the calls a queue owner makes and lets the test decide when each define and work ends. */
class RecordingEngine implements JobEngine {
  readonly kind = 'in-process' as const;
  readonly calls: string[] = [];
  /** Settled by the test: the promise each define/work call returns, by "define:<queue>" / "work:<queue>". */
  private readonly gates = new Map<string, { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void }>();

  gate(call: string): { resolve: () => void; reject: (e: Error) => void } {
    let resolve: () => void = () => undefined;
    let reject: (e: Error) => void = () => undefined;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.gates.set(call, { promise, resolve, reject });
    return { resolve, reject };
  }

  private called(call: string): Promise<void> {
    this.calls.push(call);
    return this.gates.get(call)?.promise ?? Promise.resolve();
  }

  define(s: QueueSpec): Promise<void> {
    return this.called(`define:${s.name}`);
  }
  work<T>(queue: string, _parse: (data: unknown) => T | undefined, _handler: JobHandler<T>): Promise<void> {
    return this.called(`work:${queue}`);
  }
  every(name: string): Promise<void> {
    return this.called(`every:${name}`);
  }
  enqueue(): Promise<boolean> {
    return Promise.resolve(true);
  }
  remove(): Promise<void> {
    return Promise.resolve();
  }
  forget(): Promise<void> {
    return Promise.resolve();
  }
  counts(): Promise<QueueCounts> {
    return Promise.resolve({ waiting: 0, delayed: 0, active: 0, failed: 0, oldestWaitingMs: 0 });
  }
  runDue(): Promise<void> {
    return Promise.resolve();
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }
}

const parseAny = (data: unknown): unknown => data;
const noop = async (): Promise<void> => undefined;

function owner(jobs: RecordingEngine, more: Partial<QueueOwnerOptions> = {}): { queues: QueueOwner; specReads: () => number } {
  let reads = 0;
  const queues = new QueueOwner(jobs, {
    specs: () => {
      reads++;
      return [spec('a'), spec('b')];
    },
    workers: [queueWorker('a', parseAny, noop), queueWorker('b', parseAny, noop)],
    ...more,
  });
  return { queues, specReads: () => reads };
}

describe('QueueOwner', () => {
  it('defines its queues once, in order, however many callers ask at once', async () => {
    const jobs = new RecordingEngine();
    const a = jobs.gate('define:a');
    const { queues, specReads } = owner(jobs);
    const callers = [queues.define(), queues.define(), queues.define()];
    // The first define is asked of the engine at once; the second waits for it.
    expect(jobs.calls).toEqual(['define:a']);
    a.resolve();
    await Promise.all(callers);
    await queues.define();
    expect(jobs.calls).toEqual(['define:a', 'define:b']);
    expect(specReads()).toBe(1);
  });

  it('starts the workers once, after the queues are defined and between beforeWork and afterWork', async () => {
    const jobs = new RecordingEngine();
    const workA = jobs.gate('work:a');
    const { queues } = owner(jobs, {
      beforeWork: async () => void jobs.calls.push('before'),
      afterWork: () => jobs.every('sweep'),
    });
    const callers = [queues.start(), queues.start(), queues.define(), queues.start()];
    await new Promise((r) => setImmediate(r));
    expect(jobs.calls).toEqual(['define:a', 'define:b', 'before', 'work:a']);
    workA.resolve();
    await Promise.all(callers);
    await queues.start();
    expect(jobs.calls).toEqual(['define:a', 'define:b', 'before', 'work:a', 'work:b', 'every:sweep']);
  });

  it('a failed define is remembered: every later define and start rejects with it, and the engine is not asked again', async () => {
    const jobs = new RecordingEngine();
    jobs.gate('define:a').reject(new Error('store down'));
    const { queues } = owner(jobs);
    await expect(queues.define()).rejects.toThrow('store down');
    await expect(queues.define()).rejects.toThrow('store down');
    await expect(queues.start()).rejects.toThrow('store down');
    await expect(queues.start()).rejects.toThrow('store down');
    expect(jobs.calls).toEqual(['define:a']);
  });

  it('a failed start is remembered too: the workers are not started again, the queues stay defined', async () => {
    const jobs = new RecordingEngine();
    jobs.gate('work:b').reject(new Error('no connection'));
    let after = 0;
    const { queues } = owner(jobs, { afterWork: async () => void after++ });
    await expect(queues.start()).rejects.toThrow('no connection');
    await expect(queues.start()).rejects.toThrow('no connection');
    await queues.define();
    expect(jobs.calls).toEqual(['define:a', 'define:b', 'work:a', 'work:b']);
    expect(after).toBe(0);
  });

  it('a failed beforeWork starts no worker', async () => {
    const jobs = new RecordingEngine();
    const { queues } = owner(jobs, { beforeWork: () => Promise.reject(new Error('layout move failed')) });
    await expect(queues.start()).rejects.toThrow('layout move failed');
    expect(jobs.calls).toEqual(['define:a', 'define:b']);
  });

  it("queueWorker hands the engine the queue's parser and handler: jobs run with their parsed data", async () => {
    let now = Date.UTC(2026, 0, 5, 12);
    const jobs = new InProcessJobEngine(new MemoryEngine(), () => now, () => undefined, 0, { wallClock: () => now });
    const seen: Array<{ n: number; attempt: number }> = [];
    const parse = (d: unknown): { n: number } | undefined => (typeof d === 'object' && d !== null && typeof (d as { n?: unknown }).n === 'number' ? { n: (d as { n: number }).n } : undefined);
    const queues = new QueueOwner(jobs, {
      specs: () => [spec('numbers')],
      workers: [queueWorker('numbers', parse, async (job, run) => void seen.push({ n: job.n, attempt: run.attempt }))],
    });
    await queues.start();
    await jobs.enqueue('numbers', 'one', { n: 1 });
    await jobs.enqueue('numbers', 'bad', { n: 'x' });
    now += 1;
    await jobs.runDue();
    expect(seen).toEqual([{ n: 1, attempt: 1 }]);
    // Data the parser refuses fails for good at once.
    expect((await jobs.counts('numbers')).failed).toBe(1);
    await jobs.stop();
  });
});
