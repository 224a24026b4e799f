// This process's view of who follows what: every user's and server's settings as last read, and the
// index from a title to the users and channels reminded of it (paused ones left out), kept up to
// date on every change. It also answers where a follower's reminder goes.

import { followedTitles, type GuildReminders, type ReminderTarget, type UserReminders } from './records.js';
import { channelTarget, parseChannelTarget, type Follower } from './targets.js';

export class FollowerIndex {
  readonly users = new Map<string, UserReminders>();
  /** Stored form of each user's settings as last read, to notice changes made by other processes. */
  readonly rawUsers = new Map<string, string>();
  readonly guilds = new Map<string, GuildReminders>();
  readonly rawGuilds = new Map<string, string>();
  /** Title id → users and channels reminded of it (paused ones left out), kept up to date on every change. */
  private readonly index = new Map<number, Set<string>>();
  /** Episodes (air instants by title) every current follower has been handled for; dropped when followers change. */
  readonly doneEpisodes = new Map<number, Set<number>>();

  /** Title id → users and channels reminded of it (paused ones excluded). */
  followers(): ReadonlyMap<number, ReadonlySet<string>> {
    return this.index;
  }

  /** Moves the follower index from one record's follows to its new ones. */
  private reindex(before: readonly Follower[], after: readonly Follower[]): void {
    const key = ([id, target]: Follower): string => `${id}|${target}`;
    const was = new Set(before.map(key));
    const now = new Set(after.map(key));
    for (const f of before) {
      if (now.has(key(f))) continue;
      const [id, target] = f;
      this.doneEpisodes.delete(id);
      const set = this.index.get(id);
      set?.delete(target);
      if (set?.size === 0) this.index.delete(id);
    }
    for (const f of after) {
      if (was.has(key(f))) continue;
      const [id, target] = f;
      this.doneEpisodes.delete(id);
      let set = this.index.get(id);
      if (!set) this.index.set(id, (set = new Set()));
      set.add(target);
    }
  }

  /** Takes a server's settings as read or written (undefined: it has none). */
  rememberGuild(guildId: string, guild: GuildReminders | undefined, raw: string | undefined): void {
    if (raw !== undefined && this.rawGuilds.get(guildId) === raw) return;
    const active = (g: GuildReminders | undefined): Follower[] =>
      (g?.follows ?? []).filter((f) => f.pausedAt === undefined).map((f) => [f.titleId, channelTarget(guildId, f.channelId)] as const);
    this.reindex(active(this.guilds.get(guildId)), active(raw === undefined ? undefined : guild));
    if (guild === undefined || raw === undefined) {
      this.guilds.delete(guildId);
      this.rawGuilds.delete(guildId);
    } else {
      this.guilds.set(guildId, guild);
      this.rawGuilds.set(guildId, raw);
    }
  }

  /** Takes a user's settings as read or written (undefined: they have none). */
  rememberUser(userId: string, user: UserReminders | undefined, raw: string | undefined): void {
    if (raw !== undefined && this.rawUsers.get(userId) === raw) return;
    const active = (u: UserReminders | undefined): Follower[] =>
      u === undefined || u.pausedAt !== undefined ? [] : followedTitles(u).map((id) => [id, userId] as const);
    this.reindex(active(this.users.get(userId)), active(raw === undefined ? undefined : user));
    if (user === undefined || raw === undefined) {
      this.users.delete(userId);
      this.rawUsers.delete(userId);
    } else {
      this.users.set(userId, user);
      this.rawUsers.set(userId, raw);
    }
  }

  /** Where a follower's reminder of a title goes, and after what delay; undefined when no longer followed. */
  destination(follower: string, titleId: number): { target: ReminderTarget; delayMinutes: number } | undefined {
    const channel = parseChannelTarget(follower);
    if (!channel) {
      const user = this.users.get(follower);
      return user ? { target: { kind: 'dm', userId: follower }, delayMinutes: user.delayMinutes } : undefined;
    }
    const follow = this.guilds.get(channel.guildId)?.follows.find((f) => f.titleId === titleId && f.channelId === channel.channelId);
    if (!follow || follow.pausedAt !== undefined) return undefined;
    return {
      target: {
        kind: 'channel',
        ...channel,
        ageRestricted: follow.ageRestricted,
        ...(follow.roleId !== undefined ? { roleId: follow.roleId } : {}),
        ...(follow.thread === true ? { thread: true } : {}),
      },
      delayMinutes: follow.delayMinutes,
    };
  }
}
