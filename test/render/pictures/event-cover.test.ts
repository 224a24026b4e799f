// A watch party's event cover: drawn from the kept cover (a WebP thumbnail) at Discord's wide event
// shape (800 × 320, 2.5 : 1), sent as JPEG, which Discord's image data takes (WebP it refuses); the whole
// cover shows in the middle; bytes that are no image give no cover.

import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { thumbnail } from '../../../src/covers/thumbnail.js';
import { EVENT_COVER, eventCoverDataUri, renderEventCover } from '../../../src/render/pictures/event-cover.js';

/** A portrait cover as the service has them (225 × 318): red with a green block in its middle. */
async function keptCover(): Promise<Buffer> {
  const canvas = createCanvas(225, 318);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#cc3333';
  ctx.fillRect(0, 0, 225, 318);
  ctx.fillStyle = '#33cc33';
  ctx.fillRect(60, 80, 105, 158);
  const kept = await thumbnail(await canvas.encode('jpeg'));
  if (!kept) throw new Error('the thumbnail did not decode');
  return kept;
}

describe('the event cover', () => {
  it('is a JPEG of 800 × 320 (2.5 : 1) from the kept WebP cover, the cover whole in its middle', async () => {
    const kept = await keptCover();
    expect(kept.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const drawn = await renderEventCover(kept);
    expect(drawn).toMatchObject({ format: 'jpeg', width: 800, height: 320 });
    expect(EVENT_COVER.width / EVENT_COVER.height).toBe(2.5);
    expect([...(drawn?.data.subarray(0, 3) ?? [])]).toEqual([0xff, 0xd8, 0xff]);
    const image = await loadImage(drawn?.data ?? Buffer.alloc(0));
    expect([image.width, image.height]).toEqual([800, 320]);
    const pixels = createCanvas(800, 320);
    pixels.getContext('2d').drawImage(image, 0, 0);
    const at = (x: number, y: number) => [...pixels.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3)];
    // The cover's middle (green) at the frame's middle, its red edge just inside the cover's sides.
    const [r, g] = at(400, 160) as [number, number];
    expect(g).toBeGreaterThan(150);
    expect(r).toBeLessThan(100);
    const [edgeR, edgeG] = at(400 - 95, 160) as [number, number];
    expect(edgeR).toBeGreaterThan(150);
    expect(edgeG).toBeLessThan(100);
    // Beyond the cover: the darkened backdrop, not the cover's bright colours.
    expect(Math.max(...at(20, 160))).toBeLessThan(120);
  });

  it('as a data URI of image/jpeg; bytes that are no image give none', async () => {
    expect(await eventCoverDataUri(await keptCover())).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(await renderEventCover(Buffer.from('not an image'))).toBeUndefined();
    expect(await eventCoverDataUri(Buffer.alloc(0))).toBeUndefined();
  });
});
