// A joined member's list history of one kind, `soc:hist:<discord id>:<kind>`: each change the sync (or
// a list change through the bot) found — status, score, progress, and when the bot saw it — packed 16
// bytes an event (src/community/history-codec.ts). Kept 13 months: events older go at each write, and the
// record expires 13 months after its last. It goes with the member's mirrors (leaving their last
// server, "forget me", a lost login's removal). The history starts when this version first synced the
// member (`since`); nothing before is known.

import { modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { packEvents, unpackEvents } from './history-codec.js';
import type { SocialKv } from './kv.js';
import type { HistoryEvent, ListKind, MemberHistory } from './types.js';
import { SEEN_KEEP_MS } from './year-sums.js';

export const HISTORY_KEY = (userId: string, kind: ListKind): string => `soc:hist:${userId}:${kind}`;

/** How long an event is kept: 13 months. */
export const HISTORY_KEEP_MS = SEEN_KEEP_MS;
/** Events kept per member and kind at most (the oldest go first): years of daily use. */
export const HISTORY_MAX_EVENTS = 20_000;

interface StoredHistory {
  /** When the first event was kept (epoch ms). */
  s: number;
  /** The events, oldest first, packed. */
  e: string;
}

export const historyDecoder = jsonDecoder<StoredHistory>('soc:hist', (value) => {
  const v = value as Partial<StoredHistory> | null;
  return typeof v === 'object' && v !== null && typeof v.s === 'number' && typeof v.e === 'string' ? { s: v.s, e: v.e } : undefined;
});


export class MemberHistories {
  constructor(private readonly kv: SocialKv) {}

  /** Appends the events (nothing is written without any), dropping those older than 13 months. */
  async note(userId: string, kind: ListKind, events: readonly HistoryEvent[], nowMs: number): Promise<void> {
    if (events.length === 0) return;
    const oldest = Math.floor((nowMs - HISTORY_KEEP_MS) / 1000);
    await modify(
      this.kv,
      HISTORY_KEY(userId, kind),
      (raw) => {
        const kept = historyDecoder.decode(raw);
        const all = [...unpackEvents(kind, kept?.e ?? ''), ...events].filter((e) => e.at >= oldest).slice(-HISTORY_MAX_EVENTS);
        const next: StoredHistory = { s: kept?.s ?? nowMs, e: packEvents(kind, all) };
        return { value: JSON.stringify(next), result: undefined };
      },
      HISTORY_KEEP_MS,
    );
  }

  async read(userId: string, kind: ListKind): Promise<MemberHistory | undefined> {
    const kept = historyDecoder.decode(await this.kv.get(HISTORY_KEY(userId, kind)));
    return kept ? { since: kept.s, events: unpackEvents(kind, kept.e) } : undefined;
  }

  /** Returns how many records were deleted. */
  async drop(userId: string, kinds: readonly ListKind[]): Promise<number> {
    const deleted = await Promise.all(kinds.map((kind) => this.kv.delete(HISTORY_KEY(userId, kind))));
    return deleted.filter(Boolean).length;
  }
}
