// Detail embeds for one anime or manga, from whatever fields the service returned.
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { Anime, AnimeStatistics, Manga, Recommendation, RelatedWork } from '../service/work-types.js';
import {
  escapeMarkdown,
  formatCount,
  formatDateRange,
  formatEpisodeDuration,
  formatNumber,
  formatSeason,
  humanize,
  parseCount,
  plural,
  truncate,
  clipPlain,
} from './text.js';
import { DISCORD_LIMITS, embedTextLength } from './limits.js';
import { COLORS } from './theme.js';
import { animeListStatusLine, mangaListStatusLine, pictureUrl, workTitle, type Work } from './work-facts.js';

// Budgets keep a full details embed well under the 6000 total (the finalize gate is only a safety net).
const DESCRIPTION_BUDGET = 1800;
const TOTAL_MARGIN = 100;
const LIST_FIELD_BUDGET = 400;
/** At most this many related works per relation field, and recommendations, are shown (callers vet exactly these). */
export const MAX_RELATED = 8;
export const MAX_RECOMMENDATIONS = 5;

function field(name: string, value: string | undefined, inline = true): APIEmbedField | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return { name, value: truncate(value, LIST_FIELD_BUDGET), inline };
}

function escapeOptional(text: string | undefined): string | undefined {
  return text === undefined ? undefined : escapeMarkdown(text);
}

function positive(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n) && n > 0;
}

function joinNames(names: Array<string | undefined>): string | undefined {
  const clean = names.map((n) => n?.trim()).filter((n): n is string => Boolean(n));
  return clean.length > 0 ? clean.map(escapeMarkdown).join(', ') : undefined;
}

function describe(w: Work, budget: number): string | undefined {
  const lines: string[] = [];
  const alt = w.alternative_titles;
  const en = alt?.en?.trim();
  if (en && en !== w.title?.trim()) lines.push(`*${escapeMarkdown(clipPlain(en, 200))}*`);
  const ja = alt?.ja?.trim();
  if (ja) lines.push(escapeMarkdown(clipPlain(ja, 200)));
  const synonyms = (alt?.synonyms ?? []).map((s) => s.trim()).filter((s) => s !== '');
  if (synonyms.length > 0) lines.push(`Also known as: ${escapeMarkdown(clipPlain(synonyms.join(', '), 200))}`);
  const header = lines.join('\n');
  const synopsis = w.synopsis?.trim();
  const text = synopsis ? (header ? `${header}\n\n${escapeMarkdown(synopsis)}` : escapeMarkdown(synopsis)) : header;
  return text ? truncate(text, budget) : undefined;
}

function scoreText(w: Work): string | undefined {
  if (!positive(w.mean)) return undefined;
  const users = positive(w.num_scoring_users) ? ` (${plural(w.num_scoring_users, 'user', 'users')})` : '';
  return `★ ${formatNumber(w.mean)}${users}`;
}

/** Whole lines up to `max` of them and the field budget, then `…and N more`. */
function linesWithin(lines: string[], max: number): string | undefined {
  if (lines.length === 0) return undefined;
  const shown: string[] = [];
  let used = 0;
  for (const line of lines) {
    if (shown.length >= max || used + line.length + 1 > LIST_FIELD_BUDGET - 20) break;
    shown.push(line);
    used += line.length + 1;
  }
  if (shown.length < lines.length) shown.push(`…and ${lines.length - shown.length} more`);
  return shown.join('\n');
}

function shortTitle(ref: { id: number; title?: string } | undefined): string {
  return escapeMarkdown(clipPlain(workTitle(ref ?? { id: 0 }), 100));
}

function relatedLines(items: RelatedWork[] | undefined): string | undefined {
  const lines = (items ?? [])
    .filter((r) => r.node)
    .map((r) => {
      const relation = r.relation_type_formatted?.trim() || (r.relation_type ? humanize(r.relation_type) : 'Related');
      return `${escapeMarkdown(clipPlain(relation, 40))}: ${shortTitle(r.node)}`;
    });
  return linesWithin(lines, MAX_RELATED);
}

function recommendationLines(items: Recommendation[] | undefined): string | undefined {
  const lines = (items ?? [])
    .filter((r) => r.node)
    .slice(0, MAX_RECOMMENDATIONS)
    .map((r) => {
      const votes = positive(r.num_recommendations) ? ` (${formatNumber(r.num_recommendations)})` : '';
      return `${shortTitle(r.node)}${votes}`;
    });
  return linesWithin(lines, MAX_RECOMMENDATIONS);
}

const STATUS_ORDER = ['watching', 'completed', 'on_hold', 'dropped', 'plan_to_watch'];

function statisticsText(stats: AnimeStatistics | undefined): string | undefined {
  if (!stats) return undefined;
  const entries = Object.entries(stats.status ?? {})
    .map(([key, raw]) => [key, parseCount(raw)] as const)
    .filter((e): e is readonly [string, number] => e[1] !== undefined)
    .sort((a, b) => {
      const ia = STATUS_ORDER.indexOf(a[0]);
      const ib = STATUS_ORDER.indexOf(b[0]);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
    });
  const lines = entries.map(([key, n]) => `${escapeMarkdown(humanize(key))}: ${formatNumber(n)}`);
  const total = parseCount(stats.num_list_users);
  if (total !== undefined) lines.push(`Total: ${formatNumber(total)}`);
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** Title, picture and footer, fields, then the description in whatever room the rest leaves. */
function assemble(w: Work, kind: 'Anime' | 'Manga', fields: Array<APIEmbedField | undefined>): APIEmbed {
  const embed: APIEmbed = {
    title: truncate(escapeMarkdown(workTitle(w)), 256),
    color: COLORS.brand,
    footer: { text: `${kind} · ID ${w.id}` },
    fields: fields.filter((f): f is APIEmbedField => f !== undefined).slice(0, 25),
  };
  const used = embedTextLength([embed]);
  const description = describe(w, Math.min(DESCRIPTION_BUDGET, DISCORD_LIMITS.embedTotal - TOTAL_MARGIN - used));
  if (description) embed.description = description;
  const picture = pictureUrl(w.main_picture);
  if (picture) embed.thumbnail = { url: picture };
  return embed;
}

function rankFields(w: Work): Array<APIEmbedField | undefined> {
  return [
    field('Score', scoreText(w)),
    field('Ranked', positive(w.rank) ? `#${formatNumber(w.rank)}` : undefined),
    field('Popularity', positive(w.popularity) ? `#${formatNumber(w.popularity)}` : undefined),
    field('Members', positive(w.num_list_users) ? formatNumber(w.num_list_users) : undefined),
    field('Type', w.media_type ? escapeMarkdown(humanize(w.media_type)) : undefined),
    field('Status', w.status ? escapeMarkdown(humanize(w.status)) : undefined),
  ];
}

function tailFields(w: Work): Array<APIEmbedField | undefined> {
  return [
    field('Genres', joinNames((w.genres ?? []).map((g) => g.name)), false),
    field('Related anime', relatedLines(w.related_anime), false),
    field('Related manga', relatedLines(w.related_manga), false),
    field('Recommendations', recommendationLines(w.recommendations), false),
    field('NSFW', w.nsfw && w.nsfw !== 'white' ? escapeMarkdown(humanize(w.nsfw)) : undefined),
  ];
}

/** Details of one anime: every present field, unknown enum values humanized. */
export function animeDetailsEmbed(a: Anime): APIEmbed {
  const ongoing = a.status === 'currently_airing';
  const broadcast = a.broadcast?.day_of_the_week
    ? `${humanize(a.broadcast.day_of_the_week)}${a.broadcast.start_time ? ` at ${a.broadcast.start_time}` : ''}`
    : a.broadcast?.start_time;
  return assemble(a, 'Anime', [
    ...rankFields(a),
    field('Episodes', a.num_episodes !== undefined ? formatCount(a.num_episodes) : undefined),
    field('Aired', escapeOptional(formatDateRange(a.start_date, a.end_date, ongoing))),
    field('Season', escapeOptional(formatSeason(a.start_season))),
    field('Broadcast', broadcast ? escapeMarkdown(broadcast) : undefined),
    field('Source', a.source ? escapeMarkdown(humanize(a.source)) : undefined),
    field('Duration', positive(a.average_episode_duration) ? formatEpisodeDuration(a.average_episode_duration) : undefined),
    field('Rating', a.rating ? escapeMarkdown(humanize(a.rating)) : undefined),
    field('Studios', joinNames((a.studios ?? []).map((s) => s.name)), false),
    ...tailFields(a),
    field('Statistics', statisticsText(a.statistics)),
    field('Your list', a.my_list_status ? animeListStatusLine(a.my_list_status, a.num_episodes) : undefined, false),
  ]);
}

function authorName(a: NonNullable<Manga['authors']>[number]): string | undefined {
  const name = [a.node?.first_name, a.node?.last_name]
    .map((n) => n?.trim())
    .filter((n) => n)
    .join(' ');
  if (!name) return undefined;
  return a.role?.trim() ? `${name} (${a.role.trim()})` : name;
}

/** Details of one manga: every present field, unknown enum values humanized. */
export function mangaDetailsEmbed(m: Manga): APIEmbed {
  const ongoing = m.status === 'currently_publishing';
  return assemble(m, 'Manga', [
    ...rankFields(m),
    field('Volumes', m.num_volumes !== undefined ? formatCount(m.num_volumes) : undefined),
    field('Chapters', m.num_chapters !== undefined ? formatCount(m.num_chapters) : undefined),
    field('Published', escapeOptional(formatDateRange(m.start_date, m.end_date, ongoing))),
    field('Authors', joinNames((m.authors ?? []).map(authorName)), false),
    field('Serialization', joinNames((m.serialization ?? []).map((s) => s.node?.name)), false),
    ...tailFields(m),
    field('Your list', m.my_list_status ? mangaListStatusLine(m.my_list_status, m.num_volumes, m.num_chapters) : undefined, false),
  ]);
}
