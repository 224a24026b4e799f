// Errors the bot raises for the user, and the mapping of every error to what the user is told.

import {
  AbortedError,
  CoolingOffError,
  InvalidOptionError,
  type InvalidOptionRule,
  LineBusyError,
  ServiceBusyError,
  PagingOriginError,
  ReauthRequiredError,
  ServiceHttpError,
  ThrottledError,
  UpstreamUnavailableError,
} from '../service/errors.js';
import { ClientCredentialsRejectedError } from '../service/token-source.js';
import { BodyTooLargeError, UpstreamTimeoutError } from '../service/http-exchange.js';
import { MalformedCustomIdError } from './custom-id.js';
import { RateLimitedError } from '../store/request-line/user-limits.js';
import { ReminderError } from '../reminders/types.js';
import { ChannelAccessError } from '../discord-api/channel-access.js';
import { BotNotMemberError } from '../discord-api/membership.js';
import { escapeMarkdown } from '../render/text.js';
import { errorMessage } from '../render/messages.js';
import type { RenderedMessage } from '../render/limits.js';
import { ENGLISH, type MessageKey, type MessageValues, type Translator } from '../i18n/index.js';

/** A catalogue key `k` with both `k.title` and `k.text`: one error the user can be told. */
export type ErrorKey = {
  [K in MessageKey]: K extends `${infer P}.title` ? (`${P}.text` extends MessageKey ? P : never) : never;
}[MessageKey];

/** An error written for the user: a catalogue entry (`<key>.title`, `<key>.text`) and its values. */
export class UserFacingError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly values: MessageValues = {},
  ) {
    // English for logs; the user is told in their language (`told`).
    super(ENGLISH.t(`${key}.text`, values));
    this.name = 'UserFacingError';
  }

  /** The title in English (logs). */
  get title(): string {
    return ENGLISH.t(`${this.key}.title`, this.values);
  }

  /** What the user reads, in their language. */
  told(t: Translator): { title: string; text: string } {
    return { title: t.t(`${this.key}.title`, this.values), text: t.t(`${this.key}.text`, this.values) };
  }
}

export class NotLoggedInError extends UserFacingError {
  constructor() {
    super('error.notLoggedIn');
    this.name = 'NotLoggedInError';
  }
}

/** The interaction's time budget ran out before its service calls finished. */
export class BudgetExceededError extends UserFacingError {
  constructor(readonly budgetMs: number) {
    super('error.slow');
    this.name = 'BudgetExceededError';
  }
}

/** A service validation error renamed after the slash command option the user typed (`q` → `query`). */
export function renameOption(error: unknown, names: Readonly<Record<string, string>>): unknown {
  if (!(error instanceof InvalidOptionError)) return error;
  const name = names[error.option];
  if (name === undefined) return error;
  const message = error.message.startsWith(`${error.option} `) ? `${name}${error.message.slice(error.option.length)}` : error.message;
  return new InvalidOptionError(name, message, error.rule);
}

export interface UserMessage {
  title: string;
  text: string;
  /** Whether the failure is ours (logged as an error) rather than the user's or the service's. */
  unexpected: boolean;
}

/** The rule a value broke, in the reader's language: "must be at least 3 characters long". */
function ruleText(t: Translator, rule: InvalidOptionRule): string {
  switch (rule.kind) {
    case 'intAtLeast':
      return t.t('error.rule.intAtLeast', { min: rule.min });
    case 'intAtMost':
      return t.t('error.rule.intAtMost', { max: rule.max });
    case 'intBetween':
      return t.t('error.rule.intBetween', { min: rule.min, max: rule.max });
    case 'oneOf':
      return t.t('error.rule.oneOf', { allowed: t.list(rule.allowed, 'disjunction') });
    case 'minLength':
      return t.t('error.rule.minLength', { min: rule.min });
    case 'maxLength':
      return t.t('error.rule.maxLength', { max: rule.max });
    default:
      return t.t(`error.rule.${rule.kind}`);
  }
}

/**
 * What the user is told about any error, in their language (`t`); an option it names is named as the
 * user's command picker shows it (`optionName`).
 */
export function describeError(error: unknown, t: Translator, optionName: (option: string) => string = (option) => option): UserMessage {
  const told = (key: ErrorKey, values?: MessageValues, unexpected = false): UserMessage => ({
    title: t.t(`${key}.title`, values),
    text: t.t(`${key}.text`, values),
    unexpected,
  });
  if (error instanceof UserFacingError) return { ...error.told(t), unexpected: false };
  if (error instanceof RateLimitedError) return told('error.slowDown', { seconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) });
  if (error instanceof MalformedCustomIdError) return told('error.outdatedButton');
  // The reminder rules and the bot's channel permissions explain themselves in their messages.
  if (error instanceof ReminderError) return { title: t.t('error.reminder.title'), text: error.told(t), unexpected: false };
  // The app is installed in the server without its bot: the link that adds the bot.
  if (error instanceof BotNotMemberError) return told('error.botNotMember', { invite: error.invite });
  if (error instanceof ChannelAccessError) return { title: t.t('error.channelAccess.title'), text: error.told(t), unexpected: false };
  if (error instanceof InvalidOptionError) return told('error.invalidOption', { option: optionName(error.option), detail: error.rule ? ruleText(t, error.rule) : error.message });
  if (error instanceof ReauthRequiredError) return told('error.reauth');
  if (error instanceof ThrottledError || error instanceof CoolingOffError) return told('error.throttled');
  if (error instanceof AbortedError || error instanceof UpstreamTimeoutError) return told('error.slow');
  // The shared line has no slot in time for this person: told at once, and when it will have room.
  if (error instanceof LineBusyError) return told('error.lineBusy', { seconds: Math.max(1, Math.ceil(error.retryInMs / 1000)) });
  if (error instanceof ServiceBusyError) return told('error.botBusy');
  if (error instanceof BodyTooLargeError) return told('error.bodyTooLarge');
  if (error instanceof ClientCredentialsRejectedError) return told('error.credentialsRejected');
  if (error instanceof UpstreamUnavailableError) return told('error.unavailable');
  if (error instanceof ServiceHttpError) {
    if (error.status === 404) return told('error.notFound');
    if (error.status === 400) {
      return error.serviceMessage ? told('error.rejectedBecause', { reason: escapeMarkdown(error.serviceMessage) }) : told('error.rejected');
    }
    if (error.status === 403) return told('error.forbidden');
    if (error.status === 401) return told('error.unauthorized');
    return told('error.serviceStatus', { status: String(error.status) });
  }
  if (error instanceof PagingOriginError) return told('error.pagingOrigin', undefined, true);
  return told('error.unexpected', undefined, true);
}

/** The ephemeral error embed of a catalogue error entry, in the reader's language. */
export function errorReply(t: Translator, key: ErrorKey, values?: MessageValues): RenderedMessage {
  return errorMessage(t.t(`${key}.title`, values), t.t(`${key}.text`, values));
}
