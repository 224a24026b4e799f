// A cover round's frames (src/games/cover-rounds.ts): the round's cover drawn as a grid of flat blocks,
// coarse at first and finer every 10 s, and at the end the cover itself. Each block is the cover's colour
// there (the cover shrunk to the grid, then enlarged without smoothing). The frame's size and format
// never depend on the title, and the file says nothing of it (the views name it `cover-round`).

import { createCanvas, loadImage, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import type { EncodedPicture } from './encode.js';
import { PICTURE_THEME as THEME } from './theme.js';

/** Every frame's size: twice a cover tile (the service's covers are about 1 : 1.41). */
export const PIXEL_FRAME = { width: 360, height: 508 } as const;
/** Blocks across, frame by frame: 6 frames from 8 (a few colours) to 60 (shapes, no text legible). */
export const PIXEL_COLUMNS = [8, 12, 18, 26, 38, 60] as const;

/** The columns and rows of blocks a frame draws (rows keep the frame's proportions). */
export function pixelGrid(frame: number): { columns: number; rows: number } {
  const columns = PIXEL_COLUMNS[Math.max(0, Math.min(PIXEL_COLUMNS.length - 1, frame))]!;
  return { columns, rows: Math.round((columns * PIXEL_FRAME.height) / PIXEL_FRAME.width) };
}

/** The cover decoded, or undefined when it does not decode (the round then shows a plain frame). */
export async function decodeCover(cover: Buffer | undefined): Promise<Image | undefined> {
  if (!cover) return undefined;
  try {
    const image = await loadImage(cover);
    return image.width && image.height ? image : undefined;
  } catch {
    return undefined;
  }
}

/** The cover scaled to cover the frame, centred (cropped, never stretched). */
function fit(image: Image, width: number, height: number): { x: number; y: number; w: number; h: number } {
  const scale = Math.max(width / image.width, height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  return { x: (width - w) / 2, y: (height - h) / 2, w, h };
}

async function png(canvas: Canvas): Promise<EncodedPicture> {
  const data = await canvas.encode('png');
  return { data, format: 'png', width: canvas.width, height: canvas.height, sizes: { png: data.length, webp: 0 } };
}

/** A frame: the cover drawn by `draw` on the panel's colour, or the plain panel when there is no cover. */
async function frameOf(image: Image | undefined, draw: (ctx: SKRSContext2D, image: Image) => void): Promise<EncodedPicture> {
  const { width, height } = PIXEL_FRAME;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.panel;
  ctx.fillRect(0, 0, width, height);
  if (image) draw(ctx, image);
  return png(canvas);
}

/** Frame `frame` (0: the coarsest) of the cover as blocks; a plain frame when there is no cover. */
export function renderPixelFrame(image: Image | undefined, frame: number): Promise<EncodedPicture> {
  return frameOf(image, (ctx, cover) => {
    const { columns, rows } = pixelGrid(frame);
    const small = createCanvas(columns, rows);
    const s = small.getContext('2d');
    s.imageSmoothingEnabled = true;
    s.imageSmoothingQuality = 'high';
    const f = fit(cover, columns, rows);
    s.drawImage(cover, f.x, f.y, f.w, f.h);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(small, 0, 0, PIXEL_FRAME.width, PIXEL_FRAME.height);
  });
}

/** The cover itself at the frame's size, for the round's result. */
export function renderClearCover(image: Image | undefined): Promise<EncodedPicture> {
  return frameOf(image, (ctx, cover) => {
    const f = fit(cover, PIXEL_FRAME.width, PIXEL_FRAME.height);
    ctx.drawImage(cover, f.x, f.y, f.w, f.h);
  });
}
