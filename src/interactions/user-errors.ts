// Errors the bot raises for the user, and the mapping of every error to what the user is told.

import {
  AbortedError,
  CoolingOffError,
  InvalidOptionError,
  ServiceBusyError,
  PagingOriginError,
  ReauthRequiredError,
  ServiceHttpError,
  ThrottledError,
  UpstreamUnavailableError,
} from '../service/errors.js';
import { ClientCredentialsRejectedError } from '../service/token-source.js';
import { BodyTooLargeError, UpstreamTimeoutError } from '../service/http.js';
import { MalformedCustomIdError } from './custom-id.js';
import { RateLimitedError } from '../fairness/user-limits.js';
import { ReminderError } from '../reminders/types.js';
import { ChannelAccessError } from '../discord-api/channel-access.js';
import { escapeMarkdown } from '../render/text.js';
import { plural } from '../render/text.js';

/** An error whose message is written for the user. */
export class UserFacingError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }
}

export class NotLoggedInError extends UserFacingError {
  constructor() {
    super('Log in first', 'This needs your service account. Use `/login` to link it, then try again.');
    this.name = 'NotLoggedInError';
  }
}

const SLOW_TITLE = 'The service is slow';
const SLOW_TEXT = 'The service is slow right now — try again in a moment.';

/** The interaction's time budget ran out before its service calls finished. */
export class BudgetExceededError extends UserFacingError {
  constructor(readonly budgetMs: number) {
    super(SLOW_TITLE, SLOW_TEXT);
    this.name = 'BudgetExceededError';
  }
}

/** A service validation error renamed after the slash command option the user typed (`q` → `query`). */
export function renameOption(error: unknown, names: Readonly<Record<string, string>>): unknown {
  if (!(error instanceof InvalidOptionError)) return error;
  const name = names[error.option];
  if (name === undefined) return error;
  const message = error.message.startsWith(`${error.option} `) ? `${name}${error.message.slice(error.option.length)}` : error.message;
  return new InvalidOptionError(name, message);
}

export interface UserMessage {
  title: string;
  text: string;
  /** Whether the failure is ours (logged as an error) rather than the user's or the service's. */
  unexpected: boolean;
}

export function describeError(error: unknown): UserMessage {
  if (error instanceof UserFacingError) return { title: error.title, text: error.message, unexpected: false };
  if (error instanceof RateLimitedError) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    return {
      title: 'Slow down',
      text: `You are sending requests faster than this bot allows for one person. Try again in ${plural(seconds, 'second', 'seconds')}.`,
      unexpected: false,
    };
  }
  if (error instanceof MalformedCustomIdError) return { title: 'Outdated button', text: error.message, unexpected: false };
  // The reminder rules and the bot's channel permissions explain themselves in their messages.
  if (error instanceof ReminderError) return { title: 'Cannot set that reminder', text: error.message, unexpected: false };
  if (error instanceof ChannelAccessError) return { title: 'Cannot post there', text: error.message, unexpected: false };
  if (error instanceof InvalidOptionError) {
    return { title: 'Invalid input', text: `\`${error.option}\`: ${error.message}`, unexpected: false };
  }
  if (error instanceof ReauthRequiredError) {
    return {
      title: 'Log in again',
      text: 'Your link to the service is no longer valid (it expired or was revoked). Use `/login` to link your account again.',
      unexpected: false,
    };
  }
  if (error instanceof ThrottledError || error instanceof CoolingOffError) {
    return { title: 'The service is busy', text: 'The service is rate-limiting us — try again in a moment.', unexpected: false };
  }
  if (error instanceof AbortedError || error instanceof UpstreamTimeoutError) return { title: SLOW_TITLE, text: SLOW_TEXT, unexpected: false };
  if (error instanceof ServiceBusyError) {
    return { title: 'The bot is busy', text: 'Too many requests to the service are waiting right now — try again in a moment.', unexpected: false };
  }
  if (error instanceof BodyTooLargeError) {
    return {
      title: 'The service answered badly',
      text: 'The service sent an answer far larger than any real one, so the bot dropped it. Try again later.',
      unexpected: false,
    };
  }
  if (error instanceof ClientCredentialsRejectedError) {
    return {
      title: 'The bot is misconfigured',
      text: 'The service refused this bot’s credentials, so your login cannot be renewed right now. Your link is kept; tell the bot’s admin.',
      unexpected: false,
    };
  }
  if (error instanceof UpstreamUnavailableError) {
    return {
      title: 'The service is unavailable',
      text: 'The service did not answer properly (it may be down or slow). Try again in a few minutes.',
      unexpected: false,
    };
  }
  if (error instanceof ServiceHttpError) {
    if (error.status === 404) return { title: 'Not found', text: 'The service has nothing under that ID or name.', unexpected: false };
    if (error.status === 400) {
      const detail = error.serviceMessage ? `: ${escapeMarkdown(error.serviceMessage)}` : '.';
      return { title: 'Rejected by the service', text: `The service refused the request${detail}`, unexpected: false };
    }
    if (error.status === 403) {
      return {
        title: 'Not allowed',
        text: 'The service refused access to this (for example, the list is private). Log in with `/login` if it is yours.',
        unexpected: false,
      };
    }
    if (error.status === 401) {
      return { title: 'Not allowed', text: 'The service refused access to this. Try `/login` again if it should work.', unexpected: false };
    }
    return { title: 'Service error', text: `The service answered with an error (${error.status}). Try again later.`, unexpected: false };
  }
  if (error instanceof PagingOriginError) {
    return { title: 'Service error', text: 'The service sent a page link the bot will not follow.', unexpected: true };
  }
  return { title: 'Something went wrong', text: 'The bot hit an unexpected error. It has been logged; try again.', unexpected: true };
}
