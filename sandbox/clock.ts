// The sandbox's own clock: real time plus an offset that only grows. The sandbox's bot and its
// service emulator both read it as their `now`, so airing state, list data and the bot agree on the
// time; the process clock (Date.now) is never touched, and nothing else in the process sees the jump.

export class SandboxClock {
  private offset = 0;

  constructor(private readonly real: () => number = () => Date.now()) {}

  /** The sandbox's time, in milliseconds since the epoch (pass it as a `now` option). */
  readonly now = (): number => this.real() + this.offset;

  /** How far the sandbox's time is ahead of real time. */
  get offsetMs(): number {
    return this.offset;
  }

  /** Moves the clock forward to `ms`; a time not ahead of the clock leaves it as it is. Returns the clock's time. */
  advanceTo(ms: number): number {
    if (!Number.isFinite(ms)) throw new RangeError(`the sandbox clock cannot move to ${ms}`);
    const ahead = ms - this.now();
    if (ahead > 0) this.offset += ahead;
    return this.now();
  }
}
