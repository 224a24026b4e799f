// The import's records in the shared store: the preview (until Import or Cancel, 15 minutes), the
// running import's plan (what to write, fixed at the preview, so a write done again after a crash
// sends the same values) and its state (cursor, counts, failures, where its progress message is),
// and the person's one active import. Plans are kept gzipped.

import { gunzipSync, gzipSync } from 'node:zlib';
import type { StoreEngine } from '../store/engine.js';
import type { WorkKind } from '../service/kinds.js';
import type { ImportMode, PlannedWrite } from './import-plan.js';

export type ImportKv = Pick<StoreEngine, 'get' | 'set' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete' | 'delete' | 'keys'>;

export const PREVIEW_TTL_MS = 15 * 60_000;
/** How long a running import's records are kept at most (renewed with every checkpoint). */
export const IMPORT_TTL_MS = 2 * 24 * 3_600_000;

export const IMPORT_KEY = {
  prefix: (userId: string) => `list-import:${userId}:`,
  preview: (userId: string, previewId: string) => `list-import:${userId}:preview:${previewId}`,
  active: (userId: string) => `list-import:${userId}:active`,
  plan: (userId: string, importId: string) => `list-import:${userId}:plan:${importId}`,
  state: (userId: string, importId: string) => `list-import:${userId}:state:${importId}`,
};

export interface StoredPreview {
  userId: string;
  kind: WorkKind;
  mode: ImportMode;
  locale: string;
  writes: PlannedWrite[];
}

/** Where the progress message is: a DM the bot can edit as long as it likes, or the interaction's follow-ups until `until`. */
export type ProgressPlace =
  | { via: 'dm'; channelId: string; messageId: string }
  | { via: 'followup'; applicationId: string; token: string; messageId: string; until: number }
  | { via: 'none' };

export interface FailedEntry {
  id: number;
  title?: string;
  reason: string;
}

export interface ImportState {
  importId: string;
  userId: string;
  kind: WorkKind;
  locale: string;
  total: number;
  /** The next write's index in the plan. */
  cursor: number;
  done: number;
  failed: FailedEntry[];
  cancelled: boolean;
  /** Set once the end was reached and the report is being sent. */
  finishing: boolean;
  /** The job run that ends it (a retry of it, and only it, finishes the end). */
  finisher?: string;
  /** The report went out (a retried end does not send it again). */
  reported?: boolean;
  startedAt: number;
  lastEditAt: number;
  place?: ProgressPlace;
  /** The Import button's interaction, for follow-ups where DMs are closed (15 minutes). */
  interaction?: { applicationId: string; token: string; until: number };
}

export function packJson(value: unknown): string {
  return gzipSync(Buffer.from(JSON.stringify(value))).toString('base64');
}

export function unpackJson(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(gunzipSync(Buffer.from(raw, 'base64')).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parsePreview(raw: string | undefined): StoredPreview | undefined {
  const v = unpackJson(raw);
  if (!isObject(v) || typeof v.userId !== 'string' || (v.kind !== 'anime' && v.kind !== 'manga') || !Array.isArray(v.writes)) return undefined;
  return v as unknown as StoredPreview;
}

export function parseWrites(raw: string | undefined): PlannedWrite[] | undefined {
  const v = unpackJson(raw);
  return Array.isArray(v) ? (v as PlannedWrite[]) : undefined;
}

export function parseState(raw: string | undefined): ImportState | undefined {
  if (raw === undefined) return undefined;
  try {
    const v = JSON.parse(raw) as unknown;
    if (!isObject(v) || typeof v.importId !== 'string' || typeof v.cursor !== 'number' || !Array.isArray(v.failed)) return undefined;
    return v as unknown as ImportState;
  } catch {
    return undefined;
  }
}

/**
 * Changes the state by compare-and-set; `change` returns undefined to leave it. Returns the state
 * written (or the one left), undefined when the state is gone (forgotten, finished).
 */
export async function updateState(kv: ImportKv, userId: string, importId: string, change: (s: ImportState) => ImportState | undefined): Promise<ImportState | undefined> {
  const key = IMPORT_KEY.state(userId, importId);
  for (let attempt = 0; attempt < 10; attempt++) {
    const raw = await kv.get(key);
    const state = parseState(raw);
    if (!state || raw === undefined) return undefined;
    const next = change(state);
    if (next === undefined) return state;
    if (await kv.compareAndSet(key, raw, JSON.stringify(next), IMPORT_TTL_MS)) return next;
  }
  throw new Error('an import\'s state changed concurrently too often');
}
