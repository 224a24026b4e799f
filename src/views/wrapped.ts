// `/wrapped`: a person's year in pictures. The list is read whole, one request per 1 000 entries, with
// the fields the year needs; the computed year is kept in the shared store a few hours per list, kind
// and year (src/store/recaps.ts), so Share, a second look and other people asking for the same public
// list read nothing from the service. A private answer carries Share (the owner only; the router tells
// anyone else it is not theirs), which posts the same cards in the channel. In a server whose community
// the person joined, the first card says where they stand among its members, from the summaries the
// community already keeps (no request). While a long list is read the deferred answer says so, and
// the cards replace it when they are ready.

import { ButtonStyle, ComponentType } from 'discord.js';
import { BUDGET_GRACE_MS } from '../interactions/budget.js';
import type { BaseContext, ComponentHandler, ProgressReporter } from '../interactions/context.js';
import { encodeCustomId } from '../interactions/custom-id.js';
import { encodeUserId } from '../interactions/invoker.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { MAX_LIMIT } from '../service/endpoint-options.js';
import { fields, nested, type AnyFieldItem, type ListStatusField } from '../service/fields.js';
import { KINDS, WORK_KINDS, type ListItem, type WorkKind } from '../service/kinds.js';
import type { RecapList, RecapStore } from '../store/recaps.js';
import { wrappedCards } from './wrapped-cards.js';
import { wrappedYear, type WrappedYear } from './wrapped-year.js';

/** Entries per list read: the service's most. */
export const WRAPPED_PAGE = MAX_LIMIT.userList;
/** Pages read at most (100 000 entries, past any real list); a longer list is refused, not cut. */
export const WRAPPED_MAX_PAGES = 100;
/** How often the deferred answer shows how far the reading got. */
export const WRAPPED_PROGRESS_EVERY_MS = 3_000;
const SHARE_KIND = 'wrs';
/** The stored shape's version (src/store/recaps.ts keeps it as `{ v, year }`). */
const RECORD_VERSION = 1;

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
  return value.v === RECORD_VERSION && typeof year === 'object' && year !== null && typeof year.completed === 'number' && Array.isArray(year.months);
}

function captionOf(ctx: BaseContext, r: Pick<WrappedRequest, 'kind' | 'year' | 'user'>): string {
  const year = String(r.year);
  return r.user === undefined ? ctx.t.t('recaps.caption.own', { year, kind: r.kind }) : ctx.t.t('recaps.caption.other', { user: r.user, year, kind: r.kind });
}

/** Every entry of the list, one read per 1 000; a longer list says so after its first read, then every few seconds. */
async function readList<K extends WorkKind>(ctx: BaseContext, r: WrappedRequest & { kind: K }, progress: ProgressReporter | undefined): Promise<ListItem<K>[]> {
  const { t, deps } = ctx;
  const auth = r.user === undefined ? await ctx.requireAuth() : undefined;
  const items: ListItem<K>[] = [];
  let shownAt = deps.now();
  for (let pages = 0; ; pages++) {
    if (pages >= WRAPPED_MAX_PAGES) throw new UserFacingError('recaps.tooLarge', { max: t.number(WRAPPED_MAX_PAGES * WRAPPED_PAGE) });
    const page = await deps.service.userList(r.kind, r.user ?? '@me', { limit: WRAPPED_PAGE, offset: pages * WRAPPED_PAGE, nsfw: true, fields: WRAPPED_FIELDS[r.kind] }, auth ? { auth } : {});
    for (const item of page.data) items.push(item);
    if (page.paging.next === undefined || page.data.length === 0) return items;
    // A list of more than one read: said at once (after the first), then every few seconds.
    if (progress && (pages === 0 || deps.now() - shownAt >= WRAPPED_PROGRESS_EVERY_MS)) {
      shownAt = deps.now();
      progress({ content: t.t('recaps.reading', { caption: captionOf(ctx, r), entries: items.length }) });
    }
  }
}

/**
 * The year of a list: as kept, or read and computed once (one computation per list, kind and year at a
 * time across every process: the shared lock, leased until the interaction's deadline).
 */
export async function yearOf(ctx: BaseContext, r: WrappedRequest, progress?: ProgressReporter): Promise<WrappedYear> {
  const recaps = recapStore(ctx);
  // One's own list may be private: it is kept under the Discord id only, and read with the login.
  if (r.user === undefined) await ctx.requireAuth();
  const list: RecapList = r.user === undefined ? { own: ctx.userId } : { user: r.user };
  const kept = await recaps.get(list, r.kind, r.year, isKept);
  if (kept) return kept.year;
  const lock = `recap:${'own' in list ? `me:${list.own}` : `u:${list.user.toLowerCase()}`}:${r.kind}:${r.year}`;
  return ctx.deps.locks.run(lock, { untilMs: ctx.deadlineAt, graceMs: BUDGET_GRACE_MS }, async () => {
    const again = await recaps.get(list, r.kind, r.year, isKept);
    if (again) return again.year;
    const items = await readList(ctx, r, progress);
    // One's own list: when the bot saw titles become completed (kept for joined members), one store read.
    const seen = r.user === undefined ? await ctx.deps.completionsSeen?.seen(ctx.userId, r.kind) : undefined;
    const year = wrappedYear(r.kind, r.year, items, seen);
    await recaps.set(list, r.kind, r.year, { v: RECORD_VERSION, year });
    return year;
  });
}

/** "More than 80 % of the other members": the person's own list, in a server whose community they joined (summaries only). */
async function standingOf(ctx: BaseContext, r: WrappedRequest): Promise<string | undefined> {
  if (r.user !== undefined || ctx.guildId === undefined) return undefined;
  const sums = await ctx.deps.social.memberSums(ctx.guildId, r.kind);
  const mine = sums.find((s) => s.discordUserId === ctx.userId);
  const others = sums.filter((s) => s.discordUserId !== ctx.userId);
  if (!mine || others.length === 0) return undefined;
  const below = others.filter((s) => s.completed < mine.completed).length;
  return ctx.t.t('recaps.standing', { percent: ctx.t.number(below / others.length, { style: 'percent' }), count: others.length });
}

function shareButton(ctx: BaseContext, r: WrappedRequest): RenderedMessage['components'] {
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Primary,
          label: ctx.t.t('recaps.share'),
          custom_id: encodeCustomId(SHARE_KIND, [encodeUserId(ctx.userId), r.kind, r.year, r.user]),
        },
      ],
    },
  ];
}

/** The answer: the year's cards (and, on a private answer, Share). */
export async function renderWrapped(ctx: BaseContext, r: WrappedRequest, progress?: ProgressReporter): Promise<RenderedMessage> {
  const year = await yearOf(ctx, r, progress);
  const standing = await standingOf(ctx, r);
  const files = await wrappedCards({
    t: ctx.t,
    ageRestricted: ctx.where.ageRestricted,
    caption: captionOf(ctx, r),
    year,
    ...(standing !== undefined ? { standing } : {}),
    covers: (urls) => ctx.deps.covers.covers(urls, ctx.signal),
  });
  if (!r.private) return { files };
  return { ephemeral: true, content: ctx.t.t('recaps.shareHint'), files, components: shareButton(ctx, r) };
}

/** Share: the same cards, posted in the channel (only the person who asked; the year as kept). */
export const wrappedShareHandler: ComponentHandler = {
  kind: SHARE_KIND,
  mode: 'reply',
  invokerField: 0,
  pictures: true,
  run: (ctx, f) => {
    f.string();
    const kind = f.oneOf(WORK_KINDS);
    const year = f.int();
    const user = f.optionalString();
    return renderWrapped(ctx, { kind, year, user, private: false });
  },
};
