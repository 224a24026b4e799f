// What the server's list community shows: "In this server" under a title's details (with a button
// listing every member who has it), the leaderboards and the server's top titles. Everything is read
// from the shared store's mirror of joined members' lists: no request to the service. The title part
// reads the title index (src/social/title-index.ts); the boards read the memoized mirrors.

import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIComponentInMessageActionRow, type APIEmbed } from 'discord.js';
import type { BaseContext, ComponentHandler } from '../interactions/context.js';
import { encodeCustomId, MalformedCustomIdError, type FieldReader } from '../interactions/custom-id.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { Translator } from '../i18n/index.js';
import {
  leaderboardEmbed,
  SERVER_VIEW_SHOWN,
  serverMembersEmbed,
  serverViewEmbed,
  shownTitle,
  topTitlesEmbed,
} from '../render/social.js';
import { clipPlain } from '../render/text.js';
import { COLORS } from '../render/theme.js';
import {
  LEADERBOARD_METRICS,
  leaderboard,
  metricApplies,
  MIN_TOP_MEMBERS,
  statusOf,
  TOP_STATUSES,
  topTitles,
  type LeaderboardMetric,
  type LeaderboardRow,
  type TopStatus,
  type TopTitle,
} from '../social/leaderboards.js';
import { DerivedMemo } from '../social/derived-memo.js';
import { mirrorMemo } from '../social/mirror-memo.js';
import { memberMirrors, serverViewOf } from '../social/server-view.js';
import type { ListKind, TitleHoldersReader } from '../social/types.js';
import { PAGE_SIZE, renderPagedView, type PagedView } from './paged-view.js';

/** A server-only feature, as its refusal names it. */
export type ServerFeature = 'list' | 'leaderboard' | 'top' | 'compare' | 'chart';

/** The server this happens in, or the refusal of a server-only feature elsewhere. */
export function serverOnly(ctx: BaseContext, feature: ServerFeature): string {
  if (ctx.guildId === undefined) throw new UserFacingError('social.error.featureServerOnly', { feature });
  return ctx.guildId;
}

const kindCode = (kind: ListKind) => (kind === 'anime' ? 'a' : 'm');
function kindOf(code: string): ListKind {
  if (code === 'a') return 'anime';
  if (code === 'm') return 'manga';
  throw new MalformedCustomIdError(`unknown kind ${code}`);
}

// ---- "In this server" on a title's details ---------------------------------------------------

/** custom_id kind of "See all N members": opens the paged list of members who have the title, for whoever clicks. */
const SERVER_MEMBERS_KIND = 'sv';

export interface DetailsPart {
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
}

const NOTHING: DetailsPart = { embeds: [], components: [] };

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
  const view = serverViewOf(kind, id, found.holders);
  if (view.members === 0) {
    const none = t.t('social.view.noneOfJoined', { joined: found.joined });
    return { embeds: [{ title: t.t('social.view.title'), color: COLORS.brand, description: none }], components: [] };
  }
  const components: DetailsPart['components'] =
    view.members > SERVER_VIEW_SHOWN
      ? [
          {
            type: ComponentType.ActionRow,
            components: [
              {
                type: ComponentType.Button,
                style: ButtonStyle.Secondary,
                custom_id: encodeCustomId(SERVER_MEMBERS_KIND, [kindCode(kind), id]),
                label: t.t('social.view.seeAll', { members: view.members }),
              },
            ],
          },
        ]
      : [];
  return { embeds: [serverViewEmbed(t, view)], components };
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
  decode: (r: FieldReader) => ({ kind: kindOf(r.string()), id: r.int() }),
  async load(ctx, state, offset) {
    const guildId = serverOnly(ctx, 'list');
    const found = await ctx.deps.social.holders(guildId, state.kind, state.id);
    const view = serverViewOf(state.kind, state.id, found.holders);
    const title = found.title ? shownTitle(ctx.t, found.title.title, found.title.nsfw, ctx.where.ageRestricted) : `#${state.id}`;
    return {
      embeds: [serverMembersEmbed(ctx.t, view, title, offset, PAGE_SIZE)],
      open: [],
      hasNext: offset + PAGE_SIZE < view.members,
      total: view.members,
    };
  },
};

export const serverMembersHandler: ComponentHandler = {
  kind: SERVER_MEMBERS_KIND,
  mode: 'ephemeral',
  local: true,
  async run(ctx, fields) {
    const state = { kind: kindOf(fields.string()), id: fields.int() };
    return renderPagedView(ctx, serverMembersView, state, 0, ctx.userId);
  },
};

// ---- leaderboards --------------------------------------------------------------------------------

/** Boards computed from the same mirror objects are reused (paging through a board computes it once). */
const leaderboards = new DerivedMemo<LeaderboardRow[]>();
const tops = new DerivedMemo<TopTitle[]>();

interface LeaderboardState {
  metric: LeaderboardMetric;
  kind: ListKind;
}

/** `/server leaderboard`: members ranked by a metric, the viewer's line marked. */
export const leaderboardView: PagedView<LeaderboardState> = {
  code: 'lb',
  openPlaceholder: (t) => t.t('menu.open'),
  encode: (s) => [s.metric, kindCode(s.kind)],
  decode: (r: FieldReader) => ({ metric: r.oneOf(LEADERBOARD_METRICS), kind: kindOf(r.string()) }),
  async load(ctx, state, offset) {
    const guildId = serverOnly(ctx, 'leaderboard');
    const mirrors = await memberMirrors(mirrorMemo(ctx.deps.social), guildId, state.kind);
    const rows = leaderboards.get(`lb:${guildId}:${state.kind}:${state.metric}`, mirrors, () => leaderboard(mirrors, state.metric));
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
  serverOnly(ctx, 'leaderboard');
  if (!metricApplies(metric, kind)) throw new UserFacingError('social.error.animeOnly');
  return renderPagedView(ctx, leaderboardView, { metric, kind }, 0, ctx.userId);
}

interface TopState {
  kind: ListKind;
  status: TopStatus | undefined;
}

/** `/server top`: the titles most members have, with their mean score; titles on the viewer's list marked. */
export const topTitlesView: PagedView<TopState> = {
  code: 'tt',
  openPlaceholder: (t) => t.t('catalogue.open.title'),
  encode: (s) => [kindCode(s.kind), s.status],
  decode: (r: FieldReader) => ({ kind: kindOf(r.string()), status: r.optionalOneOf(TOP_STATUSES) }),
  async load(ctx, state, offset) {
    const guildId = serverOnly(ctx, 'top');
    const social = ctx.deps.social;
    const mirrors = await memberMirrors(mirrorMemo(social), guildId, state.kind);
    const status = state.status === undefined ? undefined : statusOf(state.kind, state.status);
    const titles = tops.get(`tt:${guildId}:${state.kind}:${status ?? ''}`, mirrors, () => topTitles(mirrors, status));
    const own = mirrors.find((m) => m.discordUserId === ctx.userId) ?? (await social.mirror(ctx.userId, state.kind));
    const mine = new Map((own?.entries ?? []).map((e) => [e.id, { status: e.status, score: e.score }]));
    const page = titles.slice(offset, offset + PAGE_SIZE);
    const ageRestricted = ctx.where.ageRestricted;
    return {
      embeds: [topTitlesEmbed(ctx.t, state.kind, status, titles, offset, PAGE_SIZE, mine, ageRestricted, MIN_TOP_MEMBERS)],
      open: page
        .filter((t) => ageRestricted || !t.nsfw)
        .map((t) => ({ label: clipPlain(`#${t.rank} ${t.title}`, 100), value: `${kindCode(state.kind)}:${t.id}` })),
      hasNext: offset + PAGE_SIZE < titles.length,
      total: titles.length,
    };
  },
};

export async function openTopTitles(ctx: BaseContext, kind: ListKind, status: TopStatus | undefined) {
  serverOnly(ctx, 'top');
  return renderPagedView(ctx, topTitlesView, { kind, status }, 0, ctx.userId);
}
