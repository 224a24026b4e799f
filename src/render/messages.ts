// User-facing error replies: one consistent look, always ephemeral. The words come from the catalogue
// (interactions/user-errors.ts `errorReply`, `describeError`); this only shapes them.
import { escapeMarkdown, truncate } from './text.js';
import { COLORS } from './theme.js';
import type { RenderedMessage } from './limits.js';
import type { APIEmbed } from 'discord.js';

/**
 * An ephemeral red embed titled `⚠️ <title>` (plain text, escaped here) with `text` below it.
 * `text` is MARKDOWN written by the bot: escape service-provided text with escapeMarkdown first.
 */
export function errorMessage(title: string, text?: string): RenderedMessage {
  const shown = escapeMarkdown(title.trim());
  const embed: APIEmbed = { title: truncate(shown ? `⚠️ ${shown}` : '⚠️', 256), color: COLORS.error };
  const detail = text?.trim();
  if (detail) embed.description = truncate(detail, 2000);
  return { embeds: [embed], ephemeral: true };
}
