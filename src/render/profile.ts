// The viewer's service profile.
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { User, UserAnimeStatistics } from '../service/user-types.js';
import { discordTimestamp, escapeMarkdown, formatNumber, formatPartialDate, humanize, truncate } from './text.js';
import { COLORS } from './theme.js';
import { safeHttpUrl } from './url.js';
import { ENGLISH } from '../i18n/index.js';

function num(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n);
}

function push(fields: APIEmbedField[], name: string, value: string | undefined, inline = true): void {
  if (value !== undefined && value.trim() !== '') fields.push({ name, value: truncate(value, 1024), inline });
}

function statisticsFields(s: UserAnimeStatistics): APIEmbedField[] {
  const fields: APIEmbedField[] = [];
  const statuses: Array<[string, number | undefined]> = [
    ['Watching', s.num_items_watching],
    ['Completed', s.num_items_completed],
    ['On Hold', s.num_items_on_hold],
    ['Dropped', s.num_items_dropped],
    ['Plan to Watch', s.num_items_plan_to_watch],
    ['Total', s.num_items],
  ];
  push(
    fields,
    'Anime list',
    statuses
      .filter((e): e is [string, number] => num(e[1]))
      .map(([label, n]) => `${label}: **${formatNumber(ENGLISH, n)}**`)
      .join('\n'),
  );
  const days: Array<[string, number | undefined]> = [
    ['Days watched', s.num_days_watched ?? s.num_days],
    ['Watching', s.num_days_watching],
    ['Completed', s.num_days_completed],
    ['On Hold', s.num_days_on_hold],
    ['Dropped', s.num_days_dropped],
  ];
  push(
    fields,
    'Days',
    days
      .filter((e): e is [string, number] => num(e[1]))
      .map(([label, n]) => `${label}: **${formatNumber(ENGLISH, n)}**`)
      .join('\n'),
  );
  const other: string[] = [];
  if (num(s.mean_score)) other.push(`Mean score: **${formatNumber(ENGLISH, s.mean_score)}**`);
  if (num(s.num_episodes)) other.push(`Episodes: **${formatNumber(ENGLISH, s.num_episodes)}**`);
  if (num(s.num_times_rewatched)) other.push(`Rewatched: **${formatNumber(ENGLISH, s.num_times_rewatched)}**`);
  push(fields, 'Overall', other.join('\n'));
  return fields;
}

/** A user's profile: picture, join date, details and anime statistics, whichever are present. */
export function profileEmbed(u: User): APIEmbed {
  const embed: APIEmbed = { title: truncate(escapeMarkdown(u.name?.trim() || 'Profile'), 256), color: COLORS.brand };
  const picture = safeHttpUrl(u.picture);
  if (picture) embed.thumbnail = { url: picture };
  const fields: APIEmbedField[] = [];
  const joined = discordTimestamp(u.joined_at, 'D');
  push(fields, 'Joined', joined ? `${joined} (${discordTimestamp(u.joined_at, 'R') ?? ''})` : undefined);
  push(fields, 'Location', u.location ? escapeMarkdown(u.location) : undefined);
  push(fields, 'Gender', u.gender ? escapeMarkdown(humanize(u.gender)) : undefined);
  push(fields, 'Birthday', u.birthday ? escapeMarkdown(formatPartialDate(ENGLISH, u.birthday)) : undefined);
  push(fields, 'Time zone', u.time_zone ? escapeMarkdown(u.time_zone) : undefined);
  if (u.is_supporter) push(fields, 'Supporter', 'Yes');
  if (u.anime_statistics) fields.push(...statisticsFields(u.anime_statistics));
  if (fields.length > 0) embed.fields = fields;
  if (u.id !== undefined) embed.footer = { text: `User ID ${u.id}` };
  return embed;
}
