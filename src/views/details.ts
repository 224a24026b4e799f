// Details of one anime or manga, with quick buttons that change the list entry of whoever clicks.

import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIComponentInMessageActionRow } from 'discord.js';
import { BUDGET_GRACE_MS } from '../interactions/budget.js';
import { LockTimeoutError } from '../store/locks.js';
import { ReauthRequiredError, UpstreamUnavailableError } from '../service/errors.js';
import { ANIME_ONLY_FIELDS, animeFields, mangaFields, nested, WORK_FIELDS } from '../service/fields.js';
import type { TokenSource } from '../service/token-source.js';
import { ANIME_LIST_STATUSES, MANGA_LIST_STATUSES, type AnimeListStatus, type AnimeListStatusValue, type MangaListStatus, type MangaListStatusValue } from '../service/list-types.js';
import type { Anime, Manga, WorkKind } from '../service/work-types.js';
import type { BaseContext, ComponentHandler } from '../interactions/context.js';
import { encodeCustomId, MalformedCustomIdError } from '../interactions/custom-id.js';
import { animeDetailsEmbed, mangaDetailsEmbed } from '../render/details.js';
import type { Translator } from '../i18n/index.js';
import { term } from '../render/terms.js';
import { escapeMarkdown } from '../render/text.js';
import type { RenderedMessage } from '../render/limits.js';
import { UserFacingError } from '../interactions/user-errors.js';
import { isNsfw } from './nsfw.js';
import { LOOKUPS_PER_DETAILS, withSafeReferences } from './reference-vetting.js';
import { listEntryMessage } from './list-entry.js';
import { mirrorListChange } from './mirror-hook.js';
import { serverDetailsPart } from './social.js';

/** What the details embed does not use: id, title and picture come anyway; my_list_status only with a login. */
const NOT_SHOWN = new Set<string>(['id', 'title', 'main_picture', 'my_list_status', 'created_at', 'updated_at', 'pictures', 'background']);
const COMMON_FIELDS = WORK_FIELDS.filter((field) => !NOT_SHOWN.has(field));

export const ANIME_DETAIL_FIELDS = animeFields(...COMMON_FIELDS, ...ANIME_ONLY_FIELDS);
export const ANIME_MY_STATUS = nested('my_list_status', 'status', 'score', 'num_episodes_watched', 'is_rewatching', 'priority', 'num_times_rewatched', 'rewatch_value', 'tags', 'comments', 'updated_at');
export const MANGA_DETAIL_FIELDS = mangaFields(
  ...COMMON_FIELDS,
  'num_volumes',
  'num_chapters',
  nested('authors', 'first_name', 'last_name'),
  nested('serialization', 'name'),
);
export const MANGA_MY_STATUS = nested(
  'my_list_status',
  'status',
  'score',
  'num_volumes_read',
  'num_chapters_read',
  'is_rereading',
  'priority',
  'num_times_reread',
  'reread_value',
  'tags',
  'comments',
  'updated_at',
);

async function fetchAs(ctx: BaseContext, kind: WorkKind, id: number, auth: TokenSource | undefined): Promise<Anime | Manga> {
  if (kind === 'anime') {
    const fields = auth ? `${ANIME_DETAIL_FIELDS},${animeFields(ANIME_MY_STATUS)}` : ANIME_DETAIL_FIELDS;
    return ctx.deps.service.getAnime(id, { fields }, auth ? { auth } : {});
  }
  const fields = auth ? `${MANGA_DETAIL_FIELDS},${mangaFields(MANGA_MY_STATUS)}` : MANGA_DETAIL_FIELDS;
  return ctx.deps.service.getManga(id, { fields }, auth ? { auth } : {});
}

/** The same token source, remembering whether getting or refreshing a token failed. */
function watched(source: TokenSource): { auth: TokenSource; failed: () => boolean } {
  let failed = false;
  const note = <T>(p: Promise<T>): Promise<T> =>
    p.catch((error: unknown) => {
      failed = true;
      throw error;
    });
  return {
    auth: {
      getAccessToken: () => note(source.getAccessToken()),
      refreshAfterRejection: (rejected) => note(source.refreshAfterRejection(rejected)),
    },
    failed: () => failed,
  };
}

/**
 * The viewer's login only adds their list status to a public read: a store too slow to tell within a
 * store step's deadline (or failing) leaves it out, and the work is read anonymously.
 */
async function viewerIfQuick(ctx: BaseContext): Promise<TokenSource | undefined> {
  const ms = ctx.deps.storeStepTimeoutMs;
  const viewer = ctx.viewerAuth();
  if (ms === undefined) return viewer;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([viewer, late]);
  } catch (error) {
    ctx.deps.log.warn('the viewer\'s login could not be read; reading anonymously', { userId: ctx.userId, error });
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A public read: with the viewer's token when they are linked (to show their list status), otherwise — and when
 * their login is broken (refresh revoked, token endpoint down) — with the client header.
 */
export async function fetchWork(ctx: BaseContext, kind: WorkKind, id: number): Promise<Anime | Manga> {
  const viewer = await viewerIfQuick(ctx);
  if (!viewer) return fetchAs(ctx, kind, id, undefined);
  const { auth, failed } = watched(viewer);
  try {
    return await fetchAs(ctx, kind, id, auth);
  } catch (error) {
    const loginBroken = error instanceof ReauthRequiredError || (error instanceof UpstreamUnavailableError && failed());
    if (!loginBroken) throw error;
    ctx.deps.log.warn('viewer login unusable for a public read; reading anonymously', { userId: ctx.userId, kind, id, error });
    return fetchAs(ctx, kind, id, undefined);
  }
}

/** custom_id of the "+1 episode" button: adds one watched episode for whoever clicks, from any message. */
export function addEpisodeButtonId(animeId: number): string {
  return encodeCustomId(QUICK_KIND, ['a', animeId, 'ep']);
}

function quickActions(t: Translator, kind: WorkKind, id: number): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  const k = kind === 'anime' ? 'a' : 'm';
  const button = (action: string, label: string) => ({
    type: ComponentType.Button as const,
    style: ButtonStyle.Primary as const,
    custom_id: encodeCustomId(QUICK_KIND, [k, id, action]),
    label,
  });
  const buttons =
    kind === 'anime'
      ? [button('ep', t.t('catalogue.quick.addEpisode'))]
      : [button('ch', t.t('catalogue.quick.addChapter')), button('vol', t.t('catalogue.quick.addVolume'))];
  const statuses: readonly string[] = kind === 'anime' ? ANIME_LIST_STATUSES : MANGA_LIST_STATUSES;
  return [
    { type: ComponentType.ActionRow, components: buttons },
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: encodeCustomId(STATUS_KIND, [k, id]),
          placeholder: t.t('catalogue.quick.statusPlaceholder'),
          options: statuses.map((s) => ({ label: term(t, 'listStatus', s), value: s })),
        },
      ],
    },
  ];
}

export async function renderDetails(ctx: BaseContext, kind: WorkKind, id: number, lookups = LOOKUPS_PER_DETAILS): Promise<RenderedMessage> {
  // "In this server" comes from the store alone; read it while the service answers (it never throws).
  const server = serverDetailsPart(ctx, kind, id);
  const fetched = await fetchWork(ctx, kind, id);
  await ctx.deps.nsfwRatings.remember(kind, [fetched]);
  if (isNsfw(fetched.nsfw) && !ctx.where.ageRestricted) {
    throw new UserFacingError('catalogue.error.nsfwDetails');
  }
  const { work, unchecked } = ctx.where.ageRestricted ? { work: fetched, unchecked: 0 } : await withSafeReferences(ctx, kind, fetched, lookups);
  const embed = kind === 'anime' ? animeDetailsEmbed(ctx.t, work as Anime) : mangaDetailsEmbed(ctx.t, work as Manga);
  const part = await server;
  return { embeds: [embed, ...part.embeds], components: [...quickActions(ctx.t, kind, id), ...checkMoreRow(ctx.t, kind, id, unchecked), ...part.components] };
}

/** custom_id of "Check N more related works": vets the references not yet known, for whoever clicks. */
const CHECK_MORE_KIND = 'rv';

function checkMoreRow(t: Translator, kind: WorkKind, id: number, unchecked: number): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  if (unchecked === 0) return [];
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Secondary,
          custom_id: encodeCustomId(CHECK_MORE_KIND, [kind === 'anime' ? 'a' : 'm', String(id)]),
          label: t.t('catalogue.details.checkMore', { count: unchecked }),
        },
      ],
    },
  ];
}

/** Re-renders the details in place with every shown reference vetted (a look-up per unknown rating). */
export const checkMoreHandler: ComponentHandler = {
  kind: CHECK_MORE_KIND,
  mode: 'update',
  async run(ctx, fields) {
    const kind = parseKind(fields.string());
    const id = fields.int();
    return renderDetails(ctx, kind, id, Number.POSITIVE_INFINITY);
  },
};

// ---- quick actions --------------------------------------------------------------------------

const QUICK_KIND = 'qa';
const STATUS_KIND = 'qs';

/**
 * Runs one user's read-then-write list change as the only one of theirs across every bot process: two "+1"
 * clicks on two processes give +2. The lock is leased until the interaction's deadline (plus its grace), so a
 * process that dies holding it blocks that user for one interaction at most.
 */
async function asOnlyListChange<T>(ctx: BaseContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await ctx.deps.locks.run(`list-change:${ctx.userId}`, { untilMs: ctx.deadlineAt, graceMs: BUDGET_GRACE_MS }, fn);
  } catch (error) {
    if (!(error instanceof LockTimeoutError)) throw error;
    throw new UserFacingError('catalogue.error.stillSaving');
  }
}

function parseKind(k: string): WorkKind {
  if (k === 'a') return 'anime';
  if (k === 'm') return 'manga';
  throw new MalformedCustomIdError(`unknown kind ${k}`);
}

async function currentEntry(ctx: BaseContext, kind: WorkKind, id: number) {
  const auth = await ctx.requireAuth();
  const work =
    kind === 'anime'
      ? await ctx.deps.service.getAnime(id, { fields: animeFields('num_episodes', ANIME_MY_STATUS) }, { auth })
      : await ctx.deps.service.getManga(id, { fields: mangaFields('num_volumes', 'num_chapters', MANGA_MY_STATUS) }, { auth });
  return { auth, work };
}

/** +1 episode / chapter / volume for whoever clicks; completes the entry when it reaches the total. */
export const quickActionHandler: ComponentHandler = {
  kind: QUICK_KIND,
  mode: 'ephemeral',
  async run(ctx, fields) {
    const kind = parseKind(fields.string());
    const id = fields.int();
    const action = fields.oneOf(['ep', 'ch', 'vol'] as const);
    // Read-then-write: two quick clicks by one user (on any process) must not both write the same next value.
    return asOnlyListChange(ctx, () => addOne(ctx, kind, id, action));
  },
};

async function addOne(ctx: BaseContext, kind: WorkKind, id: number, action: 'ep' | 'ch' | 'vol'): Promise<RenderedMessage> {
  const { auth, work } = await currentEntry(ctx, kind, id);
  if (kind === 'anime') {
    const anime = work as Anime;
    const mine: AnimeListStatus = anime.my_list_status ?? {};
    const watched = (mine.num_episodes_watched ?? 0) + 1;
    const total = anime.num_episodes ?? 0;
    if (total > 0 && watched > total) {
      throw new UserFacingError('catalogue.error.alreadyWatched', { total, named: anime.title ? 'yes' : 'no', title: anime.title ? escapeMarkdown(anime.title) : '' });
    }
    const status: AnimeListStatusValue | undefined =
      total > 0 && watched === total ? 'completed' : mine.status === undefined || mine.status === 'plan_to_watch' ? 'watching' : undefined;
    const updated = await ctx.deps.service.updateAnimeListStatus(id, { num_watched_episodes: watched, ...(status ? { status } : {}) }, { auth });
    await mirrorListChange(ctx, 'anime', anime, updated);
    return listEntryMessage(ctx.t, 'anime', anime, updated, 'updated');
  }
  const manga = work as Manga;
  const mine: MangaListStatus = manga.my_list_status ?? {};
  const isChapter = action === 'ch';
  const next = (isChapter ? mine.num_chapters_read : mine.num_volumes_read) ?? 0;
  const total = (isChapter ? manga.num_chapters : manga.num_volumes) ?? 0;
  if (total > 0 && next + 1 > total) {
    throw new UserFacingError('catalogue.error.alreadyRead', { total, unit: isChapter ? 'chapter' : 'volume' });
  }
  const status: MangaListStatusValue | undefined =
    total > 0 && next + 1 === total ? 'completed' : mine.status === undefined || mine.status === 'plan_to_read' ? 'reading' : undefined;
  const updated = await ctx.deps.service.updateMangaListStatus(
    id,
    { ...(isChapter ? { num_chapters_read: next + 1 } : { num_volumes_read: next + 1 }), ...(status ? { status } : {}) },
    { auth },
  );
  await mirrorListChange(ctx, 'manga', manga, updated);
  return listEntryMessage(ctx.t, 'manga', manga, updated, 'updated');
}

/** Sets the status of whoever picks it. */
export const quickStatusHandler: ComponentHandler = {
  kind: STATUS_KIND,
  mode: 'ephemeral',
  async run(ctx, fields) {
    const kind = parseKind(fields.string());
    const id = fields.int();
    const picked = ctx.values[0];
    const auth = await ctx.requireAuth();
    return asOnlyListChange(ctx, () => setStatus(ctx, kind, id, picked, auth));
  },
};

async function setStatus(ctx: BaseContext, kind: WorkKind, id: number, picked: string | undefined, auth: TokenSource): Promise<RenderedMessage> {
    if (kind === 'anime') {
      const status = ANIME_LIST_STATUSES.find((s) => s === picked);
      if (!status) throw new MalformedCustomIdError(`unknown status ${picked ?? ''}`);
      const updated = await ctx.deps.service.updateAnimeListStatus(id, { status }, { auth });
      const anime = await ctx.deps.service.getAnime(id, { fields: animeFields('num_episodes') });
      await mirrorListChange(ctx, 'anime', anime, updated);
      return listEntryMessage(ctx.t, 'anime', anime, updated, 'updated');
    }
    const status = MANGA_LIST_STATUSES.find((s) => s === picked);
    if (!status) throw new MalformedCustomIdError(`unknown status ${picked ?? ''}`);
    const updated = await ctx.deps.service.updateMangaListStatus(id, { status }, { auth });
    const manga = await ctx.deps.service.getManga(id, { fields: mangaFields('num_volumes', 'num_chapters') });
    await mirrorListChange(ctx, 'manga', manga, updated);
    return listEntryMessage(ctx.t, 'manga', manga, updated, 'updated');
}
