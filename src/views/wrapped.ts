// `/wrapped`: a person's year in pictures. The list is read whole, one request per 1 000 entries, with
// the fields the year needs, kept reduced to what the year needs as it is read; the computed year is kept in the shared store a few hours per list, kind
// and year (src/store/recaps.ts), so Share, a second look and other people asking for the same public
// list read nothing from the service. A private answer carries Share (the owner only; the router tells
// anyone else it is not theirs), which posts the same cards in the channel. In a server whose community
// the person joined, the first card says where they stand among its members that year, from the yearly
// sums the community keeps (no request). A list of more than one read shows how far the reading got;
// one whose next read and cards would not fit the command's wait is read on as background work
// (src/views/wrapped-background.ts), said at once, and the cards replace the answer when ready. The
// cards and Share are drawn in src/render/wrapped-cards.ts; Share's handler is in commands/components/wrapped.ts.

import { BUDGET_GRACE_MS } from '../interactions/deadline.js';
import type { BaseContext, CommandContext, ProgressReporter } from '../interactions/context.js';
import { encodeUserId } from '../render/user-ids.js';
import { NotLoggedInError, UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { MAX_LIMIT } from '../service/endpoint-options.js';
import { fields, nested, type AnyFieldItem, type ListStatusField } from '../service/fields.js';
import { KINDS, type WorkKind } from '../service/kinds.js';
import { RECAP_SHAPE, recapListKey, type RecapList, type RecapStore } from '../store/recaps.js';
import { wrappedCards, wrappedCoverUrls, wrappedShareRow, type WrappedCardsInput } from '../render/wrapped-cards.js';
import { addToYearRead, emptyYearRead, wrappedYear, type WrappedYear, type YearRead } from '../community/wrapped-year.js';

/** Entries per list read: the service's most. */
export const WRAPPED_PAGE = MAX_LIMIT.userList;
/** Pages read at most (100 000 entries, past any real list); a longer list is refused, not cut. */
export const WRAPPED_MAX_PAGES = 100;
/** What a command keeps of its wait for drawing the cards and answering. */
export const WRAPPED_RENDER_RESERVE_MS = 2_500;
/** How often the deferred answer shows how far the reading got. */
export const WRAPPED_PROGRESS_EVERY_MS = 3_000;
/**
 * How long a list handed over to background work is marked as being read (unless the job ends first):
 * the job's deadline (4 min) for each of its two attempts, with its wait in the queue.
 */
export const WRAPPED_PENDING_MS = 10 * 60_000;
/** The stored shape's version (src/store/recaps.ts keeps it as `{ v, year }`, and names it in the key). */
const RECORD_VERSION = RECAP_SHAPE;

/** What only some kinds have, by kind: who made the titles, and the anime's season and episode length. */
const KIND_FIELDS: { readonly [K in WorkKind]: readonly AnyFieldItem[] } = {
  anime: ['studios', 'start_season', 'average_episode_duration'],
  manga: [nested('authors', 'first_name', 'last_name')],
};

/** The `fields` of a /wrapped list read: what the year needs of each entry and its work. */
export function wrappedFields(kind: WorkKind): string {
  const spec = KINDS[kind];
  const reads = spec.progress.map((unit) => unit.read as ListStatusField);
  const row = nested('list_status', 'status', 'score', ...reads, 'start_date', 'finish_date', 'updated_at');
  return fields(row, 'nsfw', 'mean', 'popularity', 'genres', 'media_type', ...spec.progress.map((unit) => unit.total), ...KIND_FIELDS[kind]);
}
const WRAPPED_FIELDS: { readonly [K in WorkKind]: string } = { anime: wrappedFields('anime'), manga: wrappedFields('manga') };

export interface WrappedRequest {
  kind: WorkKind;
  year: number;
  /** A service user name; undefined for the caller's own list. */
  user: string | undefined;
  private: boolean;
}

function recapStore(ctx: BaseContext): RecapStore {
  const recaps = ctx.deps.recaps;
  if (!recaps) throw new Error('the recap store is not set up in this process');
  return recaps;
}

function isKept(value: Record<string, unknown>): value is { v: number; year: WrappedYear } {
  const year = value.year as Record<string, unknown> | undefined;
  return value.v === RECORD_VERSION && typeof year === 'object' && year !== null && typeof year.completed === 'number' && Array.isArray(year.months) && typeof year.safe === 'object' && year.safe !== null;
}

function captionOf(ctx: BaseContext, r: Pick<WrappedRequest, 'kind' | 'year' | 'user'>): string {
  const year = String(r.year);
  return r.user === undefined ? ctx.t.t('recaps.caption.own', { year, kind: r.kind }) : ctx.t.t('recaps.caption.other', { user: r.user, year, kind: r.kind });
}

/** Where a read of the list starts: the beginning, or where a read handed over to background work stopped. */
export interface ReadFrom {
  offset: number;
  read: YearRead;
}

/** How a read goes on: its progress messages, and whether it may hand the rest over to background work. */
export interface ReadOptions {
  progress?: ProgressReporter;
  from?: ReadFrom;
  /** Set where the rest of a long list may be read as background work (the command; not Share, not the job). */
  mayHandOver?: boolean;
}

/** The command hands the rest over when the next read and the cards would not fit before its deadline (wall clock, as the deadline). */
function mustHandOver(ctx: BaseContext, slowestPageMs: number): boolean {
  return Date.now() + 2 * slowestPageMs + WRAPPED_RENDER_RESERVE_MS > ctx.budgetEndsAt();
}

/**
 * The list read one request per 1 000 entries, kept reduced to what the year needs; a longer list says
 * so after its first read, then every few seconds. Stops early (`next`: where to go on) when allowed
 * and the rest does not fit the command's wait.
 */
async function readList<K extends WorkKind>(ctx: BaseContext, r: WrappedRequest & { kind: K }, seen: ReadonlyMap<number, number>, o: ReadOptions): Promise<{ read: YearRead; next?: number }> {
  const { t, deps } = ctx;
  // Conditional login (not a declared rule): only one's own list needs it; another's public list does not.
  const auth = r.user === undefined ? await ctx.requireAuth() : undefined;
  let read = o.from?.read ?? emptyYearRead();
  let shownAt = deps.now();
  let slowest = 0;
  for (let offset = o.from?.offset ?? 0; ; offset += WRAPPED_PAGE) {
    if (offset >= WRAPPED_MAX_PAGES * WRAPPED_PAGE) throw new UserFacingError('recaps.tooLarge', { max: t.number(WRAPPED_MAX_PAGES * WRAPPED_PAGE) });
    if (o.mayHandOver && offset > 0 && mustHandOver(ctx, slowest)) return { read, next: offset };
    const started = performance.now();
    const page = await deps.service.userList(r.kind, r.user ?? '@me', { limit: WRAPPED_PAGE, offset, nsfw: true, fields: WRAPPED_FIELDS[r.kind] }, auth ? { auth } : {});
    slowest = Math.max(slowest, performance.now() - started);
    read = addToYearRead(r.kind, r.year, read, page.data, seen);
    if (page.paging.next === undefined || page.data.length === 0) return { read };
    // A list of more than one read: said at once (after the first), then every few seconds.
    if (o.progress && (offset === 0 || deps.now() - shownAt >= WRAPPED_PROGRESS_EVERY_MS)) {
      shownAt = deps.now();
      o.progress({ content: t.t('recaps.reading', { caption: captionOf(ctx, r), entries: read.entries }) });
    }
  }
}

/** The year as computed, or the read handed over to background work at `next`. */
export type YearOutcome = { year: WrappedYear } | { handOver: ReadFrom; list: RecapList };

/**
 * Whose list: one's own may be private, so it is kept under the Discord id and the account linked now
 * (read with the login; another account linked later is another list), else the public list's name.
 */
async function recapListOf(ctx: BaseContext, r: WrappedRequest): Promise<RecapList> {
  if (r.user !== undefined) return { user: r.user };
  // Conditional login (not a declared rule): only one's own year needs it.
  await ctx.requireAuth();
  const account = await ctx.deps.accounts.linkedAs(ctx.userId);
  if (account === undefined) throw new NotLoggedInError();
  return { own: ctx.userId, account };
}

/**
 * Keeps the computed year. One's own is kept only while the person is still linked to the account read
 * (checked after the write: "forget me" or /logout during a long read, such as background work, deletes
 * the account before the years, so a year written meanwhile is deleted here or by it).
 */
async function keepYear(ctx: BaseContext, list: RecapList, r: WrappedRequest, year: WrappedYear): Promise<void> {
  const recaps = recapStore(ctx);
  await recaps.set(list, r.kind, r.year, { v: RECORD_VERSION, year });
  if ('own' in list && (await ctx.deps.accounts.linkedAs(list.own)) !== list.account) await recaps.drop(list, r.kind, r.year);
}

/**
 * The year of a list: as kept, or read and computed once (one computation per list, kind and year at a
 * time across every process: the shared lock, leased until the interaction's deadline).
 */
export async function yearOf(ctx: BaseContext, r: WrappedRequest, o: ReadOptions = {}): Promise<YearOutcome> {
  const recaps = recapStore(ctx);
  const list = await recapListOf(ctx, r);
  const kept = await recaps.get(list, r.kind, r.year, isKept);
  if (kept) {
    if (o.from !== undefined) await recaps.endPending(list, r.kind, r.year);
    return { year: kept.year };
  }
  // Background work reading the list now (not this read itself, which goes on `from` where it stopped): nobody reads it again meanwhile.
  const notPending = async () => {
    if (o.from === undefined && (await recaps.pending(list, r.kind, r.year))) throw new UserFacingError('recaps.pending', { caption: captionOf(ctx, r) });
  };
  await notPending();
  const lock = `recap:${recapListKey(list)}:${r.kind}:${r.year}`;
  return ctx.deps.locks.run(lock, { untilMs: ctx.deadlineAt, graceMs: BUDGET_GRACE_MS, signal: ctx.signal }, async (): Promise<YearOutcome> => {
    try {
      const again = await recaps.get(list, r.kind, r.year, isKept);
      if (again) return { year: again.year };
      await notPending();
      return await readYear(ctx, r, list, o);
    } finally {
      // The background work's read: done (the year kept) or failed, it reads no more.
      if (o.from !== undefined) await recaps.endPending(list, r.kind, r.year);
    }
  });
}

/** The list read (or read on) and its year computed and kept; a read handed over is marked as being read before the lock is let go. */
async function readYear(ctx: BaseContext, r: WrappedRequest, list: RecapList, o: ReadOptions): Promise<YearOutcome> {
  // One's own list: when the bot saw titles become completed (kept for joined members), one store read.
  const seen = (r.user === undefined ? await ctx.deps.completionsSeen?.seen(ctx.userId, r.kind) : undefined) ?? new Map<number, number>();
  const { read, next } = await readList(ctx, r, seen, o);
  if (next !== undefined) {
    await recapStore(ctx).markPending(list, r.kind, r.year, WRAPPED_PENDING_MS);
    return { handOver: { offset: next, read }, list };
  }
  const year = wrappedYear(r.kind, r.year, read.items, seen, read);
  await keepYear(ctx, list, r, year);
  return { year };
}

/**
 * "In 2025 you completed more titles than 80 % of the other members": the person's own list, in a server
 * whose community they joined, from the members' yearly sums (src/community/tallies.ts: one store read).
 */
async function standingOf(ctx: BaseContext, r: WrappedRequest): Promise<string | undefined> {
  if (r.user !== undefined || ctx.guildId === undefined) return undefined;
  const years = await ctx.deps.social.yearSums(ctx.guildId, r.kind, r.year);
  const mine = years.find((s) => s.discordUserId === ctx.userId);
  const others = years.filter((s) => s.discordUserId !== ctx.userId);
  if (!mine || others.length === 0) return undefined;
  const below = others.filter((s) => s.sums.completed.length < mine.sums.completed.length).length;
  return ctx.t.t('recaps.standing', { percent: ctx.t.number(below / others.length, { style: 'percent' }), count: others.length, year: String(r.year) });
}

/** The cards of a computed year (and, on a private answer, Share). */
export async function yearMessage(ctx: BaseContext, r: WrappedRequest, year: WrappedYear): Promise<RenderedMessage> {
  const standing = await standingOf(ctx, r);
  const input: WrappedCardsInput = { t: ctx.t, ageRestricted: ctx.where.ageRestricted, caption: captionOf(ctx, r), year, ...(standing !== undefined ? { standing } : {}) };
  // The covers the cards show, fetched once (none for a year without completions).
  const urls = wrappedCoverUrls(input);
  const files = await wrappedCards(input, urls === undefined ? [] : await ctx.deps.covers.covers(urls, ctx.signal));
  if (!r.private) return { files };
  const share = wrappedShareRow(ctx.t, { invoker: encodeUserId(ctx.userId), kind: r.kind, year: r.year, user: r.user });
  return { ephemeral: true, content: ctx.t.t('recaps.shareHint'), files, components: share };
}

/** The answer without handing anything over (Share, background work): the year read whole if not kept. */
export async function renderWrapped(ctx: BaseContext, r: WrappedRequest, o: ReadOptions = {}): Promise<RenderedMessage> {
  const outcome = await yearOf(ctx, r, { ...o, mayHandOver: false });
  if (!('year' in outcome)) throw new Error('a read that may not hand over was handed over');
  return yearMessage(ctx, r, outcome.year);
}

/**
 * `/wrapped`: the cards, or — for a list whose reads do not fit the command's wait — the rest read as
 * background work on the fair line (src/views/wrapped-background.ts), said at once; the cards then
 * replace this answer.
 */
export async function wrappedCommand(ctx: CommandContext, r: WrappedRequest): Promise<RenderedMessage> {
  const background = ctx.deps.wrappedBackground;
  const outcome = await yearOf(ctx, r, { progress: ctx.progress, mayHandOver: background !== undefined });
  if ('year' in outcome) return yearMessage(ctx, r, outcome.year);
  try {
    await background?.handOver(ctx, r, outcome.handOver);
  } catch (error) {
    // Not handed over after all: the list is not being read.
    await recapStore(ctx).endPending(outcome.list, r.kind, r.year);
    throw error;
  }
  return { content: ctx.t.t('recaps.background', { caption: captionOf(ctx, r), entries: outcome.handOver.read.entries }), ...(r.private ? { ephemeral: true } : {}) };
}
