// Who joined which server's community: the server's record lists its members in join order, the
// member's record the servers they joined (and their sync state). Every change is a compare-and-set,
// so joins and leaves from several processes at once all take effect. A member's record is written
// before the server's on join and after it on leave, so a server never lists someone without one.

import { KEY, parseGuild, parseMember, type MemberRecord } from './records.js';
import { modify, type SocialKv } from './kv.js';

export interface JoinResult {
  alreadyMember: boolean;
  member: MemberRecord;
  /** The member record did not exist before: they joined no server until now. */
  firstServer: boolean;
  /** Their login had been noted lost (cleared now: they are linked again). */
  wasLost: boolean;
}

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

  /** Adds the member to the server (their record first); a lost login noted before is cleared. */
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
    await modify(this.kv, KEY.guild(guildId), (raw) => {
      const guild = parseGuild(raw) ?? { members: [] };
      if (guild.members.includes(userId)) return { keep: true, result: undefined };
      guild.members.push(userId);
      return { value: JSON.stringify(guild), result: undefined };
    });
    return result;
  }

  /** Removes the member from the server. Returns whether they were a member and the servers left to them. */
  async leave(guildId: string, userId: string): Promise<{ was: boolean; remaining: number }> {
    await this.dropFromGuild(guildId, userId);
    return modify(this.kv, KEY.member(userId), (raw) => {
      const member = parseMember(raw);
      if (!member) return { keep: true, result: { was: false, remaining: 0 } };
      const was = member.guilds.includes(guildId);
      member.guilds = member.guilds.filter((g) => g !== guildId);
      const remaining = member.guilds.length;
      return { value: remaining === 0 ? undefined : JSON.stringify(member), result: { was, remaining } };
    });
  }

  /** Every membership of the user and their record, gone. Returns how many records were deleted or changed. */
  async forget(userId: string): Promise<number> {
    const member = await this.member(userId);
    let count = 0;
    for (const guildId of member?.guilds ?? []) {
      if (await this.dropFromGuild(guildId, userId)) count++;
    }
    if (await this.kv.delete(KEY.member(userId))) count++;
    return count;
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

  private dropFromGuild(guildId: string, userId: string): Promise<boolean> {
    return modify(this.kv, KEY.guild(guildId), (raw) => {
      const guild = parseGuild(raw);
      if (!guild?.members.includes(userId)) return { keep: true, result: false };
      guild.members = guild.members.filter((m) => m !== userId);
      return { value: guild.members.length === 0 ? undefined : JSON.stringify(guild), result: true };
    });
  }
}
