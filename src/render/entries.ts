// One list entry as the service returned it (e.g. the PUT/PATCH response).
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { Picture } from '../service/common-types.js';
import type { AnimeListStatus, MangaListStatus } from '../service/list-types.js';
import { discordTimestamp, escapeMarkdown, formatCount, formatNumber, formatPartialDate, humanize, truncate } from './text.js';
import { COLORS } from './theme.js';
import { pictureUrl, priorityLabel, repeatValueLabel } from './work-facts.js';
import { ENGLISH } from '../i18n/index.js';

function num(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n);
}

function push(fields: APIEmbedField[], name: string, value: string | undefined, inline = true): void {
  if (value !== undefined && value.trim() !== '') fields.push({ name, value: truncate(value, 1024), inline });
}

export interface ListEntryWork {
  id?: number;
  title?: string;
  main_picture?: Picture;
  num_episodes?: number;
  num_volumes?: number;
  num_chapters?: number;
}

function entryHead(heading: string, work: ListEntryWork | undefined): APIEmbed {
  const title = work?.title?.trim() || (work?.id !== undefined ? `#${work.id}` : undefined);
  const embed: APIEmbed = {
    title: truncate(escapeMarkdown(title ? `${heading}: ${title}` : heading), 256),
    color: COLORS.success,
  };
  const picture = pictureUrl(work?.main_picture);
  if (picture) embed.thumbnail = { url: picture };
  return embed;
}

function commonEntryFields(
  fields: APIEmbedField[],
  s: {
    start_date?: string;
    finish_date?: string;
    priority?: number;
    tags?: string[];
    comments?: string;
    updated_at?: string;
  },
): void {
  push(fields, 'Started', s.start_date ? escapeMarkdown(formatPartialDate(ENGLISH, s.start_date)) : undefined);
  push(fields, 'Finished', s.finish_date ? escapeMarkdown(formatPartialDate(ENGLISH, s.finish_date)) : undefined);
  push(fields, 'Priority', priorityLabel(ENGLISH, s.priority));
  const tags = (s.tags ?? []).map((t) => t.trim()).filter((t) => t !== '');
  push(fields, 'Tags', tags.length > 0 ? tags.map(escapeMarkdown).join(', ') : undefined, false);
  push(fields, 'Comments', s.comments?.trim() ? truncate(escapeMarkdown(s.comments.trim()), 1000) : undefined, false);
  push(fields, 'Updated', discordTimestamp(s.updated_at));
}

/** One anime list entry as the service returned it (e.g. the PUT/PATCH response). */
export function animeListEntryEmbed(s: AnimeListStatus, work?: ListEntryWork, heading = 'Your list entry'): APIEmbed {
  const embed = entryHead(heading, work);
  const fields: APIEmbedField[] = [];
  push(fields, 'Status', s.status ? escapeMarkdown(humanize(s.status)) : undefined);
  push(fields, 'Score', s.score !== undefined ? (s.score > 0 ? `★ ${s.score}` : 'Not scored') : undefined);
  push(fields, 'Episodes', s.num_episodes_watched !== undefined ? `${formatNumber(ENGLISH, s.num_episodes_watched)}/${formatCount(ENGLISH, work?.num_episodes)}` : undefined);
  if (s.is_rewatching) push(fields, 'Rewatching', 'Yes');
  if (num(s.num_times_rewatched) && s.num_times_rewatched > 0) push(fields, 'Times rewatched', formatNumber(ENGLISH, s.num_times_rewatched));
  push(fields, 'Rewatch value', repeatValueLabel(ENGLISH, s.rewatch_value));
  commonEntryFields(fields, s);
  if (fields.length > 0) embed.fields = fields;
  return embed;
}

/** One manga list entry as the service returned it (e.g. the PUT/PATCH response). */
export function mangaListEntryEmbed(s: MangaListStatus, work?: ListEntryWork, heading = 'Your list entry'): APIEmbed {
  const embed = entryHead(heading, work);
  const fields: APIEmbedField[] = [];
  push(fields, 'Status', s.status ? escapeMarkdown(humanize(s.status)) : undefined);
  push(fields, 'Score', s.score !== undefined ? (s.score > 0 ? `★ ${s.score}` : 'Not scored') : undefined);
  push(fields, 'Volumes', s.num_volumes_read !== undefined ? `${formatNumber(ENGLISH, s.num_volumes_read)}/${formatCount(ENGLISH, work?.num_volumes)}` : undefined);
  push(fields, 'Chapters', s.num_chapters_read !== undefined ? `${formatNumber(ENGLISH, s.num_chapters_read)}/${formatCount(ENGLISH, work?.num_chapters)}` : undefined);
  if (s.is_rereading) push(fields, 'Rereading', 'Yes');
  if (num(s.num_times_reread) && s.num_times_reread > 0) push(fields, 'Times reread', formatNumber(ENGLISH, s.num_times_reread));
  push(fields, 'Reread value', repeatValueLabel(ENGLISH, s.reread_value));
  commonEntryFields(fields, s);
  if (fields.length > 0) embed.fields = fields;
  return embed;
}
