// Mirrored lists for the server features' tests.

import type { ListKind, MemberMirror, MirrorChangeListener, MirrorEntry, SocialReader } from '../../src/social/types.js';

export function entry(id: number, o: Partial<MirrorEntry> = {}): MirrorEntry {
  return {
    id,
    title: `Title ${id}`,
    status: 'completed',
    score: 0,
    progress: 0,
    total: 12,
    episodeSeconds: 0,
    nsfw: false,
    updatedAt: 0,
    ...o,
  };
}

/** Entries scored as given, title ids 1, 2, 3, … (or `ids`). */
export function scored(scores: readonly number[], ids?: readonly number[]): MirrorEntry[] {
  return scores.map((score, i) => entry(ids?.[i] ?? i + 1, { score }));
}

export function mirror(discordUserId: string, entries: MirrorEntry[], o: Partial<MemberMirror> = {}): MemberMirror {
  return { discordUserId, serviceUser: `user${discordUserId}`, kind: 'anime', entries, syncedAt: 0, ...o };
}

/** A SocialReader over fixed memberships and mirrors, counting its reads. */
export class FixedReader implements SocialReader {
  reads = 0;
  constructor(
    private readonly guilds: Record<string, string[]>,
    private readonly mirrors: MemberMirror[],
  ) {}
  async members(guildId: string): Promise<string[]> {
    return this.guilds[guildId] ?? [];
  }
  async isMember(guildId: string, discordUserId: string): Promise<boolean> {
    return (this.guilds[guildId] ?? []).includes(discordUserId);
  }
  listeners: MirrorChangeListener[] = [];
  onChanges(listener: MirrorChangeListener): void {
    this.listeners.push(listener);
  }
  async mirror(discordUserId: string, kind: ListKind): Promise<MemberMirror | undefined> {
    this.reads++;
    return this.mirrors.find((m) => m.discordUserId === discordUserId && m.kind === kind);
  }
}
