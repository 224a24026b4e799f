// One list entry after a change, as the service returned it, in the reader's language; and the
// answer after an entry is removed.

import type { EntryOf, WorkKind, WorkOf } from '../service/kinds.js';
import type { Translator } from '../i18n/index.js';
import { listEntryEmbed, type EntryHeading } from '../render/entries.js';
import type { RenderedMessage } from '../render/limits.js';

export type { EntryHeading } from '../render/entries.js';

/** The entry under a heading (`yourList` after /list update, `updated` after a +1 or status button). */
export function listEntryMessage<K extends WorkKind>(t: Translator, kind: K, work: WorkOf<K>, entry: EntryOf<K>, heading: EntryHeading): RenderedMessage {
  return { embeds: [listEntryEmbed(t, kind, entry, work, heading)] };
}

/** The answer after `/list … remove`: `title` is already fit to show here (markdown-escaped). */
export function removedMessage(t: Translator, kind: WorkKind, title: string): RenderedMessage {
  return { embeds: [{ title: t.t('lists.remove.done.title'), description: t.t('lists.remove.done.text', { title, kind }) }] };
}
