// Select-menu options for opening an item's details; the caller wraps them with its custom_id.
import type { Anime, ForumTopicSummary, Manga } from '../../service/types.js';
import { DISCORD_LIMITS } from './limits.js';
import { clipPlain, formatNumber } from './text.js';
import { workFacts } from './work-facts.js';

export interface SelectOption {
  label: string;
  value: string;
  description?: string;
}

/** Anything with an id and a title; a given `description` (plain text) wins over derived facts. */
export interface SelectItem {
  id: number | string;
  title?: string;
  description?: string;
}

export type SelectSource = Anime | Manga | ForumTopicSummary | SelectItem;

function derivedDescription(item: SelectSource): string | undefined {
  if ('description' in item && typeof item.description === 'string') return item.description;
  if ('number_of_posts' in item || 'created_by' in item || 'last_post_created_at' in item) {
    const t = item as ForumTopicSummary;
    const parts: string[] = [];
    if (t.created_by?.name) parts.push(`by ${t.created_by.name}`);
    if (t.number_of_posts !== undefined) parts.push(`${formatNumber(t.number_of_posts)} posts`);
    return parts.join(' · ') || undefined;
  }
  if (typeof item.id === 'number') return workFacts(item as Anime | Manga).join(' · ') || undefined;
  return undefined;
}

/**
 * Up to 25 options `{ label: 'N. Title', value: String(id), description? }`, labels and
 * descriptions within 100 characters (plain text: select menus do not render markdown).
 * Duplicate ids are listed once.
 */
export function selectOptionsFor(items: readonly SelectSource[], opts: { offset?: number; numbered?: boolean } = {}): SelectOption[] {
  const offset = opts.offset ?? 0;
  const numbered = opts.numbered ?? true;
  const seen = new Set<string>();
  const out: SelectOption[] = [];
  items.forEach((item, i) => {
    const value = String(item.id);
    if (out.length >= DISCORD_LIMITS.selectOptions || seen.has(value) || value.length > DISCORD_LIMITS.selectOptionValue) return;
    seen.add(value);
    const title = item.title?.trim() || `#${value}`;
    const option: SelectOption = {
      label: clipPlain(numbered ? `${offset + i + 1}. ${title}` : title, DISCORD_LIMITS.selectOptionLabel),
      value,
    };
    const description = derivedDescription(item)?.trim();
    if (description) option.description = clipPlain(description, DISCORD_LIMITS.selectOptionDescription);
    out.push(option);
  });
  return out;
}
