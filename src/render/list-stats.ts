// The message of a list's numbers (`/list anime stats`, `/list manga stats`): the drawn card as an
// attachment whose alt text says everything the card shows (entries by status, scores 1–10 and the
// unscored, the facts beside them), the note when only the first entries were counted, or that the
// list is empty. Pure: the caller passes the card and the numbers.

import type { Translator } from '../i18n/index.js';
import type { ListKind } from '../community/types.js';
import type { RenderedMessage } from './limits.js';
import { pictureFile } from './pictures/attachment.js';
import type { EncodedPicture } from './pictures/encode.js';
import { term } from './terms.js';

/** What the card shows of the list. */
export interface StatsFacts {
  kind: ListKind;
  caption: string;
  /** Entries per status, in the kind's status order. */
  byStatus: readonly { status: string; count: number }[];
  /** Entries scored 1 to 10 (index 0 is score 1). */
  histogram: readonly number[];
  unscored: number;
  /** The facts beside the histogram (mean, entries, progress, days), already in the reader's words. */
  facts: readonly { label: string; value: string }[];
  /** Said when only the first entries were counted. */
  note: string | undefined;
}

export function listStatsEmptyMessage(t: Translator, caption: string): RenderedMessage {
  return { content: t.t('lists.stats.empty', { caption }) };
}

function statsAlt(t: Translator, s: StatsFacts): string {
  const statuses = s.byStatus.map((b) => `${term(t, 'listStatus', b.status)} ${t.number(b.count)}`).join(', ');
  const scores = s.histogram.map((count, i) => `${t.number(i + 1)}: ${t.number(count)}`).join(', ');
  return t.t('lists.stats.alt', {
    caption: s.caption,
    statuses,
    scores,
    unscored: s.unscored,
    facts: s.facts.map((f) => `${f.label} ${f.value}`).join(', '),
  });
}

export function listStatsMessage(t: Translator, s: StatsFacts, picture: EncodedPicture): RenderedMessage {
  const alt = statsAlt(t, s);
  return { files: [pictureFile(`${s.kind}-stats`, picture, s.note !== undefined ? `${alt} ${s.note}` : alt)] };
}
