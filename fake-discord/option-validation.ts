// Checks a command/autocomplete interaction against the registered definition, refusing what the
// Discord client would never send (unknown subcommands/options, wrong types, out-of-range values...).

import { isRecord } from './errors.js';
import type { StoredCommand } from './command-validation.js';
import type { InteractionInput } from './types.js';

const SUB = 1;
const GROUP = 2;
const STRING = 3;
const INTEGER = 4;
const BOOLEAN = 5;
const NUMBER = 10;
/** User, channel, role, mentionable, attachment: Discord sends their values as snowflake strings. */
const SNOWFLAKE_TYPES = new Set([6, 7, 8, 9, 11]);
const MAX_SAFE = 2 ** 53;

type Definition = Record<string, unknown>;
type PayloadOption = Record<string, unknown>;

export interface OptionCheckSettings {
  /** Skip the value checks (type, range, length, choices); existence checks always run. */
  unchecked: boolean;
}

/** A leaf option of the payload (not a subcommand or group) with its registered definition. */
export interface CheckedOption {
  option: PayloadOption;
  definition: Definition;
}

/**
 * Throws a descriptive Error when `payload` (type 2 or 4) could not come from a real Discord client
 * for `command`. Also sets each option's `type` to the registered one when the value fits it (the
 * builders infer 4 for `3`, which Discord sends as 10 for a number option). Returns the leaf options
 * with their definitions.
 */
export function checkInteractionOptions(command: StoredCommand, payload: InteractionInput, settings: OptionCheckSettings): CheckedOption[] {
  const data = payload.data ?? {};
  const autocomplete = payload.type === 4;
  const where: Where = { path: `/${command.name}`, unchecked: settings.unchecked };
  const fail = (what: string): never => {
    throw new Error(`fake discord: ${where.path}: ${what}; real Discord never sends this`);
  };
  const { leafGiven, leafDefined } = descendToLeaf(optionList(data.options, where.path), definitionList(command.options), where, fail);

  const seen = new Set<string>();
  const checked: CheckedOption[] = [];
  let focusedCount = 0;
  for (const option of leafGiven) {
    const name = String(option.name);
    if (seen.has(name)) fail(`option "${name}" given twice`);
    seen.add(name);
    const def = leafDefined.find((d) => d.name === name && d.type !== SUB && d.type !== GROUP);
    if (!def) fail(`unknown option "${name}"; registered: ${names(leafDefined) || 'none'}`);
    const focused = option.focused === true;
    if (focused) {
      if (!autocomplete) fail(`option "${name}" is marked focused outside an autocomplete interaction`);
      focusedCount += 1;
      if ((def as Definition).autocomplete !== true) fail(`autocomplete focused on option "${name}", which is not registered with autocomplete: true`);
    } else if (option.focused !== undefined) {
      fail(`option "${name}" has focused=${JSON.stringify(option.focused)}`);
    }
    checked.push({ option, definition: def as Definition });
    checkValue(def as Definition, option, {
      focused,
      unchecked: where.unchecked,
      fail: (what) => fail(`option "${name}" ${what} (a test of the bot's own validation may pass unchecked: true)`),
    });
  }
  if (autocomplete) {
    if (focusedCount !== 1) fail(`an autocomplete interaction needs exactly one focused option, got ${focusedCount}`);
    return checked;
  }
  const missing = leafDefined.filter((d) => d.required === true && !seen.has(String(d.name)));
  if (missing.length > 0) fail(`required option(s) missing: ${names(missing)}`);
  return checked;
}

interface Where {
  path: string;
  unchecked: boolean;
}

/**
 * Follows the payload's subcommand group / subcommand (when the command has them) down to the leaf
 * options and their definitions, extending `where.path` with each level's name.
 */
function descendToLeaf(
  given: PayloadOption[],
  defined: Definition[],
  where: Where,
  fail: (what: string) => never,
): { leafGiven: PayloadOption[]; leafDefined: Definition[] } {
  const nesting = defined.filter((d) => d.type === SUB || d.type === GROUP);
  if (nesting.length === 0) {
    if (given.some((o) => o.type === SUB || o.type === GROUP)) fail(`the command has no subcommands, got ${names(given)}`);
    return { leafGiven: given, leafDefined: defined };
  }
  const first = single(given, where.path, 'a subcommand or subcommand group');
  const def = nesting.find((d) => d.name === first.name && d.type === first.type);
  if (!def) fail(`no subcommand or group "${String(first.name)}" (type ${String(first.type)}); registered: ${names(nesting)}`);
  where.path += ` ${String(first.name)}`;
  let sub = first;
  let subDef = def as Definition;
  if (first.type === GROUP) {
    sub = single(optionList(first.options, where.path), where.path, 'a subcommand');
    const subs = definitionList(subDef.options);
    const found = subs.find((d) => d.name === sub.name && d.type === SUB);
    if (!found) fail(`no subcommand "${String(sub.name)}" (type ${String(sub.type)}) in group; registered: ${names(subs)}`);
    subDef = found as Definition;
    where.path += ` ${String(sub.name)}`;
  }
  return { leafGiven: optionList(sub.options, where.path), leafDefined: definitionList(subDef.options) };
}

interface ValueContext {
  focused: boolean;
  unchecked: boolean;
  fail: (what: string) => never;
}

function checkValue(def: Definition, option: PayloadOption, ctx: ValueContext): void {
  const type = Number(def.type);
  const value = option.value;
  const fits = ctx.focused ? focusedValueFits(type, value) : valueFits(type, value);
  if (fits) option.type = type;
  if (ctx.unchecked) return;
  if (!fits) ctx.fail(`has value ${JSON.stringify(value)} (sent as type ${String(option.type)}), which is not a valid type ${type} value`);
  if (ctx.focused) {
    // Partial input: no min_length/range/choices yet, but the client stops accepting text at max_length.
    if (typeof def.max_length === 'number' && typeof value === 'string' && codePoints(value) > def.max_length) {
      ctx.fail(`has ${codePoints(value)} characters, above max_length ${def.max_length}`);
    }
    return;
  }
  if (type === STRING && typeof value === 'string') {
    const length = codePoints(value);
    if (typeof def.min_length === 'number' && length < def.min_length) ctx.fail(`has ${length} characters, below min_length ${def.min_length}`);
    if (typeof def.max_length === 'number' && length > def.max_length) ctx.fail(`has ${length} characters, above max_length ${def.max_length}`);
  }
  if ((type === INTEGER || type === NUMBER) && typeof value === 'number') {
    if (typeof def.min_value === 'number' && value < def.min_value) ctx.fail(`value ${value} is below min_value ${def.min_value}`);
    if (typeof def.max_value === 'number' && value > def.max_value) ctx.fail(`value ${value} is above max_value ${def.max_value}`);
  }
  if (Array.isArray(def.choices) && def.choices.length > 0) {
    const allowed = def.choices.map((c) => (isRecord(c) ? c.value : undefined));
    if (!allowed.includes(value)) ctx.fail(`value ${JSON.stringify(value)} is not one of the choices ${JSON.stringify(allowed)}`);
  }
}

function valueFits(type: number, value: unknown): boolean {
  if (type === STRING) return typeof value === 'string';
  if (type === INTEGER) return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= MAX_SAFE;
  if (type === NUMBER) return typeof value === 'number' && Number.isFinite(value);
  if (type === BOOLEAN) return typeof value === 'boolean';
  if (SNOWFLAKE_TYPES.has(type)) return typeof value === 'string' && /^\d{1,20}$/.test(value);
  return false;
}

/** The focused option carries what is typed so far: text, or an already-parsed number for numeric options. */
function focusedValueFits(type: number, value: unknown): boolean {
  if (typeof value === 'string') return type === STRING || type === INTEGER || type === NUMBER;
  return valueFits(type, value);
}

function codePoints(text: string): number {
  return [...text].length;
}

function single(options: PayloadOption[], path: string, what: string): PayloadOption {
  const [first] = options;
  if (options.length !== 1 || !first) {
    throw new Error(`fake discord: ${path}: expected exactly one option naming ${what}, got ${options.length}; real Discord never sends this`);
  }
  return first;
}

function optionList(value: unknown, path: string): PayloadOption[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every(isRecord)) {
    throw new Error(`fake discord: ${path}: options must be an array of objects`);
  }
  return value;
}

function definitionList(value: unknown): Definition[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function names(list: Array<Record<string, unknown>>): string {
  return list.map((o) => `"${String(o.name)}"`).join(', ');
}
