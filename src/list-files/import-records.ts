// The import's records in the shared store: the preview (until Import or Cancel, 15 minutes), the
// running import's plan (what to write, fixed at the preview, so a write done again after a crash
// sends the same values) and its state (cursor, counts, failures, where its progress message is),
// and the person's one active import. Plans are kept gzipped.
//
// The state's format, version 2 (the previous version's states are read too, and converted by the
// first run that claims them): `planned` (was `total`: a version-1 process finds no total, so it
// writes nothing of a version-2 import and only passes its job on), `run` (the lease of the one run
// that may write: a run id and until when, renewed while it writes; every write of the state checks
// it), the count of failures, and `stop` (why it stopped early). The failures kept by name (the first
// MAX_KEPT_FAILURES) are each a record of their own (`failed:<import>:<index>`), written once when the
// failure happens, so the state written with every entry and heartbeat stays small; a state's own
// `failed` list (always empty now, kept for the previous version which reads and appends to it) is
// still read.

import { gunzipSync, gzipSync } from 'node:zlib';
import { modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { isRecord } from '../util/is-record.js';
import type { StoreEngine } from '../store/engine.js';
import type { WorkKind } from '../service/kinds.js';
import type { ImportMode, PlannedWrite } from './import-plan.js';

export type ImportKv = Pick<StoreEngine, 'get' | 'set' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete' | 'delete' | 'keys'>;

export const PREVIEW_TTL_MS = 15 * 60_000;
/** How long a running import's records are kept at most (renewed with every checkpoint). */
export const IMPORT_TTL_MS = 2 * 24 * 3_600_000;
/** Failures kept by name (the report's file); beyond them only counted, so a state stays small. */
export const MAX_KEPT_FAILURES = 300;
/** A title in a kept failure is cut to this many characters. */
const KEPT_TITLE_CHARS = 100;
/**
 * A version-1 state is converted by the first version-2 run that claims it, which then leaves it for
 * this long: a version-1 run in the middle of a slice (a slice and its write within the job's lease)
 * finishes before any version-2 run writes.
 */
export const UPGRADE_WAIT_MS = 90_000;
export const STATE_VERSION = 2;

export const IMPORT_KEY = {
  prefix: (userId: string) => `list-import:${userId}:`,
  preview: (userId: string, previewId: string) => `list-import:${userId}:preview:${previewId}`,
  active: (userId: string) => `list-import:${userId}:active`,
  plan: (userId: string, importId: string) => `list-import:${userId}:plan:${importId}`,
  state: (userId: string, importId: string) => `list-import:${userId}:state:${importId}`,
  /** The failures kept by name, one record each, by the entry's index in the plan. */
  failures: (userId: string, importId: string) => `list-import:${userId}:failed:${importId}:`,
  failure: (userId: string, importId: string, at: number) => `list-import:${userId}:failed:${importId}:${at}`,
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

/** Why an import ended before its last entry. */
export type ImportStop = 'cancelled' | 'loginLost' | 'failed';

/** The one run allowed to write, until when (renewed while it writes). */
export interface RunLease {
  id: string;
  until: number;
}

export interface ImportState {
  version: typeof STATE_VERSION;
  importId: string;
  userId: string;
  kind: WorkKind;
  locale: string;
  /** Planned writes (version 1: `total`). */
  planned: number;
  /** The next write's index in the plan. */
  cursor: number;
  done: number;
  /** Failures by name kept in the state (the previous version's way; version 2 keeps them in records of their own). */
  failed: FailedEntry[];
  /** Every failure (version 1: the length of `failed`). */
  failedCount: number;
  /** Stays false in version 2 (`stop` says it); a version-1 process's Stop sets it. */
  cancelled: boolean;
  stop?: ImportStop;
  run?: RunLease;
  /** Runs that claimed the import: the next slice's job id, unique. */
  claims: number;
  /** The preview's mode (a keep_higher import reads the list again as it goes). */
  mode?: ImportMode;
  /** keep_higher: the plan's writes before this index were checked against the list as it was then. */
  refreshedTo?: number;
  /** keep_higher: entries left alone because the list had gone as far meanwhile. */
  kept?: number;
  /** Set once the end was reached and the report is being sent. */
  finishing: boolean;
  /** The job run that ends it. */
  finisher?: string;
  /** 2 when a version-2 run began the end (one a version-1 run began is left to it). */
  endedBy?: number;
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

/** The JSON text of a packed (gzipped) record; throws on one that does not unpack (a decoder counts it as malformed). */
const unpack = (raw: string): string => gunzipSync(Buffer.from(raw, 'base64')).toString('utf8');

const isWrite = (v: unknown): v is PlannedWrite => isRecord(v) && typeof v.id === 'number' && isRecord(v.update);

const previewDecoder = jsonDecoder<StoredPreview>(
  'list-import:preview',
  (v) => (isRecord(v) && typeof v.userId === 'string' && (v.kind === 'anime' || v.kind === 'manga') && Array.isArray(v.writes) && v.writes.every(isWrite) ? (v as unknown as StoredPreview) : undefined),
  { unpack },
);

const planDecoder = jsonDecoder<PlannedWrite[]>('list-import:plan', (v) => (Array.isArray(v) && v.every(isWrite) ? v : undefined), { unpack });

export function parsePreview(raw: string | undefined): StoredPreview | undefined {
  return previewDecoder.decode(raw);
}

export function parseWrites(raw: string | undefined): PlannedWrite[] | undefined {
  return planDecoder.decode(raw);
}

/** A state as stored, version 1 or 2. */
export interface StoredState {
  state: ImportState;
  /** Written by the previous version (no run lease, `total`, unbounded failures). */
  legacy: boolean;
}

const isFailure = (v: unknown): v is FailedEntry => isRecord(v) && typeof v.id === 'number' && typeof v.reason === 'string' && (v.title === undefined || typeof v.title === 'string');

/** A state of either version, read as version 2 (`total` → `planned`, the failures counted, defaults filled in). */
const stateDecoder = jsonDecoder<StoredState>('list-import:state', (v) => {
  if (!isRecord(v) || typeof v.importId !== 'string' || typeof v.userId !== 'string' || typeof v.cursor !== 'number' || !Array.isArray(v.failed) || !v.failed.every(isFailure)) return undefined;
  const legacy = v.version !== STATE_VERSION;
  const planned = legacy ? v.total : v.planned;
  if (typeof planned !== 'number') return undefined;
  const failed = v.failed;
  const failedCount = typeof v.failedCount === 'number' ? Math.max(v.failedCount, failed.length) : failed.length;
  const { total: _total, ...rest } = v;
  const state = {
    ...rest,
    version: STATE_VERSION,
    planned,
    failed: failed.length > MAX_KEPT_FAILURES ? failed.slice(0, MAX_KEPT_FAILURES) : failed,
    failedCount,
    cancelled: v.cancelled === true,
    claims: typeof v.claims === 'number' ? v.claims : 0,
  } as unknown as ImportState;
  return { state, legacy };
});

const failureDecoder = jsonDecoder<FailedEntry>('list-import:failed', (v) => (isFailure(v) ? v : undefined));

export function parseStored(raw: string | undefined): StoredState | undefined {
  return stateDecoder.decode(raw);
}

export function parseState(raw: string | undefined): ImportState | undefined {
  return parseStored(raw)?.state;
}

/** A failure as kept by name: its title cut to KEPT_TITLE_CHARS. */
export function keptFailure(failure: FailedEntry): FailedEntry {
  return failure.title !== undefined && failure.title.length > KEPT_TITLE_CHARS ? { ...failure, title: failure.title.slice(0, KEPT_TITLE_CHARS) } : failure;
}

/** The failures kept by name: those in the state (the previous version's), then the records of their own in plan order; MAX_KEPT_FAILURES at most. */
export async function readFailures(kv: ImportKv, state: ImportState): Promise<FailedEntry[]> {
  const prefix = IMPORT_KEY.failures(state.userId, state.importId);
  const kept: Array<{ at: number; failure: FailedEntry }> = [];
  for (const key of await kv.keys(prefix)) {
    const failure = failureDecoder.decode(await kv.get(key));
    if (failure) kept.push({ at: Number(key.slice(prefix.length)), failure });
  }
  kept.sort((a, b) => a.at - b.at);
  return [...state.failed, ...kept.map((k) => k.failure)].slice(0, MAX_KEPT_FAILURES);
}

/** Why the import stopped early, whichever version stopped it. */
export const stopOf = (s: ImportState): ImportStop | undefined => s.stop ?? (s.cancelled ? 'cancelled' : undefined);

/**
 * Changes the state by compare-and-set; `change` returns undefined to leave it. Returns the state
 * written (or the one left), undefined when the state is gone (forgotten, finished). A version-1
 * state changed here is written as version 2 with an `upgrade` lease (UPGRADE_WAIT_MS).
 */
export async function updateState(
  kv: ImportKv,
  userId: string,
  importId: string,
  change: (s: ImportState, legacy: boolean) => ImportState | undefined,
  now: () => number,
): Promise<ImportState | undefined> {
  return modify<ImportState | undefined>(
    kv,
    IMPORT_KEY.state(userId, importId),
    (raw) => {
      const stored = parseStored(raw);
      if (!stored || raw === undefined) return { keep: true, result: undefined };
      const state = stored.state;
      let next = change(state, stored.legacy);
      if (next === undefined) return { keep: true, result: state };
      // Written back as version 2, which a version-1 run does not write: it is left to one of those a while first.
      if (stored.legacy && next.run === undefined) next = { ...next, run: { id: 'upgrade', until: now() + UPGRADE_WAIT_MS } };
      return { value: JSON.stringify(next), result: next, rewrite: true };
    },
    IMPORT_TTL_MS,
  );
}
