// The activity feed's room: the "Add to my list" button (its custom id, handed to the posts' rendering
// in src/render/feed-post.ts, and its handler) and the /feed channel list answer, in the reader's
// language. The posts and the pause notice are built in src/render/feed-post.ts.

import type { BaseContext, ComponentHandler } from '../interactions/context.js';
import type { TokenSource } from '../service/token-source.js';
import { encodeCustomId } from '../render/custom-ids.js';
import type { Translator } from '../i18n/index.js';
import { reasonText, type FeedPostIds } from '../render/feed-post.js';
import type { RenderedMessage } from '../render/limits.js';
import { term } from '../render/terms.js';
import { clipPlain, escapeMarkdown } from '../render/text.js';
import { COLORS } from '../render/theme.js';
import { fields } from '../service/fields.js';
import { KINDS, type WorkKind } from '../service/kinds.js';
import type { FeedChannel } from '../activity-feed/feed-channels.js';
import { KIND_FIELDS, kindCode, kindOfCode } from './kind-views.js';
import { mirrorListChange } from './mirror-hook.js';
import { isNsfw, maskTitle } from './nsfw.js';
import { COMPONENT_KINDS } from '../render/component-kinds.js';


/** custom_id of "Add to my list": adds the title as plan to watch/read for whoever clicks. */
export function addToListButtonId(kind: WorkKind, id: number): string {
  return encodeCustomId(COMPONENT_KINDS.feedAdd, [kindCode(kind), id]);
}

/**
 * "Add to my list" for whoever clicks, through their own login (unlinked users are told to /login): a
 * title not on their list is added as plan to watch/read; one already there is left as it is.
 */
export const addToListHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.feedAdd,
  mode: 'ephemeral',
  linked: true,
  listLock: true,
  async run(ctx, fields) {
    const kind = kindOfCode(fields.string());
    const id = fields.int();
    return addPlanned(ctx, kind, id, ctx.auth);
  },
};

async function addPlanned(ctx: BaseContext, kind: WorkKind, id: number, auth: TokenSource): Promise<RenderedMessage> {
  const spec = KINDS[kind];
  // What the mirror hook keeps of the work: its rating, its main count and, where the kind has it, episode length.
  const kept = fields('nsfw', spec.mainProgress.total, ...(spec.has.episodeLength ? (['average_episode_duration'] as const) : []), KIND_FIELDS[kind].myStatus);
  const work = await ctx.deps.service.getWork(kind, id, { fields: kept }, { auth });
  const { t } = ctx;
  const name = escapeMarkdown(clipPlain(maskTitle(t, work.title, work.nsfw, ctx.where), 150));
  const current = work.my_list_status?.status;
  if (current !== undefined) {
    const status = term(t, 'listStatus', current);
    return { embeds: [{ title: t.t('social.feed.alreadyOnList.title'), description: t.t('social.feed.alreadyOnList.text', { name, status }), color: COLORS.brand }] };
  }
  const status = spec.planned;
  const updated = await ctx.deps.service.updateListStatus(kind, id, { status }, { auth });
  // The clicker's mirror follows at once when they joined a server's community (never failing the add).
  await mirrorListChange(ctx, kind, work, updated);
  const hidden = isNsfw(work.nsfw) && !ctx.where.ageRestricted ? `\n${t.t('social.feed.added.hidden')}` : '';
  const added = t.t('social.feed.added.text', { name, status: term(t, 'listStatus', status) });
  return { embeds: [{ title: t.t('social.feed.added.title'), description: `${added}${hidden}`, color: COLORS.success }] };
}

/** The /feed channel list answer: each channel, its role, and a paused channel with how to fix it. */
export function feedChannelListMessage(t: Translator, channels: readonly FeedChannel[]): RenderedMessage {
  if (channels.length === 0) {
    return { embeds: [{ title: t.t('social.feedChannel.list.title'), description: t.t('social.feedChannel.list.none'), color: COLORS.brand }] };
  }
  const lines = channels.map((c) => {
    const role = c.roleId !== undefined ? t.t('social.feedChannel.list.mentioning', { role: c.roleId }) : '';
    const adult = c.ageRestricted ? t.t('social.feedChannel.list.adult') : '';
    const line = `<#${c.channelId}>${role}${adult}`;
    return c.pausedAt === undefined ? line : `${line}\n${pausedText(t, c)}`;
  });
  return {
    embeds: [
      {
        title: t.t('social.feedChannel.list.title'),
        description: [t.t('social.feedChannel.list.head', { count: channels.length }), '', ...lines].join('\n'),
        color: channels.some((c) => c.pausedAt !== undefined) ? COLORS.warning : COLORS.brand,
      },
    ],
  };
}

/** How a manager fixes a paused feed channel. */
export function pausedText(t: Translator, c: FeedChannel): string {
  return t.t('social.feedChannel.paused', { reason: reasonText(t, c.pausedReason), channel: c.channelId });
}

/** A warning for managers about paused feed channels, shown under their /feed answers (undefined when none is paused). */
export function pausedWarning(t: Translator, channels: readonly FeedChannel[]): string | undefined {
  const paused = channels.filter((c) => c.pausedAt !== undefined);
  if (paused.length === 0) return undefined;
  return [t.t('social.feedChannel.pausedWarning', { count: paused.length }), ...paused.map((c) => pausedText(t, c))].join('\n');
}

/** The custom ids of a feed post's buttons, handled here (the composition root hands them to src/render/feed-post.ts's feedRendering). */
export const feedPostIds: FeedPostIds = { addToList: addToListButtonId };
