// Native Discord polls over REST: posting a poll in a channel, reading it (its results and whether
// Discord finalized them), ending it early (only its author, the bot, may), and posting a message with a
// nonce Discord enforces. A refusal is turned into a ChannelAccessError that says, in the member's
// language, what is missing (the bot's channel permissions are read then, only when Discord refused),
// or a BotNotMemberError when the bot is not a member of the server at all.

import { DiscordAPIError, PermissionFlagsBits, Routes, type REST } from 'discord.js';
import type { MessageKey } from '../i18n/index.js';
import { botChannelAccess, ChannelAccessError } from './channel-access.js';
import { absentBotRefusal, mayMeanBotAbsent } from './membership.js';

/** Discord's limits for a poll's texts. */
export const POLL_LIMITS = { question: 300, answer: 55, answers: 10 } as const;

const MISSING_ACCESS = 50001;
const MISSING_PERMISSIONS = 50013;
const UNKNOWN_CHANNEL = 10003;
const UNKNOWN_MESSAGE = 10008;
const POLL_EXPIRED = 520001;
const POLL_CHANNEL_TYPE = 520002;

export interface PollDraft {
  question: string;
  answers: readonly string[];
  hours: number;
}

interface RawPoll {
  expiry?: unknown;
  results?: { answer_counts?: Array<{ id?: unknown; count?: unknown }>; is_finalized?: unknown };
}

export interface PollState {
  expiresAt: number;
  finalized: boolean;
  counts: Map<number, number>;
}

function pollState(message: unknown): PollState | undefined {
  const poll = (message as { poll?: RawPoll } | null)?.poll;
  if (typeof poll !== 'object' || poll === null) return undefined;
  const counts = new Map<number, number>();
  for (const c of poll.results?.answer_counts ?? []) {
    if (typeof c.id === 'number' && typeof c.count === 'number' && c.count >= 0) counts.set(c.id, c.count);
  }
  const expiresAt = typeof poll.expiry === 'string' ? Date.parse(poll.expiry) : NaN;
  return { expiresAt: Number.isFinite(expiresAt) ? expiresAt : 0, finalized: poll.results?.is_finalized === true, counts };
}

const codeOf = (error: unknown): number | undefined => (error instanceof DiscordAPIError ? Number(error.code) : undefined);

/** What the bot lacks in the channel for a poll, as the member reads it; a generic refusal when nothing is missing. Throws BotNotMemberError when the bot is not in the server. */
async function pollRefusal(rest: REST, botId: string, guildId: string, channelId: string, error: DiscordAPIError, signal?: AbortSignal): Promise<ChannelAccessError> {
  const code = Number(error.code);
  if (code === POLL_CHANNEL_TYPE) return new ChannelAccessError('polls.refused.channelType');
  if (code === MISSING_PERMISSIONS || mayMeanBotAbsent(error)) {
    const { access } = await botChannelAccess(rest, botId, guildId, channelId, signal);
    const needed: Array<[bigint, MessageKey]> = [
      [PermissionFlagsBits.ViewChannel, 'reminders.permission.viewChannel'],
      [PermissionFlagsBits.SendMessages, 'reminders.permission.sendMessages'],
      [PermissionFlagsBits.SendPolls, 'polls.permission.sendPolls'],
      [PermissionFlagsBits.ReadMessageHistory, 'polls.permission.readHistory'],
    ];
    const missing = needed.filter(([flag]) => (access.permissions & flag) !== flag).map(([, key]) => key);
    if (missing.length > 0) {
      return new ChannelAccessError((t) => t.t('reminders.access.missing', { permissions: t.list(missing.map((k) => t.t(k))), count: missing.length }));
    }
  }
  return new ChannelAccessError((t) => t.t('polls.refused.other', { status: error.status, code }));
}

/** Posts a poll; returns the poll message's id. Throws a ChannelAccessError saying why Discord refused. */
export async function createPoll(rest: REST, o: { botId: string; guildId: string; channelId: string; draft: PollDraft; nonce: string; signal?: AbortSignal }): Promise<{ messageId: string; expiresAt: number }> {
  const { draft } = o;
  try {
    const message = (await rest.post(Routes.channelMessages(o.channelId), {
      ...(o.signal ? { signal: o.signal } : {}),
      body: {
        nonce: o.nonce,
        enforce_nonce: true,
        poll: {
          question: { text: draft.question },
          answers: draft.answers.map((text) => ({ poll_media: { text } })),
          duration: draft.hours,
          allow_multiselect: false,
          layout_type: 1,
        },
        allowed_mentions: { parse: [] },
      },
    })) as { id: string };
    return { messageId: message.id, expiresAt: pollState(message)?.expiresAt ?? 0 };
  } catch (error) {
    if (error instanceof DiscordAPIError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      throw await pollRefusal(rest, o.botId, o.guildId, o.channelId, error, o.signal);
    }
    throw error;
  }
}

/** The poll as Discord has it now; undefined when the message is gone or the bot can no longer read it. */
export async function readPoll(rest: REST, channelId: string, messageId: string, signal?: AbortSignal): Promise<PollState | undefined> {
  try {
    return pollState(await rest.get(Routes.channelMessage(channelId, messageId), signal ? { signal } : {}));
  } catch (error) {
    if ([UNKNOWN_MESSAGE, UNKNOWN_CHANNEL, MISSING_ACCESS].includes(codeOf(error) ?? 0)) return undefined;
    throw error;
  }
}

/**
 * Ends a poll of the bot now. `already`: it had ended; `gone`: the message is no more. Refused because
 * the bot is no longer in the server: BotNotMemberError (`botId` read over REST when undefined).
 */
export async function expirePoll(rest: REST, poll: { guildId: string; channelId: string; messageId: string }, signal?: AbortSignal, botId?: string): Promise<'ended' | 'already' | 'gone'> {
  try {
    await rest.post(Routes.expirePoll(poll.channelId, poll.messageId), signal ? { signal } : {});
    return 'ended';
  } catch (error) {
    const code = codeOf(error);
    if (code === POLL_EXPIRED) return 'already';
    if (code === UNKNOWN_MESSAGE || code === UNKNOWN_CHANNEL) return 'gone';
    if (code === MISSING_ACCESS || code === MISSING_PERMISSIONS) throw (await absentBotRefusal(rest, botId, poll.guildId, error, signal)) ?? new ChannelAccessError('polls.refused.end');
    throw error;
  }
}

/** Posts a message with a nonce Discord enforces (a repeat within its window returns the first message); nobody is pinged. */
export async function postWithNonce(rest: REST, channelId: string, body: Record<string, unknown>, nonce: string, signal?: AbortSignal): Promise<void> {
  await rest.post(Routes.channelMessages(channelId), {
    ...(signal ? { signal } : {}),
    body: { ...body, nonce, enforce_nonce: true, allowed_mentions: { parse: [] } },
  });
}
