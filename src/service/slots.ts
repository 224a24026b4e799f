// Bounded concurrency for the service client: at most `concurrency` tasks run at once, the rest
// wait in order. A waiting task whose signal fires leaves the line at once (rejected with the
// signal's reason) and never runs. The hot path (a free slot) costs no extra promise or closure,
// which p-queue's general machinery (events, intervals, priorities) did on every request.

interface Waiter {
  start: () => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export class Slots {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Index of the first live entry of `waiting` (entries before it were started or left). */
  private head = 0;
  private left = 0;

  constructor(private readonly concurrency: number) {}

  /** Tasks waiting for a slot. */
  get size(): number {
    return this.waiting.length - this.head - this.left;
  }

  /** Runs `task` once a slot is free; rejects with the signal's reason if it fires while waiting. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw signal.reason;
    if (this.running >= this.concurrency) await this.wait(signal);
    else this.running++;
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private wait(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { start: resolve, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          // Left the line: skipped when its turn comes.
          waiter.signal = undefined;
          waiter.start = noop;
          this.left++;
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiting.push(waiter);
    });
  }

  /** Hands the slot to the next live waiter, or frees it. */
  private release(): void {
    while (this.head < this.waiting.length) {
      const next = this.waiting[this.head] as Waiter;
      this.waiting[this.head] = DONE;
      this.head++;
      if (next.start === noop) {
        this.left--;
        continue;
      }
      if (next.signal && next.onAbort) next.signal.removeEventListener('abort', next.onAbort);
      this.compact();
      next.start();
      return;
    }
    this.compact();
    this.running--;
  }

  private compact(): void {
    if (this.head === this.waiting.length) {
      this.waiting.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
  }
}

function noop(): void {}

const DONE: Waiter = { start: noop, signal: undefined, onAbort: undefined };
