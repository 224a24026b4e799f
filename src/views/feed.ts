// What the activity feed shows: the post (the embed, the server's chosen role mentioned, Open and
// "Add to my list" buttons for every title named there), the "Add to my list" button's handler, and
// the /feed channel list answer.

import { ButtonStyle, ComponentType } from 'discord.js';
import { BUDGET_GRACE_MS } from '../interactions/budget.js';
import type { BaseContext, ComponentHandler } from '../interactions/context.js';
import { encodeCustomId, MalformedCustomIdError } from '../interactions/custom-id.js';
import { UserFacingError } from '../interactions/user-errors.js';
import { feedPostEmbed, titleShown } from '../render/feed.js';
import { humanize } from '../render/format.js';
import type { MessageRow, RenderedMessage } from '../render/limits.js';
import { clipPlain, escapeMarkdown, plural } from '../render/text.js';
import { COLORS } from '../render/theme.js';
import { safeHttpUrl } from '../render/url.js';
import { animeFields, mangaFields } from '../service/fields.js';
import type { WorkKind } from '../service/work-types.js';
import type { FeedChannel } from '../social/feed-channels.js';
import type { FeedPost } from '../social/feed.js';
import { LockTimeoutError } from '../store/locks.js';
import { ANIME_MY_STATUS, MANGA_MY_STATUS } from './details.js';
import { mirrorListChange } from './mirror-hook.js';
import { isNsfw, maskTitle } from './nsfw.js';
import { ENGLISH } from '../i18n/index.js';

const ADD_KIND = 'fa';
/** Rows of buttons a post carries (Discord allows five). */
const MAX_BUTTON_ROWS = 5;

/** custom_id of "Add to my list": adds the title as plan to watch/read for whoever clicks. */
export function addToListButtonId(kind: WorkKind, id: number): string {
  return encodeCustomId(ADD_KIND, [kind === 'anime' ? 'a' : 'm', id]);
}

/** The post as it goes to one channel: the role (if any) in the content, the embed, and a row of buttons per named title. */
export function feedPostMessage(post: FeedPost, serviceWebUrl: string): RenderedMessage {
  const { channel } = post;
  const rows: MessageRow[] = [];
  for (const item of post.items) {
    if (rows.length === MAX_BUTTON_ROWS) break;
    // A hidden title gets no buttons: its label would name it.
    if (!titleShown(item, channel.ageRestricted)) continue;
    const url = safeHttpUrl(`${serviceWebUrl}/${item.kind}/${item.id}`);
    rows.push({
      type: ComponentType.ActionRow,
      components: [
        ...(url !== undefined ? [{ type: ComponentType.Button as const, style: ButtonStyle.Link as const, url, label: clipPlain(`Open: ${item.title}`, 80) }] : []),
        { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: addToListButtonId(item.kind, item.id), label: 'Add to my list' },
      ],
    });
  }
  return {
    ...(channel.roleId !== undefined ? { content: `<@&${channel.roleId}>` } : {}),
    embeds: [feedPostEmbed(post.discordUserId, post.serviceUser, post.items, channel.ageRestricted)],
    components: rows,
  };
}

function parseKind(k: string): WorkKind {
  if (k === 'a') return 'anime';
  if (k === 'm') return 'manga';
  throw new MalformedCustomIdError(`unknown kind ${k}`);
}

/**
 * "Add to my list" for whoever clicks, through their own login (unlinked users are told to /login): a
 * title not on their list is added as plan to watch/read; one already there is left as it is.
 */
export const addToListHandler: ComponentHandler = {
  kind: ADD_KIND,
  mode: 'ephemeral',
  async run(ctx, fields) {
    const kind = parseKind(fields.string());
    const id = fields.int();
    const auth = await ctx.requireAuth();
    try {
      return await ctx.deps.locks.run(`list-change:${ctx.userId}`, { untilMs: ctx.deadlineAt, graceMs: BUDGET_GRACE_MS }, () => addPlanned(ctx, kind, id, auth));
    } catch (error) {
      if (!(error instanceof LockTimeoutError)) throw error;
      throw new UserFacingError('Still saving', 'Your previous change to your list is still being saved; try again in a moment.');
    }
  },
};

type Auth = Awaited<ReturnType<BaseContext['requireAuth']>>;

async function addPlanned(ctx: BaseContext, kind: WorkKind, id: number, auth: Auth): Promise<RenderedMessage> {
  const work =
    kind === 'anime'
      ? await ctx.deps.service.getAnime(id, { fields: animeFields('nsfw', 'num_episodes', 'average_episode_duration', ANIME_MY_STATUS) }, { auth })
      : await ctx.deps.service.getManga(id, { fields: mangaFields('nsfw', 'num_chapters', MANGA_MY_STATUS) }, { auth });
  const name = escapeMarkdown(clipPlain(maskTitle(ENGLISH, work.title, work.nsfw, ctx.where), 150));
  const current = work.my_list_status?.status;
  if (current !== undefined) {
    return { embeds: [{ title: 'Already on your list', description: `**${name}** is on your list as ${humanize(current)}; it was left as it is.`, color: COLORS.brand }] };
  }
  const status = kind === 'anime' ? 'plan_to_watch' : 'plan_to_read';
  const updated =
    kind === 'anime'
      ? await ctx.deps.service.updateAnimeListStatus(id, { status: 'plan_to_watch' }, { auth })
      : await ctx.deps.service.updateMangaListStatus(id, { status: 'plan_to_read' }, { auth });
  // The clicker's mirror follows at once when they joined a server's community (never failing the add).
  await mirrorListChange(ctx, kind, work, updated);
  const hidden = isNsfw(work.nsfw) && !ctx.where.ageRestricted ? '\n-# The title is marked not safe for work, so it is not named here.' : '';
  return { embeds: [{ title: 'Added to your list', description: `**${name}** is on your list as ${humanize(status)}.${hidden}`, color: COLORS.success }] };
}

/** The /feed channel list answer: each channel, its role, and a paused channel with how to fix it. */
export function feedChannelListMessage(channels: readonly FeedChannel[]): RenderedMessage {
  if (channels.length === 0) {
    return { embeds: [{ title: "This server's activity feed", description: 'The feed posts in no channel. A member with Manage Server can start it with `/feed channel add`.', color: COLORS.brand }] };
  }
  const lines = channels.map((c) => {
    const role = c.roleId !== undefined ? `, mentioning <@&${c.roleId}>` : '';
    const adult = c.ageRestricted ? ' · age-restricted: not-safe-for-work titles are named' : '';
    const line = `<#${c.channelId}>${role}${adult}`;
    return c.pausedAt === undefined ? line : `${line}\n${pausedText(c)}`;
  });
  return {
    embeds: [
      {
        title: "This server's activity feed",
        description: [`Posts in ${plural(channels.length, 'channel', 'channels')} what members who joined with \`/server join\` start, complete, drop, score or advance.`, '', ...lines].join('\n'),
        color: channels.some((c) => c.pausedAt !== undefined) ? COLORS.warning : COLORS.brand,
      },
    ],
  };
}

/** How a manager fixes a paused feed channel. */
export function pausedText(c: FeedChannel): string {
  return `\u2003⚠️ **paused**: Discord refused a post (${escapeMarkdown(clipPlain(c.pausedReason ?? 'no reason given', 120))}). Give the bot View Channel, Send Messages and Embed Links in <#${c.channelId}>, then run \`/feed channel add\` for it again.`;
}

/** The direct message to a server's owner when its feed paused in a channel: what happened and how to fix it. */
export function feedPausedNotice(guildName: string, channel: FeedChannel, reason: string): RenderedMessage {
  return {
    embeds: [
      {
        title: 'The activity feed is paused in a channel',
        description: [
          `Discord refused the bot's feed post in <#${channel.channelId}> of **${escapeMarkdown(clipPlain(guildName, 100))}** (${escapeMarkdown(clipPlain(reason, 120))}), so the feed there is paused.`,
          '',
          `To fix it, give the bot View Channel, Send Messages and Embed Links in that channel${channel.roleId !== undefined ? ' (and a way to mention its role)' : ''}, then run \`/feed channel add\` for it again in the server. To stop the feed there instead: \`/feed channel remove\`.`,
          '-# You get this because you own the server; members with Manage Server see it in `/feed channel list`.',
        ].join('\n'),
        color: COLORS.warning,
      },
    ],
  };
}

/** A warning for managers about paused feed channels, shown under their /feed answers (undefined when none is paused). */
export function pausedWarning(channels: readonly FeedChannel[]): string | undefined {
  const paused = channels.filter((c) => c.pausedAt !== undefined);
  if (paused.length === 0) return undefined;
  return [`⚠️ The feed is paused in ${plural(paused.length, 'channel', 'channels')}:`, ...paused.map((c) => pausedText(c))].join('\n');
}
