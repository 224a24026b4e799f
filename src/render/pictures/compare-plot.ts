// Where two people agree: each title both scored is a point (one's score across, the other's up),
// points on the same spot drawn as one larger bubble with its count, and the agreement line through
// (1, 1)–(10, 10). The caption names the two, the footer gives the count and the correlation.

import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { encodeSmallest, type EncodedPicture } from './encode.js';
import { font, registerFonts } from './fonts.js';
import { clipToWidth } from './text-fit.js';
import { PICTURE_THEME as THEME } from './theme.js';

export interface ComparePlot {
  caption: string;
  /** The axes' names: the first person's scores across, the second's up. */
  axisA: string;
  axisB: string;
  points: readonly { a: number; b: number }[];
  /** The count and the correlation, in words. */
  summary: string;
  formatNumber: (n: number) => string;
}

const WIDTH = 640;
const HEIGHT = 700;
const LEFT = 70;
const TOP = 64;
const SIZE = 520;

/** How many points sit on each spot of the 10 × 10 grid (scores outside 1–10 are not drawn). */
export function bubbles(points: ComparePlot['points']): { a: number; b: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const p of points) {
    if (!Number.isInteger(p.a) || !Number.isInteger(p.b) || p.a < 1 || p.a > 10 || p.b < 1 || p.b > 10) continue;
    const key = p.a * 11 + p.b;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => ({ a: Math.floor(key / 11), b: key % 11, count }));
}

export async function renderComparePlot(plot: ComparePlot): Promise<EncodedPicture> {
  registerFonts();
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.textBaseline = 'middle';
  text(ctx, plot.caption, 24, 30, font(22, 'bold'), THEME.text, WIDTH - 48);
  const step = SIZE / 10;
  const x = (score: number) => LEFT + (score - 0.5) * step;
  const y = (score: number) => TOP + SIZE - (score - 0.5) * step;
  ctx.fillStyle = THEME.panel;
  ctx.fillRect(LEFT, TOP, SIZE, SIZE);
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.06)';
  ctx.lineWidth = 1;
  ctx.textAlign = 'center';
  for (let s = 1; s <= 10; s++) {
    ctx.beginPath();
    ctx.moveTo(x(s), TOP);
    ctx.lineTo(x(s), TOP + SIZE);
    ctx.moveTo(LEFT, y(s));
    ctx.lineTo(LEFT + SIZE, y(s));
    ctx.stroke();
    text(ctx, plot.formatNumber(s), x(s), TOP + SIZE + 16, font(14), THEME.muted, step);
    text(ctx, plot.formatNumber(s), LEFT - 16, y(s), font(14), THEME.muted, step);
  }
  // The agreement line: the same score from both.
  ctx.strokeStyle = THEME.badge;
  ctx.lineWidth = 2;
  ctx.setLineDash([8, 6]);
  ctx.beginPath();
  ctx.moveTo(x(0.5), y(0.5));
  ctx.lineTo(x(10.5), y(10.5));
  ctx.stroke();
  ctx.setLineDash([]);
  const spots = bubbles(plot.points);
  const most = Math.max(1, ...spots.map((s) => s.count));
  for (const spot of spots) {
    const r = 6 + (step / 2 - 8) * Math.sqrt(spot.count / most);
    ctx.fillStyle = 'rgba(88, 101, 242, 0.85)';
    ctx.beginPath();
    ctx.arc(x(spot.a), y(spot.b), r, 0, Math.PI * 2);
    ctx.fill();
    if (spot.count > 1) text(ctx, plot.formatNumber(spot.count), x(spot.a), y(spot.b), font(r > 14 ? 14 : 11, 'bold'), THEME.text, 2 * r);
  }
  text(ctx, plot.axisA, LEFT + SIZE / 2, TOP + SIZE + 40, font(16, 'bold'), THEME.text, SIZE);
  ctx.save();
  ctx.translate(22, TOP + SIZE / 2);
  ctx.rotate(-Math.PI / 2);
  text(ctx, plot.axisB, 0, 0, font(16, 'bold'), THEME.text, SIZE);
  ctx.restore();
  ctx.textAlign = 'left';
  text(ctx, plot.summary, 24, HEIGHT - 30, font(16), THEME.muted, WIDTH - 48);
  return encodeSmallest(canvas);
}

function text(ctx: SKRSContext2D, value: string, x: number, y: number, css: string, colour: string, maxWidth: number): void {
  ctx.font = css;
  ctx.fillStyle = colour;
  ctx.fillText(clipToWidth(ctx, value, maxWidth), x, y);
}
