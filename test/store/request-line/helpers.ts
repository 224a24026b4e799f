// Two "processes" over one store: two engines opened on the same place (one shared object for memory).
import type { StoreEngine } from '../../../src/store/engine.js';
import { prepareCase, type OpenedCase } from '../../../local-stack/store-engines.js';
import type { EngineKind } from '../../../src/store/engine.js';

export interface TwoProcesses {
  place: OpenedCase;
  a: StoreEngine;
  b: StoreEngine;
  close(): Promise<void>;
}

export async function openTwo(kind: EngineKind): Promise<TwoProcesses> {
  const place = prepareCase(kind);
  const a = await place.open();
  const b = await place.open();
  return {
    place,
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await place.cleanup();
    },
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
