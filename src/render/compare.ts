// /compare's message: the comparison in words (src/render/social.ts's compareEmbed) and, when some
// title was scored by both, the plot of their scores as an attachment — the plot's caption, axes and
// summary (drawn on it) and its alt text (how many agree and which member scores higher) written
// here. Pure: the caller passes the two members, their points and the drawn plot.

import type { Translator } from '../i18n/index.js';
import type { Affinity, CorrelationResult } from '../community/affinity.js';
import type { ListKind } from '../community/types.js';
import type { MessageFile, RenderedMessage } from './limits.js';
import { pictureFile } from './pictures/attachment.js';
import type { EncodedPicture } from './pictures/encode.js';
import { compareEmbed, type CompareSide } from './social.js';

/** What the plot shows: the two members' service names, both scores of each title both scored, and their correlation. */
export interface ComparePlotFacts {
  kind: ListKind;
  nameA: string;
  nameB: string;
  points: readonly { a: number; b: number }[];
  correlation: CorrelationResult;
}

/** The words drawn on the plot. */
export interface ComparePlotTexts {
  caption: string;
  axisA: string;
  axisB: string;
  summary: string;
}

const shownName = (t: Translator, name: string): string => name.trim() || t.t('social.member.unnamed');

export function comparePlotTexts(t: Translator, f: ComparePlotFacts): ComparePlotTexts {
  const c = f.correlation;
  const [a, b] = [shownName(t, f.nameA), shownName(t, f.nameB)];
  return {
    caption: t.t('social.comparePlot.caption', { kind: f.kind, a, b }),
    axisA: t.t('social.comparePlot.axis', { name: a }),
    axisB: t.t('social.comparePlot.axis', { name: b }),
    summary: t.t('social.comparePlot.summary', {
      basis: f.points.length,
      correlation: c.kind === 'value' ? 'value' : c.kind === 'too-few' ? 'tooFew' : 'none',
      percent: c.kind === 'value' ? Math.round(c.value * 100) : 0,
    }),
  };
}

/** The drawn plot as the message's attachment, with its alt text. */
export function comparePlotAttachment(t: Translator, f: ComparePlotFacts, texts: ComparePlotTexts, picture: EncodedPicture): MessageFile {
  const alt = t.t('social.comparePlot.alt', {
    a: shownName(t, f.nameA),
    b: shownName(t, f.nameB),
    summary: texts.summary,
    same: f.points.filter((p) => p.a === p.b).length,
    aHigher: f.points.filter((p) => p.a > p.b).length,
    bHigher: f.points.filter((p) => p.b > p.a).length,
  });
  return pictureFile(`${f.kind}-compare`, picture, alt);
}

/** /compare's answer: the comparison, and the plot when there is one. */
export function compareMessage(t: Translator, kind: ListKind, a: CompareSide, b: CompareSide, affinity: Affinity, ageRestricted: boolean, plot: MessageFile | undefined): RenderedMessage {
  return {
    embeds: [compareEmbed(t, kind, a, b, affinity, ageRestricted)],
    ...(plot ? { files: [plot] } : {}),
  };
}
