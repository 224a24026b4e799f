// A grid of covers (a "3x3" of someone's list, a season at a glance, a server's most held titles):
// each tile the cover, or a placeholder drawn from the title when no cover could be had, with the
// title on a shaded band, up to two short lines under it and a badge (a score, a count) in its corner;
// a caption above says what the grid is, a note below what was left out.

import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { encodeSmallest, type EncodedPicture } from './encode.js';
import { font, registerFonts } from './fonts.js';
import { clipToWidth, wrapToWidth } from './text-fit.js';
import { PICTURE_THEME as THEME, TILE, hueOf } from './theme.js';

export interface CoverTile {
  title: string;
  /** The cover's image bytes (any format the canvas decodes); none, or undecodable: a placeholder. */
  cover?: Buffer;
  /** Short text in the tile's corner (a score, a count). */
  badge?: string;
  /** Up to two short lines under the title (media type, broadcast time, mean score). */
  lines?: readonly string[];
}

export interface CoverGrid {
  columns: number;
  tiles: readonly CoverTile[];
  /** What the grid is, drawn above it (whose list, which season). */
  caption: string;
  /** Drawn below it (what was left out, the time zone); none: no footer. */
  note?: string;
}

const CAPTION_HEIGHT = 48;
const NOTE_HEIGHT = 34;

export async function renderCoverGrid(grid: CoverGrid): Promise<EncodedPicture> {
  registerFonts();
  const columns = Math.max(1, grid.columns);
  const rows = Math.max(1, Math.ceil(grid.tiles.length / columns));
  const width = columns * TILE.width + (columns + 1) * TILE.gap;
  const height = CAPTION_HEIGHT + rows * (TILE.height + TILE.gap) + TILE.gap + (grid.note ? NOTE_HEIGHT : 0);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = THEME.text;
  ctx.font = font(22, 'bold');
  ctx.textBaseline = 'middle';
  ctx.fillText(clipToWidth(ctx, grid.caption, width - 2 * TILE.gap - 8), TILE.gap + 4, CAPTION_HEIGHT / 2);
  const covers = await Promise.all(grid.tiles.map((tile) => decode(tile.cover)));
  grid.tiles.forEach((tile, i) => {
    const x = TILE.gap + (i % columns) * (TILE.width + TILE.gap);
    const y = CAPTION_HEIGHT + Math.floor(i / columns) * (TILE.height + TILE.gap);
    drawTile(ctx, tile, covers[i], x, y);
  });
  if (grid.note) {
    ctx.fillStyle = THEME.muted;
    ctx.font = font(16);
    ctx.textBaseline = 'middle';
    ctx.fillText(clipToWidth(ctx, grid.note, width - 2 * TILE.gap - 8), TILE.gap + 4, height - NOTE_HEIGHT / 2);
  }
  return encodeSmallest(canvas);
}

async function decode(bytes: Buffer | undefined): Promise<Image | undefined> {
  if (!bytes) return undefined;
  try {
    return await loadImage(bytes);
  } catch {
    return undefined;
  }
}

function drawTile(ctx: SKRSContext2D, tile: CoverTile, cover: Image | undefined, x: number, y: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, TILE.width, TILE.height);
  ctx.clip();
  if (cover) drawCovering(ctx, cover, x, y);
  else drawPlaceholder(ctx, tile.title, x, y);
  drawBand(ctx, tile, x, y);
  if (tile.badge) drawBadge(ctx, tile.badge, x, y);
  ctx.restore();
}

/** Scales the cover to fill the tile, cropping what overflows (as CSS `object-fit: cover`). */
function drawCovering(ctx: SKRSContext2D, cover: Image, x: number, y: number): void {
  const scale = Math.max(TILE.width / cover.width, TILE.height / cover.height);
  const w = cover.width * scale;
  const h = cover.height * scale;
  ctx.drawImage(cover, x + (TILE.width - w) / 2, y + (TILE.height - h) / 2, w, h);
}

function drawPlaceholder(ctx: SKRSContext2D, title: string, x: number, y: number): void {
  const hue = hueOf(title);
  const gradient = ctx.createLinearGradient(x, y, x + TILE.width, y + TILE.height);
  gradient.addColorStop(0, `hsl(${hue}, 45%, 32%)`);
  gradient.addColorStop(1, `hsl(${(hue + 40) % 360}, 45%, 18%)`);
  ctx.fillStyle = gradient;
  ctx.fillRect(x, y, TILE.width, TILE.height);
  ctx.fillStyle = THEME.text;
  ctx.font = font(18, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const lines = wrapToWidth(ctx, title, TILE.width - 20, 4);
  lines.forEach((line, i) => ctx.fillText(line, x + TILE.width / 2, y + TILE.height / 2 - 40 + (i - (lines.length - 1) / 2) * 24));
  ctx.textAlign = 'left';
}

function drawBand(ctx: SKRSContext2D, tile: CoverTile, x: number, y: number): void {
  ctx.font = font(15, 'bold');
  const titleLines = wrapToWidth(ctx, tile.title, TILE.width - 12, 2);
  const extra = (tile.lines ?? []).slice(0, 2);
  const bandHeight = 10 + titleLines.length * 19 + extra.length * 17;
  ctx.fillStyle = THEME.shade;
  ctx.fillRect(x, y + TILE.height - bandHeight, TILE.width, bandHeight);
  ctx.textBaseline = 'top';
  ctx.fillStyle = THEME.text;
  let lineY = y + TILE.height - bandHeight + 5;
  for (const line of titleLines) {
    ctx.fillText(line, x + 6, lineY);
    lineY += 19;
  }
  ctx.font = font(13);
  ctx.fillStyle = THEME.muted;
  for (const line of extra) {
    ctx.fillText(clipToWidth(ctx, line, TILE.width - 12), x + 6, lineY);
    lineY += 17;
  }
}

function drawBadge(ctx: SKRSContext2D, badge: string, x: number, y: number): void {
  ctx.font = font(16, 'bold');
  const text = clipToWidth(ctx, badge, TILE.width - 20);
  const w = ctx.measureText(text).width + 14;
  ctx.fillStyle = THEME.badge;
  ctx.beginPath();
  ctx.roundRect(x + TILE.width - w - 6, y + 6, w, 26, 6);
  ctx.fill();
  ctx.fillStyle = THEME.badgeText;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x + TILE.width - w + 1, y + 19);
}
