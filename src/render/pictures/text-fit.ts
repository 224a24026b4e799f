// Text laid out to fit a width on a canvas: clipped with an ellipsis, or wrapped on a few lines.

import type { SKRSContext2D } from '@napi-rs/canvas';

const ELLIPSIS = '…';

/** Splits into user-perceived characters, so an ellipsis never cuts an emoji or a combining mark in half. */
function graphemes(text: string): string[] {
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
}

/** The text as it fits `maxWidth` in the context's current font: whole, or cut with an ellipsis. */
export function clipToWidth(ctx: SKRSContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  const parts = graphemes(text);
  let low = 0;
  let high = parts.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ctx.measureText(parts.slice(0, mid).join('').trimEnd() + ELLIPSIS).width <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return parts.slice(0, low).join('').trimEnd() + ELLIPSIS;
}

/**
 * The text on at most `maxLines` lines of `maxWidth`: broken between words where it has spaces, between
 * characters otherwise (Japanese, Chinese), the last line clipped with an ellipsis.
 */
export function wrapToWidth(ctx: SKRSContext2D, text: string, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let rest = graphemes(text.trim());
  while (rest.length > 0 && lines.length < maxLines) {
    if (lines.length === maxLines - 1) {
      lines.push(clipToWidth(ctx, rest.join(''), maxWidth));
      break;
    }
    let fit = 0;
    while (fit < rest.length && ctx.measureText(rest.slice(0, fit + 1).join('')).width <= maxWidth) fit++;
    if (fit === rest.length) {
      lines.push(rest.join(''));
      break;
    }
    const space = rest.slice(0, fit + 1).lastIndexOf(' ');
    const cut = space > 0 ? space : Math.max(1, fit);
    lines.push(rest.slice(0, cut).join('').trimEnd());
    rest = rest.slice(cut);
    while (rest[0] === ' ') rest = rest.slice(1);
  }
  return lines;
}
