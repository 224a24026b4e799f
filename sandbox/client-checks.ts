// What Discord's own client checks before it sends a slash command: it will not send a command with
// a required option empty, text shorter than min_length or longer than max_length, a number outside
// min_value/max_value, or a value that is not one of the option's choices. It marks the option and
// shows a short hint instead, and nothing reaches the bot. The sandbox does the same; the fake
// Discord's strict refusals (which name the rule, for developers) stay for the tests.

import { memberNamed, SERVER_CHANNELS, SERVER_ROLES } from './places.js';

/** An option of the bot's registration, as the fake Discord holds it. */
export interface RegisteredOption {
  name: string;
  type: number;
  required?: boolean;
  options?: RegisteredOption[];
  choices?: Array<{ name: string; value: string | number }>;
  min_length?: number;
  max_length?: number;
  min_value?: number;
  max_value?: number;
}

export const OPTION_TYPES = { STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, CHANNEL: 7, ROLE: 8, NUMBER: 10 } as const;

/** Option name → the hint Discord's client shows next to it; empty when the command may be sent. */
export type OptionHints = Record<string, string>;

function characters(n: number): string {
  return `${n} character${n === 1 ? '' : 's'}`;
}

/** The hint for one filled option, or undefined when the client would send it. */
function hintFor(option: RegisteredOption, raw: string): string | undefined {
  if (option.choices && option.choices.length > 0) {
    const known = option.choices.some((c) => c.name === raw || String(c.value) === raw);
    return known ? undefined : 'Pick one of the choices';
  }
  switch (option.type) {
    case OPTION_TYPES.STRING: {
      // Discord counts characters as code points.
      const length = [...raw].length;
      if (option.min_length !== undefined && length < option.min_length) return `Must be at least ${characters(option.min_length)} long`;
      if (option.max_length !== undefined && length > option.max_length) return `Must be at most ${characters(option.max_length)} long`;
      return undefined;
    }
    case OPTION_TYPES.INTEGER:
    case OPTION_TYPES.NUMBER: {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) return option.type === OPTION_TYPES.INTEGER ? 'Must be a whole number' : 'Must be a number';
      if (option.type === OPTION_TYPES.INTEGER && !Number.isInteger(n)) return 'Must be a whole number';
      if (option.min_value !== undefined && n < option.min_value) return `Must be at least ${option.min_value}`;
      if (option.max_value !== undefined && n > option.max_value) return `Must be at most ${option.max_value}`;
      return undefined;
    }
    case OPTION_TYPES.BOOLEAN:
      return raw === 'true' || raw === 'false' ? undefined : 'Pick True or False';
    case OPTION_TYPES.CHANNEL: {
      const wanted = raw.trim().replace(/^<#(\d+)>$/, '$1').replace(/^#/, '').toLowerCase();
      return SERVER_CHANNELS.some((c) => c.id === wanted || c.name === wanted) ? undefined : 'Pick a channel of this server';
    }
    case OPTION_TYPES.USER:
      return memberNamed(raw) ? undefined : 'Pick a member of this server';
    case OPTION_TYPES.ROLE: {
      const wanted = raw.trim().replace(/^<@&(\d+)>$/, '$1').replace(/^@(?!everyone$)/, '').toLowerCase();
      const found = SERVER_ROLES.some((r) => r.id === wanted || r.name.toLowerCase() === wanted || (r.name === '@everyone' && wanted === 'everyone'));
      return found ? undefined : 'Pick a role of this server';
    }
    default:
      return undefined;
  }
}

/**
 * What Discord's client says about the options of one (sub)command before sending it: a hint per
 * option it would refuse to send (empty text counts as not filled in).
 */
export function clientHints(leaf: readonly RegisteredOption[], options: Readonly<Record<string, string>>): OptionHints {
  const hints: OptionHints = {};
  for (const option of leaf) {
    const raw = options[option.name] ?? '';
    if (raw === '') {
      if (option.required === true) hints[option.name] = 'This option is required';
      continue;
    }
    const hint = hintFor(option, raw);
    if (hint !== undefined) hints[option.name] = hint;
  }
  return hints;
}
