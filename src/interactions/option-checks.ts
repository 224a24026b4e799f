// Every option value a command receives is checked against its definition, here and only here:
// choices, ids, ranges and lengths. Discord checks them too, but a crafted payload is not Discord. A
// value that breaks its definition is refused with an InvalidOptionError naming the rule broken;
// the router names the option (and its choices) as the user's picker shows them.

import { ApplicationCommandOptionType, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { InvalidOptionError, type InvalidOptionRule } from '../service/errors.js';
import type { ArgumentValues } from './command-types.js';

/** What the checks read of an option's definition (the builders in command-data.ts write it). */
export interface OptionDefinition {
  readonly type: ApplicationCommandOptionType;
  readonly name: string;
  readonly required?: boolean;
  readonly choices?: readonly { readonly name: string; readonly value: string | number }[];
  readonly min_value?: number;
  readonly max_value?: number;
  readonly min_length?: number;
  readonly max_length?: number;
  readonly options?: readonly OptionDefinition[];
}

const ID = /^\d{1,21}$/;
const ID_TYPES: ReadonlySet<ApplicationCommandOptionType> = new Set([
  ApplicationCommandOptionType.User,
  ApplicationCommandOptionType.Channel,
  ApplicationCommandOptionType.Role,
  ApplicationCommandOptionType.Mentionable,
  ApplicationCommandOptionType.Attachment,
]);

/** The value options of a subcommand path ('' for a command without subcommands, 'channel add', …). */
export function optionsAt(data: RESTPostAPIChatInputApplicationCommandsJSONBody, path: string): readonly OptionDefinition[] {
  let level = (data.options ?? []) as readonly OptionDefinition[];
  for (const name of path === '' ? [] : path.split(' ')) {
    const next = level.find((o) => o.name === name && (o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup));
    level = next?.options ?? [];
  }
  return level.filter((o) => o.type !== ApplicationCommandOptionType.Subcommand && o.type !== ApplicationCommandOptionType.SubcommandGroup);
}

/** The rule `value` breaks for its definition, or undefined when it fits. */
export function brokenRule(option: OptionDefinition, value: string | number | boolean | undefined, choiceNames: (values: readonly string[]) => readonly string[]): InvalidOptionRule | undefined {
  if (value === undefined) return option.required === true ? { kind: 'notEmpty' } : undefined;
  const { type } = option;
  if (type === ApplicationCommandOptionType.Boolean) return typeof value === 'boolean' ? undefined : { kind: 'boolean' };
  if (ID_TYPES.has(type)) return typeof value === 'string' && ID.test(value) ? undefined : { kind: 'discordId' };
  if (option.choices !== undefined && option.choices.length > 0) {
    const allowed = option.choices.map((c) => c.value);
    return allowed.includes(value as string | number) ? undefined : { kind: 'oneOf', allowed: choiceNames(allowed.map(String)) };
  }
  if (type === ApplicationCommandOptionType.String) {
    if (typeof value !== 'string') return { kind: 'text' };
    const length = [...value].length;
    if (option.min_length !== undefined && length < option.min_length) return { kind: 'minLength', min: option.min_length };
    if (option.max_length !== undefined && length > option.max_length) return { kind: 'maxLength', max: option.max_length };
    return undefined;
  }
  if (type === ApplicationCommandOptionType.Integer || type === ApplicationCommandOptionType.Number) {
    const { min_value: min, max_value: max } = option;
    const whole = typeof value === 'number' && Number.isFinite(value) && (type === ApplicationCommandOptionType.Number || Number.isInteger(value));
    if (whole && (min === undefined || value >= min) && (max === undefined || value <= max)) return undefined;
    if (min !== undefined && max !== undefined) return { kind: 'intBetween', min, max };
    if (min !== undefined) return { kind: 'intAtLeast', min };
    if (max !== undefined) return { kind: 'intAtMost', max };
    return { kind: 'intAtLeast', min: Number.MIN_SAFE_INTEGER };
  }
  return undefined;
}

/**
 * Refuses the first argument that breaks its option's definition. `choiceNames` names an option's
 * allowed values as the user's picker shows them (for the refusal).
 */
export function checkArguments(
  options: readonly OptionDefinition[],
  args: ArgumentValues,
  choiceNames: (option: string, values: readonly string[]) => readonly string[] = (_option, values) => values,
): void {
  for (const option of options) {
    const rule = brokenRule(option, args[option.name], (values) => choiceNames(option.name, values));
    if (rule !== undefined) throw new InvalidOptionError(option.name, `${option.name} ${englishRule(rule)}`, rule);
  }
}

/** The rule in English, for logs (the user reads it in their language: user-errors.ts). */
function englishRule(rule: InvalidOptionRule): string {
  switch (rule.kind) {
    case 'oneOf':
      return `must be one of ${rule.allowed.join(', ')}`;
    case 'intBetween':
      return `must be a whole number from ${rule.min} to ${rule.max}`;
    case 'intAtLeast':
      return `must be a whole number of at least ${rule.min}`;
    case 'intAtMost':
      return `must be a whole number of at most ${rule.max}`;
    case 'minLength':
      return `must be at least ${rule.min} characters long`;
    case 'maxLength':
      return `must be at most ${rule.max} characters long`;
    default:
      return `breaks the rule ${rule.kind}`;
  }
}
