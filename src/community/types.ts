// The server's list community: who joined where, and the one mirror of each joined member's lists.
// The shapes every part of src/community shares (membership, sync, server view, compare, leaderboards,
// the activity feed).

export type ListKind = 'anime' | 'manga';

/** One title on a member's mirrored list: only what the server features read. */
export interface MirrorEntry {
  id: number;
  /** The title's main title, as the service sent it (untrusted text: render through the gate). */
  title: string;
  /** The list status (anime: watching, completed, on_hold, dropped, plan_to_watch; manga: reading, …, plan_to_read). */
  status: string;
  /** 0 = not scored, else 1–10. */
  score: number;
  /** Episodes watched (anime) or chapters read (manga). */
  progress: number;
  /** The title's episode (chapter) count, 0 when unknown. */
  total: number;
  /** Anime: average episode length in seconds (0 when unknown); for "days watched". Manga: 0. */
  episodeSeconds: number;
  /** True for titles the service rates not safe for work (`nsfw` not `white`). */
  nsfw: boolean;
  /** The entry's `updated_at` in epoch ms (0 when the service sent none). */
  updatedAt: number;
  /** The title's cover (its main picture, medium size), for /server chart; absent when the service gave none. */
  picture?: string;
  /** The entry's finish date as the service gives it (`2025-03-14`, `2025-03-00`, `2025-00-00`); absent when none (or kept by an earlier version). */
  finishedOn?: string;
  /** Anime: the title's start season (`2025-spring`); absent when unknown, for manga, or kept by an earlier version. */
  season?: string;
}

/** One member's mirrored list of one kind. */
export interface MemberMirror {
  discordUserId: string;
  /** The service account's name the list belongs to (untrusted text). */
  serviceUser: string;
  kind: ListKind;
  entries: MirrorEntry[];
  /** When the mirror was last brought up to date (epoch ms). */
  syncedAt: number;
  /** Set when the member's login was lost: the mirror is no longer synced, shown until this time (epoch ms). */
  staleUntil?: number;
}

/** One change a sync (or a list change made through the bot) found on a member's list. */
export interface MirrorChange {
  kind: ListKind;
  /** Absent: the title was added. */
  before?: MirrorEntry;
  /** Absent: the title was removed. */
  after?: MirrorEntry;
}

/** What the server features read; answered from the shared store only (never the service). */
export interface SocialReader {
  /** Discord ids of the members who joined this server's community (in join order). */
  members(guildId: string): Promise<string[]>;
  /** Whether this Discord user joined this server's community. */
  isMember(guildId: string, discordUserId: string): Promise<boolean>;
  /** The member's mirror of one kind, or undefined when none is kept (not joined anywhere, never synced, or expired). */
  mirror(discordUserId: string, kind: ListKind): Promise<MemberMirror | undefined>;
}

/** One joined member who has a title on their mirrored list, as the title index keeps them. */
export interface TitleHolder {
  discordUserId: string;
  /** Untrusted text. */
  serviceUser: string;
  status: string;
  /** 0 = not scored. */
  score: number;
  progress: number;
  /** The title's episode (chapter) count, 0 when unknown. */
  total: number;
}

/** The members of one server who have a title (from the title index: two store reads, no mirror). */
export interface TitleHolders {
  /** How many members joined this server's community. */
  joined: number;
  /** The title as one holder's mirror names it (untrusted text), when anyone has it. */
  title?: { title: string; nsfw: boolean };
  /** The holders, in join order (a member whose login was lost is left out once their stale time passed). */
  holders: TitleHolder[];
}

/** The server view's read: the server's members who have a title. */
export interface TitleHoldersReader {
  holders(guildId: string, kind: ListKind, id: number): Promise<TitleHolders>;
}

/** A title's name as a holder's mirror has it (untrusted text), and whether it is kept out of channels that are not age-restricted. */
export interface TitleName {
  title: string;
  nsfw: boolean;
  /** The title's cover (as in the mirror), for /server chart; absent when none was kept. */
  picture?: string;
}

/** One member's list of one kind, summed at each sync (src/community/member-summary.ts): what the leaderboards and top titles read. */
export interface MemberSummary {
  discordUserId: string;
  /** Untrusted text. */
  serviceUser: string;
  kind: ListKind;
  /** The member's login was lost: shown until then (epoch ms). */
  staleUntil?: number;
  /** Titles on the list. */
  count: number;
  /** Episodes watched (chapters read), summed. */
  progress: number;
  /** Seconds watched (episodes × their length; 0 for manga). */
  seconds: number;
  completed: number;
  scoreSum: number;
  scored: number;
  /** Per title: its id, then its status code × 16 + its score (flat pairs; see member-summary.ts). */
  titles: Uint32Array;
}

/** A member's summary without its titles: what the leaderboards rank by. */
export type MemberSums = Omit<MemberSummary, 'titles'>;

/** A title on the top list, counted from the members' summaries. */
export interface TopCount {
  /** 1-based; titles with as many members and the same mean share a rank. */
  rank: number;
  id: number;
  /** Members who have it (with the status asked for, if any). */
  members: number;
  /** Mean of the scores members gave it, undefined when nobody scored it. */
  meanScore: number | undefined;
  scored: number;
}

/** What the leaderboards and `/server top` read: summaries and names, never a member's mirror. */
export interface BoardsReader {
  /** The summaries of one kind of the server's joined members, in join order (a member without one, or whose lost login's stale time passed, left out). */
  summaries(guildId: string, kind: ListKind): Promise<MemberSummary[]>;
  /**
   * The titles most of the server's joined members have (with this list status, if given), at least
   * `minMembers` of them, ranked (src/community/leaderboards.ts `topTitles`); counted once and kept in the
   * store until a member's summary or the membership changes (src/community/server-totals.ts).
   */
  topCounts(guildId: string, kind: ListKind, status: string | undefined, minMembers: number): Promise<TopCount[]>;
  /**
   * The sums of the server's joined members' summaries of one kind, in join order (as `summaries`, without
   * the titles): what the leaderboards rank; kept in the store like `topCounts`.
   */
  memberSums(guildId: string, kind: ListKind): Promise<MemberSums[]>;
  /** One joined member's summary of one kind (undefined when they are no member here or have none). */
  memberSummary(guildId: string, discordUserId: string, kind: ListKind): Promise<MemberSummary | undefined>;
  /** The names and ratings of these titles, as the index keeps them. */
  titleNames(kind: ListKind, ids: readonly number[]): Promise<Map<number, TitleName>>;
}

// ---- what the community notices: history and sums (src/community/history.ts, src/social/tallies.ts) ----

/** One change seen on a member's list. */
export interface HistoryEvent {
  /** When the bot saw it (epoch s). */
  at: number;
  id: number;
  /** The status after the change (the removed entry's for a removal); `other` for a status not listed. */
  status: string;
  /** 0 = not scored. */
  score: number;
  progress: number;
  /** Before the change; undefined when the title was added. */
  before?: { status: string; score: number; progress: number };
  /** The title left the list. */
  removed: boolean;
}

/** A member's history as read. */
export interface MemberHistory {
  since: number;
  events: HistoryEvent[];
}

/** A title completed in the year. */
export interface YearCompletion {
  id: number;
  /** 0 = not scored. */
  score: number;
  /** Anime: the title's start season (`2025-spring`), when the mirror knows it. */
  season?: string;
}

/** One member's year of one kind. */
export interface YearSums {
  year: number;
  /** Episodes watched (chapters read) the bot saw that year (since `since`). */
  progress: number;
  /** Titles the bot saw progress on that year. */
  titles: number[];
  /** Titles the bot saw started (put to watching / reading) that year. */
  started: number;
  completed: YearCompletion[];
  dropped: number[];
}

/** One member's sums over a window (a week) of the last 15 days. */
export interface WeekSums {
  /** Episodes watched (chapters read) in the window. */
  progress: number;
  /** Progress per title in the window (titles with progress only), most first. */
  watched: Array<{ id: number; progress: number }>;
  /** Titles seen becoming completed in the window, in the order seen. */
  completed: number[];
  /** Titles seen becoming watched (read) in the window. */
  started: number[];
  /** Titles seen becoming dropped in the window. */
  dropped: number[];
  /** Scores given or changed in the window. */
  scored: Array<{ id: number; score: number }>;
}

/** One member's year, as `/server wrapped` reads it. */
export interface MemberYear {
  discordUserId: string;
  /** When the bot began noticing their changes (epoch ms): progress before it is not counted. */
  since: number;
  sums: YearSums;
}

/** One member's week (a window of the last 15 days), as the weekly recap reads it. */
export interface MemberWeek {
  discordUserId: string;
  since: number;
  sums: WeekSums;
}

/** The members' yearly and weekly sums and one's history: one store read each, never a mirror. */
export interface ActivityReader {
  /** The year (UTC) of one kind of each of the server's joined members who has sums, in join order. */
  yearSums(guildId: string, kind: ListKind, year: number): Promise<MemberYear[]>;
  /** The sums over [fromMs, toMs) (within the last 15 days) of one kind of each of the server's joined members who has sums, in join order. */
  weekSums(guildId: string, kind: ListKind, fromMs: number, toMs: number): Promise<MemberWeek[]>;
  /** A member's kept history of one kind (13 months at most; undefined: none kept). */
  history(discordUserId: string, kind: ListKind): Promise<MemberHistory | undefined>;
}

/** Told of every change found on a joined member's list (the activity feed listens here). */
export type MirrorChangeListener = (discordUserId: string, serviceUser: string, changes: MirrorChange[]) => Promise<void>;

/** What joining answers. */
export type JoinOutcome =
  | { ok: true; alreadyMember: boolean; serviceUser: string; entries: { anime: number; manga: number } }
  /** not-linked: no linked account (or its login was refused); left: they left this server or were forgotten while joining. */
  | { ok: false; reason: 'not-linked' | 'left' };

/**
 * The community as handlers and the other bot parts see it (`ctx.deps.social`). Implemented in
 * src/community/community.ts over the store and the job engine.
 */
export interface SocialService extends SocialReader, TitleHoldersReader, BoardsReader, ActivityReader {
  /** Joins this server's community (the member must be linked): the first sync of their lists happens now if none is kept. */
  join(guildId: string, discordUserId: string, signal?: AbortSignal): Promise<JoinOutcome>;
  /** Leaves this server's community; the mirror is dropped when no server is left. Returns whether they were a member. */
  leave(guildId: string, discordUserId: string): Promise<boolean>;
  /**
   * A list change made through the bot (`/list … update|remove`, "+1" buttons, reminder buttons): the
   * mirror follows at once (no-op for a member of no community). `entry` undefined: the title was removed.
   */
  listChanged(discordUserId: string, kind: ListKind, id: number, entry: MirrorEntry | undefined): Promise<void>;
  /** Every membership and the mirrored lists of this user, gone ("forget me"). Returns how many records went. */
  forgetUser(discordUserId: string): Promise<number>;
  /** Registers a listener told of the changes every sync or list change finds. */
  onChanges(listener: MirrorChangeListener): void;
}
