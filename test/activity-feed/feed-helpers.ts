// A small stand-in for the community (SocialService) the feed tests drive: who joined which server,
// and the changes "found" on a member's list, handed to every listener as the real one does.

import type { JoinOutcome, ListKind, MemberMirror, MemberSummary, MirrorChange, MirrorChangeListener, MirrorEntry, SocialService, TitleHolders, TitleName, TopCount, MemberSums, MemberYear, MemberWeek, MemberHistory } from '../../src/community/types.js';

export class FakeSocial implements SocialService {
  private readonly joined = new Map<string, string[]>();
  private readonly listeners: MirrorChangeListener[] = [];

  add(guildId: string, userId: string): void {
    const members = this.joined.get(guildId) ?? [];
    if (!members.includes(userId)) this.joined.set(guildId, [...members, userId]);
  }

  members(guildId: string): Promise<string[]> {
    return Promise.resolve([...(this.joined.get(guildId) ?? [])]);
  }

  isMember(guildId: string, userId: string): Promise<boolean> {
    return Promise.resolve(this.joined.get(guildId)?.includes(userId) === true);
  }

  guildsOf(userId: string): Promise<string[]> {
    return Promise.resolve([...this.joined].filter(([, members]) => members.includes(userId)).map(([guildId]) => guildId));
  }

  mirror(): Promise<MemberMirror | undefined> {
    return Promise.resolve(undefined);
  }

  /** No lists are mirrored here: nobody holds any title. */
  holders(guildId: string): Promise<TitleHolders> {
    return Promise.resolve({ joined: this.joined.get(guildId)?.length ?? 0, holders: [] });
  }

  summaries(): Promise<MemberSummary[]> {
    return Promise.resolve([]);
  }

  topCounts(): Promise<TopCount[]> {
    return Promise.resolve([]);
  }

  memberSums(): Promise<MemberSums[]> {
    return Promise.resolve([]);
  }

  memberSummary(): Promise<MemberSummary | undefined> {
    return Promise.resolve(undefined);
  }

  titleNames(): Promise<Map<number, TitleName>> {
    return Promise.resolve(new Map());
  }

  yearSums(): Promise<MemberYear[]> {
    return Promise.resolve([]);
  }

  weekSums(): Promise<MemberWeek[]> {
    return Promise.resolve([]);
  }

  history(): Promise<MemberHistory | undefined> {
    return Promise.resolve(undefined);
  }

  join(guildId: string, userId: string): Promise<JoinOutcome> {
    this.add(guildId, userId);
    return Promise.resolve({ ok: true, alreadyMember: false, serviceUser: userId, entries: { anime: 0, manga: 0 } });
  }

  leave(guildId: string, userId: string): Promise<boolean> {
    const members = this.joined.get(guildId) ?? [];
    this.joined.set(guildId, members.filter((m) => m !== userId));
    return Promise.resolve(members.includes(userId));
  }

  listChanged(): Promise<void> {
    return Promise.resolve();
  }

  forgetUser(userId: string): Promise<number> {
    let n = 0;
    for (const [guildId, members] of this.joined) {
      if (members.includes(userId)) n++;
      this.joined.set(guildId, members.filter((m) => m !== userId));
    }
    return Promise.resolve(n);
  }

  onChanges(listener: MirrorChangeListener): void {
    this.listeners.push(listener);
  }

  /** Tells every listener of changes on a member's list, as a sync or a list change through the bot does. */
  async emit(userId: string, serviceUser: string, changes: MirrorChange[]): Promise<void> {
    for (const l of this.listeners) await l(userId, serviceUser, changes);
  }
}

export function mirrorEntry(over: Partial<MirrorEntry> = {}): MirrorEntry {
  return { id: 1, title: 'Frieren', status: 'plan_to_watch', score: 0, progress: 0, total: 12, episodeSeconds: 1440, nsfw: false, updatedAt: 0, ...over };
}

/** A title started: plan to watch → watching with one episode. */
export function started(id: number, title: string, kind: ListKind = 'anime', nsfw = false): MirrorChange {
  return { kind, before: mirrorEntry({ id, title, nsfw }), after: mirrorEntry({ id, title, nsfw, status: kind === 'anime' ? 'watching' : 'reading', progress: 1 }) };
}

/** A title completed with a score. */
export function completed(id: number, title: string, score = 9): MirrorChange {
  return { kind: 'anime', before: mirrorEntry({ id, title, status: 'watching', progress: 11 }), after: mirrorEntry({ id, title, status: 'completed', progress: 12, score }) };
}
