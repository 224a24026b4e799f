// Keeps a scheduler pass from holding the event loop: it gives it back at least every slice.

import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** A pass gives the event loop back at least this often, so interactions are not held up by a busy pass. */
const SLICE_MS = 10;

export class Pacer {
  private sliceStart = 0;

  /** A pass starts: its first slice begins now. */
  startSlice(): void {
    this.sliceStart = performance.now();
  }

  /**
   * Lets other work (interactions) run when this pass has held the event loop for a slice. With a
   * networked store every await yields anyway; with SQLite or memory a busy pass would not.
   */
  async yieldSometimes(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await nextTurn();
    this.sliceStart = performance.now();
  }
}
