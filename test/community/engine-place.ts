// One store engine's test place with the job engine each store kind runs with (pg-boss beside
// PostgreSQL, BullMQ beside Redis, the in-process queue otherwise), for the community's tests that
// open one or more instances on the same store; `close()` after each test stops and cleans them all.

import { parseStoreUrl } from '../../src/config/store-url.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import type { JobEngine } from '../../src/jobs/job-engine.js';
import { openJobEngine } from '../../src/jobs/open.js';
import type { EngineKind, StoreEngine } from '../../src/store/engine.js';
import { prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const DAY = 86_400_000;

export interface Opened {
  store: StoreEngine;
  jobs: JobEngine;
  place: OpenedCase;
}

export class EnginePlace {
  private place: OpenedCase | undefined;
  private readonly opened: Array<{ store: StoreEngine; jobs: JobEngine }> = [];

  constructor(private readonly kind: EngineKind) {}

  /** A store on this engine's place (the same data for every call until `close`) with its job engine on `clock`. */
  async open(clock: () => number, keepMs = DAY): Promise<Opened> {
    this.place ??= prepareCase(this.kind);
    const place = this.place;
    const store = await place.open();
    const jobs =
      this.kind === 'postgres' || this.kind === 'redis'
        ? await openJobEngine({ location: parseStoreUrl(place.url), store, now: clock, keepDoneMs: keepMs, keepFailedMs: keepMs, leaseMs: 30_000, onError: () => undefined })
        : new InProcessJobEngine(store, clock, () => undefined, 0);
    this.opened.push({ store, jobs });
    return { store, jobs, place };
  }

  /** Every stored key with its raw value (see OpenedCase.raw). */
  async raw(): Promise<Array<{ key: string; value: string }>> {
    if (!this.place) throw new Error('nothing opened on this place');
    return this.place.raw();
  }

  async close(): Promise<void> {
    for (const o of this.opened.splice(0)) {
      await o.jobs.stop();
      await o.store.close();
    }
    await this.place?.cleanup();
    this.place = undefined;
  }
}
