// Mirrored lists for the server features' tests.

import type { ListKind, MemberMirror, MirrorChangeListener, MirrorEntry, SocialReader, TitleHolders, TitleHoldersReader } from '../../src/social/types.js';

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
export class FixedReader implements SocialReader, TitleHoldersReader {
  reads = 0;
  /** Reads of the title index's answer (`holders`). */
  holderReads = 0;
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
  /** What the title index answers, built from the fixed mirrors (not counted as mirror reads). */
  async holders(guildId: string, kind: ListKind, id: number): Promise<TitleHolders> {
    this.holderReads++;
    const ids = this.guilds[guildId] ?? [];
    const found: TitleHolders = { joined: ids.length, holders: [] };
    for (const userId of ids) {
      const m = this.mirrors.find((x) => x.discordUserId === userId && x.kind === kind);
      const e = m?.entries.find((x) => x.id === id);
      if (!m || !e) continue;
      found.holders.push({ discordUserId: userId, serviceUser: m.serviceUser, status: e.status, score: e.score, progress: e.progress, total: e.total });
      found.title ??= { title: e.title, nsfw: e.nsfw };
    }
    return found;
  }
  async mirror(discordUserId: string, kind: ListKind): Promise<MemberMirror | undefined> {
    this.reads++;
    return this.mirrors.find((m) => m.discordUserId === discordUserId && m.kind === kind);
  }
}
