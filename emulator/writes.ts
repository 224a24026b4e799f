// Counts of list writes per user, for tests and benches: every PUT/PATCH (`put`) and DELETE (`delete`)
// of `/v2/{anime|manga}/{id}/my_list_status` made with a valid token, counted when it reaches the
// handler, so writes the emulator then refuses (unknown title, bad field, entry not on the list) count
// too: each is one upstream request the bot made. Throttled and unauthenticated requests never get
// that far and are not counted (see `throttle.traffic()` for those). Each PUT/PATCH's fields are kept
// too (`log`), in order: what was written to which entry, e.g. to tell a write sent twice with other values.

import type { WorkKind } from './catalogue/types.js';

export interface WriteCount {
  put: number;
  delete: number;
}

export interface UserWrites extends WriteCount {
  anime: WriteCount;
  manga: WriteCount;
}

function zero(): UserWrites {
  return { put: 0, delete: 0, anime: { put: 0, delete: 0 }, manga: { put: 0, delete: 0 } };
}

/** One PUT/PATCH as sent: the entry and its form fields. */
export interface LoggedWrite {
  kind: WorkKind;
  id: number;
  fields: Record<string, string>;
}

/** The fields of at most this many writes are kept per user (the oldest go first). */
const LOG_LIMIT = 50_000;

export class ListWrites {
  private readonly byUser = new Map<string, UserWrites>();
  private readonly logs = new Map<string, LoggedWrite[]>();

  note(userName: string, kind: WorkKind, method: 'put' | 'delete'): void {
    const key = userName.toLowerCase();
    const counts = this.byUser.get(key) ?? zero();
    counts[method]++;
    counts[kind][method]++;
    this.byUser.set(key, counts);
  }

  /** Keeps one PUT/PATCH's fields (after `note`, once its title and form are read). */
  record(userName: string, write: LoggedWrite): void {
    const key = userName.toLowerCase();
    const log = this.logs.get(key) ?? [];
    log.push(write);
    if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT);
    this.logs.set(key, log);
  }

  /** One user's PUT/PATCHes in order, with their fields. */
  log(userName: string): LoggedWrite[] {
    return [...(this.logs.get(userName.toLowerCase()) ?? [])];
  }

  /** A snapshot of one user's writes (zeros when none). */
  of(userName: string): UserWrites {
    const c = this.byUser.get(userName.toLowerCase()) ?? zero();
    return { put: c.put, delete: c.delete, anime: { ...c.anime }, manga: { ...c.manga } };
  }

  /** Every user's writes together. */
  total(): WriteCount {
    let put = 0;
    let del = 0;
    for (const c of this.byUser.values()) {
      put += c.put;
      del += c.delete;
    }
    return { put, delete: del };
  }

  reset(): void {
    this.byUser.clear();
    this.logs.clear();
  }
}
