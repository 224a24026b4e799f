// The card of a server's week (the weekly recap, `/recap now`): the caption and the week's dates, the
// week's numbers in two columns, ranked bars of the most watched titles and of the airing titles most
// members watch, and who finished what. Drawn by recap-card.ts's blocks (the same look as /wrapped);
// every word arrives already in the server's language, titles not safe for work already left out.

import type { EncodedPicture } from './encode.js';
import { renderRecapCard, type RecapBlock } from './recap-card.js';

export interface WeekCardBars {
  heading: string;
  items: readonly { label: string; count: number; value: string }[];
}

export interface WeekCard {
  caption: string;
  subtitle: string;
  facts: readonly { label: string; value: string }[];
  top?: WeekCardBars;
  airing?: WeekCardBars;
  finished?: { heading: string; lines: readonly string[] };
  notes: readonly string[];
}

/** At most this many bars per ranking and lines of finished titles on the card. */
export const WEEK_CARD_ROWS = 5;

export function weekCardBlocks(card: WeekCard): RecapBlock[] {
  const blocks: RecapBlock[] = [{ type: 'facts', items: card.facts }];
  if (card.top && card.top.items.length > 0) blocks.push({ type: 'bars', heading: card.top.heading, items: card.top.items.slice(0, WEEK_CARD_ROWS) });
  if (card.airing && card.airing.items.length > 0) blocks.push({ type: 'bars', heading: card.airing.heading, items: card.airing.items.slice(0, WEEK_CARD_ROWS) });
  if (card.finished && card.finished.lines.length > 0) {
    blocks.push({ type: 'lines', lines: [card.finished.heading], strong: true });
    blocks.push({ type: 'lines', lines: card.finished.lines.slice(0, WEEK_CARD_ROWS + 1) });
  }
  return blocks;
}

export function renderWeekCard(card: WeekCard): Promise<EncodedPicture> {
  return renderRecapCard({ caption: card.caption, subtitle: card.subtitle, blocks: weekCardBlocks(card), notes: card.notes });
}
