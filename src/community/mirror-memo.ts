// A short per-process memo of members' mirrors for the server features (server view, compare,
// leaderboards). Decoding a thousand mirrors of 300 entries each costs far more than the 50 ms a
// server view may take, so decoded mirrors are kept a few seconds. Only a copy of the shared store's
// data lives here: memberships are always read from the store (someone who left or was forgotten is
// never shown from the memo), and changes this process sees drop the member's copy at once.

import { LRUCache } from 'lru-cache';
import type { ListKind, MemberMirror, SocialReader, SocialService } from './types.js';

export interface MirrorMemoOptions {
  /** How long a decoded mirror is reused (ms). */
  ttlMs: number;
  /** Entries kept across all memoized mirrors, to bound memory. */
  maxEntries: number;
  /** Monotonic clock in ms (tests); performance.now by default. */
  now?: () => number;
}

export const DEFAULT_MIRROR_MEMO: MirrorMemoOptions = { ttlMs: 20_000, maxEntries: 1_000_000 };

/** A reader answering mirrors from the memo, memberships from the store. */
export class MirrorMemo implements SocialReader {
  private readonly cache: LRUCache<string, MemberMirror>;

  constructor(
    private readonly reader: SocialReader,
    o: MirrorMemoOptions = DEFAULT_MIRROR_MEMO,
  ) {
    this.cache = new LRUCache<string, MemberMirror>({
      maxSize: o.maxEntries,
      sizeCalculation: (m) => m.entries.length + 1,
      ttl: o.ttlMs,
      ...(o.now ? { perf: { now: o.now }, ttlResolution: 0 } : {}),
      // A mirror larger than the whole memo is read every time.
      maxEntrySize: o.maxEntries,
      fetchMethod: async (key) => {
        const [userId = '', kind] = key.split(':') as [string, ListKind];
        return this.reader.mirror(userId, kind);
      },
    });
  }

  members(guildId: string): Promise<string[]> {
    return this.reader.members(guildId);
  }

  isMember(guildId: string, discordUserId: string): Promise<boolean> {
    return this.reader.isMember(guildId, discordUserId);
  }

  /** The member's mirror: a copy read at most `ttlMs` ago, else read now (concurrent reads of one mirror share it). */
  async mirror(discordUserId: string, kind: ListKind): Promise<MemberMirror | undefined> {
    return this.cache.fetch(`${discordUserId}:${kind}`);
  }

  /** Drops the member's copies (their list changed). */
  forget(discordUserId: string): void {
    this.cache.delete(`${discordUserId}:anime`);
    this.cache.delete(`${discordUserId}:manga`);
  }

  get size(): number {
    return this.cache.size;
  }
}

const memos = new WeakMap<SocialService, MirrorMemo>();

/**
 * The memo of one bot's community service in this process (made on first use; it listens to the
 * service's changes to drop stale copies).
 */
export function mirrorMemo(social: SocialService, o?: MirrorMemoOptions): MirrorMemo {
  let memo = memos.get(social);
  if (!memo) {
    const made = new MirrorMemo(social, o);
    social.onChanges(async (userId) => {
      made.forget(userId);
    });
    memos.set(social, made);
    memo = made;
  }
  return memo;
}
