// A card of someone's list in numbers: the entries by status as one proportional bar with a legend of
// counts, a histogram of scores 1–10 with how many are unscored, and a few facts (mean score, totals,
// days watched). Every word arrives already in the reader's language.

import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { encodeSmallest, type EncodedPicture } from './encode.js';
import { font, registerFonts } from './fonts.js';
import { clipToWidth } from './text-fit.js';
import { PICTURE_THEME as THEME, STATUS_COLOURS } from './theme.js';

export interface StatsCard {
  /** Whose list, drawn at the top. */
  caption: string;
  statusHeading: string;
  /** Each status in the kind's order: its name and how many entries have it. */
  statuses: readonly { label: string; count: number }[];
  scoreHeading: string;
  /** How many entries have each score, 1 to 10 (ten numbers). */
  histogram: readonly number[];
  /** The labels under the histogram's bars and the counts over them, in the reader's digits. */
  formatNumber: (n: number) => string;
  /** `12 unscored`. */
  unscored: string;
  /** Mean score, totals, days watched: label and value. */
  facts: readonly { label: string; value: string }[];
  /** Drawn at the bottom (entries not counted); none: no footer. */
  note?: string;
}

const WIDTH = 760;
const PAD = 24;
const INNER = WIDTH - 2 * PAD;
const BAR_HEIGHT = 34;
const HISTOGRAM_HEIGHT = 160;
const FACT_ROW = 34;

export async function renderStatsCard(card: StatsCard): Promise<EncodedPicture> {
  registerFonts();
  const legendRows = Math.ceil(card.statuses.length / 3);
  const factRows = Math.ceil(card.facts.length / 2);
  const height = PAD + 40 + 34 + BAR_HEIGHT + 12 + legendRows * 26 + 24 + 34 + HISTOGRAM_HEIGHT + 52 + factRows * FACT_ROW + (card.note ? 34 : 0) + PAD;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, WIDTH, height);
  ctx.textBaseline = 'middle';
  let y = PAD;
  text(ctx, card.caption, PAD, y + 16, font(24, 'bold'), THEME.text, INNER);
  y += 40;
  text(ctx, card.statusHeading, PAD, y + 14, font(17, 'bold'), THEME.muted, INNER);
  y += 34;
  drawStatusBar(ctx, card.statuses, y);
  y += BAR_HEIGHT + 12;
  drawLegend(ctx, card, y);
  y += legendRows * 26 + 24;
  text(ctx, card.scoreHeading, PAD, y + 14, font(17, 'bold'), THEME.muted, INNER / 2);
  ctx.textAlign = 'right';
  text(ctx, card.unscored, WIDTH - PAD, y + 14, font(15), THEME.muted, INNER / 2);
  ctx.textAlign = 'left';
  y += 34;
  drawHistogram(ctx, card, y);
  y += HISTOGRAM_HEIGHT + 52;
  card.facts.forEach((fact, i) => {
    const x = PAD + (i % 2) * (INNER / 2);
    const rowY = y + Math.floor(i / 2) * FACT_ROW + FACT_ROW / 2;
    text(ctx, fact.label, x, rowY, font(16), THEME.muted, INNER / 4 - 8);
    text(ctx, fact.value, x + INNER / 4, rowY, font(18, 'bold'), THEME.text, INNER / 4 - 8);
  });
  y += factRows * FACT_ROW;
  if (card.note) text(ctx, card.note, PAD, y + 17, font(15), THEME.muted, INNER);
  return encodeSmallest(canvas);
}

function text(ctx: SKRSContext2D, value: string, x: number, y: number, css: string, colour: string, maxWidth: number): void {
  ctx.font = css;
  ctx.fillStyle = colour;
  ctx.fillText(clipToWidth(ctx, value, maxWidth), x, y);
}

function colourAt(i: number): string {
  return STATUS_COLOURS[i % STATUS_COLOURS.length] ?? THEME.accent;
}

function drawStatusBar(ctx: SKRSContext2D, statuses: StatsCard['statuses'], y: number): void {
  const total = statuses.reduce((sum, s) => sum + s.count, 0);
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(PAD, y, INNER, BAR_HEIGHT, 8);
  ctx.clip();
  ctx.fillStyle = THEME.panel;
  ctx.fillRect(PAD, y, INNER, BAR_HEIGHT);
  let x = PAD;
  statuses.forEach((s, i) => {
    if (total === 0 || s.count === 0) return;
    const w = (s.count / total) * INNER;
    ctx.fillStyle = colourAt(i);
    ctx.fillRect(x, y, w + 0.5, BAR_HEIGHT);
    x += w;
  });
  ctx.restore();
}

function drawLegend(ctx: SKRSContext2D, card: StatsCard, y: number): void {
  const column = INNER / 3;
  card.statuses.forEach((s, i) => {
    const x = PAD + (i % 3) * column;
    const rowY = y + Math.floor(i / 3) * 26 + 13;
    ctx.fillStyle = colourAt(i);
    ctx.fillRect(x, rowY - 7, 14, 14);
    text(ctx, `${s.label} ${card.formatNumber(s.count)}`, x + 22, rowY, font(15), THEME.text, column - 30);
  });
}

function drawHistogram(ctx: SKRSContext2D, card: StatsCard, y: number): void {
  const most = Math.max(1, ...card.histogram);
  const slot = INNER / 10;
  const barWidth = slot - 14;
  ctx.textAlign = 'center';
  for (let score = 1; score <= 10; score++) {
    const count = card.histogram[score - 1] ?? 0;
    const h = Math.round((count / most) * (HISTOGRAM_HEIGHT - 24));
    const x = PAD + (score - 1) * slot + 7;
    ctx.fillStyle = THEME.panel;
    ctx.fillRect(x, y, barWidth, HISTOGRAM_HEIGHT);
    ctx.fillStyle = THEME.accent;
    ctx.fillRect(x, y + HISTOGRAM_HEIGHT - h, barWidth, h);
    if (count > 0) text(ctx, card.formatNumber(count), x + barWidth / 2, y + HISTOGRAM_HEIGHT - h - 11, font(13, 'bold'), THEME.text, slot);
    text(ctx, card.formatNumber(score), x + barWidth / 2, y + HISTOGRAM_HEIGHT + 16, font(15, 'bold'), THEME.muted, slot);
  }
  ctx.textAlign = 'left';
}
