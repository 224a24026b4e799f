// Users' and servers' reminder settings in the store: read, and changed atomically against other
// processes (compare-and-set, retried), with every change taken into the follower index at once.

import { modify } from '../store/compare-and-set.js';
import type { AtomicKv } from './kv.js';
import type { FollowerIndex } from './follower-index.js';
import { emptyGuild, emptyUser, KEY, parseGuild, parseUser, type GuildReminders, type UserReminders } from './records.js';

export class Settings {
  constructor(
    private readonly kv: AtomicKv,
    private readonly index: FollowerIndex,
  ) {}

  async user(userId: string): Promise<UserReminders> {
    return parseUser(await this.kv.get(KEY.user(userId))) ?? emptyUser();
  }

  async guild(guildId: string): Promise<GuildReminders | undefined> {
    return parseGuild(await this.kv.get(KEY.guild(guildId)));
  }

  /** Read-modify-write of one stored record, atomic against other processes (compare-and-set, retried). */
  private readModifyWrite<R, T>(key: string, parse: (raw: string | undefined) => R, change: (r: R) => T): Promise<{ record: R; value: string; result: T }> {
    return modify(this.kv, key, (raw) => {
      const record = structuredClone(parse(raw));
      const result = change(record);
      const value = JSON.stringify(record);
      return { value, result: { record, value, result } };
    });
  }

  async updateUser<T>(userId: string, change: (u: UserReminders) => T): Promise<{ user: UserReminders; result: T }> {
    const { record, value, result } = await this.readModifyWrite(KEY.user(userId), (raw) => parseUser(raw) ?? emptyUser(), change);
    this.index.rememberUser(userId, record, value);
    return { user: record, result };
  }

  /** Changes a user's settings only while they exist (never brings back a forgotten user's record). */
  async updateUserIfPresent<T>(userId: string, change: (u: UserReminders) => T): Promise<{ user: UserReminders; result: T } | undefined> {
    const changed = await modify<{ user: UserReminders; value: string; result: T } | undefined>(this.kv, KEY.user(userId), (raw) => {
      const user = parseUser(raw);
      if (raw === undefined || !user) return { keep: true, result: undefined };
      const result = change(user);
      const value = JSON.stringify(user);
      return { value, result: { user, value, result } };
    });
    if (!changed) return undefined;
    this.index.rememberUser(userId, changed.user, changed.value);
    return { user: changed.user, result: changed.result };
  }

  async updateGuild<T>(guildId: string, change: (g: GuildReminders) => T): Promise<{ guild: GuildReminders; result: T }> {
    const key = KEY.guild(guildId);
    const { record, value, result } = await this.readModifyWrite(key, (raw) => parseGuild(raw) ?? emptyGuild(), change);
    // A server without follows keeps no record (unless another process changed it meanwhile).
    if (record.follows.length === 0 && (await this.kv.compareAndDelete(key, value))) this.index.rememberGuild(guildId, undefined, undefined);
    else this.index.rememberGuild(guildId, record, value);
    return { guild: record, result };
  }
}
