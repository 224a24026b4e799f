// Reads a list export file (the list sites' XML, see docs/list-files.md) as it streams in, with saxes:
// a DOCTYPE is refused outright (so no entity is ever declared: only XML's five predefined entities
// and character references are known, and an undefined one is malformed XML), nothing external is
// ever fetched. Each `<anime>` / `<manga>` element becomes one typed entry with the service's writable
// fields the file gives, or one problem naming the element (its index in the file and its id) and the
// value it could not take. A file's quirks are tolerated: whitespace, comments, `00` date parts, missing
// optional elements, `LOW`/`Low`, `0/1` against `NO/YES`, value words, tags with a leading comma.

import { SaxesParser } from 'saxes';
import type { UpdateOf, WorkKind } from '../service/kinds.js';
import { KINDS } from '../service/kinds.js';
import { ANIME_STATUS_WORDS, ENTRY_ELEMENT, EXPORT_TYPE, MANGA_STATUS_WORDS, PRIORITY_WORDS, VALUE_WORDS, YES_NO_WORDS } from './words.js';

/** At most this many entries in one file. */
export const MAX_FILE_ENTRIES = 20_000;
/** Text of one element kept at most (comments longer than this are a problem, not a memory cost). */
const MAX_TEXT = 65_536;
/** Problems kept at most (the count goes on). */
const MAX_PROBLEMS_KEPT = 200;
/**
 * Elements open at once at most. The format has three levels (`<myanimelist>`, an entry or `<myinfo>`,
 * a field); one more is tolerated (stray markup inside a value). Deeper is refused at the first element
 * past it: the parser keeps every open element, so a file of a million nested elements (3 KB gzipped)
 * would otherwise cost hundreds of MB.
 */
export const MAX_DEPTH = 4;
/** Thrown from a handler to stop the parser inside the chunk it is reading (caught in `write`). */
const STOPPED = new Error('reading stopped');

/** One entry of the file, as the service's writable fields. */
export interface FileEntry<K extends WorkKind = WorkKind> {
  /** 1 for the file's first `<anime>`/`<manga>` element. */
  index: number;
  id: number;
  title?: string;
  update: UpdateOf<K>;
}

export type ProblemCode =
  | 'malformed'
  | 'doctype'
  | 'notAList'
  | 'otherKind'
  | 'tooManyEntries'
  | 'tooDeep'
  | 'missingId'
  | 'badId'
  | 'duplicateId'
  | 'missingStatus'
  | 'unknownStatus'
  | 'scoreRange'
  | 'negativeCount'
  | 'notANumber'
  | 'badWord'
  | 'textTooLong';

/** What could not be read, and where: the entry (index and id) and the element. */
export interface FileProblem {
  code: ProblemCode;
  /** The entry's index in the file (1-based), when the problem is in an entry. */
  index?: number;
  id?: number;
  /** The element the value came from (`my_score`), or the entry element. */
  element?: string;
  /** The value as written, shortened. */
  value?: string;
  /** Where in the file (malformed XML). */
  line?: number;
}

export interface FileRead<K extends WorkKind = WorkKind> {
  kind: K;
  entries: FileEntry<K>[];
  problems: FileProblem[];
  /** Problems in all (only the first MAX_PROBLEMS_KEPT are kept). */
  problemCount: number;
  /** A problem that stops the whole file (malformed, another kind, DOCTYPE, too many entries, nested too deep). */
  fatal?: FileProblem;
  /** The file gives start or finish dates (the service does not take them from an import). */
  hasDates: boolean;
}

type Fields = Map<string, string>;

/** Element → service field, per kind. Counts are checked ≥ 0, the score 0–10. */
const COUNTS: Readonly<Record<WorkKind, Readonly<Record<string, string>>>> = {
  anime: { my_watched_episodes: 'num_watched_episodes', my_times_watched: 'num_times_rewatched' },
  manga: { my_read_volumes: 'num_volumes_read', my_read_chapters: 'num_chapters_read', my_times_read: 'num_times_reread' },
};
const REPEAT: Readonly<Record<WorkKind, { value: string; flag: string }>> = {
  anime: { value: 'my_rewatch_value', flag: 'my_rewatching' },
  manga: { value: 'my_reread_value', flag: 'my_rereading' },
};
/** The element names the reader reads (others are skipped without keeping their text). */
const READ_ELEMENTS = new Set([
  ...Object.values(ENTRY_ELEMENT).flatMap((e) => [e.id, e.title]),
  ...Object.values(COUNTS).flatMap((c) => Object.keys(c)),
  ...Object.values(REPEAT).flatMap((r) => [r.value, r.flag]),
  'my_status',
  'my_score',
  'my_priority',
  'my_tags',
  'my_comments',
  'my_start_date',
  'my_finish_date',
  'user_export_type',
]);

/** Case, spaces, hyphens and underscores do not matter in words. */
const norm = (word: string): string => word.toLowerCase().replace(/[\s_-]+/g, '');

/** Status words (and the old numeric codes 1–4, 6) per kind. */
const STATUS_BY_WORD: Readonly<Record<WorkKind, ReadonlyMap<string, string>>> = {
  anime: statusMap(ANIME_STATUS_WORDS, ['watching', 'completed', 'on_hold', 'dropped', 'plan_to_watch']),
  manga: statusMap(MANGA_STATUS_WORDS, ['reading', 'completed', 'on_hold', 'dropped', 'plan_to_read']),
};

function statusMap(words: Readonly<Record<string, string>>, byCode: readonly string[]): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [value, word] of Object.entries(words)) {
    map.set(norm(word), value);
    map.set(norm(value), value);
  }
  byCode.forEach((value, i) => map.set(String(i < 4 ? i + 1 : 6), value));
  return map;
}

const shorten = (value: string): string => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** Reads one kind's file: feed it text with `write`, then `close` for the result. Never throws. */
export class ListFileReader<K extends WorkKind> {
  private readonly parser = new SaxesParser({ xmlns: false, position: true });
  private readonly result: FileRead<K>;
  private readonly ids = new Set<number>();
  private readonly path: string[] = [];
  private entryCount = 0;
  private sawRoot = false;
  private fields: Fields | undefined;
  private text: string | undefined;
  private textTooLong = false;

  constructor(readonly kind: K) {
    this.result = { kind, entries: [], problems: [], problemCount: 0, hasDates: false };
    const p = this.parser;
    p.on('doctype', this.guard(() => this.stop({ code: 'doctype' })));
    p.on('error', this.guard((error: Error) => this.stop({ code: 'malformed', value: shorten(error.message.replace(/^[^:]*:\d+:\d+: /, '')), line: p.line })));
    p.on('opentag', this.guard((tag: { name: string }) => this.open(tag.name)));
    p.on('closetag', this.guard((tag: { name: string }) => this.closeTag(tag.name)));
    p.on('text', (t) => this.addText(t));
    p.on('cdata', (t) => this.addText(t));
  }

  /** A handler that, once reading has stopped, stops the parser too: the rest of the chunk is not parsed. */
  private guard<A extends unknown[]>(handler: (...args: A) => void): (...args: A) => void {
    return (...args) => {
      handler(...args);
      if (this.stopped) throw STOPPED;
    };
  }

  /** Whether reading has stopped for good (a fatal problem): the caller may stop sending. */
  get stopped(): boolean {
    return this.result.fatal !== undefined;
  }

  write(chunk: string): void {
    if (this.stopped) return;
    try {
      this.parser.write(chunk);
    } catch (error) {
      if (error !== STOPPED) this.stop({ code: 'malformed', value: shorten(error instanceof Error ? error.message : String(error)) });
    }
  }

  close(): FileRead<K> {
    if (!this.stopped) {
      try {
        this.parser.close();
      } catch (error) {
        this.stop({ code: 'malformed', value: shorten(error instanceof Error ? error.message : String(error)) });
      }
      if (!this.stopped && !this.sawRoot) this.stop({ code: 'notAList' });
    }
    if (this.result.fatal) this.result.entries = [];
    return this.result;
  }

  private stop(problem: FileProblem): void {
    if (this.result.fatal) return;
    this.result.fatal = problem;
    this.result.entries = [];
    this.path.length = 0;
  }

  private open(name: string): void {
    const depth = this.path.length;
    if (depth >= MAX_DEPTH) return this.stop({ code: 'tooDeep', element: shorten(name), value: String(MAX_DEPTH) });
    this.path.push(name);
    if (depth === 0) {
      if (name !== 'myanimelist') this.stop({ code: 'notAList', element: name });
      else this.sawRoot = true;
      return;
    }
    if (depth === 1) {
      const other = Object.values(ENTRY_ELEMENT).find((e) => e.entry === name && name !== ENTRY_ELEMENT[this.kind].entry);
      if (other) return this.stop({ code: 'otherKind', element: name });
      if (name === ENTRY_ELEMENT[this.kind].entry) {
        this.entryCount++;
        if (this.entryCount > MAX_FILE_ENTRIES) return this.stop({ code: 'tooManyEntries', value: String(MAX_FILE_ENTRIES) });
        this.fields = new Map();
      } else if (name === 'myinfo') {
        this.fields = new Map();
      }
      return;
    }
    if (depth === 2 && this.fields && READ_ELEMENTS.has(name)) {
      this.text = '';
      this.textTooLong = false;
    }
  }

  private addText(t: string): void {
    if (this.text === undefined) return;
    if (this.text.length + t.length > MAX_TEXT) this.textTooLong = true;
    else this.text += t;
  }

  private closeTag(name: string): void {
    const depth = this.path.length - 1;
    this.path.pop();
    if (depth === 2 && this.text !== undefined && this.fields) {
      this.fields.set(name, this.textTooLong ? '\u0000' : this.text);
      this.text = undefined;
      return;
    }
    if (depth !== 1 || !this.fields) return;
    const fields = this.fields;
    this.fields = undefined;
    if (name === 'myinfo') {
      const type = fields.get('user_export_type')?.trim();
      const other = (Object.keys(EXPORT_TYPE) as WorkKind[]).find((k) => k !== this.kind && String(EXPORT_TYPE[k]) === type);
      if (other) this.stop({ code: 'otherKind', element: 'user_export_type', value: type });
      return;
    }
    this.entry(fields);
  }

  private problem(p: FileProblem): void {
    this.result.problemCount++;
    if (this.result.problems.length < MAX_PROBLEMS_KEPT) this.result.problems.push(p);
  }

  private entry(fields: Fields): void {
    const names = ENTRY_ELEMENT[this.kind];
    const index = this.entryCount;
    const rawId = fields.get(names.id)?.trim();
    if (rawId === undefined || rawId === '') return this.problem({ code: 'missingId', index, element: names.id });
    if (!/^\d{1,15}$/.test(rawId) || Number(rawId) < 1) return this.problem({ code: 'badId', index, element: names.id, value: shorten(rawId) });
    const id = Number(rawId);
    if (this.ids.has(id)) return this.problem({ code: 'duplicateId', index, id, element: names.id, value: rawId });
    this.ids.add(id);
    const at = { index, id };
    const problems: FileProblem[] = [];
    const update = readUpdate(this.kind, fields, (p) => problems.push({ ...at, ...p }));
    for (const name of ['my_start_date', 'my_finish_date']) {
      const date = fields.get(name)?.trim();
      if (date && /[1-9]/.test(date)) this.result.hasDates = true;
    }
    if (problems.length > 0) return problems.forEach((p) => this.problem(p));
    const title = fields.get(names.title)?.trim();
    this.result.entries.push({ index, id, ...(title ? { title: title.slice(0, 300) } : {}), update: update as UpdateOf<K> });
  }
}

type Report = (p: Omit<FileProblem, 'index' | 'id'>) => void;

/** The writable fields an entry's elements give; each value the service would not take is reported. */
function readUpdate(kind: WorkKind, fields: Fields, report: Report): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const [element, value] of fields) {
    if (value === '\u0000') report({ code: 'textTooLong', element });
  }
  const status = fields.get('my_status')?.trim();
  if (!status) report({ code: 'missingStatus', element: 'my_status' });
  else {
    const value = STATUS_BY_WORD[kind].get(norm(status));
    if (value === undefined) report({ code: 'unknownStatus', element: 'my_status', value: shorten(status) });
    else update.status = value;
  }
  const score = readInt(fields, 'my_score', report);
  if (score !== undefined) {
    if (score < 0 || score > 10) report({ code: 'scoreRange', element: 'my_score', value: String(score) });
    else update.score = score;
  }
  for (const [element, field] of Object.entries(COUNTS[kind])) {
    const count = readInt(fields, element, report);
    if (count === undefined) continue;
    if (count < 0) report({ code: 'negativeCount', element, value: String(count) });
    else update[field] = count;
  }
  const spec = KINDS[kind];
  const priority = readWord(fields, 'my_priority', PRIORITY_WORDS[kind], report, 0);
  if (priority !== undefined) update.priority = priority;
  const repeatValue = readWord(fields, REPEAT[kind].value, VALUE_WORDS, report, 0);
  if (repeatValue !== undefined) update[spec.repeat.value] = repeatValue;
  const flag = readYesNo(fields, REPEAT[kind].flag, report);
  if (flag !== undefined) update[spec.repeat.flag] = flag;
  const tags = fields.get('my_tags');
  if (tags !== undefined && tags !== '\u0000') {
    update.tags = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  }
  const comments = fields.get('my_comments');
  if (comments !== undefined && comments !== '\u0000') update.comments = comments.trim();
  return update;
}

/** An integer element; empty or missing is undefined. */
function readInt(fields: Fields, element: string, report: Report): number | undefined {
  const raw = fields.get(element)?.trim();
  if (raw === undefined || raw === '' || raw === '\u0000') return undefined;
  if (!/^[+-]?\d{1,15}$/.test(raw)) {
    report({ code: 'notANumber', element, value: shorten(raw) });
    return undefined;
  }
  return Number(raw);
}

/** A word of `words` (its index is the value; case and spacing do not matter), or its number; empty is undefined. */
function readWord(fields: Fields, element: string, words: readonly string[], report: Report, min: number): number | undefined {
  const raw = fields.get(element)?.trim();
  if (raw === undefined || raw === '' || raw === '\u0000') return undefined;
  const byWord = words.findIndex((w, i) => i >= min && w !== '' && norm(w) === norm(raw));
  if (byWord >= 0) return byWord;
  if (/^\d+$/.test(raw) && Number(raw) < words.length) return Number(raw);
  report({ code: 'badWord', element, value: shorten(raw) });
  return undefined;
}

const YES = new Set(Object.values(YES_NO_WORDS).map((w) => norm(w.yes)).concat(['true', 'y']));
const NO = new Set(Object.values(YES_NO_WORDS).map((w) => norm(w.no)).concat(['false', 'n']));

function readYesNo(fields: Fields, element: string, report: Report): boolean | undefined {
  const raw = fields.get(element)?.trim();
  if (raw === undefined || raw === '' || raw === '\u0000') return undefined;
  if (YES.has(norm(raw))) return true;
  if (NO.has(norm(raw))) return false;
  report({ code: 'badWord', element, value: shorten(raw) });
  return undefined;
}
