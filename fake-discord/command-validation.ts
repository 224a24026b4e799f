import { type ErrorPath, FormErrors, isRecord, textLength } from './errors.js';
import { checkArray, checkInteger, checkString } from './validate-common.js';

/** Chat-input names; Devanagari/Thai marks are allowed by Discord on top of letters/numbers. */
const CHAT_INPUT_NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const COMMAND_TOTAL_MAX = 4000;
const SUB = 1;
const GROUP = 2;
const VALUE_TYPES_WITH_CHOICES = new Set([3, 4, 10]);

export interface StoredCommand {
  id: string;
  application_id: string;
  version: string;
  type: number;
  name: string;
  description: string;
  guild_id?: string;
  [key: string]: unknown;
}

/** Validates a PUT (bulk overwrite) body; errors are keyed by the command's index like Discord does. */
export function validateCommandList(body: unknown): FormErrors {
  const errs = new FormErrors();
  if (!Array.isArray(body)) {
    errs.add([], 'BASE_TYPE_ARRAY', 'Must be an array.');
    return errs;
  }
  const chatInput = body.filter((c) => isRecord(c) && (c.type ?? 1) === 1).length;
  if (chatInput > 100) errs.add([], 'APPLICATION_COMMANDS_MAX_EXCEEDED', 'Maximum number of application commands reached (100)');
  const names = new Map<string, number>();
  body.forEach((cmd, i) => {
    validateCommand(errs, [i], cmd);
    if (isRecord(cmd) && typeof cmd.name === 'string') {
      const key = `${String(cmd.type ?? 1)}:${cmd.name}`;
      if (names.has(key)) {
        errs.add([i, 'name'], 'APPLICATION_COMMANDS_DUPLICATE_NAME', 'Application command names must be unique');
      }
      names.set(key, i);
    }
  });
  return errs;
}

export function validateCommand(errs: FormErrors, path: ErrorPath, cmd: unknown): void {
  if (!isRecord(cmd)) {
    errs.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  const type = checkInteger(errs, [...path, 'type'], cmd.type ?? 1, { min: 1, max: 4 });
  if (type === 1) {
    checkChatInputName(errs, [...path, 'name'], cmd.name);
    checkString(errs, [...path, 'description'], cmd.description, { min: 1, max: 100, required: true });
    checkOptions(errs, path, cmd.options, 'command');
    const total = commandTextLength(cmd);
    if (total > COMMAND_TOTAL_MAX) {
      errs.add(path, 'APPLICATION_COMMAND_TOO_LARGE', `Command exceeds maximum size (${COMMAND_TOTAL_MAX})`);
    }
  } else if (type !== undefined) {
    checkString(errs, [...path, 'name'], cmd.name, { min: 1, max: 32, required: true });
    if (cmd.description !== undefined && cmd.description !== '') {
      errs.add([...path, 'description'], 'APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION_INVALID', 'Context menu commands cannot have a description');
    }
    if (Array.isArray(cmd.options) && cmd.options.length > 0) {
      errs.add([...path, 'options'], 'APPLICATION_COMMAND_CONTEXT_MENU_OPTIONS_INVALID', 'Context menu commands cannot have options');
    }
  }
  checkLocalizations(errs, [...path, 'name_localizations'], cmd.name_localizations, 'name');
  checkLocalizations(errs, [...path, 'description_localizations'], cmd.description_localizations, 'description');
  checkEnumList(errs, [...path, 'contexts'], cmd.contexts, [0, 1, 2]);
  checkEnumList(errs, [...path, 'integration_types'], cmd.integration_types, [0, 1]);
  const perms = cmd.default_member_permissions;
  if (perms !== undefined && perms !== null && (typeof perms !== 'string' || !/^\d+$/.test(perms))) {
    errs.add([...path, 'default_member_permissions'], 'BASE_TYPE_STRING', 'Must be a string of digits.');
  }
  if (cmd.nsfw !== undefined && typeof cmd.nsfw !== 'boolean') {
    errs.add([...path, 'nsfw'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  }
}

function checkChatInputName(errs: FormErrors, path: ErrorPath, name: unknown): void {
  const value = checkString(errs, path, name, { min: 1, max: 32, required: true });
  if (value === undefined) return;
  if (!CHAT_INPUT_NAME.test(value) || value !== value.toLowerCase()) {
    errs.add(path, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  }
}

/** The locales Discord accepts as keys of name and description localizations. */
const DISCORD_LOCALES = new Set([
  'id', 'da', 'de', 'en-GB', 'en-US', 'es-ES', 'es-419', 'fr', 'hr', 'it', 'lt', 'hu', 'nl', 'no', 'pl', 'pt-BR', 'ro', 'fi', 'sv-SE',
  'vi', 'tr', 'cs', 'el', 'bg', 'ru', 'uk', 'hi', 'th', 'zh-CN', 'ja', 'zh-TW', 'ko',
]);

function checkLocalizations(errs: FormErrors, path: ErrorPath, value: unknown, kind: 'name' | 'description'): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errs.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  for (const [locale, text] of Object.entries(value)) {
    if (!DISCORD_LOCALES.has(locale)) {
      errs.add([...path, locale], 'BASE_TYPE_CHOICES', `Value must be one of ${JSON.stringify([...DISCORD_LOCALES])}.`);
      continue;
    }
    if (kind === 'name') checkChatInputName(errs, [...path, locale], text);
    else checkString(errs, [...path, locale], text, { min: 1, max: 100, required: true });
  }
}

function checkEnumList(errs: FormErrors, path: ErrorPath, value: unknown, allowed: number[]): void {
  if (value === undefined || value === null) return;
  const list = checkArray(errs, path, value, { max: allowed.length });
  list?.forEach((v, i) => {
    if (typeof v !== 'number' || !allowed.includes(v)) {
      errs.add([...path, i], 'BASE_TYPE_CHOICES', `Value must be one of {${allowed.join(', ')}}.`);
    }
  });
}

type Level = 'command' | 'group' | 'subcommand';

function checkOptions(errs: FormErrors, parent: ErrorPath, value: unknown, level: Level): void {
  const path = [...parent, 'options'];
  const options = checkArray(errs, path, value, { max: 25, min: level === 'group' ? 1 : 0, required: level === 'group' });
  if (!options) return;
  const isNesting = (o: unknown): boolean => isRecord(o) && (o.type === SUB || o.type === GROUP);
  const nesting = options.filter(isNesting).length;
  if (level === 'command' && nesting > 0 && nesting < options.length) {
    errs.add(path, 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'Sub-command and sub-command group option types are mutually exclusive to all other types');
  }
  const names = new Set<string>();
  let sawOptional = false;
  let orderBroken = false;
  options.forEach((option, i) => {
    const op = [...path, i];
    if (!isRecord(option)) {
      errs.add(op, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
      return;
    }
    const type = checkOptionBasics(errs, op, option, names);
    if (type === undefined) return;
    if (type === GROUP) {
      if (level !== 'command') {
        errs.add([...op, 'type'], 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'Sub-command groups can only be top-level options');
      }
      checkNoValueKeys(errs, op, option);
      checkOptions(errs, op, option.options, 'group');
      return;
    }
    if (type === SUB) {
      if (level === 'subcommand') {
        errs.add([...op, 'type'], 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'Sub-commands cannot be nested in sub-commands');
      }
      checkNoValueKeys(errs, op, option);
      checkOptions(errs, op, option.options, 'subcommand');
      return;
    }
    if (level === 'group') {
      errs.add([...op, 'type'], 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'Sub-command groups can only contain sub-commands');
    }
    if (option.required !== undefined && typeof option.required !== 'boolean') {
      errs.add([...op, 'required'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
    }
    if (option.required === true) {
      if (sawOptional) orderBroken = true;
    } else {
      sawOptional = true;
    }
    checkValueOption(errs, op, option, type);
  });
  if (orderBroken) {
    errs.add(path, 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', 'Required options must be placed before non-required options');
  }
}

/** Checks the fields every option has (type, name, description, localizations); returns the type when valid. */
function checkOptionBasics(errs: FormErrors, op: ErrorPath, option: Record<string, unknown>, names: Set<string>): number | undefined {
  const type = checkInteger(errs, [...op, 'type'], option.type, { min: 1, max: 11, required: true });
  checkChatInputName(errs, [...op, 'name'], option.name);
  checkString(errs, [...op, 'description'], option.description, { min: 1, max: 100, required: true });
  checkLocalizations(errs, [...op, 'name_localizations'], option.name_localizations, 'name');
  checkLocalizations(errs, [...op, 'description_localizations'], option.description_localizations, 'description');
  if (typeof option.name === 'string') {
    if (names.has(option.name)) {
      errs.add([...op, 'name'], 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS', 'Option names must be unique');
    }
    names.add(option.name);
  }
  return type;
}

function checkNoValueKeys(errs: FormErrors, op: ErrorPath, option: Record<string, unknown>): void {
  for (const key of ['required', 'choices', 'autocomplete', 'min_value', 'max_value', 'min_length', 'max_length', 'channel_types']) {
    if (option[key] !== undefined) {
      errs.add([...op, key], 'APPLICATION_COMMAND_OPTION_INVALID', `Sub-commands and groups cannot have ${key}`);
    }
  }
}

function checkValueOption(errs: FormErrors, op: ErrorPath, option: Record<string, unknown>, type: number): void {
  const choicesAllowed = VALUE_TYPES_WITH_CHOICES.has(type);
  if (option.choices !== undefined && option.choices !== null) {
    if (!choicesAllowed) {
      errs.add([...op, 'choices'], 'APPLICATION_COMMAND_OPTION_CHOICES_INVALID', 'Choices are only allowed on string, integer and number options');
    }
    const choices = checkArray(errs, [...op, 'choices'], option.choices, { max: 25 });
    choices?.forEach((choice, i) => {
      const cp = [...op, 'choices', i];
      if (!isRecord(choice)) {
        errs.add(cp, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
        return;
      }
      checkString(errs, [...cp, 'name'], choice.name, { min: 1, max: 100, required: true });
      checkLocalizations(errs, [...cp, 'name_localizations'], choice.name_localizations, 'description');
      if (type === 3) checkString(errs, [...cp, 'value'], choice.value, { min: 1, max: 100, required: true });
      else if (type === 4) checkInteger(errs, [...cp, 'value'], choice.value, { min: -(2 ** 53), max: 2 ** 53, required: true });
      else if (typeof choice.value !== 'number' || !Number.isFinite(choice.value)) {
        errs.add([...cp, 'value'], 'NUMBER_TYPE_COERCE', `Value "${String(choice.value)}" is not a number.`);
      }
    });
  }
  if (option.autocomplete !== undefined && option.autocomplete !== false) {
    if (!choicesAllowed) {
      errs.add([...op, 'autocomplete'], 'APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID', 'Autocomplete is only allowed on string, integer and number options');
    }
    if (Array.isArray(option.choices) && option.choices.length > 0) {
      errs.add([...op, 'autocomplete'], 'APPLICATION_COMMAND_AUTOCOMPLETE_AND_CHOICES', 'Autocomplete cannot be set with choices');
    }
  }
  for (const key of ['min_value', 'max_value'] as const) {
    if (option[key] === undefined) continue;
    if (type !== 4 && type !== 10) {
      errs.add([...op, key], 'APPLICATION_COMMAND_OPTION_INVALID', `${key} is only allowed on integer and number options`);
    } else if (typeof option[key] !== 'number') {
      errs.add([...op, key], 'NUMBER_TYPE_COERCE', 'Must be a number.');
    }
  }
  for (const key of ['min_length', 'max_length'] as const) {
    if (option[key] === undefined) continue;
    if (type !== 3) {
      errs.add([...op, key], 'APPLICATION_COMMAND_OPTION_INVALID', `${key} is only allowed on string options`);
    } else {
      checkInteger(errs, [...op, key], option[key], { min: key === 'min_length' ? 0 : 1, max: 6000 });
    }
  }
  if (option.channel_types !== undefined && type !== 7) {
    errs.add([...op, 'channel_types'], 'APPLICATION_COMMAND_OPTION_INVALID', 'channel_types is only allowed on channel options');
  }
}

/** Name + description + every option's name/description/choices, as Discord's 4000-char cap counts them. */
function commandTextLength(cmd: Record<string, unknown>): number {
  let total = 0;
  const add = (v: unknown): void => {
    if (typeof v === 'string') total += textLength(v);
    else if (typeof v === 'number') total += String(v).length;
  };
  const walk = (node: Record<string, unknown>): void => {
    add(node.name);
    add(node.description);
    if (Array.isArray(node.choices)) {
      for (const c of node.choices) {
        if (isRecord(c)) {
          add(c.name);
          add(c.value);
        }
      }
    }
    if (Array.isArray(node.options)) {
      for (const o of node.options) if (isRecord(o)) walk(o);
    }
  };
  walk(cmd);
  return total;
}

/** The object Discord answers with for a stored command. */
export function toStoredCommand(
  cmd: Record<string, unknown>,
  ids: { id: string; version: string; applicationId: string; guildId?: string },
): StoredCommand {
  const type = typeof cmd.type === 'number' ? cmd.type : 1;
  const stored: StoredCommand = {
    id: ids.id,
    application_id: ids.applicationId,
    version: ids.version,
    default_member_permissions: cmd.default_member_permissions ?? null,
    type,
    name: String(cmd.name),
    name_localizations: cmd.name_localizations ?? null,
    description: typeof cmd.description === 'string' ? cmd.description : '',
    description_localizations: cmd.description_localizations ?? null,
    dm_permission: cmd.dm_permission ?? true,
    contexts: cmd.contexts ?? null,
    integration_types: cmd.integration_types ?? [0],
    nsfw: cmd.nsfw ?? false,
  };
  if (ids.guildId !== undefined) stored.guild_id = ids.guildId;
  if (Array.isArray(cmd.options)) stored.options = structuredClone(cmd.options);
  return stored;
}
