// /compare's plot: each title both members scored is a point (the first one's score against the
// other's), beside the agreement line, with the count and the correlation. Titles are not drawn nor
// named, so titles not safe for work need no masking.

import type { Translator } from '../i18n/index.js';
import type { MessageFile } from '../render/limits.js';
import { pictureFile } from '../render/pictures/attachment.js';
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
  const name = (m: MemberMirror) => m.serviceUser.trim() || t.t('social.member.unnamed');
  const c = affinity.correlation;
  const summary = t.t('social.comparePlot.summary', {
    basis: points.length,
    correlation: c.kind === 'value' ? 'value' : c.kind === 'too-few' ? 'tooFew' : 'none',
    percent: c.kind === 'value' ? Math.round(c.value * 100) : 0,
  });
  const picture = await renderComparePlot({
    caption: t.t('social.comparePlot.caption', { kind, a: name(a), b: name(b) }),
    axisA: t.t('social.comparePlot.axis', { name: name(a) }),
    axisB: t.t('social.comparePlot.axis', { name: name(b) }),
    points,
    summary,
    formatNumber: (n) => t.number(n),
  });
  const alt = t.t('social.comparePlot.alt', {
    a: name(a),
    b: name(b),
    summary,
    same: points.filter((p) => p.a === p.b).length,
    aHigher: points.filter((p) => p.a > p.b).length,
    bHigher: points.filter((p) => p.b > p.a).length,
  });
  return pictureFile(`${kind}-compare`, picture, alt);
}
