// What the server's list community shows: "In this server" under a title's details (with a button
// listing every member who has it), the leaderboards and the server's top titles. Everything is read
// from the shared store: no request to the service, and no member's mirror. The title part reads the
// server's title index (src/community/title-index.ts); the boards read the members' summaries
// (src/community/member-summary.ts). Only this server's members are shown or marked, the viewer too. A
// title's rating is the service's (the kept ratings), else the index's; unknown is not safe for work.

import type { BaseContext } from '../interactions/context.js';
import { type FieldReader } from '../interactions/custom-id.js';
import { UserFacingError } from '../interactions/user-errors.js';
import { serverOf } from '../interactions/rules.js';
import type { Translator } from '../i18n/index.js';
import type { RenderedMessage } from '../render/limits.js';
import { leaderboardEmbed, NO_SERVER_PART, serverDetailsPartOf, serverMembersEmbed, shownTitle, topTitlesEmbed, type DetailsPart } from '../render/social.js';
import { clipPlain } from '../render/text.js';
import {
  LEADERBOARD_METRICS,
  leaderboard,
  metricApplies,
  MIN_TOP_MEMBERS,
  statusOf,
  TOP_STATUSES,
  type LeaderboardMetric,
  type TopStatus,
  type TopTitle,
} from '../community/leaderboards.js';
import { titleStates } from '../community/member-summary.js';
import { serverViewOf } from '../community/server-view.js';
import type { ListKind, TitleHoldersReader } from '../community/types.js';
import { kindOfCode } from './kind-views.js';
import { kindCode } from '../render/kind-codes.js';
import { PAGE_SIZE, renderPagedView, type PagedView } from './paged-view.js';

// ---- "In this server" on a title's details ---------------------------------------------------

const NOTHING = NO_SERVER_PART;

/**
 * The "In this server" part of a title's details: nothing in DMs or when
 * nobody in this server joined it.
 */
export async function serverDetailsPart(ctx: BaseContext, kind: ListKind, id: number): Promise<DetailsPart> {
  if (ctx.guildId === undefined) return NOTHING;
  try {
    return await serverPart(ctx.t, ctx.deps.social, ctx.guildId, kind, id);
  } catch (error) {
    // The details matter more than the part: a store that cannot answer leaves it out.
    ctx.deps.log.warn('server view unavailable', { guildId: ctx.guildId, kind, id, error });
    return NOTHING;
  }
}

/** Two store reads (the server's members, the title's index record): no member's mirror is read. */
async function serverPart(t: Translator, social: TitleHoldersReader, guildId: string, kind: ListKind, id: number): Promise<DetailsPart> {
  const found = await social.holders(guildId, kind, id);
  if (found.joined === 0) return NOTHING;
  return serverDetailsPartOf(t, serverViewOf(kind, id, found.holders), found.joined);
}

interface MembersState {
  kind: ListKind;
  id: number;
}

/** Every member of this server who has a title, a page at a time. */
export const serverMembersView: PagedView<MembersState> = {
  code: 'sm',
  openPlaceholder: (t) => t.t('menu.open'),
  encode: (s) => [kindCode(s.kind), s.id],
  decode: (r: FieldReader) => ({ kind: kindOfCode(r.string()), id: r.int() }),
  async load(ctx, state, offset) {
    const guildId = serverOf(ctx);
    const found = await ctx.deps.social.holders(guildId, state.kind, state.id);
    const view = serverViewOf(state.kind, state.id, found.holders);
    const nsfw = found.title ? await notSafeForWork(ctx, state.kind, state.id, found.title.nsfw) : true;
    const title = found.title ? shownTitle(ctx.t, found.title.title, nsfw, ctx.where.ageRestricted) : `#${state.id}`;
    return {
      embeds: [serverMembersEmbed(ctx.t, view, title, offset, PAGE_SIZE)],
      open: [],
      hasNext: offset + PAGE_SIZE < view.members,
      total: view.members,
    };
  },
};

/** "See all N members": the first page of the members of this server who have a title. */
export function openServerMembers(ctx: BaseContext, kind: ListKind, id: number): Promise<RenderedMessage> {
  return renderPagedView(ctx, serverMembersView, { kind, id }, 0, ctx.userId);
}

/**
 * Whether a title is kept out of channels that are not age-restricted: by the rating the service gave
 * (the kept ratings), else as the index has it; a rating nobody knows counts as not safe for work.
 */
export async function notSafeForWork(ctx: BaseContext, kind: ListKind, id: number, indexed: boolean | undefined): Promise<boolean> {
  const rating = await ctx.deps.nsfwRatings.get(kind, id);
  return rating !== undefined ? rating !== 'white' : (indexed ?? true);
}

// ---- leaderboards --------------------------------------------------------------------------------

interface LeaderboardState {
  metric: LeaderboardMetric;
  kind: ListKind;
}

/** `/server leaderboard`: members ranked by a metric (without those who hide themselves from every board), the viewer's line marked. */
export const leaderboardView: PagedView<LeaderboardState> = {
  code: 'lb',
  openPlaceholder: (t) => t.t('menu.open'),
  encode: (s) => [s.metric, kindCode(s.kind)],
  decode: (r: FieldReader) => ({ metric: r.oneOf(LEADERBOARD_METRICS), kind: kindOfCode(r.string()) }),
  async load(ctx, state, offset) {
    const guildId = serverOf(ctx);
    const sums = await ctx.deps.social.memberSums(guildId, state.kind);
    // Whoever hides themselves from every board (/settings boards) is not ranked.
    const hidden = await ctx.deps.preferences.hiddenFromBoards(sums.map((m) => m.discordUserId));
    const rows = leaderboard(hidden.size === 0 ? sums : sums.filter((m) => !hidden.has(m.discordUserId)), state.metric);
    return {
      embeds: [leaderboardEmbed(ctx.t, state.metric, state.kind, rows, offset, PAGE_SIZE, ctx.userId)],
      open: [],
      hasNext: offset + PAGE_SIZE < rows.length,
      total: rows.length,
    };
  },
};

/** The first page of a leaderboard, or a clear refusal (days for manga). */
export async function openLeaderboard(ctx: BaseContext, metric: LeaderboardMetric, kind: ListKind) {
  serverOf(ctx);
  if (!metricApplies(metric, kind)) throw new UserFacingError('social.error.animeOnly');
  return renderPagedView(ctx, leaderboardView, { metric, kind }, 0, ctx.userId);
}

interface TopState {
  kind: ListKind;
  status: TopStatus | undefined;
}

/** `/server top`: the titles most members have, with their mean score; titles on the viewer's list marked when the viewer is a member here. */
export const topTitlesView: PagedView<TopState> = {
  code: 'tt',
  openPlaceholder: (t) => t.t('works.open.title'),
  encode: (s) => [kindCode(s.kind), s.status],
  decode: (r: FieldReader) => ({ kind: kindOfCode(r.string()), status: r.optionalOneOf(TOP_STATUSES) }),
  async load(ctx, state, offset) {
    const guildId = serverOf(ctx);
    const social = ctx.deps.social;
    const status = state.status === undefined ? undefined : statusOf(state.kind, state.status);
    // The kept counts (one store read while no member's summary changed) and the viewer's own summary.
    const [counts, own] = await Promise.all([social.topCounts(guildId, state.kind, status, MIN_TOP_MEMBERS), social.memberSummary(guildId, ctx.userId, state.kind)]);
    const pageCounts = counts.slice(offset, offset + PAGE_SIZE);
    const names = await social.titleNames(state.kind, pageCounts.map((t) => t.id));
    const named = await Promise.all(
      pageCounts.map(async (t): Promise<TopTitle> => {
        const name = names.get(t.id);
        return { ...t, title: name?.title || `#${t.id}`, nsfw: await notSafeForWork(ctx, state.kind, t.id, name?.nsfw) };
      }),
    );
    // Only the rows on this page are shown; the others keep their place in the ranking unnamed.
    const titles: TopTitle[] = counts.map((t, i) => named[i - offset] ?? { ...t, title: '', nsfw: true });
    // The viewer's own statuses and scores only when they are a member here: a public reply shows this server only.
    const mine = own ? titleStates(own) : new Map<number, { status: string; score: number }>();
    const ageRestricted = ctx.where.ageRestricted;
    return {
      embeds: [topTitlesEmbed(ctx.t, state.kind, status, titles, offset, PAGE_SIZE, mine, ageRestricted, MIN_TOP_MEMBERS)],
      open: named
        .filter((t) => ageRestricted || !t.nsfw)
        .map((t) => ({ label: clipPlain(`#${t.rank} ${t.title}`, 100), value: `${kindCode(state.kind)}:${t.id}` })),
      hasNext: offset + PAGE_SIZE < counts.length,
      total: counts.length,
    };
  },
};

export async function openTopTitles(ctx: BaseContext, kind: ListKind, status: TopStatus | undefined) {
  serverOf(ctx);
  return renderPagedView(ctx, topTitlesView, { kind, status }, 0, ctx.userId);
}
