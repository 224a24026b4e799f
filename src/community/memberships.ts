// Who joined which server's community: the server's record lists its members in join order, the
// member's record the servers they joined (and their sync state). Every change is a compare-and-set,
// so joins and leaves from several processes at once all take effect. The member's record decides:
// a member's record is written before the server's on join and after it on leave (so a crash in
// between never leaves a server listing someone without one), and each join, leave or removal then
// settles the server's record against the member's, again until no change made meanwhile is missed —
// so of a join and a leave racing, the server ends up agreeing with whichever reached the member's
// record last.

import { modify, untilSettled } from '../store/compare-and-set.js';
import type { SocialKv } from './kv.js';
import { KEY, parseGuild, parseMember, type MemberRecord } from './records.js';

export interface JoinResult {
  alreadyMember: boolean;
  member: MemberRecord;
  /** The member record did not exist before: they joined no server until now. */
  firstServer: boolean;
  /** Their login had been noted lost (cleared now: they are linked again). */
  wasLost: boolean;
}

export interface LeaveResult {
  /** They were a member of this server. */
  was: boolean;
  /** The servers left to them. */
  remaining: number;
  /** Their record, when leaving deleted it (their last server). */
  gone?: MemberRecord;
}

export interface Removed {
  /** Records deleted or changed. */
  count: number;
  /** Their record as it was deleted (its sync job ids are to be removed from the job engine). */
  gone?: MemberRecord;
}

/** Rounds of settling one server's record before giving up (each a handful of reads and at most one write). */
const SETTLE_ROUNDS = 8;

export class Memberships {
  constructor(private readonly kv: SocialKv) {}

  async members(guildId: string): Promise<string[]> {
    return parseGuild(await this.kv.get(KEY.guild(guildId)))?.members ?? [];
  }

  async member(userId: string): Promise<MemberRecord | undefined> {
    return parseMember(await this.kv.get(KEY.member(userId)));
  }

  async isMember(guildId: string, userId: string): Promise<boolean> {
    return (await this.member(userId))?.guilds.includes(guildId) ?? false;
  }

  /**
   * Adds the member to the server (their record first); a lost login noted before is cleared. When
   * the server's record cannot be written, the member's record no longer names the server either.
   */
  async join(guildId: string, userId: string, serviceUser: string, firstSyncAt: number): Promise<JoinResult> {
    const result = await modify(this.kv, KEY.member(userId), (raw) => {
      const before = parseMember(raw);
      const member: MemberRecord = before ?? { guilds: [], serviceUser, activeAt: 0, changedAt: 0, nextAt: firstSyncAt };
      const alreadyMember = member.guilds.includes(guildId);
      if (!alreadyMember) member.guilds.push(guildId);
      member.serviceUser = serviceUser;
      const wasLost = member.lost !== undefined;
      if (wasLost) {
        delete member.lost;
        member.nextAt = firstSyncAt;
      }
      return { value: JSON.stringify(member), result: { alreadyMember, member, firstServer: before === undefined, wasLost } };
    });
    try {
      await this.settle(guildId, userId);
    } catch (error) {
      if (!result.alreadyMember) {
        // Best effort: the store that refused the server's record may refuse this too (the error is the join's).
        await this.withdraw(guildId, userId)
          .then(() => this.settle(guildId, userId))
          .catch(() => undefined);
      }
      throw error;
    }
    return result;
  }

  /** Removes the member from the server (the server's record first, then theirs, then settled). */
  async leave(guildId: string, userId: string): Promise<LeaveResult> {
    await this.dropFromGuild(guildId, userId);
    const left = await this.withdraw(guildId, userId);
    await this.settle(guildId, userId);
    return left;
  }

  /** Every membership of the user and their record, gone ("forget me"). */
  forget(userId: string): Promise<Removed> {
    return this.remove(userId);
  }

  /** A member whose login was lost and whose stale time passed, gone from every server (unless they came back meanwhile). */
  removeLost(userId: string, now: number): Promise<Removed> {
    return this.remove(userId, (m) => m.lost !== undefined && m.lost.staleUntil <= now);
  }

  /** Changes a member's record only while it exists (a sync never brings back someone who left). */
  async updateMember<T>(userId: string, change: (m: MemberRecord) => T | undefined): Promise<{ member: MemberRecord; result: T } | undefined> {
    return modify(this.kv, KEY.member(userId), (raw) => {
      const member = parseMember(raw);
      if (!member) return { keep: true, result: undefined };
      const result = change(member);
      if (result === undefined) return { keep: true, result: undefined };
      return { value: JSON.stringify(member), result: { member, result } };
    });
  }

  /** The ids of every member record (the periodic watch over syncs). */
  async memberIds(): Promise<string[]> {
    return (await this.kv.keys(KEY.members)).map((k) => k.slice(KEY.members.length));
  }

  /**
   * Makes the server's record agree with the member's (listed exactly when their record names the
   * server), and again while their record changed meanwhile. Returns whether they are a member there.
   */
  async settle(guildId: string, userId: string): Promise<boolean> {
    const step = async (): Promise<{ settled: boolean; result: boolean }> => {
      const listed = await this.isMember(guildId, userId);
      await modify(this.kv, KEY.guild(guildId), (raw) => {
        const guild = parseGuild(raw) ?? { members: [] };
        if (guild.members.includes(userId) === listed) return { keep: true, result: undefined };
        guild.members = listed ? [...guild.members, userId] : guild.members.filter((m) => m !== userId);
        return { value: guild.members.length === 0 ? undefined : JSON.stringify(guild), result: undefined };
      });
      return { settled: (await this.isMember(guildId, userId)) === listed, result: listed };
    };
    return untilSettled(KEY.guild(guildId), step, { attempts: SETTLE_ROUNDS });
  }

  /** The server, gone from the member's record (the record with it when it was their last). */
  private withdraw(guildId: string, userId: string): Promise<LeaveResult> {
    return modify<LeaveResult>(this.kv, KEY.member(userId), (raw) => {
      const member = parseMember(raw);
      if (!member) return { keep: true, result: { was: false, remaining: 0 } };
      const was = member.guilds.includes(guildId);
      member.guilds = member.guilds.filter((g) => g !== guildId);
      const remaining = member.guilds.length;
      if (!was && remaining > 0) return { keep: true, result: { was, remaining } };
      return remaining === 0 ? { value: undefined, result: { was, remaining, gone: member } } : { value: JSON.stringify(member), result: { was, remaining } };
    });
  }

  /**
   * The user's record deleted (only while `when` holds, if given) after they left every server it
   * names; then those servers settled, so a join that went on meanwhile is kept or undone as a whole.
   */
  private async remove(userId: string, when?: (m: MemberRecord) => boolean): Promise<Removed> {
    const before = await this.member(userId);
    if (when && !(before && when(before))) return { count: 0 };
    let count = 0;
    for (const guildId of before?.guilds ?? []) {
      if (await this.dropFromGuild(guildId, userId)) count++;
    }
    const deleted = await modify(this.kv, KEY.member(userId), (raw) => {
      const member = parseMember(raw);
      if (raw === undefined || (when && !(member && when(member)))) return { keep: true, result: undefined };
      return { value: undefined, result: { member } };
    });
    if (deleted) count++;
    for (const guildId of new Set([...(before?.guilds ?? []), ...(deleted?.member?.guilds ?? [])])) await this.settle(guildId, userId);
    return deleted?.member ? { count, gone: deleted.member } : { count };
  }

  private dropFromGuild(guildId: string, userId: string): Promise<boolean> {
    return modify(this.kv, KEY.guild(guildId), (raw) => {
      const guild = parseGuild(raw);
      if (!guild?.members.includes(userId)) return { keep: true, result: false };
      guild.members = guild.members.filter((m) => m !== userId);
      return { value: guild.members.length === 0 ? undefined : JSON.stringify(guild), result: true };
    });
  }
}
