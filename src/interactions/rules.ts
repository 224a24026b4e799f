// What a subcommand or a component may declare about who can use it and where: only in a server
// (and with a member permission there, or as the creator of what it acts on or with a permission),
// only in DMs with the bot, only with a linked account, as the only change to the user's list at a
// time. The run step checks every declared rule before the handler runs (`checkRules`) and holds the
// list lock around it (`asOnlyListChange`), each refused with one error the user reads in their
// language; the handler's context is typed by what was checked.

import { PermissionFlagsBits, type PermissionsBitField } from 'discord.js';
import type { MessageValues } from '../i18n/index.js';
import type { TokenSource } from '../service/token-source.js';
import { LockTimeoutError } from '../store/locks.js';
import { BUDGET_GRACE_MS } from './deadline.js';
import { NotLoggedInError, UserFacingError, type ErrorKey } from './user-errors.js';
import type { Where } from './where.js';

/**
 * Any Discord member permission a subcommand or component may require. The refusal (`error.permission`)
 * names it in the user's language: each one declared is named in every language's catalogue (a test
 * checks the declared ones).
 */
export type RequiredPermission = keyof typeof PermissionFlagsBits;

/** The error a broken "creator or permission" rule is refused with (its text names both). */
export interface Refusal {
  readonly key: ErrorKey;
  readonly values?: MessageValues;
}

/**
 * Where it may be used: anywhere, only in a server (optionally with a member permission, and
 * `needsBot` when it makes the bot post, poll or create events there: refused where the app is only
 * installed to the user), or only in DMs with the bot. In a server, `creatorOr` declares "its creator,
 * or a member with this permission": who created the thing acted on (a poll, a watch party) is known
 * once the handler has read it, so the check is the context's `mayActAs(creatorId)`, refused with
 * `notCreator`.
 */
export type PlaceRule =
  | { readonly only?: undefined; readonly permission?: undefined; readonly creatorOr?: undefined; readonly needsBot?: undefined }
  | { readonly only: 'server'; readonly permission?: RequiredPermission; readonly creatorOr?: undefined; readonly needsBot?: true }
  | { readonly only: 'server'; readonly permission?: undefined; readonly creatorOr: RequiredPermission; readonly notCreator: Refusal; readonly needsBot?: true }
  | { readonly only: 'dm'; readonly permission?: undefined; readonly creatorOr?: undefined; readonly needsBot?: undefined };

/** Whether it needs the user's linked service account. */
export type LinkRule = { readonly linked?: false } | { readonly linked: true };

/**
 * Whether the handler changes the user's list by reading then writing it: it runs as the only such
 * change of theirs across every bot process (two "+1" clicks on two processes give +2), refused with
 * "still saving" when another holds it until the interaction's deadline.
 */
export interface LockRule {
  readonly listLock?: true;
}

export type Rules = PlaceRule & LinkRule & LockRule;

/** Throws the declared refusal unless the user created it (`creatorId`) or has the declared permission. */
export type CreatorCheck = (creatorId: string) => void;

/** What a context gains from a rule the router checked: the server's id, the user's token, the creator check. */
export type CheckedBy<R> = (R extends { readonly only: 'server' } ? { guildId: string } : unknown) &
  (R extends { readonly linked: true } ? { auth: TokenSource } : unknown) &
  (R extends { readonly creatorOr: RequiredPermission } ? { mayActAs: CreatorCheck } : unknown);

/** A refusal names what was used as the user's picker shows it (`/feed channel add`), or `none` (a button). */
const NO_COMMAND = 'none';

/** The server an interaction happens in, or the one refusal of a server-only use elsewhere. */
export function serverOf(ctx: { readonly guildId?: string | undefined; readonly where: Where }, command: string = NO_COMMAND): string {
  if (ctx.guildId === undefined || ctx.where.place !== 'guild') throw new UserFacingError('error.serverOnly', { command });
  return ctx.guildId;
}

export interface RuleSubject {
  userId: string;
  guildId?: string;
  where: Where;
  /** The member's permissions in the server; null outside one. */
  memberPermissions: Readonly<PermissionsBitField> | null;
  viewerAuth(): Promise<TokenSource | undefined>;
}

/** What the checks established for the handler's context. */
export interface Checked {
  guildId?: string;
  auth?: TokenSource;
  mayActAs?: CreatorCheck;
}

const hasPermission = (subject: RuleSubject, permission: RequiredPermission): boolean => subject.memberPermissions?.has(PermissionFlagsBits[permission]) === true;

/** "Its creator, or a member with `permission`", checked once the handler knows the creator. */
function creatorCheck(subject: RuleSubject, permission: RequiredPermission, refusal: Refusal): CreatorCheck {
  return (creatorId) => {
    if (creatorId !== subject.userId && !hasPermission(subject, permission)) throw new UserFacingError(refusal.key, refusal.values);
  };
}

/**
 * Checks `rules` for one interaction, in order: the place, the permission, the linked account. Returns
 * what the checks established for the handler's context; throws the refusal of the first rule broken.
 */
export async function checkRules(rules: Rules, subject: RuleSubject, command: string = NO_COMMAND): Promise<Checked> {
  const checked: Checked = {};
  if (rules.only === 'server') {
    checked.guildId = serverOf(subject, command);
    if (rules.needsBot === true && subject.where.botAbsent === true) throw new UserFacingError('error.botNotInServer', { command });
    const permission = rules.permission;
    if (permission !== undefined && !hasPermission(subject, permission)) throw new UserFacingError('error.permission', { permission, command });
    if (rules.creatorOr !== undefined) checked.mayActAs = creatorCheck(subject, rules.creatorOr, rules.notCreator);
  } else if (rules.only === 'dm' && subject.where.place !== 'bot_dm') {
    throw new UserFacingError('error.dmOnly', { command });
  }
  if (rules.linked === true) {
    const auth = await subject.viewerAuth();
    if (auth === undefined) throw new NotLoggedInError();
    checked.auth = auth;
  }
  return checked;
}

/** What holding the list lock needs of a handler's context. */
export interface ListLockSubject {
  userId: string;
  deadlineAt: number;
  signal: AbortSignal;
  deps: { locks: { run<T>(name: string, o: { untilMs: number; graceMs: number; signal?: AbortSignal | undefined }, fn: () => Promise<T>): Promise<T> } };
}

/** How long before the deadline the wait for the user's list lock gives up. */
const LIST_LOCK_MARGIN_MS = 500;

/**
 * Runs `fn` as the user's only list change across every bot process (`listLock: true`). The lock is
 * leased until the interaction's deadline (plus its grace), so a process that dies holding it blocks
 * that user for one interaction at most; waiting past it is refused with "still saving".
 */
export async function asOnlyListChange<T>(subject: ListLockSubject, fn: () => Promise<T>): Promise<T> {
  // The wait for a lock held elsewhere ends a margin before the deadline, so "still saving" is answered
  // before the deadline's own answer; the lock, once taken, still lives until the deadline and its grace.
  const deadlineAt = subject.deadlineAt;
  const untilMs = Math.max(deadlineAt - LIST_LOCK_MARGIN_MS, Date.now() + 1);
  let started = false;
  try {
    return await subject.deps.locks.run(`list-change:${subject.userId}`, { untilMs, graceMs: Math.max(1, deadlineAt + BUDGET_GRACE_MS - untilMs), signal: subject.signal }, () => {
      started = true;
      return fn();
    });
  } catch (error) {
    // Still waiting when the interaction's deadline aborted it (a busy process runs timers late): the
    // lock was never ours, so the answer is the same "still saving".
    if (error instanceof LockTimeoutError || (!started && subject.signal.aborted)) throw new UserFacingError('works.error.stillSaving');
    throw error;
  }
}

/** Whether an autocomplete may suggest anything here: only where its subcommand may be used. */
export function placeAllows(rules: PlaceRule, subject: Pick<RuleSubject, 'guildId' | 'where'>): boolean {
  if (rules.only === 'server') return subject.guildId !== undefined && subject.where.place === 'guild' && !(rules.needsBot === true && subject.where.botAbsent === true);
  if (rules.only === 'dm') return subject.where.place === 'bot_dm';
  return true;
}
