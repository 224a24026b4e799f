// The activity feed's post: one member's changes within a batch window, a line per title, the server's
// chosen role mentioned, Open and "Add to my list" buttons for every title named (their ids: feedPostIds,
// handled in commands/components/feed.ts) and what "Add to my list" answers; and the pause notice to a
// server's owner. Titles and names are untrusted text
// (through the gate); not-safe-for-work titles are named only in age-restricted channels. Written in
// the server's language.

import { KIND_WORDS } from './kind-words.js';
import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import { translator, type Locale, type Translator } from '../i18n/index.js';
import type { FeedChannel } from '../activity-feed/feed-channels.js';
import type { FeedRendering } from '../activity-feed/feed-delivery.js';
import type { FeedPost } from '../activity-feed/feed-posting.js';
import type { WorkKind } from '../service/kinds.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import { kindCode } from './kind-codes.js';
import { finalizeMessage, type MessageRow, type RenderedMessage } from './limits.js';
import { safeHttpUrl } from './url.js';
import type { FeedItem } from '../activity-feed/feed-changes.js';
import { clipPlain, escapeMarkdown, truncate } from './text.js';
import { COLORS } from './theme.js';

/** Lines a post shows; the rest are counted. */
export const MAX_FEED_LINES = 10;

/** What a not-safe-for-work title shows outside age-restricted channels. */
export function hiddenFeedTitle(t: Translator): string {
  return t.t('social.feed.hidden');
}

/** Whether the item's title may be named in a channel. */
export function titleShown(item: Pick<FeedItem, 'nsfw'>, ageRestricted: boolean): boolean {
  return !item.nsfw || ageRestricted;
}

function progressParts(t: Translator, item: FeedItem): { gained: string; at: string } | undefined {
  const p = item.progress;
  if (!p) return undefined;
  const count = p.to - p.from;
  return {
    gained: t.t(KIND_WORDS[item.kind].feed.gained, { count }),
    at: p.total > 0 ? t.t('social.feed.at', { to: p.to, total: p.total }) : t.t('social.feed.atNoTotal', { to: p.to }),
  };
}

/** "✅ completed **Title** · watched 3 episodes (12/12) · scored 9/10", "📈 read 3 chapters of **Title** (now 103)". */
export function feedLine(t: Translator, item: FeedItem, ageRestricted: boolean): string {
  const name = titleShown(item, ageRestricted) ? `**${escapeMarkdown(clipPlain(item.title, 120))}**` : hiddenFeedTitle(t);
  const parts = progressParts(t, item);
  const progress = parts ? t.t('social.feed.progress', parts) : undefined;
  const score = item.score !== undefined ? t.t('social.feed.score', { score: item.score }) : undefined;
  let head: string;
  let rest: Array<string | undefined>;
  switch (item.event) {
    case 'started':
      head = t.t(KIND_WORDS[item.kind].feed.started, { name });
      rest = [progress, score];
      break;
    case 'completed':
      head = t.t('social.feed.line.completed', { name });
      rest = [progress, score];
      break;
    case 'dropped':
      head = t.t('social.feed.line.dropped', { name });
      rest = [progress, score];
      break;
    default:
      if (parts !== undefined) {
        head = t.t('social.feed.line.progressed', { ...parts, name });
        rest = [score];
      } else {
        head = item.score !== undefined ? t.t('social.feed.line.scored', { score: item.score, name }) : t.t('social.feed.line.scoredNoValue', { name });
        rest = [];
      }
  }
  return [head, ...rest.filter((r): r is string => r !== undefined)].join(' · ');
}

/** The post's embed: who (their Discord mention, which never pings inside an embed, and their list's name) and a line per title. */
export function feedPostEmbed(t: Translator, discordUserId: string, serviceUser: string, items: readonly FeedItem[], ageRestricted: boolean): APIEmbed {
  const lines = items.slice(0, MAX_FEED_LINES).map((i) => `• ${feedLine(t, i, ageRestricted)}`);
  if (items.length > MAX_FEED_LINES) lines.push(t.t('social.feed.more', { count: items.length - MAX_FEED_LINES }));
  return {
    author: { name: clipPlain(t.t('social.feed.author', { user: serviceUser }), 256) },
    description: truncate([`<@${discordUserId}>`, ...lines].join('\n'), 4096),
    color: COLORS.brand,
    footer: { text: t.t('social.feed.footer') },
  };
}

/** Rows of buttons a post carries (Discord allows five). */
const MAX_BUTTON_ROWS = 5;

/** The custom ids of a post's buttons. */
export interface FeedPostIds {
  addToList(kind: WorkKind, id: number): string;
}

/** custom_id of "Add to my list": adds the title as plan to watch/read for whoever clicks. */
export function addToListButtonId(kind: WorkKind, id: number): string {
  return encodeCustomId(COMPONENT_KINDS.feedAdd, [kindCode(kind), id]);
}

/** The feed posts' button ids (the composition root hands them to feedRendering). */
export const feedPostIds: FeedPostIds = { addToList: addToListButtonId };

/** "Add to my list" on a title already on the clicker's list (`name` shown as it may be, `status` their status's words): left as it is. */
export function alreadyOnListMessage(t: Translator, name: string, status: string): RenderedMessage {
  return { embeds: [{ title: t.t('social.feed.alreadyOnList.title'), description: t.t('social.feed.alreadyOnList.text', { name, status }), color: COLORS.brand }] };
}

/** "Add to my list" done: the title added with `status`; `hidden` when it is not named outside age-restricted channels. */
export function addedToListMessage(t: Translator, name: string, status: string, hidden: boolean): RenderedMessage {
  const note = hidden ? `\n${t.t('social.feed.added.hidden')}` : '';
  return { embeds: [{ title: t.t('social.feed.added.title'), description: `${t.t('social.feed.added.text', { name, status })}${note}`, color: COLORS.success }] };
}

/** The post as it goes to one channel, in the server's language: the role (if any) in the content, the embed, and a row of buttons per named title. */
export function feedPostMessage(post: FeedPost, serviceWebUrl: string, ids: FeedPostIds): RenderedMessage {
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
        { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: ids.addToList(item.kind, item.id), label: t.t('social.feed.button.add') },
      ],
    });
  }
  return {
    ...(channel.roleId !== undefined ? { content: `<@&${channel.roleId}>` } : {}),
    embeds: [feedPostEmbed(t, post.discordUserId, post.serviceUser, post.items, channel.ageRestricted)],
    components: rows,
  };
}

/** Why a channel paused, clipped and escaped. */
export function reasonText(t: Translator, reason: string | undefined): string {
  return escapeMarkdown(clipPlain(reason ?? t.t('social.feedChannel.noReason'), 120));
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

/** How the feed renders what it posts on its own (handed to it by the composition root). */
export function feedRendering(serviceWebUrl: string, ids: FeedPostIds): FeedRendering {
  return {
    post: (post) => finalizeMessage(feedPostMessage(post, serviceWebUrl, ids)),
    paused: (locale, guildName, channel, reason) => finalizeMessage(feedPausedNotice(locale, guildName, channel, reason)),
  };
}
