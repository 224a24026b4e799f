// One list entry as the service returned it (e.g. the PUT/PATCH response), in the reader's language, and the answer after an entry is removed.
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { Picture } from '../service/common-types.js';
import { flagAt, KINDS, numberAt, type EntryOf, type WorkKind, type WorkOf } from '../service/kinds.js';
import type { MessageKey, Translator } from '../i18n/index.js';
import { discordTimestamp, escapeMarkdown, truncate } from './text.js';
import { term } from './terms.js';
import { COLORS } from './theme.js';
import { formatPartialDate } from './format.js';
import { pictureUrl } from './work-facts.js';
import { KIND_WORDS, unitWords } from './kind-words.js';
import type { RenderedMessage } from './limits.js';

function num(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n);
}

function push(fields: APIEmbedField[], name: string, value: string | undefined, inline = true): void {
  if (value !== undefined && value.trim() !== '') fields.push({ name, value: truncate(value, 1024), inline });
}

export interface ListEntryWork {
  id?: number;
  title?: string;
  main_picture?: Picture;
  num_episodes?: number;
  num_volumes?: number;
  num_chapters?: number;
}

/** The heading above the entry: after /list update, after a button, or the default. */
export type EntryHeading = 'yourList' | 'updated' | 'yourListEntry';

const HEADINGS: Readonly<Record<EntryHeading, MessageKey>> = {
  yourList: 'lists.entry.heading.yourList',
  updated: 'lists.entry.heading.updated',
  yourListEntry: 'lists.entry.heading.yourListEntry',
};

const PRIORITY: readonly MessageKey[] = ['lists.entry.priority.low', 'lists.entry.priority.medium', 'lists.entry.priority.high'];
const REPEAT_VALUE: readonly MessageKey[] = [
  'lists.entry.repeatValue.veryLow',
  'lists.entry.repeatValue.low',
  'lists.entry.repeatValue.medium',
  'lists.entry.repeatValue.high',
  'lists.entry.repeatValue.veryHigh',
];

/** Priority 0–2 → Low/Medium/High in the reader's language; another number as it is. */
export function priorityText(t: Translator, p: number | undefined): string | undefined {
  if (p === undefined) return undefined;
  const key = PRIORITY[p];
  return key ? t.t(key) : t.number(p);
}

/** Rewatch/reread value 1–5 → Very Low … Very High; 0 (unset) → undefined. */
export function repeatValueText(t: Translator, v: number | undefined): string | undefined {
  if (v === undefined || v === 0) return undefined;
  const key = REPEAT_VALUE[v - 1];
  return key ? t.t(key) : t.number(v);
}

/**
 * A date of a list entry or profile in the reader's language (`Jan 10, 2010`, `Jan 2010`), through the
 * catalogue views' cached formatter; a year alone is shown as the bare year; anything else as given.
 */
export function localPartialDate(t: Translator, value: string): string {
  const year = /^\s*(\d{4})\s*$/.exec(value)?.[1];
  if (year !== undefined && Number(year) >= 1) return String(Number(year));
  return formatPartialDate(t, value);
}

/** `12/64`: a count and a total, `?` while the total is unknown (0 or missing). */
function countOf(t: Translator, done: number, total: number | undefined): string {
  return `${t.number(done)}/${total !== undefined && total > 0 && Number.isFinite(total) ? t.number(total) : '?'}`;
}

function entryHead(t: Translator, heading: EntryHeading, work: ListEntryWork | undefined): APIEmbed {
  const title = work?.title?.trim() || (work?.id !== undefined ? `#${work.id}` : undefined);
  const text = t.t(HEADINGS[heading]);
  const embed: APIEmbed = {
    title: truncate(escapeMarkdown(title ? t.t('lists.entry.title', { heading: text, title }) : text), 256),
    color: COLORS.success,
  };
  const picture = pictureUrl(work?.main_picture);
  if (picture) embed.thumbnail = { url: picture };
  return embed;
}

function score(t: Translator, s: number | undefined): string | undefined {
  if (s === undefined) return undefined;
  return s > 0 ? `★ ${t.number(s)}` : t.t('lists.entry.notScored');
}

function commonEntryFields(
  t: Translator,
  fields: APIEmbedField[],
  s: {
    start_date?: string;
    finish_date?: string;
    priority?: number;
    tags?: string[];
    comments?: string;
    updated_at?: string;
  },
): void {
  push(fields, t.t('lists.entry.field.started'), s.start_date ? escapeMarkdown(localPartialDate(t, s.start_date)) : undefined);
  push(fields, t.t('lists.entry.field.finished'), s.finish_date ? escapeMarkdown(localPartialDate(t, s.finish_date)) : undefined);
  push(fields, t.t('lists.entry.field.priority'), priorityText(t, s.priority));
  const tags = (s.tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== '');
  push(fields, t.t('lists.entry.field.tags'), tags.length > 0 ? tags.map(escapeMarkdown).join(t.t('lists.separator')) : undefined, false);
  push(fields, t.t('lists.entry.field.comments'), s.comments?.trim() ? truncate(escapeMarkdown(s.comments.trim()), 1000) : undefined, false);
  push(fields, t.t('lists.entry.field.updated'), discordTimestamp(s.updated_at));
}

/** One list entry as the service returned it (e.g. the PUT response), with the kind's counts and repeat fields. */
export function listEntryEmbed<K extends WorkKind>(t: Translator, kind: K, s: EntryOf<K>, work?: ListEntryWork, heading: EntryHeading = 'yourListEntry'): APIEmbed {
  const spec = KINDS[kind];
  const words = KIND_WORDS[kind].repeat;
  const embed = entryHead(t, heading, work);
  const fields: APIEmbedField[] = [];
  push(fields, t.t('lists.entry.field.status'), s.status ? escapeMarkdown(term(t, 'listStatus', s.status)) : undefined);
  push(fields, t.t('lists.entry.field.score'), score(t, s.score));
  for (const unit of spec.progress) {
    const done = numberAt(s, unit.read);
    push(fields, t.t(unitWords(unit.unit).entryField), done !== undefined ? countOf(t, done, numberAt(work, unit.total)) : undefined);
  }
  if (flagAt(s, spec.repeat.flag)) push(fields, t.t(words.doing), t.t('lists.yes'));
  const times = numberAt(s, spec.repeat.times);
  if (num(times) && times > 0) push(fields, t.t(words.times), t.number(times));
  push(fields, t.t(words.value), repeatValueText(t, numberAt(s, spec.repeat.value)));
  commonEntryFields(t, fields, s);
  if (fields.length > 0) embed.fields = fields;
  return embed;
}

/** The entry under a heading (`yourList` after /list update, `updated` after a +1 or status button). */
export function listEntryMessage<K extends WorkKind>(t: Translator, kind: K, work: WorkOf<K>, entry: EntryOf<K>, heading: EntryHeading): RenderedMessage {
  return { embeds: [listEntryEmbed(t, kind, entry, work, heading)] };
}

/** The answer after `/list … remove`: `title` is already fit to show here (markdown-escaped). */
export function removedMessage(t: Translator, kind: WorkKind, title: string): RenderedMessage {
  return { embeds: [{ title: t.t('lists.remove.done.title'), description: t.t('lists.remove.done.text', { title, kind }) }] };
}
