// Mirrored lists for the server features' tests.

import { topTitles, type TopTitle } from '../../src/community/leaderboards.js';
import { summaryOf } from '../../src/community/member-summary.js';
import { serverViewOf, type ServerView } from '../../src/community/server-view.js';
import type { BoardsReader, ListKind, MemberMirror, MemberSummary, MirrorChangeListener, MirrorEntry, SocialReader, TitleHolder, TitleHolders, TitleHoldersReader, TitleName, TopCount, MemberSums } from '../../src/community/types.js';

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

/** The members' summaries, as each sync keeps them. */
export function summaries(mirrors: readonly MemberMirror[]): MemberSummary[] {
  return mirrors.map(summaryOf);
}

/** A title's name as the first mirror that has it names it; not safe for work if any says so. */
function nameIn(mirrors: readonly MemberMirror[], kind: ListKind, id: number): TitleName | undefined {
  let name: TitleName | undefined;
  for (const m of mirrors) {
    if (m.kind !== kind) continue;
    const e = m.entries.find((x) => x.id === id);
    if (e) name = { title: name?.title ?? e.title, nsfw: (name?.nsfw ?? false) || e.nsfw };
  }
  return name;
}

/** The top titles of these mirrors, named. */
export function topOf(mirrors: readonly MemberMirror[], status?: string): TopTitle[] {
  return topTitles(summaries(mirrors), status).map((t) => ({ ...t, ...(nameIn(mirrors, mirrors[0]?.kind ?? 'anime', t.id) ?? { title: '', nsfw: true }) }));
}

/** The server view of a title from these mirrors (in join order), as the title index answers it. */
export function viewOf(kind: ListKind, id: number, mirrors: readonly MemberMirror[]): ServerView {
  const holders: TitleHolder[] = [];
  for (const m of mirrors) {
    const e = m.kind === kind ? m.entries.find((x) => x.id === id) : undefined;
    if (e) holders.push({ discordUserId: m.discordUserId, serviceUser: m.serviceUser, status: e.status, score: e.score, progress: e.progress, total: e.total });
  }
  return serverViewOf(kind, id, holders);
}

/** A SocialReader over fixed memberships and mirrors, counting its reads. */
export class FixedReader implements SocialReader, TitleHoldersReader, BoardsReader {
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
  /** Reads of the members' summaries. */
  summaryReads = 0;
  async summaries(guildId: string, kind: ListKind): Promise<MemberSummary[]> {
    this.summaryReads++;
    return this.summariesOf(guildId, kind);
  }
  /** Counted as one read of summaries (the store keeps the counts: src/community/server-totals.ts). */
  async topCounts(guildId: string, kind: ListKind, status: string | undefined, minMembers: number): Promise<TopCount[]> {
    this.summaryReads++;
    return topTitles(this.summariesOf(guildId, kind), status, minMembers);
  }
  async memberSums(guildId: string, kind: ListKind): Promise<MemberSums[]> {
    this.summaryReads++;
    return this.summariesOf(guildId, kind);
  }
  async memberSummary(guildId: string, discordUserId: string, kind: ListKind): Promise<MemberSummary | undefined> {
    this.summaryReads++;
    return this.summariesOf(guildId, kind).find((s) => s.discordUserId === discordUserId);
  }
  private summariesOf(guildId: string, kind: ListKind): MemberSummary[] {
    const ids = this.guilds[guildId] ?? [];
    return summaries(ids.flatMap((id) => this.mirrors.filter((m) => m.discordUserId === id && m.kind === kind)));
  }
  async titleNames(kind: ListKind, ids: readonly number[]): Promise<Map<number, TitleName>> {
    const names = new Map<number, TitleName>();
    for (const id of ids) {
      const name = nameIn(this.mirrors, kind, id);
      if (name) names.set(id, name);
    }
    return names;
  }
  async mirror(discordUserId: string, kind: ListKind): Promise<MemberMirror | undefined> {
    this.reads++;
    return this.mirrors.find((m) => m.discordUserId === discordUserId && m.kind === kind);
  }
}
