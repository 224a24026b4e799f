// The cover source against the emulator's picture host (the pictures the tests and the sandbox use),
// one fault at a time: each becomes no cover (a placeholder tile) with its own outcome, in time.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoverSource, type CoverOutcome } from '../../src/covers/cover-source.js';
import { startEmulator, type Emulator, type PictureFault } from '../../emulator/server.js';
import { call } from '../../emulator/helpers.js';

let emu: Emulator;
let urls: { id: number; url: string }[];

beforeAll(async () => {
  emu = await startEmulator({ pictures: { slowMs: 5_000 } });
  const ranking = await call(emu, '/anime/ranking?ranking_type=all&limit=12&fields=main_picture');
  const data = (ranking.json as { data: { node: { id: number; main_picture?: { medium: string } } }[] }).data;
  urls = data.flatMap(({ node }) => (node.main_picture ? [{ id: node.id, url: node.main_picture.medium }] : []));
});

afterAll(async () => {
  await emu?.close();
});

function source(outcomes: CoverOutcome[]): CoverSource {
  return new CoverSource({ hosts: [emu.pictures!.url], timeoutMs: 1_500, observer: { cover: (o) => outcomes.push(o) } });
}

describe('covers from the emulator picture host', () => {
  it('a good cover arrives as a small thumbnail; a second look-up fetches nothing', async () => {
    const outcomes: CoverOutcome[] = [];
    const covers = source(outcomes);
    try {
      const first = await covers.cover(urls[0]!.url);
      expect(first?.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const served = emu.pictures!.served.ok ?? 0;
      expect(await covers.cover(urls[0]!.url)).toEqual(first);
      expect(emu.pictures!.served.ok ?? 0).toBe(served);
      expect(outcomes).toEqual(['fetched', 'memo']);
    } finally {
      await covers.close();
    }
  });

  it.each<[PictureFault, CoverOutcome]>([
    ['wrong-type', 'not_image'],
    ['broken', 'not_image'],
    ['huge', 'too_large'],
    ['slow', 'timeout'],
  ])('a %s picture is no cover (%s), within the deadline, and the titles beside it still come', async (fault, outcome) => {
    const outcomes: CoverOutcome[] = [];
    const covers = source(outcomes);
    const [bad, good] = [urls[1 + ['wrong-type', 'broken', 'huge', 'slow'].indexOf(fault)]!, urls[8]!];
    emu.pictures!.faults.set('anime', bad.id, fault);
    try {
      const started = performance.now();
      const [badCover, goodCover] = await covers.covers([bad.url, good.url]);
      expect(performance.now() - started).toBeLessThan(4_500);
      expect(badCover).toBeUndefined();
      expect(goodCover).toBeInstanceOf(Buffer);
      expect(outcomes).toContain(outcome);
    } finally {
      emu.pictures!.faults.reset();
      await covers.close();
    }
  });

  it('the emulator\'s picture host is refused unless COVER_HOSTS names it', async () => {
    const outcomes: CoverOutcome[] = [];
    const covers = new CoverSource({ hosts: ['api-cdn.myanimelist.net'], observer: { cover: (o) => outcomes.push(o) } });
    const served = { ...emu.pictures!.served };
    expect(await covers.cover(urls[0]!.url)).toBeUndefined();
    expect(outcomes).toEqual(['refused_host']);
    expect(emu.pictures!.served).toEqual(served);
    await covers.close();
  });
});
