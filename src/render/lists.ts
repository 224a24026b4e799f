// The numbered list embed behind every paged list (catalogue, user lists, forum topics), in the reader's language.
import type { APIEmbed } from 'discord.js';
import type { Translator } from '../i18n/index.js';
import { escapeMarkdown, truncate, clipPlain } from './text.js';
import { DISCORD_LIMITS } from './limits.js';
import { COLORS } from './theme.js';

export interface WorkListItem {
  /** Shown as `#rank` (takes precedence over position). */
  rank?: number;
  /** Shown as `position.` (1-based, continuing across pages). */
  position?: number;
  /** Plain text: escaped here. */
  title: string;
  /** Plain text for the line below the title: escaped here. */
  detail?: string;
  /** Markdown for the line below the title (trusted, not escaped); used instead of `detail`. */
  extra?: string;
}

export interface WorkListOptions {
  /** Plain text: escaped here. */
  title: string;
  items: readonly WorkListItem[];
  /** Markdown shown above the items. */
  description?: string;
  /** Plain text (footers do not render markdown). */
  footer?: string;
  thumbnail?: string;
  color?: number;
  /** Markdown shown when there are no items. */
  emptyText?: string;
}

const ITEM_TITLE_MAX = 200;
const EXTRA_MAX = 300;
const INDENT = '\u2003';

function itemBlock(item: WorkListItem): string {
  const label = item.rank !== undefined ? `#${item.rank}` : item.position !== undefined ? `${item.position}.` : '•';
  const title = truncate(escapeMarkdown(clipPlain(item.title, ITEM_TITLE_MAX)), ITEM_TITLE_MAX + 50);
  const lines = [`**${label}** ${title}`];
  const extra = item.extra?.trim() || (item.detail?.trim() ? escapeMarkdown(item.detail.trim()) : '');
  if (extra) lines.push(`${INDENT}${truncate(extra.replace(/\n+/g, ' '), EXTRA_MAX)}`);
  return lines.join('\n');
}

/** A numbered list of works (or topics) fitted into one embed description; overflow is summarized. */
export function workListEmbed(t: Translator, o: WorkListOptions): APIEmbed {
  const embed: APIEmbed = { title: truncate(escapeMarkdown(o.title), DISCORD_LIMITS.embedTitle), color: o.color ?? COLORS.brand };
  const head = o.description?.trim() ? truncate(o.description.trim(), 1000) : '';
  const budget = DISCORD_LIMITS.embedDescription - 40;
  const blocks: string[] = [];
  let used = head.length;
  for (let i = 0; i < o.items.length; i++) {
    const item = o.items[i];
    if (!item) continue;
    const block = itemBlock(item);
    if (used + block.length + 2 > budget) {
      blocks.push(t.t('works.list.more', { count: o.items.length - i }));
      break;
    }
    blocks.push(block);
    used += block.length + 2;
  }
  const body = blocks.length > 0 ? blocks.join('\n\n') : (o.emptyText ?? t.t('works.list.empty'));
  embed.description = head ? `${head}\n\n${body}` : body;
  if (o.footer?.trim()) embed.footer = { text: clipPlain(o.footer, DISCORD_LIMITS.embedFooterText) };
  if (o.thumbnail) embed.thumbnail = { url: o.thumbnail };
  return embed;
}

export interface PageOptions {
  /** Offset of the first item (numbering continues across pages). Default 0. */
  offset?: number;
  footer?: string;
  description?: string;
}
