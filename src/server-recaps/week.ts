// What a server's week is made of, as the recap reads it: the domain's own small interface, answered
// from the shared store only (the community's per-member weekly sums and change history, the members'
// summaries, the airing titles the store keeps), never the service.

import type { ListKind } from '../community/types.js';
import type { RecapKind } from './channels.js';

/** A title of the week: how many members it concerns, and the units they watched or read of it. */
export interface WeekTitle {
  kind: ListKind;
  id: number;
  /** Untrusted text (the service's title as a member's mirror has it). */
  title: string;
  nsfw: boolean;
  picture?: string;
  members: number;
  /** Episodes or chapters the members advanced it by this week (0 when not counted). */
  units: number;
}

/** A member who finished a title this week. */
export interface WeekFinish {
  discordUserId: string;
  /** Untrusted text. */
  serviceUser: string;
  kind: ListKind;
  id: number;
  title: string;
  nsfw: boolean;
}

export interface ServerWeek {
  fromMs: number;
  toMs: number;
  /** Joined members now. */
  members: number;
  episodes: number;
  chapters: number;
  completed: number;
  /** Members who joined the community within the week. */
  newMembers: number;
  /** The week's most watched (read) titles, most members first. */
  topTitles: WeekTitle[];
  /** Who finished what, in the order they finished. */
  finished: WeekFinish[];
  /** Airing titles most members are watching (anime only), most members first. */
  airing: WeekTitle[];
  /** The history the week is read from starts here (the upgrade): a week reaching before it sees only part. */
  seenSince?: number;
}

/** The recap's read of a server's week. */
export interface WeekSource {
  week(guildId: string, kind: RecapKind, fromMs: number, toMs: number): Promise<ServerWeek>;
  /** Keeps who the members are now, so the next week knows its new joiners (after a post, and when a channel is added). */
  noteMembers?(guildId: string, at: number): Promise<void>;
  /** "Forget me": whatever the source keeps of this member. Returns how many records changed. */
  forgetUser?(discordUserId: string): Promise<number>;
}

export function kindsOf(kind: RecapKind): ListKind[] {
  return kind === 'both' ? ['anime', 'manga'] : [kind];
}

/** Nothing to say: nothing watched, read, completed, and nobody joined. */
export function quietWeek(week: ServerWeek): boolean {
  return week.episodes === 0 && week.chapters === 0 && week.completed === 0 && week.newMembers === 0 && week.finished.length === 0;
}
