import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { barsLayout, renderRecapCard, type RecapCard } from '../../../src/render/pictures/recap-card.js';
import { font, registerFonts } from '../../../src/render/pictures/fonts.js';

const FULL: RecapCard = {
  caption: 'Your 2025 in anime',
  subtitle: 'The year in numbers',
  blocks: [
    { type: 'facts', items: [{ label: 'Titles completed', value: '184' }, { label: 'Episodes watched', value: '2,763' }, { label: 'Hours', value: '1,065' }] },
    { type: 'lines', lines: ['Kinder than everyone: 6.86 against 6.72'], strong: true },
    { type: 'bars', heading: 'Top genres', items: [{ label: 'Drama', count: 12, value: '12' }, { label: 'アクション', count: 3, value: '3' }] },
    { type: 'months', heading: 'Completions by month', labels: Array.from({ length: 12 }, (_, m) => `M${m + 1}`), counts: [0, 2, 5, 0, 0, 1, 0, 0, 9, 0, 0, 1], values: ['0', '2', '5', '0', '0', '1', '0', '0', '9', '0', '0', '1'] },
  ],
  notes: ['Dated by finish date: 120; by last update: 64.'],
};

/** The average brightness of a horizontal band of the picture (0–255). */
async function bandBrightness(data: Buffer, y0: number, y1: number): Promise<number> {
  const image = await loadImage(data);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const pixels = ctx.getImageData(20, y0, image.width - 40, y1 - y0).data;
  let sum = 0;
  for (let i = 0; i < pixels.length; i += 4) sum += ((pixels[i] ?? 0) + (pixels[i + 1] ?? 0) + (pixels[i + 2] ?? 0)) / 3;
  return sum / (pixels.length / 4);
}

describe('the /wrapped card', () => {
  it('draws every block one under the other: the card grows with its blocks and notes', async () => {
    const full = await renderRecapCard(FULL);
    expect(full.width).toBe(760);
    const short = await renderRecapCard({ caption: FULL.caption, blocks: [FULL.blocks[0] as RecapCard['blocks'][number]] });
    expect(short.width).toBe(760);
    expect(full.height).toBeGreaterThan(short.height + 300);
    const decoded = await loadImage(full.data);
    expect([decoded.width, decoded.height]).toEqual([full.width, full.height]);
    // Something is drawn where the months' bars stand (not only the background).
    expect(await bandBrightness(full.data, full.height - 150, full.height - 60)).toBeGreaterThan(await bandBrightness(short.data, short.height - 20, short.height - 2));
  });

  it('clips text that would overflow, in any script, and draws a card of nothing but a caption', async () => {
    const long = 'とても長いタイトル'.repeat(30) + ' 🎉'.repeat(20);
    const card = await renderRecapCard({ caption: long, subtitle: long, blocks: [{ type: 'lines', lines: [long] }, { type: 'bars', heading: long, items: [{ label: long, count: 1, value: '1' }] }], notes: [long] });
    expect(card.width).toBe(760);
    const bare = await renderRecapCard({ caption: 'Your 2025 in manga', blocks: [] });
    expect(bare.height).toBeGreaterThan(50);
  });

  it('keeps room after the longest bar for the widest value beside it, in any language', () => {
    registerFonts();
    const ctx = createCanvas(10, 10).getContext('2d');
    const values = ['1 member', '12 Mitglieder', '3'];
    const layout = barsLayout(ctx, values);
    ctx.font = font(15, 'bold');
    const widest = Math.max(...values.map((v) => ctx.measureText(v).width));
    expect(layout.valueWidth).toBeGreaterThanOrEqual(widest);
    expect(layout.labelWidth + layout.barSpace + layout.valueWidth + 8).toBeCloseTo(760 - 2 * 28);
    // Short values leave the bars most of the card; a huge one takes at most a third of it.
    expect(barsLayout(ctx, ['3', '12']).barSpace).toBeGreaterThan(layout.barSpace);
    expect(barsLayout(ctx, ['x'.repeat(400)]).valueWidth).toBeLessThanOrEqual((760 - 2 * 28) / 3);
  });
});
