// Polls in guild channels as Discord's API describes them (openapi: PollCreateRequest, PollResponse,
// get_answer_voters, poll_expire): the checks of a poll in a message create, the `poll` object of the
// message with its results (live counts, `is_finalized` once counted), votes cast by members (the
// test helper `vote`), the early end by its author, the end by expiry when time passes (`settle`), and
// the gateway events: MESSAGE_POLL_VOTE_ADD / REMOVE (intent GUILD_MESSAGE_POLLS) and the MESSAGE_UPDATE
// of a finalized poll (intent GUILD_MESSAGES). As on Discord, a poll that ended (its expiry passed, or
// its author expired it) takes no more votes at once but is finalized — `is_finalized`, the
// MESSAGE_UPDATE — only some time later (`finalizeDelayMs`, a few seconds by default): an expire answers
// with the poll not yet finalized.

import { DiscordHttpError, FormErrors, isRecord, type ErrorPath } from '../errors.js';
import { has, Permission } from '../permissions.js';
import type { RecordedMessage } from '../types.js';
import { checkArray, checkInteger, checkString } from '../validate-common.js';
import { checkPathId, guildErrors } from './errors.js';
import type { Guild } from './model.js';
import type { GuildRegistry } from './registry.js';

const HOUR = 3_600_000;
/** How long after a poll's end Discord reports it finalized, by default (Discord takes a few seconds). */
export const POLL_FINALIZE_DELAY_MS = 5_000;
/** Gateway intents (API v10). */
export const Intent = { GUILD_MESSAGES: 1 << 9, GUILD_MESSAGE_POLLS: 1 << 24 } as const;

export const pollErrors = {
  unknownMessage: () => new DiscordHttpError(404, { message: 'Unknown Message', code: 10008 }),
  expired: () => new DiscordHttpError(400, { message: 'Poll expired', code: 520001 }),
  invalidChannel: () => new DiscordHttpError(400, { message: 'Invalid channel type for poll creation', code: 520002 }),
  notPoll: () => new DiscordHttpError(400, { message: 'Cannot expire a non-poll message', code: 520006 }),
  otherAuthor: () => new DiscordHttpError(403, { message: 'Cannot edit a message authored by another user', code: 50005 }),
};

/** Emits a gateway dispatch to the shard of `guildId`, to sessions that identified with `intent`. */
export type PollEvents = (t: string, d: unknown, guildId: string, intent: number) => void;

function checkMedia(errs: FormErrors, path: ErrorPath, media: unknown, maxText: number): void {
  if (!isRecord(media)) {
    errs.add(path, media === undefined || media === null ? 'BASE_TYPE_REQUIRED' : 'DICT_TYPE_CONVERT', media === undefined || media === null ? 'This field is required' : 'Only dictionaries may be used in a DictType');
    return;
  }
  checkString(errs, [...path, 'text'], media.text, { min: 1, max: maxText, required: true });
  if (media.emoji !== undefined && media.emoji !== null) {
    if (!isRecord(media.emoji)) errs.add([...path, 'emoji'], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    else checkString(errs, [...path, 'emoji', 'name'], media.emoji.name, { max: 32 });
  }
}

/** PollCreateRequest: question.text 1–300, 1–10 answers each with poll_media.text 1–55, duration 1–768 hours, layout 1. */
export function validatePoll(errs: FormErrors, path: ErrorPath, poll: unknown): void {
  if (poll === undefined || poll === null) return;
  if (!isRecord(poll)) {
    errs.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  checkMedia(errs, [...path, 'question'], poll.question, 300);
  const answers = checkArray(errs, [...path, 'answers'], poll.answers, { min: 1, max: 10, required: true });
  answers?.forEach((a, i) => {
    if (!isRecord(a)) errs.add([...path, 'answers', i], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    else checkMedia(errs, [...path, 'answers', i, 'poll_media'], a.poll_media, 55);
  });
  checkInteger(errs, [...path, 'duration'], poll.duration, { min: 1, max: 768 });
  if (poll.allow_multiselect !== undefined && poll.allow_multiselect !== null && typeof poll.allow_multiselect !== 'boolean') {
    errs.add([...path, 'allow_multiselect'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  }
  if (poll.layout_type !== undefined && poll.layout_type !== null && poll.layout_type !== 1) {
    errs.add([...path, 'layout_type'], 'ENUM_TYPE_COERCE', `Value "${String(poll.layout_type)}" is not a valid enum value.`);
  }
}

interface PollState {
  guildId: string;
  channelId: string;
  message: RecordedMessage;
  expiry: number;
  multiselect: boolean;
  answerIds: number[];
  /** answer id → voters, in voting order. */
  votes: Map<number, string[]>;
  finalized: boolean;
  /** A wake-up is pending to finalize it. */
  waking?: boolean;
}

interface PollObject {
  question: { text: string };
  answers: Array<{ answer_id: number; poll_media: Record<string, unknown> }>;
  expiry: string;
  allow_multiselect: boolean;
  layout_type: number;
  results: { answer_counts: Array<{ id: number; count: number; me_voted: boolean }>; is_finalized: boolean };
}

export class FakePolls {
  private readonly polls = new Map<string, PollState>();
  private emit: PollEvents = () => undefined;
  /** Wake-ups (real time) that finalize a poll ended by an expire when its delay has passed on the fake's clock. */
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly registry: GuildRegistry,
    /** How long after a poll's end it is finalized. */
    private finalizeDelayMs = POLL_FINALIZE_DELAY_MS,
  ) {}

  /** Changes how long after their end polls are finalized (those already ended included). */
  setFinalizeDelay(ms: number): void {
    this.finalizeDelayMs = Math.max(0, ms);
  }

  /** Cancels the pending wake-ups (the server closes). */
  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  setEvents(emit: PollEvents): void {
    this.emit = emit;
  }

  /** Before a message with a poll is stored: SEND_POLLS in the channel (Missing Permissions otherwise). */
  checkCreate(perms: bigint, channelType: number): void {
    if (channelType !== 0 && channelType !== 5 && channelType !== 2 && channelType !== 13) throw pollErrors.invalidChannel();
    if (!has(perms, Permission.SEND_POLLS)) throw guildErrors.missingPermissions();
  }

  /** Gives a just-created message its `poll` object (the body was validated). */
  attach(message: RecordedMessage, guildId: string, body: Record<string, unknown>): void {
    const poll = body.poll as Record<string, unknown>;
    const question = poll.question as Record<string, unknown>;
    const answers = (poll.answers as Array<Record<string, unknown>>).map((a, i) => ({ answer_id: i + 1, poll_media: structuredClone(a.poll_media as Record<string, unknown>) }));
    const hours = typeof poll.duration === 'number' ? poll.duration : 24;
    const expiry = this.registry.now() + hours * HOUR;
    const object: PollObject = {
      question: { text: String(question.text) },
      answers,
      expiry: new Date(expiry).toISOString(),
      allow_multiselect: poll.allow_multiselect === true,
      layout_type: 1,
      results: { answer_counts: [], is_finalized: false },
    };
    (message as unknown as Record<string, unknown>).poll = object;
    this.polls.set(message.id, {
      guildId,
      channelId: String(message.channel_id),
      message,
      expiry,
      multiselect: object.allow_multiselect,
      answerIds: answers.map((a) => a.answer_id),
      votes: new Map(),
      finalized: false,
    });
  }

  /** GET /channels/:channel/messages/:message: the bot needs VIEW_CHANNEL and READ_MESSAGE_HISTORY. */
  readMessage(channelId: string, messageId: string): RecordedMessage {
    checkPathId('message_id', messageId);
    const channel = this.registry.channels.get(channelId);
    if (!channel) throw new DiscordHttpError(404, { message: 'Unknown Channel', code: 10003 });
    const perms = this.registry.botPermissions(this.registry.requireGuild(channel.guildId), channel);
    if (!has(perms, Permission.VIEW_CHANNEL)) throw guildErrors.missingAccess();
    if (!has(perms, Permission.READ_MESSAGE_HISTORY)) throw guildErrors.missingAccess();
    this.settle();
    const message = (this.registry.sent.get(channelId) ?? []).find((m) => m.id === messageId);
    if (!message) throw pollErrors.unknownMessage();
    return structuredClone(message);
  }

  /** POST /channels/:channel/polls/:message/expire: only the poll's author (the bot, for its own messages). */
  expire(channelId: string, messageId: string): RecordedMessage {
    const message = this.readMessage(channelId, messageId);
    const state = this.polls.get(messageId);
    if (!state) {
      if (isRecord(message.author) && message.author.id !== this.registry.botId) throw pollErrors.otherAuthor();
      throw pollErrors.notPoll();
    }
    const now = this.registry.now();
    if (state.expiry <= now) throw pollErrors.expired();
    state.expiry = now;
    this.writeResults(state);
    this.settle();
    return structuredClone(state.message);
  }

  /** GET /channels/:channel/polls/:message/answers/:answer: the voters of an answer, by user id, `after` and `limit` (1–100, default 25). */
  voters(channelId: string, messageId: string, answer: string, query: Record<string, string>): { users: unknown[] } {
    this.readMessage(channelId, messageId);
    const state = this.polls.get(messageId);
    if (!state) throw pollErrors.unknownMessage();
    const errs = new FormErrors();
    const answerId = /^\d+$/.test(answer) ? Number(answer) : NaN;
    if (!Number.isInteger(answerId) || answerId < 1 || answerId > 10) errs.add(['answer_id'], 'NUMBER_TYPE_COERCE', `Value "${answer}" is not int.`);
    const limit = query.limit === undefined ? 25 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) errs.add(['limit'], 'NUMBER_TYPE_MAX', 'Int value should be between 1 and 100.');
    if (query.after !== undefined && !/^\d{1,20}$/.test(query.after)) errs.add(['after'], 'NUMBER_TYPE_COERCE', `Value "${query.after}" is not snowflake.`);
    errs.throwIfAny();
    if (!state.answerIds.includes(answerId)) throw pollErrors.unknownMessage();
    const after = query.after === undefined ? -1n : BigInt(query.after);
    const ids = [...(state.votes.get(answerId) ?? [])].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)).filter((id) => BigInt(id) > after);
    return { users: ids.slice(0, limit).map((id) => this.registry.userObject(id)) };
  }

  /**
   * A member votes (test helper, as a Discord client would): their choice replaces what they chose before
   * (an empty list takes their vote back). Events for each answer added or removed.
   */
  vote(messageId: string, userId: string, answerIds: readonly number[]): void {
    this.settle();
    const state = this.polls.get(messageId);
    if (!state) throw new Error(`fake discord: message ${messageId} has no poll`);
    if (state.expiry <= this.registry.now()) throw new Error(`fake discord: the poll of message ${messageId} has ended`);
    const guild = this.registry.requireGuild(state.guildId);
    this.requireVoter(guild, userId, state);
    if (!state.multiselect && answerIds.length > 1) throw new Error('fake discord: this poll allows one answer');
    for (const id of answerIds) if (!state.answerIds.includes(id)) throw new Error(`fake discord: the poll has no answer ${id}`);
    const before = state.answerIds.filter((id) => state.votes.get(id)?.includes(userId));
    const event = (answerId: number) => ({ user_id: userId, channel_id: state.channelId, message_id: messageId, guild_id: state.guildId, answer_id: answerId });
    for (const id of before.filter((a) => !answerIds.includes(a))) {
      state.votes.set(id, (state.votes.get(id) ?? []).filter((u) => u !== userId));
      this.emit('MESSAGE_POLL_VOTE_REMOVE', event(id), state.guildId, Intent.GUILD_MESSAGE_POLLS);
    }
    for (const id of answerIds.filter((a) => !before.includes(a))) {
      state.votes.set(id, [...(state.votes.get(id) ?? []), userId]);
      this.emit('MESSAGE_POLL_VOTE_ADD', event(id), state.guildId, Intent.GUILD_MESSAGE_POLLS);
    }
    this.writeResults(state);
  }

  /**
   * Finalizes every poll whose end was `finalizeDelayMs` ago or more on the fake's clock (checked whenever
   * time is read); one that ended more recently gets a wake-up for then, so a session hears its
   * MESSAGE_UPDATE without anyone reading.
   */
  settle(): void {
    const now = this.registry.now();
    for (const state of this.polls.values()) {
      if (state.finalized || state.expiry > now) continue;
      const due = state.expiry + this.finalizeDelayMs;
      if (due <= now) this.finalize(state);
      else this.wake(state, due - now);
    }
  }

  private wake(state: PollState, ms: number): void {
    if (state.waking) return;
    state.waking = true;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      state.waking = false;
      this.settle();
    }, ms + 10);
    timer.unref();
    this.timers.add(timer);
  }

  /** The polls of a channel with their counts, for tests and the sandbox. */
  pollsIn(channelId: string): RecordedMessage[] {
    this.settle();
    return [...this.polls.values()].filter((p) => p.channelId === channelId).map((p) => structuredClone(p.message));
  }

  private requireVoter(guild: Guild, userId: string, state: PollState): void {
    const roles = this.registry.rolesOfMember(guild, userId);
    if (roles === undefined) throw new Error(`fake discord: user ${userId} is not a member of guild ${guild.id}`);
    const channel = this.registry.requireChannel(state.channelId);
    const perms = this.registry.permissions(guild, userId, roles, channel);
    if (!has(perms, Permission.VIEW_CHANNEL) || !has(perms, Permission.READ_MESSAGE_HISTORY)) throw new Error(`fake discord: user ${userId} cannot see the poll`);
  }

  private writeResults(state: PollState): void {
    const poll = (state.message as unknown as { poll: PollObject }).poll;
    poll.results = {
      answer_counts: state.answerIds
        .map((id) => ({ id, count: state.votes.get(id)?.length ?? 0, me_voted: false }))
        .filter((c) => c.count > 0 || state.finalized),
      is_finalized: state.finalized,
    };
    poll.expiry = new Date(state.expiry).toISOString();
  }

  private finalize(state: PollState): void {
    state.finalized = true;
    this.writeResults(state);
    const m = state.message as unknown as Record<string, unknown>;
    m.edited_timestamp = new Date(this.registry.now()).toISOString();
    this.emit('MESSAGE_UPDATE', structuredClone(state.message), state.guildId, Intent.GUILD_MESSAGES);
  }
}
