// The cover rounds' frames: the same size every frame, flat blocks that get finer frame by frame, the
// cover itself at the end; and the round's messages never name the title while it runs (file name,
// alt text, custom ids), in every language.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { CoverSession } from '../../../src/games/cover-session.js';
import { LOCALES } from '../../../src/i18n/locales.js';
import { translator } from '../../../src/i18n/index.js';
import { coverAnswerRow, coverFrameMessage, coverRoundIds } from '../../../src/render/game-cover.js';
import { decodeCover, PIXEL_COLUMNS, PIXEL_FRAME, pixelGrid, renderClearCover, renderPixelFrame } from '../../../src/render/pictures/pixel-cover.js';
import { poolTitle } from '../../games/pool-fixture.js';

/** A cover with detail everywhere: a fine checkerboard of many colours. */
async function detailedCover(): Promise<Buffer> {
  const canvas = createCanvas(180, 254);
  const ctx = canvas.getContext('2d');
  for (let y = 0; y < 254; y += 2) for (let x = 0; x < 180; x += 2) {
    ctx.fillStyle = `rgb(${(x * 7) % 256}, ${(y * 5) % 256}, ${((x + y) * 3) % 256})`;
    ctx.fillRect(x, y, 2, 2);
  }
  return canvas.encode('png');
}

/** The frame's pixels, and how many distinct colours it holds. */
async function pixels(png: Buffer): Promise<{ data: Uint8ClampedArray; colours: number }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += 4) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return { data, colours: seen.size };
}

describe('pixelated cover frames', () => {
  it('every frame has the same size; each is finer than the one before; the first is a few flat blocks', async () => {
    const image = await decodeCover(await detailedCover());
    const counts: number[] = [];
    for (let frame = 0; frame < PIXEL_COLUMNS.length; frame++) {
      const picture = await renderPixelFrame(image, frame);
      expect({ w: picture.width, h: picture.height, format: picture.format }).toEqual({ w: PIXEL_FRAME.width, h: PIXEL_FRAME.height, format: 'png' });
      const { colours } = await pixels(picture.data);
      const { columns, rows } = pixelGrid(frame);
      // Flat blocks: never more colours than blocks (a little slack for the edges' rounding).
      expect(colours).toBeLessThanOrEqual(columns * rows + columns + rows);
      counts.push(colours);
    }
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThan(counts[i - 1]!);
    expect(counts[0]).toBeLessThanOrEqual(8 * 11 + 19);
    // Inside one block of the first frame every pixel is the same colour.
    const { data } = await pixels((await renderPixelFrame(image, 0)).data);
    const block = PIXEL_FRAME.width / PIXEL_COLUMNS[0];
    const at = (x: number, y: number) => data.slice((y * PIXEL_FRAME.width + x) * 4, (y * PIXEL_FRAME.width + x) * 4 + 3).join(',');
    for (let y = 2; y < block - 2; y += 5) for (let x = 2; x < block - 2; x += 5) expect(at(x, y)).toBe(at(2, 2));
  });

  it('the clear cover at the end has far more detail than the sharpest frame; no cover draws a plain frame', async () => {
    const image = await decodeCover(await detailedCover());
    const sharpest = await pixels((await renderPixelFrame(image, 5)).data);
    const clear = await pixels((await renderClearCover(image)).data);
    expect(clear.colours).toBeGreaterThan(sharpest.colours);
    expect(await decodeCover(Buffer.from('not an image'))).toBeUndefined();
    const plain = await pixels((await renderPixelFrame(undefined, 0)).data);
    expect(plain.colours).toBe(1);
  });
});

describe('a running round gives nothing away', () => {
  const title = { ...poolTitle('anime', 42), title: 'Secret Title Zeta', en: 'Zeta English', synonyms: ['Zeta Syn'] };
  const session: CoverSession = {
    sid: 'AbCdEf123456', guildId: 'g', channelId: 'c', kind: 'anime', locale: 'en-US', total: 3, n: 2, title, startedAt: 1_000, used: [title.id], played: [],
  };

  it.each(LOCALES)('in %s: file name, alt text, texts and custom ids name neither the title nor its id', async (locale) => {
    const picture = await renderPixelFrame(undefined, 1);
    const message = coverFrameMessage(translator(locale), { ...session, locale }, 1, picture, coverAnswerRow(translator(locale), coverRoundIds.answer(session.sid)));
    const shown = JSON.stringify({ ...message, files: message.files?.map((f) => ({ name: f.name, description: f.description })) });
    for (const form of ['Secret Title Zeta', 'Zeta', String(title.id), 'cdn.example.test']) expect(shown).not.toContain(form);
    expect(message.files?.[0]).toMatchObject({ name: 'cover-round.png', description: expect.stringMatching(/2.*6/) });
    const ids = JSON.stringify(message.components).match(/"custom_id":"[^"]*"/g) ?? [];
    expect(ids).toEqual([expect.stringContaining('AbCdEf123456')]);
  });
});
