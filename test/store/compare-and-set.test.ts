// The store's one compare-and-set helper: retries with a pause, a give-up counted and logged, typed
// record decoders; and the helper on every engine (memory, SQLite, PostgreSQL, Redis).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { StoreEngine } from '../../src/store/engine.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import { CAS_ATTEMPTS, ConcurrentChangeError, modify, recordKind, untilSettled } from '../../src/store/compare-and-set.js';
import { jsonDecoder, RECORD_MALFORMED_CHANNEL } from '../../src/store/record-decoder.js';
import { observeRecords } from './observed-records.js';
import { contendedEngine } from './contended-engine.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const append = (item: string) => (raw: string | undefined) => ({ value: JSON.stringify([...(raw ? (JSON.parse(raw) as string[]) : []), item]), result: item });

describe('modify (the compare-and-set helper)', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('retries a lost write with a pause before each new try, on a fresh read', async () => {
    const engine = new MemoryEngine();
    const pauses: number[] = [];
    const reads: Array<string | undefined> = [];
    const result = await modify(contendedEngine(3, engine), 'k:1', (raw) => (reads.push(raw), append('a')(raw)), { pause: async (attempt) => void pauses.push(attempt) });
    expect(result).toBe('a');
    expect(pauses).toEqual([0, 1, 2]);
    expect(reads).toHaveLength(4);
    expect(await engine.get('k:1')).toBe('["a"]');
  });

  it('pauses for real by default (jittered, under 100 ms a try)', async () => {
    const started = performance.now();
    await modify(contendedEngine(8), 'k:2', append('b'));
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThan(8 * 100 + 500);
  });

  it('keeps, deletes, and writes an unchanged value only when asked to renew it', async () => {
    const engine = new MemoryEngine();
    await engine.set('k:3', 'v');
    expect(await modify(engine, 'k:3', () => ({ keep: true, result: 1 }))).toBe(1);
    const kv = contendedEngine(Infinity, engine);
    expect(await modify(kv, 'k:3', (raw) => ({ value: raw, result: 2 }))).toBe(2);
    expect(kv.tries).toBe(0);
    await expect(modify(kv, 'k:3', (raw) => ({ value: raw, result: 3, rewrite: true }), { attempts: 2, pause: async () => {} })).rejects.toThrow(ConcurrentChangeError);
    expect(kv.tries).toBe(2);
    expect(await modify(engine, 'k:3', () => ({ value: undefined, result: 4 }))).toBe(4);
    expect(await engine.get('k:3')).toBeUndefined();
  });

  it('a give-up throws, and is counted and logged by record kind (never silent)', async () => {
    const observed = observeRecords();
    stop = observed.stop;
    const kv = contendedEngine(Infinity);
    await expect(modify(kv, 'rem:user:123456', append('x'), { pause: async () => {} })).rejects.toThrow(ConcurrentChangeError);
    expect(kv.tries).toBe(CAS_ATTEMPTS);
    expect(observed.lines).toEqual([{ record: 'rem:user', attempts: CAS_ATTEMPTS }]);
    expect(await observed.text()).toMatch(/store_cas_gave_up_total\{record="rem:user"\} 1/);
  });

  it('repeats a settling step until it holds still, pausing between tries; its give-up is counted too', async () => {
    const pauses: number[] = [];
    let steps = 0;
    const settled = await untilSettled('soc:member:42', async () => ({ settled: ++steps === 3, result: steps }), { pause: async (a) => void pauses.push(a) });
    expect(settled).toBe(3);
    expect(pauses).toEqual([0, 1]);
    const observed = observeRecords();
    stop = observed.stop;
    let tries = 0;
    const never = untilSettled('soc:member:42', async () => ({ settled: ++tries < 0, result: undefined }), { attempts: 5, pause: async () => {} });
    await expect(never).rejects.toThrow(ConcurrentChangeError);
    expect(tries).toBe(5);
    expect(observed.lines).toEqual([{ record: 'soc:member', attempts: 5 }]);
    expect(await observed.text()).toMatch(/store_cas_gave_up_total\{record="soc:member"\} 1/);
  });

  it('names a record kind without its ids', () => {
    expect(recordKind('rem:user:123')).toBe('rem:user');
    expect(recordKind('feed-guild:987')).toBe('feed-guild');
    expect(recordKind('import:state:42:abc')).toBe('import:state');
    expect(recordKind('123')).toBe('other');
  });
});

describe('jsonDecoder', () => {
  const decoder = jsonDecoder('pair', (v) => (Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' ? { n: v[0] as number, s: String(v[1]) } : undefined));

  it('decodes a good record, and an absent one as absent without a report', async () => {
    const seen: unknown[] = [];
    const on = (m: unknown) => seen.push(m);
    subscribe(RECORD_MALFORMED_CHANNEL, on);
    try {
      expect(decoder.decode('[1,"a"]')).toEqual({ n: 1, s: 'a' });
      expect(decoder.decode(undefined)).toBeUndefined();
      expect(seen).toEqual([]);
    } finally {
      unsubscribe(RECORD_MALFORMED_CHANNEL, on);
    }
  });

  it('refuses malformed records without throwing, each counted and logged', async () => {
    const { lines, text, stop } = observeRecords();
    try {
      const throwing = jsonDecoder('boom', () => {
        throw new Error('bad');
      });
      expect(decoder.decode('{not json')).toBeUndefined();
      expect(decoder.decode('["x", 1]')).toBeUndefined();
      expect(decoder.check(null)).toBeUndefined();
      expect(throwing.decode('1')).toBeUndefined();
      expect(lines).toEqual([{ record: 'pair' }, { record: 'pair' }, { record: 'pair' }, { record: 'boom' }]);
      expect(await text()).toMatch(/store_records_malformed_total\{record="pair"\} 3/);
    } finally {
      stop();
    }
  });

  it('unpacks a packed record first; one that does not unpack is malformed', () => {
    const seen: unknown[] = [];
    const on = (m: unknown) => seen.push(m);
    subscribe(RECORD_MALFORMED_CHANNEL, on);
    try {
      const packed = jsonDecoder('packed', (v) => (Array.isArray(v) ? (v as unknown[]) : undefined), { unpack: (raw) => Buffer.from(raw, 'base64').toString('utf8') });
      expect(packed.decode(Buffer.from('[1,2]').toString('base64'))).toEqual([1, 2]);
      expect(packed.decode('not base64 json')).toBeUndefined();
      const failing = jsonDecoder('unpack-fails', () => 1, { unpack: () => { throw new Error('corrupt'); } });
      expect(failing.decode('x')).toBeUndefined();
      expect(seen).toEqual([{ record: 'packed' }, { record: 'unpack-fails' }]);
    } finally {
      unsubscribe(RECORD_MALFORMED_CHANNEL, on);
    }
  });
});

for (const engineCase of engineCases()) {
  const suite = engineCase.skipped ? describe.skip : describe;
  suite(`modify on ${engineCase.kind}${engineCase.skipped ? ` (skipped: ${engineCase.skipped})` : ''}`, () => {
    let place: OpenedCase;
    let engine: StoreEngine;
    beforeAll(async () => {
      place = prepareCase(engineCase.kind);
      engine = await place.open();
    });
    afterAll(async () => {
      await engine?.close();
      await place?.cleanup();
    });

    it('concurrent changes of one record each take effect once', async () => {
      const items = Array.from({ length: 12 }, (_, i) => `i${i}`);
      const results = await Promise.all(items.map((item) => modify(engine, 'cas:list', append(item))));
      expect(results.sort()).toEqual([...items].sort());
      expect((JSON.parse((await engine.get('cas:list')) ?? '[]') as string[]).sort()).toEqual([...items].sort());
    });

    it('creates with an expiry, deletes, and gives up on a record that always changes', async () => {
      expect(await modify(engine, 'cas:ttl', () => ({ value: 'v', result: true }), 60_000)).toBe(true);
      expect(await engine.get('cas:ttl')).toBe('v');
      await modify(engine, 'cas:ttl', () => ({ value: undefined, result: true }));
      expect(await engine.get('cas:ttl')).toBeUndefined();
      let n = 0;
      const rival = async (raw: string | undefined) => {
        await engine.set('cas:busy', `rival${n++}`);
        return { value: `${raw ?? ''}+`, result: true };
      };
      await expect(modify(engine, 'cas:busy', rival, { attempts: 4, pause: async () => {} })).rejects.toThrow(ConcurrentChangeError);
    });
  });
}
