// The list sites' XML export, written: `<myanimelist>` with `<myinfo>` (the user and the totals per
// status) and one `<anime>` or `<manga>` element per entry, each element in the order and spelling the
// sites' own exports use (docs/list-files.md). Entries are turned into text as they are read (a page
// at a time), so what is kept is the file's text, never the service's objects; the document is then
// streamed out, through gzip when it is large.

import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createGzip } from 'node:zlib';
import { KINDS, type ListItem, type ListStatusOf, type WorkKind } from '../service/kinds.js';
import type { AnimeListStatus, MangaListStatus } from '../service/list-types.js';
import type { Anime, Manga } from '../service/work-types.js';
import { mainTitleOf } from '../service/title-forms.js';
import {
  ENTRY_ELEMENT,
  EXPORT_TYPE,
  MEDIA_TYPE_WORDS,
  PRIORITY_WORDS,
  STATUS_WORDS,
  TOTAL_ELEMENTS,
  UNKNOWN_DATE,
  VALUE_WORDS,
  YES_NO_WORDS,
} from './words.js';

/**
 * A file larger than this (1 MiB of XML, about 1 400 entries) is sent gzipped (`.xml.gz`): every list
 * site's importer takes both, and gzip keeps even a 100 000-entry list far under Discord's 10 MiB
 * upload limit for a bot (ATTACHMENT_LIMITS.fileBytes). Smaller files stay plain XML, readable as they are.
 */
export const GZIP_THRESHOLD_BYTES = 1024 * 1024;

/** Characters XML 1.0 does not allow anywhere, not even in CDATA (controls, lone surrogates, U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as CDATA: characters XML forbids are dropped, and a `]]>` inside is split across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** Text as element content (user names, words): escaped, forbidden characters dropped. */
export function escapeText(text: string): string {
  return text.replace(NOT_XML, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** `YYYY-MM-DD` with `00` for the parts the service does not have; `0000-00-00` when unknown or malformed. */
export function exportDate(date: string | undefined): string {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(date ?? '');
  if (!m) return UNKNOWN_DATE;
  return `${m[1]}-${m[2] ?? '00'}-${m[3] ?? '00'}`;
}

/** A count as written: a whole number ≥ 0 (anything else the service might send is 0). */
function count(n: number | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? String(Math.floor(n)) : '0';
}

function word(words: readonly string[], n: number | undefined): string {
  return typeof n === 'number' && Number.isInteger(n) ? (words[n] ?? '') : '';
}

/** The status a file can hold: the entry's, or the kind's planned status for an entry the service sent without one. */
export function statusOf<K extends WorkKind>(kind: K, status: string | undefined): ListStatusOf<K> {
  const statuses = KINDS[kind].statuses as readonly string[];
  return (status !== undefined && statuses.includes(status) ? status : KINDS[kind].planned) as ListStatusOf<K>;
}

type Element = readonly [name: string, value: string];

function animeElements(work: Anime, e: AnimeListStatus): Element[] {
  const yesNo = YES_NO_WORDS.anime;
  return [
    ['series_animedb_id', count(work.id)],
    ['series_title', cdata(mainTitleOf(work) ?? '')],
    ['series_type', MEDIA_TYPE_WORDS[work.media_type ?? 'unknown'] ?? 'Unknown'],
    ['series_episodes', count(work.num_episodes)],
    ['my_id', '0'],
    ['my_watched_episodes', count(e.num_episodes_watched)],
    ['my_start_date', exportDate(e.start_date)],
    ['my_finish_date', exportDate(e.finish_date)],
    ['my_rated', ''],
    ['my_score', count(e.score)],
    ['my_storage', ''],
    ['my_storage_value', '0.00'],
    ['my_status', STATUS_WORDS.anime[statusOf('anime', e.status)]],
    ['my_comments', cdata(e.comments ?? '')],
    ['my_times_watched', count(e.num_times_rewatched)],
    ['my_rewatch_value', word(VALUE_WORDS, e.rewatch_value)],
    ['my_priority', word(PRIORITY_WORDS.anime, e.priority ?? 0)],
    ['my_tags', cdata((e.tags ?? []).join(','))],
    ['my_rewatching', e.is_rewatching === true ? yesNo.yes : yesNo.no],
    ['my_rewatching_ep', '0'],
    ['my_discuss', yesNo.yes],
    ['my_sns', 'default'],
    ['update_on_import', '0'],
  ];
}

function mangaElements(work: Manga, e: MangaListStatus): Element[] {
  const yesNo = YES_NO_WORDS.manga;
  return [
    ['manga_mangadb_id', count(work.id)],
    ['manga_title', cdata(mainTitleOf(work) ?? '')],
    ['manga_volumes', count(work.num_volumes)],
    ['manga_chapters', count(work.num_chapters)],
    ['my_id', '0'],
    ['my_read_volumes', count(e.num_volumes_read)],
    ['my_read_chapters', count(e.num_chapters_read)],
    ['my_start_date', exportDate(e.start_date)],
    ['my_finish_date', exportDate(e.finish_date)],
    ['my_scanalation_group', cdata('')],
    ['my_score', count(e.score)],
    ['my_storage', ''],
    ['my_retail_volumes', '0'],
    ['my_status', STATUS_WORDS.manga[statusOf('manga', e.status)]],
    ['my_comments', cdata(e.comments ?? '')],
    ['my_times_read', count(e.num_times_reread)],
    ['my_tags', cdata((e.tags ?? []).join(','))],
    ['my_priority', word(PRIORITY_WORDS.manga, e.priority ?? 0)],
    ['my_reread_value', word(VALUE_WORDS, e.reread_value)],
    ['my_rereading', e.is_rereading === true ? yesNo.yes : yesNo.no],
    ['my_discuss', yesNo.yes],
    ['my_sns', 'default'],
    ['update_on_import', '0'],
  ];
}

const ELEMENTS: { readonly [K in WorkKind]: (item: ListItem<K>) => Element[] } = {
  anime: (item) => animeElements(item.node, item.list_status ?? {}),
  manga: (item) => mangaElements(item.node, item.list_status ?? {}),
};

/** One entry's element, tab-indented as the sites write it. */
export function entryXml<K extends WorkKind>(kind: K, item: ListItem<K>): string {
  const tag = ENTRY_ELEMENT[kind].entry;
  const lines = ELEMENTS[kind](item).map(([name, value]) => (value === '' ? `\t\t<${name}></${name}>` : `\t\t<${name}>${value}</${name}>`));
  return `\t<${tag}>\n${lines.join('\n')}\n\t</${tag}>\n`;
}

/** The counts of `<myinfo>`, kept while the entries go by. */
export class StatusTally<K extends WorkKind> {
  readonly counts = new Map<ListStatusOf<K>, number>();
  total = 0;

  constructor(readonly kind: K) {}

  add(status: string | undefined): void {
    const s = statusOf(this.kind, status);
    this.counts.set(s, (this.counts.get(s) ?? 0) + 1);
    this.total++;
  }
}

export interface ExportHeader<K extends WorkKind> {
  /** The list's owner as the service names them. */
  userName: string;
  tally: StatusTally<K>;
  /** When the file was written (the comment before the root). */
  at: Date;
}

/** The prolog, the root's start and `<myinfo>` (the service's user id is not read for an export: `0`). */
export function documentStart<K extends WorkKind>(h: ExportHeader<K>): string {
  const kind = h.tally.kind;
  const totals = TOTAL_ELEMENTS[kind];
  const byStatus = (KINDS[kind].statuses as readonly ListStatusOf<K>[]).map((s) => {
    const name = (totals.byStatus as Readonly<Record<ListStatusOf<K>, string>>)[s];
    return `\t\t<${name}>${h.tally.counts.get(s) ?? 0}</${name}>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<!-- Created by the Discord bot's list export at ${h.at.toISOString()} Version 1.1.0 -->`,
    '<myanimelist>',
    '\t<myinfo>',
    '\t\t<user_id>0</user_id>',
    `\t\t<user_name>${escapeText(h.userName)}</user_name>`,
    `\t\t<user_export_type>${EXPORT_TYPE[kind]}</user_export_type>`,
    `\t\t<${totals.all}>${h.tally.total}</${totals.all}>`,
    ...byStatus,
    '\t</myinfo>',
    '',
  ].join('\n');
}

export const DOCUMENT_END = '</myanimelist>\n';

/**
 * The entries' text so far, one chunk per page read, with the totals: what an export keeps while it
 * reads (about 0.7 KB of text per entry, no objects).
 */
export class ListXmlWriter<K extends WorkKind> {
  readonly tally: StatusTally<K>;
  private readonly chunks: string[] = [];
  private bytes = 0;

  constructor(readonly kind: K) {
    this.tally = new StatusTally(kind);
  }

  /** Adds a page of entries. */
  add(items: readonly ListItem<K>[]): void {
    let text = '';
    for (const item of items) {
      this.tally.add(item.list_status?.status);
      text += entryXml(this.kind, item);
    }
    this.chunks.push(text);
    this.bytes += Buffer.byteLength(text);
  }

  get entries(): number {
    return this.tally.total;
  }

  /** The whole document as a stream of its parts (nothing joined into one string). */
  stream(userName: string, at: Date): Readable {
    const start = documentStart({ userName, tally: this.tally, at });
    return Readable.from([start, ...this.chunks, DOCUMENT_END].map((s) => Buffer.from(s)), { objectMode: false });
  }

  /** Bytes of the plain document. */
  size(userName: string, at: Date): number {
    return Buffer.byteLength(documentStart({ userName, tally: this.tally, at })) + this.bytes + DOCUMENT_END.length;
  }

  /** The file to send: plain XML, or gzipped past GZIP_THRESHOLD_BYTES (`threshold` for tests). */
  async file(userName: string, at: Date, threshold = GZIP_THRESHOLD_BYTES): Promise<{ data: Buffer; gzipped: boolean; plainBytes: number }> {
    const plainBytes = this.size(userName, at);
    const gzipped = plainBytes > threshold;
    const source = this.stream(userName, at);
    const data = await buffer(gzipped ? source.pipe(createGzip({ level: 9 })) : source);
    return { data, gzipped, plainBytes };
  }
}
