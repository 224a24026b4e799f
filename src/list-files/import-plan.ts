// What an import would write: each entry of the file against the person's current entry, by mode.
// `add_missing`: only titles not on the list, with every writable field the file gives.
// `overwrite`: every writable field the file gives (a score of 0 clears the score).
// `keep_higher`: the higher progress, the higher score and the further status win
// (plan to watch < on hold, dropped < watching < completed); other fields only for a new title.
// Entries not in the file are never touched; an entry whose fields already hold is left alone.

import { KINDS, type AnyEntry, type WorkKind } from '../service/kinds.js';
import type { FileEntry } from './xml-reader.js';

export const IMPORT_MODES = ['add_missing', 'overwrite', 'keep_higher'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** One write the import would make: the fields to send (the service's update names). */
export interface PlannedWrite {
  id: number;
  title?: string;
  /** Added (not on the list) or changed. */
  added: boolean;
  update: Record<string, unknown>;
}

export interface ImportPlan {
  kind: WorkKind;
  mode: ImportMode;
  read: number;
  writes: PlannedWrite[];
  added: number;
  changed: number;
  unchanged: number;
  /** How many changed entries change each field. */
  fieldCounts: Record<string, number>;
}

/** How far along a status is, for keep_higher: plan < on hold = dropped < current < finished. */
function statusRank(kind: WorkKind, status: string | undefined): number {
  const spec = KINDS[kind];
  if (status === undefined) return -1;
  if (status === spec.finished) return 3;
  if (status === spec.current) return 2;
  if (status === 'on_hold' || status === 'dropped') return 1;
  if (status === spec.planned) return 0;
  return -1;
}

/** The update field's value as the entry reads it (the service spells anime episodes differently). */
function currentValue(kind: WorkKind, entry: AnyEntry, field: string): unknown {
  const unit = KINDS[kind].progress.find((p) => p.write === field);
  return (entry as Record<string, unknown>)[unit ? unit.read : field];
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = Array.isArray(a) ? a : [];
    const y = Array.isArray(b) ? b : [];
    return x.length === y.length && x.every((v, i) => v === y[i]);
  }
  if (typeof a === 'string' || typeof b === 'string') return (a ?? '') === (b ?? '');
  if (typeof a === 'boolean' || typeof b === 'boolean') return (a ?? false) === (b ?? false);
  return (a ?? 0) === (b ?? 0);
}

/** The fields of `update` that differ from the entry. */
function differing(kind: WorkKind, entry: AnyEntry, update: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(update)) if (!same(currentValue(kind, entry, field), value)) out[field] = value;
  return out;
}

function keepHigher(kind: WorkKind, entry: AnyEntry, update: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const status = update.status as string | undefined;
  if (status !== undefined && statusRank(kind, status) > statusRank(kind, entry.status)) out.status = status;
  const score = update.score as number | undefined;
  if (score !== undefined && score > (entry.score ?? 0)) out.score = score;
  for (const unit of KINDS[kind].progress) {
    const value = update[unit.write] as number | undefined;
    const now = (entry as Record<string, unknown>)[unit.read];
    if (value !== undefined && value > (typeof now === 'number' ? now : 0)) out[unit.write] = value;
  }
  return out;
}

/** What to write for one entry, given the current one (undefined: not on the list). */
function writeFor(kind: WorkKind, mode: ImportMode, file: FileEntry, current: AnyEntry | undefined): Record<string, unknown> | undefined {
  const update = file.update as Record<string, unknown>;
  if (current === undefined) {
    // A new title: every field the file gives, a score of 0 (none) left out.
    const fields = Object.fromEntries(Object.entries(update).filter(([f, v]) => !(f === 'score' && v === 0)));
    return fields;
  }
  if (mode === 'add_missing') return undefined;
  const changes = mode === 'overwrite' ? differing(kind, current, update) : keepHigher(kind, current, update);
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** The plan: one write per added or changed entry, none for the others. */
export function planImport(kind: WorkKind, mode: ImportMode, entries: readonly FileEntry[], current: ReadonlyMap<number, AnyEntry>): ImportPlan {
  const writes: PlannedWrite[] = [];
  const fieldCounts: Record<string, number> = {};
  let added = 0;
  let changed = 0;
  for (const entry of entries) {
    const now = current.get(entry.id);
    const update = writeFor(kind, mode, entry, now);
    if (update === undefined) continue;
    const isNew = now === undefined;
    if (isNew) added++;
    else {
      changed++;
      for (const field of Object.keys(update)) fieldCounts[field] = (fieldCounts[field] ?? 0) + 1;
    }
    writes.push({ id: entry.id, ...(entry.title !== undefined ? { title: entry.title } : {}), added: isNew, update });
  }
  return { kind, mode, read: entries.length, writes, added, changed, unchanged: entries.length - added - changed, fieldCounts };
}

/**
 * A keep_higher write against the entry as it is now (read again during a long import): only the
 * status, score and progress still higher than the list's; an empty update when the list went as far
 * meanwhile (no write). A title still not on the list keeps every field.
 */
export function refreshKeepHigher(kind: WorkKind, write: PlannedWrite, current: AnyEntry | undefined): PlannedWrite {
  if (current === undefined) return write;
  return { ...write, update: keepHigher(kind, current, write.update) };
}
