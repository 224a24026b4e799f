// What the community notices on a joined member's list, compact: each change a sync (or a list change
// made through the bot) found, as one 16-byte event — when the bot saw it, the title, its status,
// score and progress before and after. Stored as base64 of the packed events (about 21 characters per
// event), oldest first. A storage format: the layout never changes (a new one gets a new record name).

import { statusCode } from './member-summary.js';
import { statusAt } from './status-codes.js';
import type { HistoryEvent, ListKind, MirrorChange } from './types.js';


const EVENT_BYTES = 16;
const ADDED = 1;
const REMOVED = 2;
const MAX_PROGRESS = 0xffff;

const clampProgress = (n: number): number => Math.max(0, Math.min(MAX_PROGRESS, Math.floor(n)));
const clampScore = (n: number): number => Math.max(0, Math.min(10, Math.round(n)));

/** The events a batch of changes makes, seen at `atMs`. */
export function eventsOf(changes: readonly MirrorChange[], atMs: number): HistoryEvent[] {
  const at = Math.floor(atMs / 1000);
  const events: HistoryEvent[] = [];
  for (const c of changes) {
    const now = c.after ?? c.before;
    if (!now) continue;
    const event: HistoryEvent = { at, id: now.id, status: now.status, score: clampScore(now.score), progress: clampProgress(now.progress), removed: !c.after };
    if (c.before && c.after) event.before = { status: c.before.status, score: clampScore(c.before.score), progress: clampProgress(c.before.progress) };
    // A change of the total, the title or the rating only is nothing a member did.
    if (event.before && !event.removed && event.before.status === event.status && event.before.score === event.score && event.before.progress === event.progress) continue;
    events.push(event);
  }
  return events;
}

function code(kind: ListKind, status: string, score: number): number {
  return statusCode(kind, status) * 16 + score;
}

/** The events packed: per event at (u32), id (u32), progress (u16), progress before (u16), code (u8), code before (u8), flags (u8), 0 (u8). */
export function packEvents(kind: ListKind, events: readonly HistoryEvent[]): string {
  const bytes = Buffer.alloc(events.length * EVENT_BYTES);
  events.forEach((e, i) => {
    const o = i * EVENT_BYTES;
    bytes.writeUInt32LE(e.at >>> 0, o);
    bytes.writeUInt32LE(e.id >>> 0, o + 4);
    bytes.writeUInt16LE(clampProgress(e.progress), o + 8);
    bytes.writeUInt16LE(clampProgress(e.before?.progress ?? 0), o + 10);
    bytes.writeUInt8(code(kind, e.status, e.score), o + 12);
    bytes.writeUInt8(e.before ? code(kind, e.before.status, e.before.score) : 0, o + 13);
    bytes.writeUInt8((e.before ? 0 : e.removed ? 0 : ADDED) | (e.removed ? REMOVED : 0), o + 14);
  });
  return bytes.toString('base64');
}

/** Packed events decoded (a truncated tail is ignored). */
export function unpackEvents(kind: ListKind, packed: string): HistoryEvent[] {
  const bytes = Buffer.from(packed, 'base64');
  const events: HistoryEvent[] = [];
  for (let o = 0; o + EVENT_BYTES <= bytes.length; o += EVENT_BYTES) {
    const c = bytes.readUInt8(o + 12);
    const flags = bytes.readUInt8(o + 14);
    const event: HistoryEvent = {
      at: bytes.readUInt32LE(o),
      id: bytes.readUInt32LE(o + 4),
      status: statusAt(kind, c >> 4) ?? 'other',
      score: c & 15,
      progress: bytes.readUInt16LE(o + 8),
      removed: (flags & REMOVED) !== 0,
    };
    const b = bytes.readUInt8(o + 13);
    if ((flags & (ADDED | REMOVED)) === 0) event.before = { status: statusAt(kind, b >> 4) ?? 'other', score: b & 15, progress: bytes.readUInt16LE(o + 10) };
    events.push(event);
  }
  return events;
}

/** The base64 characters one event takes, on average. */
export const EVENT_CHARS = (EVENT_BYTES * 4) / 3;
