// Detail embeds for one anime or manga, from whatever fields the service returned, in the reader's language.
import type { APIEmbed, APIEmbedField } from 'discord.js';
import { EN, type MessageKey, type Translator } from '../i18n/index.js';
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
  truncate,
  clipPlain,
} from './text.js';
import { DISCORD_LIMITS, embedTextLength } from './limits.js';
import { COLORS } from './theme.js';
import { term } from './terms.js';
import { listStatusLine, pictureUrl, workTitle, type Work } from './work-facts.js';
import { KIND_WORDS, unitWords } from './kind-words.js';
import { spoilerTagged } from './spoilers.js';
import type { AnimeField, MangaField } from '../service/fields.js';
import { KINDS, numberAt, type EntryOf, type WorkKind, type WorkOf } from '../service/kinds.js';

// Budgets keep a full details embed well under the 6000 total (the finalize gate is only a safety net).
const DESCRIPTION_BUDGET = 1800;
const TOTAL_MARGIN = 100;
const LIST_FIELD_BUDGET = 400;
/** At most this many related works per relation field, and recommendations, are shown (callers vet exactly these). */
export const MAX_RELATED = 8;
export const MAX_RECOMMENDATIONS = 5;

type FieldName = MessageKey & `works.details.field.${string}`;

function fieldOf(t: Translator) {
  return (name: FieldName, value: string | undefined, inline = true): APIEmbedField | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    return { name: t.t(name), value: truncate(value, LIST_FIELD_BUDGET), inline };
  };
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

function describe(t: Translator, w: Work, budget: number, hideSynopsis: boolean): string | undefined {
  const lines: string[] = [];
  const alt = w.alternative_titles;
  const en = alt?.en?.trim();
  if (en && en !== w.title?.trim()) lines.push(`*${escapeMarkdown(clipPlain(en, 200))}*`);
  const ja = alt?.ja?.trim();
  if (ja) lines.push(escapeMarkdown(clipPlain(ja, 200)));
  const synonyms = (alt?.synonyms ?? []).map((s) => s.trim()).filter((s) => s !== '');
  if (synonyms.length > 0) lines.push(t.t('works.details.alsoKnownAs', { names: escapeMarkdown(clipPlain(synonyms.join(', '), 200)) }));
  const header = lines.join('\n');
  const synopsis = w.synopsis?.trim();
  if (synopsis && hideSynopsis) {
    // The header first (within half the room), the synopsis shortened inside its spoiler tags, so the tags always close.
    const top = header ? `${truncate(header, Math.floor(budget / 2))}\n\n` : '';
    const hidden = spoilerTagged(escapeMarkdown(synopsis), budget - top.length);
    const text = `${top}${hidden}`.trim();
    return text === '' ? undefined : text;
  }
  const text = synopsis ? (header ? `${header}\n\n${escapeMarkdown(synopsis)}` : escapeMarkdown(synopsis)) : header;
  return text ? truncate(text, budget) : undefined;
}

function scoreText(t: Translator, w: Work): string | undefined {
  if (!positive(w.mean)) return undefined;
  const score = formatNumber(t, w.mean);
  return positive(w.num_scoring_users) ? t.t('works.details.scoreUsers', { score, users: w.num_scoring_users }) : `★ ${score}`;
}

/** Whole lines up to `max` of them and the field budget, then `…and N more`. */
function linesWithin(t: Translator, lines: string[], max: number): string | undefined {
  if (lines.length === 0) return undefined;
  const shown: string[] = [];
  let used = 0;
  for (const line of lines) {
    if (shown.length >= max || used + line.length + 1 > LIST_FIELD_BUDGET - 20) break;
    shown.push(line);
    used += line.length + 1;
  }
  if (shown.length < lines.length) shown.push(t.t('works.list.more', { count: lines.length - shown.length }));
  return shown.join('\n');
}

function shortTitle(ref: { id: number; title?: string } | undefined): string {
  return escapeMarkdown(clipPlain(workTitle(ref ?? { id: 0 }), 100));
}

function relatedLines(t: Translator, items: RelatedWork[] | undefined): string | undefined {
  const lines = (items ?? [])
    .filter((r) => r.node)
    .map((r) => {
      // Known relations are named by the catalogue (the service's formatted name is English); others as the service gives them.
      const key = r.relation_type ? `works.relation.${r.relation_type.trim().toLowerCase()}` : undefined;
      const relation =
        key !== undefined && Object.hasOwn(EN, key)
          ? t.t(key as MessageKey)
          : r.relation_type_formatted?.trim() || (r.relation_type ? humanize(r.relation_type) : t.t('works.details.related'));
      return `${escapeMarkdown(clipPlain(relation, 40))}: ${shortTitle(r.node)}`;
    });
  return linesWithin(t, lines, MAX_RELATED);
}

function recommendationLines(t: Translator, items: Recommendation[] | undefined): string | undefined {
  const lines = (items ?? [])
    .filter((r) => r.node)
    .slice(0, MAX_RECOMMENDATIONS)
    .map((r) => {
      const votes = positive(r.num_recommendations) ? ` (${formatNumber(t, r.num_recommendations)})` : '';
      return `${shortTitle(r.node)}${votes}`;
    });
  return linesWithin(t, lines, MAX_RECOMMENDATIONS);
}

const STATUS_ORDER = ['watching', 'completed', 'on_hold', 'dropped', 'plan_to_watch'];

function statisticsText(t: Translator, stats: AnimeStatistics | undefined): string | undefined {
  if (!stats) return undefined;
  const entries = Object.entries(stats.status ?? {})
    .map(([key, raw]) => [key, parseCount(raw)] as const)
    .filter((e): e is readonly [string, number] => e[1] !== undefined)
    .sort((a, b) => {
      const ia = STATUS_ORDER.indexOf(a[0]);
      const ib = STATUS_ORDER.indexOf(b[0]);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
    });
  const lines = entries.map(([key, n]) => `${escapeMarkdown(term(t, 'listStatus', key))}: ${formatNumber(t, n)}`);
  const total = parseCount(stats.num_list_users);
  if (total !== undefined) lines.push(t.t('works.details.total', { count: formatNumber(t, total) }));
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** Title, picture and footer, fields, then the description in whatever room the rest leaves. */
function assemble(t: Translator, w: Work, kind: WorkKind, fields: Array<APIEmbedField | undefined>, hideSynopsis: boolean): APIEmbed {
  const embed: APIEmbed = {
    title: truncate(escapeMarkdown(workTitle(w)), 256),
    color: COLORS.brand,
    footer: { text: t.t(KIND_WORDS[kind].footer, { id: String(w.id) }) },
    fields: fields.filter((f): f is APIEmbedField => f !== undefined).slice(0, 25),
  };
  const used = embedTextLength([embed]);
  const description = describe(t, w, Math.min(DESCRIPTION_BUDGET, DISCORD_LIMITS.embedTotal - TOTAL_MARGIN - used), hideSynopsis);
  if (description) embed.description = description;
  const picture = pictureUrl(w.main_picture);
  if (picture) embed.thumbnail = { url: picture };
  return embed;
}

function rankFields(t: Translator, w: Work): Array<APIEmbedField | undefined> {
  const field = fieldOf(t);
  return [
    field('works.details.field.score', scoreText(t, w)),
    field('works.details.field.ranked', positive(w.rank) ? `#${formatNumber(t, w.rank)}` : undefined),
    field('works.details.field.popularity', positive(w.popularity) ? `#${formatNumber(t, w.popularity)}` : undefined),
    field('works.details.field.members', positive(w.num_list_users) ? formatNumber(t, w.num_list_users) : undefined),
    field('works.details.field.type', w.media_type ? escapeMarkdown(term(t, 'mediaType', w.media_type)) : undefined),
    field('works.details.field.status', w.status ? escapeMarkdown(term(t, 'workStatus', w.status)) : undefined),
  ];
}

function tailFields(t: Translator, w: Work): Array<APIEmbedField | undefined> {
  const field = fieldOf(t);
  return [
    field('works.details.field.genres', joinNames((w.genres ?? []).map((g) => g.name)), false),
    field('works.details.field.relatedAnime', relatedLines(t, w.related_anime), false),
    field('works.details.field.relatedManga', relatedLines(t, w.related_manga), false),
    field('works.details.field.recommendations', recommendationLines(t, w.recommendations), false),
    field('works.details.field.nsfw', w.nsfw && w.nsfw !== 'white' ? escapeMarkdown(term(t, 'nsfw', w.nsfw)) : undefined),
  ];
}

function authorName(a: NonNullable<Manga['authors']>[number]): string | undefined {
  const name = [a.node?.first_name, a.node?.last_name]
    .map((n) => n?.trim())
    .filter((n) => n)
    .join(' ');
  if (!name) return undefined;
  return a.role?.trim() ? `${name} (${a.role.trim()})` : name;
}

/** When an anime airs each week (Japan time): `Saturday at 23:00`, the day alone, or the time alone. */
export function broadcastText(t: Translator, a: Anime): string | undefined {
  return a.broadcast?.day_of_the_week
    ? a.broadcast.start_time
      ? t.t('works.details.broadcastAt', { day: term(t, 'weekday', a.broadcast.day_of_the_week), time: a.broadcast.start_time })
      : term(t, 'weekday', a.broadcast.day_of_the_week)
    : a.broadcast?.start_time;
}

type OwnField = (t: Translator, w: Work) => APIEmbedField | undefined;

/** The fields only some kinds have (the kind's `ownFields` say which, and in what order), each shown when present. */
const OWN_FIELDS: Partial<Record<AnimeField | MangaField, OwnField>> = {
  start_season: (t, w) => fieldOf(t)('works.details.field.season', escapeOptional(formatSeason(t, (w as Anime).start_season))),
  broadcast: (t, w) => {
    const broadcast = broadcastText(t, w as Anime);
    return fieldOf(t)('works.details.field.broadcast', broadcast ? escapeMarkdown(broadcast) : undefined);
  },
  source: (t, w) => {
    const source = (w as Anime).source;
    return fieldOf(t)('works.details.field.source', source ? escapeMarkdown(term(t, 'source', source)) : undefined);
  },
  average_episode_duration: (t, w) => {
    const seconds = (w as Anime).average_episode_duration;
    return fieldOf(t)('works.details.field.duration', positive(seconds) ? formatEpisodeDuration(t, seconds) : undefined);
  },
  rating: (t, w) => {
    const rating = (w as Anime).rating;
    return fieldOf(t)('works.details.field.rating', rating ? escapeMarkdown(term(t, 'rating', rating)) : undefined);
  },
  studios: (t, w) => fieldOf(t)('works.details.field.studios', joinNames(((w as Anime).studios ?? []).map((s) => s.name)), false),
  authors: (t, w) => fieldOf(t)('works.details.field.authors', joinNames(((w as Manga).authors ?? []).map(authorName)), false),
  serialization: (t, w) => fieldOf(t)('works.details.field.serialization', joinNames(((w as Manga).serialization ?? []).map((s) => s.node?.name)), false),
};

/** The fields only some kinds have that close the embed, before the viewer's entry. */
const OWN_CLOSING_FIELDS: Partial<Record<AnimeField | MangaField, OwnField>> = {
  statistics: (t, w) => fieldOf(t)('works.details.field.statistics', statisticsText(t, (w as Anime).statistics)),
};

/** How a details embed is shown: `hideSynopsis` puts the synopsis behind spoiler tags (decided by spoilers.ts). */
export interface DetailsEmbedOptions {
  hideSynopsis?: boolean;
}

/**
 * Details of one work: every present field, unknown enum values humanized — the kind's totals, its run
 * (aired or published), the fields only it has, and the viewer's entry.
 */
export function detailsEmbed<K extends WorkKind>(t: Translator, kind: K, w: WorkOf<K>, o: DetailsEmbedOptions = {}): APIEmbed {
  const field = fieldOf(t);
  const spec = KINDS[kind];
  const ongoing = w.status === spec.ongoing;
  return assemble(t, w, kind, [
    ...rankFields(t, w),
    ...spec.progress.map((unit) => {
      const total = numberAt(w, unit.total);
      return field(unitWords(unit.unit).detailsField, total !== undefined ? formatCount(t, total) : undefined);
    }),
    field(KIND_WORDS[kind].run, escapeOptional(formatDateRange(t, w.start_date, w.end_date, ongoing))),
    ...spec.ownFields.map((name) => OWN_FIELDS[name]?.(t, w)),
    ...tailFields(t, w),
    ...spec.ownFields.map((name) => OWN_CLOSING_FIELDS[name]?.(t, w)),
    field('works.details.field.yourList', w.my_list_status ? listStatusLine(t, kind, w.my_list_status as EntryOf<K>, w) : undefined, false),
  ], o.hideSynopsis ?? false);
}
