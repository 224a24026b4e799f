// A card of someone's year (`/wrapped`): a caption, then blocks one under the other — facts in two
// columns with big values, plain lines, ranked bars (genres, studios), and twelve month columns.
// Every word arrives already in the reader's language; the covers of the year are drawn by cover-grid.ts.

import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { encodeSmallest, type EncodedPicture } from './encode.js';
import { font, registerFonts } from './fonts.js';
import { clipToWidth } from './text-fit.js';
import { PICTURE_THEME as THEME, STATUS_COLOURS } from './theme.js';

export type RecapBlock =
  | { type: 'facts'; items: readonly { label: string; value: string }[] }
  | { type: 'lines'; lines: readonly string[]; strong?: boolean }
  | { type: 'bars'; heading: string; items: readonly { label: string; count: number; value: string }[] }
  | { type: 'months'; heading: string; labels: readonly string[]; counts: readonly number[]; values: readonly string[] };

export interface RecapCard {
  caption: string;
  /** A smaller line under the caption (the year, the kind). */
  subtitle?: string;
  blocks: readonly RecapBlock[];
  /** Drawn at the bottom, muted (how completions were dated, titles left out). */
  notes?: readonly string[];
}

const WIDTH = 760;
const PAD = 28;
const INNER = WIDTH - 2 * PAD;
const FACT_ROW = 64;
const LINE = 30;
const BAR_ROW = 30;
const MONTHS_HEIGHT = 150;
const NOTE_LINE = 24;

function blockHeight(block: RecapBlock): number {
  switch (block.type) {
    case 'facts':
      return Math.ceil(block.items.length / 2) * FACT_ROW + 12;
    case 'lines':
      return block.lines.length * LINE + 12;
    case 'bars':
      return 34 + block.items.length * BAR_ROW + 16;
    case 'months':
      return 34 + MONTHS_HEIGHT + 40;
  }
}

export async function renderRecapCard(card: RecapCard): Promise<EncodedPicture> {
  registerFonts();
  const notes = card.notes ?? [];
  const head = 44 + (card.subtitle ? 30 : 0) + 12;
  const height = PAD + head + card.blocks.reduce((sum, b) => sum + blockHeight(b), 0) + notes.length * NOTE_LINE + PAD;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, WIDTH, height);
  ctx.fillStyle = THEME.accent;
  ctx.fillRect(0, 0, 8, height);
  ctx.textBaseline = 'middle';
  let y = PAD;
  text(ctx, card.caption, PAD, y + 20, font(28, 'bold'), THEME.text, INNER);
  y += 44;
  if (card.subtitle) {
    text(ctx, card.subtitle, PAD, y + 14, font(18), THEME.muted, INNER);
    y += 30;
  }
  y += 12;
  for (const block of card.blocks) {
    drawBlock(ctx, block, y);
    y += blockHeight(block);
  }
  notes.forEach((note, i) => text(ctx, note, PAD, y + i * NOTE_LINE + NOTE_LINE / 2, font(15), THEME.muted, INNER));
  return encodeSmallest(canvas);
}

function drawBlock(ctx: SKRSContext2D, block: RecapBlock, y: number): void {
  switch (block.type) {
    case 'facts':
      drawFacts(ctx, block.items, y);
      return;
    case 'lines':
      block.lines.forEach((line, i) => text(ctx, line, PAD, y + i * LINE + LINE / 2, font(block.strong ? 20 : 18, block.strong ? 'bold' : 'regular'), THEME.text, INNER));
      return;
    case 'bars':
      drawBars(ctx, block, y);
      return;
    case 'months':
      drawMonths(ctx, block, y);
  }
}

function text(ctx: SKRSContext2D, value: string, x: number, y: number, css: string, colour: string, maxWidth: number): void {
  ctx.font = css;
  ctx.fillStyle = colour;
  ctx.fillText(clipToWidth(ctx, value, maxWidth), x, y);
}

function drawFacts(ctx: SKRSContext2D, items: readonly { label: string; value: string }[], y: number): void {
  items.forEach((fact, i) => {
    const x = PAD + (i % 2) * (INNER / 2);
    const rowY = y + Math.floor(i / 2) * FACT_ROW;
    text(ctx, fact.value, x, rowY + 20, font(30, 'bold'), THEME.text, INNER / 2 - 12);
    text(ctx, fact.label, x, rowY + 48, font(15), THEME.muted, INNER / 2 - 12);
  });
}

const BAR_VALUE_FONT = (): string => font(15, 'bold');

/**
 * Where a ranking's bars end: the space after the longest bar fits the widest value written beside
 * its bar ("12 members", "12 Mitglieder"), up to a third of the card; the bars take the rest.
 */
export function barsLayout(ctx: SKRSContext2D, values: readonly string[]): { labelWidth: number; barSpace: number; valueWidth: number } {
  const labelWidth = INNER * 0.38;
  ctx.font = BAR_VALUE_FONT();
  const widest = Math.max(0, ...values.map((v) => ctx.measureText(v).width));
  const valueWidth = Math.min(INNER / 3, Math.max(40, Math.ceil(widest) + 4));
  return { labelWidth, barSpace: INNER - labelWidth - valueWidth - 8, valueWidth };
}

function drawBars(ctx: SKRSContext2D, block: Extract<RecapBlock, { type: 'bars' }>, y: number): void {
  text(ctx, block.heading, PAD, y + 14, font(17, 'bold'), THEME.muted, INNER);
  const most = Math.max(1, ...block.items.map((item) => item.count));
  const { labelWidth, barSpace, valueWidth } = barsLayout(ctx, block.items.map((item) => item.value));
  block.items.forEach((item, i) => {
    const rowY = y + 34 + i * BAR_ROW;
    text(ctx, item.label, PAD, rowY + BAR_ROW / 2, font(16), THEME.text, labelWidth - 10);
    ctx.fillStyle = STATUS_COLOURS[i % STATUS_COLOURS.length] ?? THEME.accent;
    const w = Math.max(4, (item.count / most) * barSpace);
    ctx.beginPath();
    ctx.roundRect(PAD + labelWidth, rowY + 6, w, BAR_ROW - 12, 4);
    ctx.fill();
    text(ctx, item.value, PAD + labelWidth + w + 8, rowY + BAR_ROW / 2, BAR_VALUE_FONT(), THEME.text, valueWidth);
  });
}

function drawMonths(ctx: SKRSContext2D, block: Extract<RecapBlock, { type: 'months' }>, y: number): void {
  text(ctx, block.heading, PAD, y + 14, font(17, 'bold'), THEME.muted, INNER);
  const top = y + 34;
  const most = Math.max(1, ...block.counts);
  const slot = INNER / 12;
  const barWidth = slot - 10;
  ctx.textAlign = 'center';
  block.counts.forEach((count, i) => {
    const h = Math.round((count / most) * (MONTHS_HEIGHT - 22));
    const x = PAD + i * slot + 5;
    ctx.fillStyle = THEME.panel;
    ctx.fillRect(x, top, barWidth, MONTHS_HEIGHT);
    ctx.fillStyle = count === most && count > 0 ? THEME.badge : THEME.accent;
    ctx.fillRect(x, top + MONTHS_HEIGHT - h, barWidth, h);
    if (count > 0) text(ctx, block.values[i] ?? '', x + barWidth / 2, top + MONTHS_HEIGHT - h - 10, font(12, 'bold'), THEME.text, slot);
    text(ctx, block.labels[i] ?? '', x + barWidth / 2, top + MONTHS_HEIGHT + 16, font(13), THEME.muted, slot);
  });
  ctx.textAlign = 'left';
}
