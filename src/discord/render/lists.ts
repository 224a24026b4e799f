// Paged list embeds: search results, rankings, seasons, suggestions and user lists.
import type { APIEmbed } from 'discord.js';
import type {
  Anime,
  AnimeListItem,
  Manga,
  MangaListItem,
  NodeItem,
  RankedItem,
  SeasonalPage,
  StartSeason,
} from '../../service/types.js';
import { escapeMarkdown, formatSeason, humanize, truncate, clipPlain } from './text.js';
import { DISCORD_LIMITS } from './limits.js';
import { COLORS } from './theme.js';
import { animeListStatusLine, mangaListStatusLine, workSummaryLine, workTitle } from './work-facts.js';

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
export function workListEmbed(o: WorkListOptions): APIEmbed {
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
      blocks.push(`…and ${o.items.length - i} more`);
      break;
    }
    blocks.push(block);
    used += block.length + 2;
  }
  const body = blocks.length > 0 ? blocks.join('\n\n') : (o.emptyText ?? 'Nothing found.');
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

function nodes<T extends Anime | Manga>(items: readonly NodeItem<T>[], offset: number): WorkListItem[] {
  return items.map((it, i) => ({ position: offset + i + 1, title: workTitle(it.node), extra: workSummaryLine(it.node) }));
}

/** Anime search results, suggestions or any plain page of anime nodes. */
export function animeListPageEmbed(o: PageOptions & { title: string; items: readonly NodeItem<Anime>[] }): APIEmbed {
  return workListEmbed({ ...o, items: nodes(o.items, o.offset ?? 0), emptyText: 'No anime found.' });
}

/** Manga search results or any plain page of manga nodes. */
export function mangaListPageEmbed(o: PageOptions & { title: string; items: readonly NodeItem<Manga>[] }): APIEmbed {
  return workListEmbed({ ...o, items: nodes(o.items, o.offset ?? 0), emptyText: 'No manga found.' });
}

const RANKING_TITLES: Readonly<Record<string, string>> = {
  all: 'Top {kind}',
  airing: 'Top Airing Anime',
  upcoming: 'Top Upcoming Anime',
  tv: 'Top TV Series',
  ova: 'Top OVA',
  movie: 'Top Movies',
  special: 'Top Specials',
  bypopularity: 'Most Popular {kind}',
  favorite: 'Most Favorited {kind}',
  manga: 'Top Manga',
  novels: 'Top Novels',
  oneshots: 'Top One-shots',
  doujin: 'Top Doujinshi',
  manhwa: 'Top Manhwa',
  manhua: 'Top Manhua',
};

/** `bypopularity` → `Most Popular Manga`; unknown types humanized. */
export function rankingTitle(kind: 'anime' | 'manga', rankingType: string): string {
  const label = kind === 'anime' ? 'Anime' : 'Manga';
  const template = RANKING_TITLES[rankingType];
  return template ? template.replace('{kind}', label) : `Top ${label}: ${humanize(rankingType)}`;
}

function ranked<T extends Anime | Manga>(items: readonly RankedItem<T>[], offset: number): WorkListItem[] {
  return items.map((it, i) => {
    const rank = it.ranking?.rank;
    const item: WorkListItem = { title: workTitle(it.node), extra: workSummaryLine(it.node) };
    if (rank !== undefined && Number.isFinite(rank)) item.rank = rank;
    else item.position = offset + i + 1;
    return item;
  });
}

export function animeRankingEmbed(o: PageOptions & { rankingType: string; items: readonly RankedItem<Anime>[]; title?: string }): APIEmbed {
  return workListEmbed({ ...o, title: o.title ?? rankingTitle('anime', o.rankingType), items: ranked(o.items, o.offset ?? 0) });
}

export function mangaRankingEmbed(o: PageOptions & { rankingType: string; items: readonly RankedItem<Manga>[]; title?: string }): APIEmbed {
  return workListEmbed({ ...o, title: o.title ?? rankingTitle('manga', o.rankingType), items: ranked(o.items, o.offset ?? 0) });
}

function sameSeason(a: StartSeason | undefined, b: StartSeason | undefined): boolean {
  return a?.year === b?.year && a?.season === b?.season;
}

/**
 * A page of seasonal anime. The title uses the page's own `season` object (falling back to the
 * requested one); works that started in an earlier season are marked as carry-overs.
 */
export function seasonEmbed(o: PageOptions & { page: SeasonalPage; requested?: StartSeason }): APIEmbed {
  const season = o.page.season ?? o.requested;
  const label = formatSeason(season);
  const offset = o.offset ?? 0;
  const items = o.page.data.map((it, i): WorkListItem => {
    const start = it.node.start_season;
    const carried = season !== undefined && start !== undefined && !sameSeason(start, season);
    const summary = workSummaryLine(it.node);
    const mark = carried ? '↩ Carry-over' : '';
    return { position: offset + i + 1, title: workTitle(it.node), extra: [mark, summary].filter((s) => s).join(' · ') };
  });
  return workListEmbed({
    ...o,
    title: label ? `${label} Anime` : 'Seasonal Anime',
    items,
    emptyText: 'No anime found for this season.',
  });
}

function listOwner(userName: string | undefined, kind: string): string {
  if (!userName || userName === '@me') return `Your ${kind} list`;
  return `${userName}'s ${kind} list`;
}

export interface UserListOptions extends PageOptions {
  /** Service user name, or `@me`/undefined for the viewer. */
  userName?: string;
  /** The status filter in effect, shown in the title. */
  status?: string;
}

export function userAnimeListEmbed(o: UserListOptions & { items: readonly AnimeListItem[] }): APIEmbed {
  const offset = o.offset ?? 0;
  const items = o.items.map((it, i): WorkListItem => ({
    position: offset + i + 1,
    title: workTitle(it.node),
    extra: it.list_status ? animeListStatusLine(it.list_status, it.node.num_episodes) : workSummaryLine(it.node),
  }));
  const title = `${listOwner(o.userName, 'anime')}${o.status ? `: ${humanize(o.status)}` : ''}`;
  return workListEmbed({ ...o, title, items, emptyText: 'No entries.' });
}

export function userMangaListEmbed(o: UserListOptions & { items: readonly MangaListItem[] }): APIEmbed {
  const offset = o.offset ?? 0;
  const items = o.items.map((it, i): WorkListItem => ({
    position: offset + i + 1,
    title: workTitle(it.node),
    extra: it.list_status
      ? mangaListStatusLine(it.list_status, it.node.num_volumes, it.node.num_chapters)
      : workSummaryLine(it.node),
  }));
  const title = `${listOwner(o.userName, 'manga')}${o.status ? `: ${humanize(o.status)}` : ''}`;
  return workListEmbed({ ...o, title, items, emptyText: 'No entries.' });
}
