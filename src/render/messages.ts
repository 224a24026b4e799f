// User-facing error replies: one consistent look, always ephemeral.
import { escapeMarkdown, truncate } from './text.js';
import type { Open } from '../service/common-types.js';
import { COLORS } from './theme.js';
import type { RenderedMessage } from './limits.js';
import type { APIEmbed } from 'discord.js';

export type ErrorKind =
  | 'invalid_input'
  | 'not_found'
  | 'forbidden'
  | 'throttled'
  | 'unavailable'
  | 'login_required'
  | 'reauth'
  | 'service_error'
  | 'expired'
  | 'internal';

const TITLES: Readonly<Record<ErrorKind, string>> = {
  invalid_input: 'Invalid input',
  not_found: 'Not found',
  forbidden: 'Not allowed',
  throttled: 'Too many requests',
  unavailable: 'Service unavailable',
  login_required: 'Login required',
  reauth: 'Please log in again',
  service_error: 'The service returned an error',
  expired: 'This has expired',
  internal: 'Something went wrong',
};

const DEFAULT_DETAIL: Readonly<Record<ErrorKind, string>> = {
  invalid_input: 'Please check the values you entered.',
  not_found: 'Nothing was found for that.',
  forbidden: 'The service refused this request.',
  throttled: 'The service is rate limiting requests. Please try again in a minute.',
  unavailable: 'The service could not be reached. Please try again later.',
  login_required: 'Use /login to link your account first.',
  reauth: 'Your login is no longer valid. Use /login to link your account again.',
  service_error: 'Please try again later.',
  expired: 'Run the command again.',
  internal: 'An unexpected error occurred. It has been logged.',
};

function isKind(value: string): value is ErrorKind {
  return Object.hasOwn(TITLES, value);
}

/**
 * An ephemeral red embed titled `⚠️ <title>`. `kindOrTitle` is an ErrorKind (standard title, and a
 * default sentence when `detail` is blank) or any other text used as the title (plain, escaped).
 * `detail` is MARKDOWN written by the bot: escape service-provided text with escapeMarkdown first.
 */
export function errorMessage(kindOrTitle: Open<ErrorKind>, detail?: string): RenderedMessage {
  const kind = isKind(kindOrTitle) ? kindOrTitle : undefined;
  const title = kind ? TITLES[kind] : escapeMarkdown(kindOrTitle.trim() || TITLES.internal);
  const text = detail?.trim() || (kind ? DEFAULT_DETAIL[kind] : undefined);
  const embed: APIEmbed = { title: truncate(`⚠️ ${title}`, 256), color: COLORS.error };
  if (text) embed.description = truncate(text, 2000);
  return { embeds: [embed], ephemeral: true };
}
