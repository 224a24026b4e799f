// The emulator's picture host: main_picture URLs point at it, every picture is a real JPEG drawn from
// its work (distinct per title, the same every time), and its faults serve slow, huge, broken and
// wrong-type pictures.

import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { call } from '../../emulator/helpers.js';

let emu: Emulator;
let other: Emulator;
let pictures: { id: number; medium: string; large: string }[];

beforeAll(async () => {
  emu = await startEmulator({ pictures: { slowMs: 300, hugeBytes: 2_500_000 } });
  other = await startEmulator();
  const ranking = await call(emu, '/anime/ranking?ranking_type=all&limit=5&fields=main_picture');
  const data = (ranking.json as { data: { node: { id: number; main_picture?: { medium: string; large: string } } }[] }).data;
  pictures = data.flatMap(({ node }) => (node.main_picture ? [{ id: node.id, ...node.main_picture }] : []));
});

afterAll(async () => {
  await emu?.close();
  await other?.close();
});

describe('emulator picture host', () => {
  it('main_picture names the picture host when it runs, the service\'s host otherwise', async () => {
    expect(pictures.length).toBeGreaterThanOrEqual(3);
    for (const p of pictures) expect(p.medium.startsWith(`${emu.pictures?.url}/images/anime/`)).toBe(true);
    const plain = await call(other, '/anime/ranking?ranking_type=all&limit=1&fields=main_picture');
    expect(plain.text).toContain('https:\\/\\/api-cdn.myanimelist.net\\/images\\/anime\\/');
    expect(other.pictures).toBeUndefined();
  });

  it('serves real JPEGs, distinct per title and the same on every request; the large one is larger', async () => {
    const bodies: Buffer[] = [];
    for (const p of pictures.slice(0, 3)) {
      const res = await fetch(p.medium);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      bodies.push(Buffer.from(await res.arrayBuffer()));
    }
    expect(new Set(bodies.map((b) => b.toString('base64'))).size).toBe(3);
    const again = Buffer.from(await (await fetch(pictures[0]!.medium)).arrayBuffer());
    expect(again.equals(bodies[0]!)).toBe(true);
    const image = await loadImage(bodies[0]!);
    const large = await loadImage(Buffer.from(await (await fetch(pictures[0]!.large)).arrayBuffer()));
    expect(large.width).toBeGreaterThan(image.width);
    expect((await fetch(`${emu.pictures?.url}/images/anime/x/y.jpg`)).status).toBe(404);
  });

  it('faults per title and for every picture: slow, huge, broken, wrong type', async () => {
    const host = emu.pictures!;
    const [a, b] = pictures;
    try {
      host.faults.set('anime', a!.id, 'wrong-type');
      const wrong = await fetch(a!.medium);
      expect(wrong.headers.get('content-type')).toContain('text/html');
      expect((await fetch(b!.medium)).headers.get('content-type')).toBe('image/jpeg');

      host.faults.all = 'broken';
      const broken = await fetch(b!.medium);
      expect(broken.headers.get('content-type')).toBe('image/jpeg');
      await expect(loadImage(Buffer.from(await broken.arrayBuffer()))).rejects.toThrow();

      host.faults.all = 'huge';
      const huge = await fetch(b!.medium);
      expect(huge.headers.get('content-length')).toBeNull();
      expect((await huge.arrayBuffer()).byteLength).toBe(2_500_000);

      host.faults.all = 'slow';
      const started = performance.now();
      const slow = await fetch(b!.medium);
      expect(performance.now() - started).toBeGreaterThanOrEqual(250);
      expect(slow.status).toBe(200);
      expect(host.served).toMatchObject({ 'wrong-type': 1, broken: 1, huge: 1, slow: 1 });
    } finally {
      host.faults.reset();
    }
    expect((await fetch(a!.medium)).headers.get('content-type')).toBe('image/jpeg');
  });
});
