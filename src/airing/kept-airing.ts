// The season's airing titles as the store keeps them, for readers that must not ask the service (the
// weekly recap): each time the season lists are read (src/airing/season-airing.ts, for /schedule), the
// ids of the titles airing or about to air are kept in the store for a season (`airing:season-ids`).

import type { StoreEngine } from '../store/engine.js';
import { jsonDecoder } from '../store/record-decoder.js';

export const AIRING_IDS_KEY = 'airing:season-ids';
/** A season and a little more: past it, nothing is claimed to be airing. */
export const AIRING_IDS_KEEP_MS = 100 * 24 * 3_600_000;

interface KeptAiring {
  at: number;
  ids: number[];
}

const keptDecoder = jsonDecoder<KeptAiring>('airing:season-ids', (v) => {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  return typeof r.at === 'number' && Array.isArray(r.ids) && r.ids.every((id) => Number.isSafeInteger(id)) ? { at: r.at, ids: r.ids as number[] } : undefined;
});

export async function keepAiringIds(kv: Pick<StoreEngine, 'set'>, ids: readonly number[], at: number): Promise<void> {
  await kv.set(AIRING_IDS_KEY, JSON.stringify({ at, ids: [...ids] }), AIRING_IDS_KEEP_MS);
}

/** The ids of the titles airing as last read (empty when the store keeps none). */
export async function keptAiringIds(kv: Pick<StoreEngine, 'get'>): Promise<Set<number>> {
  return new Set(keptDecoder.decode(await kv.get(AIRING_IDS_KEY))?.ids ?? []);
}
