// What the activity feed shows: the post (the embed, the server's chosen role mentioned, Open and
// "Add to my list" buttons for every title named there), the "Add to my list" button's handler, and
// the /feed channel list answer. Posts and the pause notice are in the server's language; answers to
// a command or a click in the reader's.

import { ButtonStyle, ComponentType } from 'discord.js';
import { BUDGET_GRACE_MS } from '../interactions/deadline.js';
import type { BaseContext, ComponentHandler } from '../interactions/context.js';
import type { TokenSource } from '../service/token-source.js';
import { encodeCustomId } from '../interactions/custom-id.js';
import { UserFacingError } from '../interactions/user-errors.js';
import { translator, type Locale, type Translator } from '../i18n/index.js';
import { feedPostEmbed, titleShown } from '../render/feed-post.js';
import type { MessageRow, RenderedMessage } from '../render/limits.js';
import { term } from '../render/terms.js';
import { clipPlain, escapeMarkdown } from '../render/text.js';
import { COLORS } from '../render/theme.js';
import { safeHttpUrl } from '../render/url.js';
import { fields } from '../service/fields.js';
import { KINDS, type WorkKind } from '../service/kinds.js';
import type { FeedChannel } from '../activity-feed/feed-channels.js';
import type { FeedPost } from '../activity-feed/feed-posting.js';
import { LockTimeoutError } from '../store/locks.js';
import { KIND_FIELDS, kindCode, kindOfCode } from './kind-views.js';
import { mirrorListChange } from './mirror-hook.js';
import { isNsfw, maskTitle } from './nsfw.js';

const ADD_KIND = 'fa';
/** Rows of buttons a post carries (Discord allows five). */
const MAX_BUTTON_ROWS = 5;

/** custom_id of "Add to my list": adds the title as plan to watch/read for whoever clicks. */
export function addToListButtonId(kind: WorkKind, id: number): string {
  return encodeCustomId(ADD_KIND, [kindCode(kind), id]);
}

/** The post as it goes to one channel, in the server's language: the role (if any) in the content, the embed, and a row of buttons per named title. */
export function feedPostMessage(post: FeedPost, serviceWebUrl: string): RenderedMessage {
  const { channel } = post;
  const t = translator(post.locale);
  const rows: MessageRow[] = [];
  for (const item of post.items) {
    if (rows.length === MAX_BUTTON_ROWS) break;
    // A hidden title gets no buttons: its label would name it.
    if (!titleShown(item, channel.ageRestricted)) continue;
    const url = safeHttpUrl(`${serviceWebUrl}/${item.kind}/${item.id}`);
    rows.push({
      type: ComponentType.ActionRow,
      components: [
        ...(url !== undefined ? [{ type: ComponentType.Button as const, style: ButtonStyle.Link as const, url, label: clipPlain(t.t('social.feed.button.open', { title: item.title }), 80) }] : []),
        { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: addToListButtonId(item.kind, item.id), label: t.t('social.feed.button.add') },
      ],
    });
  }
  return {
    ...(channel.roleId !== undefined ? { content: `<@&${channel.roleId}>` } : {}),
    embeds: [feedPostEmbed(t, post.discordUserId, post.serviceUser, post.items, channel.ageRestricted)],
    components: rows,
  };
}

/**
 * "Add to my list" for whoever clicks, through their own login (unlinked users are told to /login): a
 * title not on their list is added as plan to watch/read; one already there is left as it is.
 */
export const addToListHandler: ComponentHandler = {
  kind: ADD_KIND,
  mode: 'ephemeral',
  linked: true,
  async run(ctx, fields) {
    const kind = kindOfCode(fields.string());
    const id = fields.int();
    const auth = ctx.auth;
    try {
      return await ctx.deps.locks.run(`list-change:${ctx.userId}`, { untilMs: ctx.deadlineAt, graceMs: BUDGET_GRACE_MS, signal: ctx.signal }, () => addPlanned(ctx, kind, id, auth));
    } catch (error) {
      if (!(error instanceof LockTimeoutError)) throw error;
      throw new UserFacingError('social.error.stillSaving');
    }
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

function reasonText(t: Translator, reason: string | undefined): string {
  return escapeMarkdown(clipPlain(reason ?? t.t('social.feedChannel.noReason'), 120));
}

/** How a manager fixes a paused feed channel. */
export function pausedText(t: Translator, c: FeedChannel): string {
  return t.t('social.feedChannel.paused', { reason: reasonText(t, c.pausedReason), channel: c.channelId });
}

/**
 * The direct message to a server's owner when its feed paused in a channel: what happened and how to
 * fix it, in the server's language (`locale`, as its feed posts; none: English). `guildName`
 * undefined: the server's name is not known.
 */
export function feedPausedNotice(locale: Locale | undefined, guildName: string | undefined, channel: FeedChannel, reason: string): RenderedMessage {
  const t = translator(locale);
  const server = guildName === undefined ? t.t('social.feedChannel.notice.yourServer') : escapeMarkdown(clipPlain(guildName, 100));
  return {
    embeds: [
      {
        title: t.t('social.feedChannel.notice.title'),
        description: [
          t.t('social.feedChannel.notice.refused', { channel: channel.channelId, server, reason: reasonText(t, reason) }),
          '',
          t.t('social.feedChannel.notice.fix', { hasRole: channel.roleId !== undefined ? 'yes' : 'no' }),
          t.t('social.feedChannel.notice.why'),
        ].join('\n'),
        color: COLORS.warning,
      },
    ],
  };
}

/** A warning for managers about paused feed channels, shown under their /feed answers (undefined when none is paused). */
export function pausedWarning(t: Translator, channels: readonly FeedChannel[]): string | undefined {
  const paused = channels.filter((c) => c.pausedAt !== undefined);
  if (paused.length === 0) return undefined;
  return [t.t('social.feedChannel.pausedWarning', { count: paused.length }), ...paused.map((c) => pausedText(t, c))].join('\n');
}
