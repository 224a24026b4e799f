// The activity feed's post: one member's changes within a batch window, a line per title. Titles
// and names are untrusted text (through the gate); not-safe-for-work titles are named only in
// age-restricted channels. Written in the server's language (the translator passed in).

import { KIND_WORDS } from './kind-words.js';
import type { APIEmbed } from 'discord.js';
import type { Translator } from '../i18n/index.js';
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
