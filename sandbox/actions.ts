// Turns what the page sends into the interactions Discord's own client would send, typed by the
// command's registration, and hands them to the fake Discord.

import { autocomplete, buttonClick, selectMenu, slashCommand } from '../fake-discord/index.js';
import type { FakeDiscord, OptionValue, TypedOption } from '../fake-discord/index.js';
import { clientHints, type OptionHints, type RegisteredOption } from './client-checks.js';
import type { NextRecap } from './next-recap.js';
import { JumpRefused, type ClockView, type JumpAnswer, type NextEpisode } from './next-episode.js';
import { memberNamed, SERVER_CHANNELS, SERVER_MEMBERS, SERVER_ROLES, whereOf, type Place, type SandboxUser } from './places.js';
import type { Entry, Timeline } from './timeline.js';

export class ActionError extends Error {}

/** A command Discord's client would not send: the hint it shows next to each option at fault. */
export class ClientRefusal extends ActionError {
  constructor(readonly hints: OptionHints) {
    super(`Discord's client would not send this: ${Object.entries(hints).map(([name, hint]) => `${name}: ${hint}`).join('; ')}`);
  }
}

/** The acting user's Discord language and the server's, as the page's pickers set them. */
export interface Languages {
  locale: string;
  guildLocale: string;
}

const DEFAULT_LANGUAGES: Languages = { locale: 'en-US', guildLocale: 'en-US' };

export interface CommandInput {
  name: string;
  group?: string;
  sub?: string;
  /** Raw text of each filled option, as typed in the message box (channel and role options: an id or a name). */
  options: Record<string, string>;
}

const STRING = 3;
const INTEGER = 4;
const BOOLEAN = 5;
const USER = 6;
const CHANNEL = 7;
const ROLE = 8;
const NUMBER = 10;
const AUTOCOMPLETE_TIMEOUT_MS = 4000;

export class Actions {
  constructor(
    private readonly discord: FakeDiscord,
    private readonly timeline: Timeline,
    /** The sandbox's clock control; without it the clock is the real one and cannot move. */
    private readonly episodes?: NextEpisode,
    private readonly recaps?: NextRecap,
  ) {}

  /** The bot's registered definitions: what the message box suggests. */
  commands(): unknown[] {
    return this.discord.registeredCommands();
  }

  /**
   * A vote in a poll the user sees in this place, as Discord's client casts it (the fake sends the
   * gateway's vote events); choosing the same answer again takes the vote back.
   */
  vote(place: Place, user: SandboxUser, messageId: string, answerId: number): void {
    const message = this.timeline.findMessage(place, user, messageId) as { poll?: { answers?: Array<{ answer_id?: unknown }>; results?: { is_finalized?: unknown } } } | undefined;
    const poll = message?.poll;
    if (!poll) throw new ActionError('There is no poll in that message here.');
    if (poll.results?.is_finalized === true) throw new ActionError('This poll has ended.');
    if (!(poll.answers ?? []).some((a) => a.answer_id === answerId)) throw new ActionError('That poll has no such answer.');
    const mine = this.voted.get(`${messageId}:${user.id}`);
    const choice = mine === answerId ? [] : [answerId];
    try {
      this.discord.guilds.vote(messageId, user.id, choice);
    } catch (error) {
      throw new ActionError(error instanceof Error ? error.message.replace(/^fake discord: /, '') : 'The vote was refused.');
    }
    if (choice.length === 0) this.voted.delete(`${messageId}:${user.id}`);
    else this.voted.set(`${messageId}:${user.id}`, answerId);
  }

  /** Each user's current answer per poll (message id:user id → answer id). */
  private readonly voted = new Map<string, number>();

  /** Throws ClientRefusal, sending nothing, for what Discord's client checks before sending. */
  runCommand(place: Place, user: SandboxUser, input: CommandInput, lang: Languages = DEFAULT_LANGUAGES): Entry {
    const leaf = this.leafOptions(input);
    const hints = clientHints(leaf, input.options);
    if (Object.keys(hints).length > 0) throw new ClientRefusal(hints);
    const options: Record<string, OptionValue> = {};
    for (const [name, raw] of Object.entries(input.options)) {
      if (raw === '') continue;
      options[name] = typed(leaf, name, raw);
    }
    const path = [input.name, input.group, input.sub].filter((p) => p !== undefined).join(' ');
    const shown = Object.entries(input.options)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => `${k}: ${shownValue(options[k], v)}`)
      .join(' ');
    const payload = slashCommand({
      name: input.name,
      ...(input.group !== undefined ? { subcommandGroup: input.group } : {}),
      ...(input.sub !== undefined ? { subcommand: input.sub } : {}),
      options,
      where: whereOf(place, lang.guildLocale),
      user,
      locale: lang.locale,
    });
    return this.timeline.add(place, user, 'command', `/${path}${shown ? ` ${shown}` : ''}`, this.dispatch(payload));
  }

  async autocomplete(place: Place, user: SandboxUser, input: CommandInput & { focused: string }, lang: Languages = DEFAULT_LANGUAGES): Promise<Array<{ name: string; value: string | number }>> {
    const leaf = this.leafOptions(input);
    const options: Record<string, OptionValue> = {};
    for (const [name, raw] of Object.entries(input.options)) {
      if (raw === '' || name === input.focused) continue;
      options[name] = typed(leaf, name, raw);
    }
    const focused = leaf.find((o) => o.name === input.focused);
    if (!focused) throw new ActionError(`/${input.name} has no option "${input.focused}"`);
    const payload = autocomplete({
      name: input.name,
      ...(input.group !== undefined ? { subcommandGroup: input.group } : {}),
      ...(input.sub !== undefined ? { subcommand: input.sub } : {}),
      options,
      focused: input.focused,
      value: input.options[input.focused] ?? '',
      focusedType: focused.type,
      where: whereOf(place, lang.guildLocale),
      user,
      locale: lang.locale,
    });
    try {
      return await this.dispatch(payload).autocompleteChoices(AUTOCOMPLETE_TIMEOUT_MS);
    } catch {
      throw new ActionError('The bot did not answer the autocomplete in time.');
    }
  }

  click(place: Place, user: SandboxUser, messageId: string, customId: string, label: string, lang: Languages = DEFAULT_LANGUAGES): Entry {
    const message = this.timeline.findMessage(place, user, messageId);
    if (!message) throw new ActionError('That message is not in this channel.');
    const where = place.kind === 'dm' ? {} : { where: whereOf(place, lang.guildLocale) };
    const payload = wrap(() => buttonClick({ message, customId, user, locale: lang.locale, ...where }));
    return this.timeline.add(place, user, 'component', label, this.dispatch(payload));
  }

  select(place: Place, user: SandboxUser, messageId: string, customId: string, values: string[], label: string, lang: Languages = DEFAULT_LANGUAGES): Entry {
    const message = this.timeline.findMessage(place, user, messageId);
    if (!message) throw new ActionError('That message is not in this channel.');
    const where = place.kind === 'dm' ? {} : { where: whereOf(place, lang.guildLocale) };
    const payload = wrap(() => selectMenu({ message, customId, values, user, locale: lang.locale, ...where }));
    return this.timeline.add(place, user, 'component', label, this.dispatch(payload));
  }

  /** The sandbox's time as the page shows it. */
  clock(): ClockView {
    return this.episodes?.clockView() ?? { now: Date.now(), offsetMs: 0 };
  }

  /**
   * "Next episode now": the sandbox's clock moves to just after the soonest reminder still to come
   * of what this place follows (the user's own in the DM, the channel's in a server channel), and a
   * reminder pass runs; with nothing followed, the answer says how to set a reminder first.
   */
  async nextEpisode(place: Place, user: SandboxUser): Promise<JumpAnswer> {
    if (!this.episodes) throw new ActionError('This sandbox has no clock to move.');
    try {
      return await this.episodes.press(place, user);
    } catch (error) {
      if (error instanceof JumpRefused) throw new ActionError(error.message);
      throw error;
    }
  }

  /** "Next recap now": the clock moves to just after the server's next weekly recap, and it is posted. */
  async nextRecap(): Promise<JumpAnswer> {
    if (!this.recaps) throw new ActionError('This sandbox has no clock to move.');
    return this.recaps.press();
  }

  private dispatch(payload: ReturnType<typeof slashCommand>): ReturnType<FakeDiscord['interact']> {
    return wrap(() => this.discord.interact(payload));
  }

  /** The options of the addressed (sub)command, from the registration. */
  private leafOptions(input: CommandInput): RegisteredOption[] {
    const command = (this.discord.registeredCommands() as Array<RegisteredOption & { type: number }>).find(
      (c) => c.name === input.name && c.type === 1,
    );
    if (!command) throw new ActionError(`/${input.name} is not a registered command.`);
    let options = command.options ?? [];
    for (const part of [input.group, input.sub]) {
      if (part === undefined) continue;
      const next = options.find((o) => o.name === part && (o.type === 1 || o.type === 2));
      if (!next) throw new ActionError(`/${input.name} has no subcommand "${part}".`);
      options = next.options ?? [];
    }
    return options;
  }
}

/** Typed as Discord's client would type it; text that does not fit is sent as is and refused by the fake. */
function typed(leaf: RegisteredOption[], name: string, raw: string): TypedOption {
  const option = leaf.find((o) => o.name === name);
  if (!option) throw new ActionError(`There is no option "${name}".`);
  const choice = option.choices?.find((c) => c.name === raw || String(c.value) === raw);
  if (choice) return { type: option.type, value: choice.value };
  switch (option.type) {
    case INTEGER:
    case NUMBER: {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n) || (option.type === INTEGER && !Number.isInteger(n))) {
        throw new ActionError(`Option "${name}" needs ${option.type === INTEGER ? 'a whole number' : 'a number'}.`);
      }
      return { type: option.type, value: n };
    }
    case BOOLEAN:
      if (raw !== 'true' && raw !== 'false') throw new ActionError(`Option "${name}" needs True or False.`);
      return { type: BOOLEAN, value: raw === 'true' };
    case CHANNEL: {
      // Discord's client offers the server's channels and sends the picked one's id.
      const wanted = raw.trim().replace(/^<#(\d+)>$/, '$1').replace(/^#/, '').toLowerCase();
      const channel = SERVER_CHANNELS.find((c) => c.id === wanted || c.name === wanted);
      if (!channel) throw new ActionError(`Option "${name}" needs a channel of the server: ${SERVER_CHANNELS.map((c) => `#${c.name}`).join(', ')}.`);
      return { type: CHANNEL, value: channel.id };
    }
    case USER: {
      // Discord's client offers the server's members and sends the picked one's id.
      const member = memberNamed(raw);
      if (!member) throw new ActionError(`Option "${name}" needs a member of the server: ${SERVER_MEMBERS.map((u) => `@${u.username}`).join(', ')}.`);
      return { type: USER, value: member.id };
    }
    case ROLE: {
      const wanted = raw.trim().replace(/^<@&(\d+)>$/, '$1').replace(/^@(?!everyone$)/, '').toLowerCase();
      const role = SERVER_ROLES.find((r) => r.id === wanted || r.name.toLowerCase() === wanted || (r.name === '@everyone' && wanted === 'everyone'));
      if (!role) throw new ActionError(`Option "${name}" needs a role of the server: ${SERVER_ROLES.map((r) => (r.name.startsWith('@') ? r.name : `@${r.name}`)).join(', ')}.`);
      return { type: ROLE, value: role.id };
    }
    default:
      return { type: option.type === STRING ? STRING : option.type, value: raw };
  }
}

/** How the page labels a sent option: channels, roles and users by name, as Discord's client shows them. */
function shownValue(option: OptionValue | undefined, raw: string): string {
  if (typeof option !== 'object') return raw;
  if (option.type === CHANNEL) return `#${SERVER_CHANNELS.find((c) => c.id === option.value)?.name ?? raw}`;
  if (option.type === USER) return `@${SERVER_MEMBERS.find((u) => u.id === option.value)?.username ?? raw}`;
  if (option.type === ROLE) {
    const name = SERVER_ROLES.find((r) => r.id === option.value)?.name ?? raw;
    return name.startsWith('@') ? name : `@${name}`;
  }
  return raw;
}

/** The fake throws where real Discord's client would refuse to send: a clear message for the page. */
function wrap<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ActionError) throw error;
    throw new ActionError(error instanceof Error ? error.message.replace(/^fake discord: /, '') : String(error));
  }
}
