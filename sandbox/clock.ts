// The sandbox's own clock: real time plus an offset that only grows. The sandbox's bot and its
// service emulator both read it as their `now`, so airing state, list data and the bot agree on the
// time; the process clock (Date.now) is never touched, and nothing else in the process sees the jump.

export class SandboxClock {
  private offset: number;

  /**
   * `startOffsetMs` (≤ 0) starts the clock behind real time, for history made before the page opens
   * (the sandbox's seeded community moves it back to real time with `advanceBy`).
   */
  constructor(
    private readonly real: () => number = () => Date.now(),
    startOffsetMs = 0,
  ) {
    if (!Number.isFinite(startOffsetMs) || startOffsetMs > 0) throw new RangeError(`the sandbox clock cannot start ${startOffsetMs} ms ahead`);
    this.offset = startOffsetMs;
  }

  /** The sandbox's time, in milliseconds since the epoch (pass it as a `now` option). */
  readonly now = (): number => this.real() + this.offset;

  /** How far the sandbox's time is ahead of real time. */
  get offsetMs(): number {
    return this.offset;
  }

  /** Moves the clock forward by exactly `ms` (> 0). Returns the clock's time. */
  advanceBy(ms: number): number {
    if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`the sandbox clock cannot move by ${ms}`);
    this.offset += ms;
    return this.now();
  }

  /** Moves the clock forward to `ms`; a time not ahead of the clock leaves it as it is. Returns the clock's time. */
  advanceTo(ms: number): number {
    if (!Number.isFinite(ms)) throw new RangeError(`the sandbox clock cannot move to ${ms}`);
    const ahead = ms - this.now();
    if (ahead > 0) this.offset += ahead;
    return this.now();
  }
}
