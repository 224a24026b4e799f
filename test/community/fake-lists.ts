// A member's lists as the service would page them, for the mirror's sync tests: every page request
// counted, the order of `sort=list_updated_at` (newest first) or the default one, and logins that
// can be lost.

import { ReauthRequiredError } from '../../src/service/errors.js';
import type { ListPage, ListPageRequest, ListSource } from '../../src/community/list-source.js';
import type { ListKind, MirrorEntry } from '../../src/community/types.js';

export const DAY = 86_400_000;

export function entry(id: number, o: Partial<MirrorEntry> = {}): MirrorEntry {
  return { id, title: `Title ${id}`, status: 'completed', score: 7, progress: 12, total: 12, episodeSeconds: 1440, nsfw: false, updatedAt: 1_600_000_000_000 + id * 1000, ...o };
}

export class FakeLists implements ListSource {
  readonly lists = new Map<string, Map<number, MirrorEntry>>();
  readonly requests: Array<{ userId: string; kind: ListKind } & ListPageRequest> = [];
  readonly lost = new Set<string>();
  /** Runs before each page is answered (e.g. something happening while a sync reads). */
  beforePage: (() => Promise<void>) | undefined;

  constructor(private readonly now: () => number) {}

  list(userId: string, kind: ListKind): Map<number, MirrorEntry> {
    const key = `${userId}:${kind}`;
    let list = this.lists.get(key);
    if (!list) {
      list = new Map();
      this.lists.set(key, list);
    }
    return list;
  }

  /** Fills a list with `count` entries (ids from `first`), updated long ago. */
  fill(userId: string, kind: ListKind, count: number, first = 1): void {
    const list = this.list(userId, kind);
    for (let id = first; id < first + count; id++) list.set(id, entry(id));
  }

  /** Changes (or adds) an entry on the "service", updated now. */
  change(userId: string, kind: ListKind, id: number, o: Partial<MirrorEntry>): void {
    const list = this.list(userId, kind);
    list.set(id, { ...(list.get(id) ?? entry(id)), ...o, updatedAt: Math.floor(this.now() / 1000) * 1000 });
  }

  requestsOf(userId: string, kind?: ListKind): number {
    return this.requests.filter((r) => r.userId === userId && (kind === undefined || r.kind === kind)).length;
  }

  async page(userId: string, kind: ListKind, request: ListPageRequest): Promise<ListPage> {
    await this.beforePage?.();
    this.requests.push({ userId, kind, ...request });
    if (this.lost.has(userId)) throw new ReauthRequiredError('refresh_rejected');
    const all = [...this.list(userId, kind).values()];
    all.sort(request.byUpdate ? (a, b) => b.updatedAt - a.updatedAt || a.id - b.id : (a, b) => a.id - b.id);
    const entries = all.slice(request.offset, request.offset + request.limit).map((e) => ({ ...e }));
    return { entries, more: request.offset + request.limit < all.length };
  }
}
