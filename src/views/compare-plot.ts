// /compare's plot: each title both members scored is a point (the first one's score against the
// other's), beside the agreement line, with the count and the correlation (its words and alt text:
// src/render/compare.ts). Titles are not drawn nor named, so titles not safe for work need no masking.

import type { Translator } from '../i18n/index.js';
import { comparePlotAttachment, comparePlotTexts } from '../render/compare.js';
import type { MessageFile } from '../render/limits.js';
import { renderComparePlot } from '../render/pictures/compare-plot.js';
import type { Affinity } from '../community/affinity.js';
import type { ListKind, MemberMirror } from '../community/types.js';

/** Both members' scores of each title both scored. */
export function scoredTogether(a: MemberMirror, b: MemberMirror): { a: number; b: number }[] {
  const scoresB = new Map(b.entries.filter((e) => e.score > 0).map((e) => [e.id, e.score]));
  const points: { a: number; b: number }[] = [];
  for (const entry of a.entries) {
    const other = scoresB.get(entry.id);
    if (entry.score > 0 && other !== undefined) points.push({ a: entry.score, b: other });
  }
  return points;
}

/** The plot as an attachment; none when no title was scored by both. */
export async function comparePlotFile(t: Translator, kind: ListKind, a: MemberMirror, b: MemberMirror, affinity: Affinity): Promise<MessageFile | undefined> {
  const points = scoredTogether(a, b);
  if (points.length === 0) return undefined;
  const plot = { kind, nameA: a.serviceUser, nameB: b.serviceUser, points, correlation: affinity.correlation };
  const texts = comparePlotTexts(t, plot);
  const picture = await renderComparePlot({ ...texts, points, formatNumber: (n) => t.number(n) });
  return comparePlotAttachment(t, plot, texts, picture);
}
