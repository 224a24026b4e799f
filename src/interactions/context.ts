// What every handler receives: who is acting, where, and the bot's services.

import type { Games } from '../games/games.js';
import type { ServerRecaps } from '../server-recaps/server-recaps.js';
import type { PickSessions } from '../store/pick-sessions.js';
import type { RecapStore } from '../store/recaps.js';
import type { WorkKind } from '../service/kinds.js';
import type { CompletionsSeen } from '../community/completions-seen.js';
import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  MessageComponentInteraction,
  ModalSubmitInteraction,
} from 'discord.js';
import type { ServiceClient } from '../service/client.js';
import type { TokenSource } from '../service/token-source.js';
import type { Logger } from '../log/log.js';
import type { RenderedMessage } from '../render/limits.js';
import type { FieldReader } from './custom-id.js';
import type { Where } from './where.js';
import type { ListImportDeps } from '../list-files/imports.js';
import type { Locale, Translator } from '../i18n/index.js';
import type { AccountLinks } from '../auth/accounts.js';
import type { TitleCache } from '../known-works/title-cache.js';
import type { NsfwRatings } from '../known-works/nsfw-ratings.js';
import type { SeasonAiring } from '../airing/season-airing.js';
import type { Reminders } from '../reminders/reminders.js';
import type { Feed } from '../activity-feed/feed-posting.js';
import type { GroupPolls } from '../group-polls/group-polls.js';
import type { SocialService } from '../community/types.js';
import type { TitlePreferences } from '../preferences/title-preferences.js';
import type { CheckedBy, LinkRule, LockRule, PlaceRule } from './rules.js';
import type { CoverSource } from '../covers/cover-source.js';
import type { WatchParties } from '../watch-parties/watch-parties.js';
import type { DiscordSide } from '../discord-api/discord-side.js';

/**
 * Locks shared by every process using the same store, for read-then-write work that must not interleave
 * (one user's list changes).
 */
export interface SharedLocks {
  /**
   * Runs `fn` as the only holder of `name`. Waits for the lock until `untilMs` (epoch ms), or `waitMs` if shorter
   * (0: one try), then fails with a LockTimeoutError; the lock frees itself `graceMs` after `untilMs` even if its
   * holder died. Once `signal` (the interaction's) aborts, it stops waiting and rejects with its reason.
   */
  run<T>(name: string, o: { untilMs: number; graceMs: number; waitMs?: number; signal?: AbortSignal | undefined }, fn: () => Promise<T>): Promise<T>;
}

/** Hands the rest of a `/wrapped` read over to background work (what was read so far, and where to go on). */
export interface BackgroundRecaps {
  handOver(ctx: CommandContext, request: { kind: WorkKind; year: number; user: string | undefined; private: boolean }, from: { offset: number; read: object }): Promise<void>;
}

export interface BotDeps {
  service: ServiceClient;
  locks: SharedLocks;
  accounts: AccountLinks;
  log: Logger;
  titleCache: TitleCache;
  /** Each work's nsfw rating, shared by the deployment (related works arrive without one). */
  nsfwRatings: NsfwRatings;
  /** The service's website, whose title pages title options accept as links. */
  serviceWebUrl: string;
  /** This week's airing titles, shared by every viewer. */
  airing: SeasonAiring;
  reminders: Reminders;
  /** The activity feed: servers' feed channels, and members' changes batched into posts. */
  feed: Feed;
  /** `/server pick` put to a vote: kept picks, the native polls the bot opened, and their end jobs. */
  polls: GroupPolls;
  /** The server community: memberships and the mirror of joined members' lists. */
  social: SocialService;
  /**
   * Which title form each person reads (theirs, else their server's default). The router applies it to
   * every work an interaction reads through `service` and `airing`, and to autocomplete's `titleCache`.
   */
  preferences: TitlePreferences;
  /** /anime random and /manga random: each person's pool as read once, and each answer's titles shown. */
  picks: PickSessions;
  /** /wrapped: each list's computed year, kept a few hours for Share, a second look and other askers; set by the core. */
  recaps?: RecapStore;
  /** /wrapped: the rest of a long list read as background work, the cards following (src/views/wrapped-background.ts); set by the core. */
  wrappedBackground?: BackgroundRecaps;
  /** When the bot saw each joined member's titles become completed (for /wrapped's dates); set by the core. */
  completionsSeen?: Pick<CompletionsSeen, 'seen'>;
  /** A private message to show a user after answering them (e.g. their reminders were paused), at most once. */
  pendingNotice?: (userId: string, t: Translator) => Promise<RenderedMessage | undefined>;
  /** Covers for the pictures, from COVER_HOSTS only, shared through the store (one per process). */
  covers: CoverSource;
  /** Watch parties: the scheduled events the bot created, and the post when each ends. */
  watchParties: WatchParties;
  /** The games (`/game`): the pools in the shared store and their weekly reads. */
  games: Games;
  /** The servers' weekly recaps (`/recap`): their channels, schedules and posts. */
  serverRecaps: ServerRecaps;
  /** List imports (/list … import): the running imports and the attachment reader; set by the core. */
  listImports?: ListImportDeps;
  /** This process's Discord side: the narrow parts handlers may use (never REST itself). */
  discord: DiscordSide;
  /** Current time in ms; injectable for tests. */
  now: () => number;
  /**
   * STORE_STEP_TIMEOUT_MS: how long a store read that only adds to an answer may take before the answer
   * goes without it (e.g. the viewer's login for their list status on a public read).
   */
  storeStepTimeoutMs?: number;
}

export interface BaseContext {
  userId: string;
  /** Texts for this user, in their Discord client's language (`locale`): replies and errors. */
  t: Translator;
  /** The server's language (`guild_locale`), for what the bot later posts there on its own; none in DMs. */
  guildLocale?: Locale;
  /** The server the interaction happened in; undefined in DMs and private channels. */
  guildId?: string;
  where: Where;
  /** Its `service` is bound to this interaction's budget. */
  deps: BotDeps;
  /** Aborted when the interaction's budget ends or its answer is no longer wanted; pass it to other slow work. */
  signal: AbortSignal;
  /**
   * The latest the interaction's budget may end (epoch ms): its budget plus the most it may wait in the
   * deployment's line (a deferred command's wait, Budget.lineWaitMs). Locks it takes are leased until then.
   */
  deadlineAt: number;
  /**
   * When the budget ends as of now (epoch ms): the budget, moved later by the time the interaction has
   * waited in the deployment's line so far. Work that decides whether another step still fits asks this.
   */
  budgetEndsAt(): number;
  /** The viewer's token when they have linked an account, for reads that can show their list status. */
  viewerAuth(): Promise<TokenSource | undefined>;
  /** The viewer's token, or a NotLoggedInError telling them to /login. */
  requireAuth(): Promise<TokenSource>;
}

/**
 * Shows how far long work has got by editing the deferred reply (a no-op before it is deferred and
 * once the answer is on its way). Callers keep it to one edit every few seconds.
 */
export type ProgressReporter = (message: RenderedMessage) => void;

export interface CommandContext extends BaseContext {
  interaction: ChatInputCommandInteraction;
  progress: ProgressReporter;
}

export interface ComponentContext extends BaseContext {
  interaction: MessageComponentInteraction | ModalSubmitInteraction;
  /** Values of a select menu, or what was typed in a modal's text inputs (in order); empty for buttons. */
  values: readonly string[];
}

export interface AutocompleteContext extends BaseContext {
  interaction: AutocompleteInteraction;
  focused: { name: string; value: string };
}

/** A context in a server, as the router gives a handler that declared `only: 'server'`. */
export type InServer<C extends BaseContext = CommandContext> = C & { guildId: string };

export interface AutocompleteChoice {
  name: string;
  value: string;
}

interface ComponentParts<C> {
  kind: string;
  mode: 'update' | 'reply' | 'ephemeral';
  /** Position of the invoker's id in the custom_id fields; clicks by anyone else are refused. */
  invokerField?: number;
  /** Never reaches the service: exempt from the per-user rate limit. */
  local?: boolean;
  /** Answers with pictures: deferred at once, as a picture command is. */
  pictures?: boolean;
  /** Whether this custom_id needs a linked account too (read from its fields: the paged view a pager button belongs to). */
  linkedOf?: (fields: FieldReader) => boolean;
  run: (ctx: ComponentContext & C, fields: FieldReader) => Promise<RenderedMessage>;
}

type DeclaredComponent<P extends PlaceRule, L extends LinkRule> = P extends unknown ? (L extends unknown ? P & L & LockRule & ComponentParts<CheckedBy<P & L>> : never) : never;

/**
 * A component (button or select) kind. `update` edits the message the component is on, `reply`
 * posts a new message, `ephemeral` answers only the clicker. It declares its rules as a subcommand
 * does (`only`, `permission`, `linked`, `listLock`; src/interactions/rules.ts), checked before `run`.
 * A shared component whose login rule depends on what it shows (the pager of every paged view)
 * declares it per custom_id as well (`linkedOf`), checked with its own.
 */
export type ComponentHandler = DeclaredComponent<PlaceRule, LinkRule>;
