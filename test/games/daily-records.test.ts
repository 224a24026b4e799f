// The daily game's stored records are read by typed decoders: a malformed secret reads as absent and a
// malformed history as none (a new secret is drawn and kept over it), each counted as malformed by its
// record type; the formats written are those read before.

import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DAILY_KEY, DailySecrets } from '../../src/games/daily.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { RECORD_MALFORMED_CHANNEL, type RecordMalformed } from '../../src/store/record-decoder.js';
import { makePool } from './pool-fixture.js';

const seen: string[] = [];
const on = (message: unknown): void => void seen.push((message as RecordMalformed).record);
subscribe(RECORD_MALFORMED_CHANNEL, on);
afterEach(() => void seen.splice(0));
afterAll(() => void unsubscribe(RECORD_MALFORMED_CHANNEL, on));

describe('daily records', () => {
  it('a malformed secret reads as absent and is counted', async () => {
    const kv = new MemoryEngine();
    await kv.set(DAILY_KEY.secret('anime', '2026-12-01'), '{"id":"x"}');
    expect(await new DailySecrets(kv).kept('anime', '2026-12-01')).toBeUndefined();
    await kv.set(DAILY_KEY.secret('anime', '2026-12-02'), 'not json');
    expect(await new DailySecrets(kv).kept('anime', '2026-12-02')).toBeUndefined();
    expect(seen).toEqual(['game-daily-secret', 'game-daily-secret']);
  });

  it('a malformed history reads as none: the day is drawn and the history written again in its format', async () => {
    const kv = new MemoryEngine();
    await kv.set(DAILY_KEY.history('manga'), '{"d":"2026-12-01"}');
    const pool = makePool('manga', 3);
    const drawn = await new DailySecrets(kv, () => 0).secret('manga', '2026-12-03', pool);
    expect(seen).toContain('game-daily-history');
    expect(JSON.parse((await kv.get(DAILY_KEY.history('manga'))) ?? '')).toEqual([{ d: '2026-12-03', id: drawn.id }]);
    expect(JSON.parse((await kv.get(DAILY_KEY.secret('manga', '2026-12-03'))) ?? '')).toEqual(drawn);
  });
});
