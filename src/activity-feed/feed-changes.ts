// Which changes on a member's list the activity feed posts, and how one member's changes within a
// batch window merge into the lines of one post. Pure: no store, no Discord.
//
// Posted: a title started (status becomes watching/reading, also when added that way or resumed from
// on hold/dropped), completed, dropped, scored (the score changes to a non-zero one), or advanced
// (episodes/chapters read went up). Not posted: titles added to plan to watch/read or put on hold
// (a wish list is not activity, and a big import would flood the channel), removals, a score taken
// away (set to 0), progress going down (a correction), and edits of nothing the feed shows.

import type { ListKind, MirrorChange, MirrorEntry } from '../community/types.js';
import { WORK_KINDS, type WorkKind } from '../service/kinds.js';

export type FeedEvent = 'started' | 'completed' | 'dropped';

/** One title's line in a feed post. */
export interface FeedItem {
  kind: ListKind;
  id: number;
  /** Untrusted text: rendered through the gate. */
  title: string;
  nsfw: boolean;
  /** The status change worth telling, if any. */
  event?: FeedEvent;
  /** The new score (1–10) when it changed to a non-zero one. */
  score?: number;
  /** Episodes watched (chapters read) went up: from, to and the title's total (0 unknown). */
  progress?: { from: number; to: number; total: number };
}

const STARTED = new Set(['watching', 'reading']);

function eventOf(before: MirrorEntry | undefined, after: MirrorEntry): FeedEvent | undefined {
  if (before?.status === after.status) return undefined;
  if (STARTED.has(after.status)) return 'started';
  if (after.status === 'completed') return 'completed';
  if (after.status === 'dropped') return 'dropped';
  return undefined;
}

/** The feed line one change makes, or undefined when the change is not posted. */
export function classifyChange(change: MirrorChange): FeedItem | undefined {
  const { before, after } = change;
  if (!after) return undefined;
  const event = eventOf(before, after);
  const scored = after.score > 0 && after.score !== (before?.score ?? 0);
  const from = before?.progress ?? 0;
  // An added title's progress counts from 0 only when it is started or done: a plan-to-watch entry with progress is not activity.
  const advanced = after.progress > from && (before !== undefined || event !== undefined);
  if (event === undefined && !scored && !advanced) return undefined;
  return {
    kind: change.kind,
    id: after.id,
    title: after.title,
    nsfw: after.nsfw,
    ...(event !== undefined ? { event } : {}),
    ...(scored ? { score: after.score } : {}),
    ...(advanced ? { progress: { from, to: after.progress, total: after.total } } : {}),
  };
}

export function classifyChanges(changes: readonly MirrorChange[]): FeedItem[] {
  return mergeItems([], changes.map(classifyChange).filter((i): i is FeedItem => i !== undefined));
}

/**
 * Adds later items to a batch: one line per title, keeping the first progress's start and the latest
 * of everything else (watching then completed within the window posts "completed", with the whole
 * advance), in the order titles first appeared.
 */
export function mergeItems(batch: readonly FeedItem[], later: readonly FeedItem[]): FeedItem[] {
  const out = batch.map((i) => ({ ...i }));
  for (const item of later) {
    const at = out.findIndex((i) => i.kind === item.kind && i.id === item.id);
    const prev = at >= 0 ? out[at] : undefined;
    if (!prev) {
      out.push({ ...item });
      continue;
    }
    const merged: FeedItem = { ...prev, title: item.title, nsfw: item.nsfw };
    if (item.event !== undefined) merged.event = item.event;
    if (item.score !== undefined) merged.score = item.score;
    if (item.progress) merged.progress = { from: prev.progress?.from ?? item.progress.from, to: item.progress.to, total: item.progress.total };
    out[at] = merged;
  }
  return out;
}

/** A stored item as it was written (anything else is dropped). */
export function parseFeedItem(raw: unknown): FeedItem | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (!WORK_KINDS.includes(r.kind as WorkKind) || !Number.isInteger(r.id) || typeof r.title !== 'string' || typeof r.nsfw !== 'boolean') return undefined;
  const item: FeedItem = { kind: r.kind as WorkKind, id: r.id as number, title: r.title, nsfw: r.nsfw };
  if (r.event === 'started' || r.event === 'completed' || r.event === 'dropped') item.event = r.event;
  if (typeof r.score === 'number' && Number.isInteger(r.score) && r.score >= 1 && r.score <= 10) item.score = r.score;
  const p = r.progress as Record<string, unknown> | undefined;
  if (p && typeof p === 'object' && [p.from, p.to, p.total].every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0)) {
    item.progress = { from: p.from as number, to: p.to as number, total: p.total as number };
  }
  return item;
}
