// The viewer's service profile, in the reader's language.
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { User, UserAnimeStatistics } from '../service/user-types.js';
import { EN, type MessageKey, type Translator } from '../i18n/index.js';
import { discordTimestamp, escapeMarkdown, humanize, truncate } from './text.js';
import { term } from './terms.js';
import { COLORS } from './theme.js';
import { safeHttpUrl } from './url.js';
import { localPartialDate } from './entries.js';
import type { RenderedMessage } from './limits.js';

function num(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n);
}

function push(fields: APIEmbedField[], name: string, value: string | undefined, inline = true): void {
  if (value !== undefined && value.trim() !== '') fields.push({ name, value: truncate(value, 1024), inline });
}

/** `Label: **12**` lines for the numbers present. */
function statLines(t: Translator, entries: ReadonlyArray<[string, number | undefined]>): string {
  return entries
    .filter((e): e is [string, number] => num(e[1]))
    .map(([label, n]) => t.t('lists.profile.stat', { label, value: t.number(n, { maximumFractionDigits: 2 }) }))
    .join('\n');
}

function statisticsFields(t: Translator, s: UserAnimeStatistics): APIEmbedField[] {
  const fields: APIEmbedField[] = [];
  const status = (value: string): string => term(t, 'listStatus', value);
  push(
    fields,
    t.t('lists.profile.field.animeList'),
    statLines(t, [
      [status('watching'), s.num_items_watching],
      [status('completed'), s.num_items_completed],
      [status('on_hold'), s.num_items_on_hold],
      [status('dropped'), s.num_items_dropped],
      [status('plan_to_watch'), s.num_items_plan_to_watch],
      [t.t('lists.profile.stat.total'), s.num_items],
    ]),
  );
  push(
    fields,
    t.t('lists.profile.field.days'),
    statLines(t, [
      [t.t('lists.profile.stat.daysWatched'), s.num_days_watched ?? s.num_days],
      [status('watching'), s.num_days_watching],
      [status('completed'), s.num_days_completed],
      [status('on_hold'), s.num_days_on_hold],
      [status('dropped'), s.num_days_dropped],
    ]),
  );
  push(
    fields,
    t.t('lists.profile.field.overall'),
    statLines(t, [
      [t.t('lists.profile.stat.meanScore'), s.mean_score],
      [t.t('lists.profile.stat.episodes'), s.num_episodes],
      [t.t('lists.profile.stat.rewatched'), s.num_times_rewatched],
    ]),
  );
  return fields;
}

/** The service's gender value in the reader's language; a value the catalogue lacks, made readable. */
function genderText(t: Translator, value: string): string {
  const key = `lists.profile.gender.${value.trim().toLowerCase().replace(/[\s-]+/g, '_')}`;
  return Object.hasOwn(EN, key) ? t.t(key as MessageKey) : humanize(value);
}

/** A user's profile: picture, join date, details and anime statistics, whichever are present. */
export function profileEmbed(t: Translator, u: User): APIEmbed {
  const embed: APIEmbed = { title: truncate(escapeMarkdown(u.name?.trim() || t.t('lists.profile.title')), 256), color: COLORS.brand };
  const picture = safeHttpUrl(u.picture);
  if (picture) embed.thumbnail = { url: picture };
  const fields: APIEmbedField[] = [];
  const joined = discordTimestamp(u.joined_at, 'D');
  push(fields, t.t('lists.profile.field.joined'), joined ? `${joined} (${discordTimestamp(u.joined_at, 'R') ?? ''})` : undefined);
  push(fields, t.t('lists.profile.field.location'), u.location ? escapeMarkdown(u.location) : undefined);
  push(fields, t.t('lists.profile.field.gender'), u.gender ? escapeMarkdown(genderText(t, u.gender)) : undefined);
  push(fields, t.t('lists.profile.field.birthday'), u.birthday ? escapeMarkdown(localPartialDate(t, u.birthday)) : undefined);
  push(fields, t.t('lists.profile.field.timeZone'), u.time_zone ? escapeMarkdown(u.time_zone) : undefined);
  if (u.is_supporter) push(fields, t.t('lists.profile.field.supporter'), t.t('lists.yes'));
  if (u.anime_statistics) fields.push(...statisticsFields(t, u.anime_statistics));
  if (fields.length > 0) embed.fields = fields;
  if (u.id !== undefined) embed.footer = { text: t.t('lists.profile.footer', { id: String(u.id) }) };
  return embed;
}

/** /profile's answer: the profile embed. */
export function profileMessage(t: Translator, u: User): RenderedMessage {
  return { embeds: [profileEmbed(t, u)] };
}
