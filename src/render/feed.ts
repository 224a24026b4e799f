// The activity feed's post: one member's changes within a batch window, a line per title. Titles
// and names are untrusted text (through the gate); not-safe-for-work titles are named only in
// age-restricted channels.

import type { APIEmbed } from 'discord.js';
import type { FeedItem } from '../social/feed-changes.js';
import { plural } from './plural.js';
import { clipPlain, escapeMarkdown, truncate } from './text.js';
import { COLORS } from './theme.js';

/** What a not-safe-for-work title shows outside age-restricted channels. */
export const HIDDEN_TITLE = '🔞 a title hidden here';
/** Lines a post shows; the rest are counted. */
export const MAX_FEED_LINES = 10;

/** Whether the item's title may be named in a channel. */
export function titleShown(item: Pick<FeedItem, 'nsfw'>, ageRestricted: boolean): boolean {
  return !item.nsfw || ageRestricted;
}

function progressParts(item: FeedItem): { gained: string; at: string } | undefined {
  const p = item.progress;
  if (!p) return undefined;
  const [one, other] = item.kind === 'anime' ? ['episode', 'episodes'] : ['chapter', 'chapters'];
  return { gained: `${item.kind === 'anime' ? 'watched' : 'read'} ${plural(p.to - p.from, one, other)}`, at: p.total > 0 ? `${p.to}/${p.total}` : `${p.to}` };
}

/** "✅ completed **Title** · watched 3 episodes (12/12) · scored 9/10", "📈 read 3 chapters of **Title** (now 103)". */
export function feedLine(item: FeedItem, ageRestricted: boolean): string {
  const name = titleShown(item, ageRestricted) ? `**${escapeMarkdown(clipPlain(item.title, 120))}**` : HIDDEN_TITLE;
  const parts = progressParts(item);
  const progress = parts ? `${parts.gained} (${parts.at})` : undefined;
  const score = item.score !== undefined ? `scored ${item.score}/10` : undefined;
  let head: string;
  let rest: Array<string | undefined>;
  switch (item.event) {
    case 'started':
      head = `▶️ started ${item.kind === 'anime' ? 'watching' : 'reading'} ${name}`;
      rest = [progress, score];
      break;
    case 'completed':
      head = `✅ completed ${name}`;
      rest = [progress, score];
      break;
    case 'dropped':
      head = `⏹️ dropped ${name}`;
      rest = [progress, score];
      break;
    default:
      if (parts !== undefined) {
        head = `📈 ${parts.gained} of ${name} (now ${parts.at})`;
        rest = [score];
      } else {
        head = `⭐ ${score ?? 'scored'} ${name}`;
        rest = [];
      }
  }
  return [head, ...rest.filter((r): r is string => r !== undefined)].join(' · ');
}

/** The post's embed: who (their Discord mention, which never pings inside an embed, and their list's name) and a line per title. */
export function feedPostEmbed(discordUserId: string, serviceUser: string, items: readonly FeedItem[], ageRestricted: boolean): APIEmbed {
  const lines = items.slice(0, MAX_FEED_LINES).map((i) => `• ${feedLine(i, ageRestricted)}`);
  if (items.length > MAX_FEED_LINES) lines.push(`…and ${plural(items.length - MAX_FEED_LINES, 'more title', 'more titles')}`);
  return {
    author: { name: clipPlain(`${serviceUser}'s list`, 256) },
    description: truncate([`<@${discordUserId}>`, ...lines].join('\n'), 4096),
    color: COLORS.brand,
    footer: { text: 'Shown because they joined this server with /server join · managers: /feed channel remove turns the feed off' },
  };
}
