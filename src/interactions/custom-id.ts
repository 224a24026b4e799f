// Component custom_ids carry all the state a click needs, so buttons keep working after a
// restart and after the interaction token is gone. Format: `kind|field|field…`, each field
// percent-escaped for `%` and `|` only (user text stays short). Discord caps custom_id at 100.

export const CUSTOM_ID_MAX = 100;
const SEPARATOR = '|';

function escapeField(value: string): string {
  return value.replace(/%/g, '%25').replace(/\|/g, '%7C');
}

function unescapeField(value: string): string {
  return value.replace(/%7C/gi, '|').replace(/%25/g, '%');
}

export class CustomIdTooLongError extends Error {
  constructor(readonly customId: string) {
    super(`custom_id is ${customId.length} characters, over Discord's ${CUSTOM_ID_MAX}`);
    this.name = 'CustomIdTooLongError';
  }
}

export function encodeCustomId(kind: string, fields: readonly (string | number | boolean | undefined)[]): string {
  const parts = [kind, ...fields.map((f) => escapeField(f === undefined ? '' : typeof f === 'boolean' ? (f ? '1' : '0') : String(f)))];
  // Drop trailing empty fields: optional arguments cost nothing when absent.
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  const id = parts.join(SEPARATOR);
  if (id.length > CUSTOM_ID_MAX) throw new CustomIdTooLongError(id);
  return id;
}

export interface DecodedCustomId {
  kind: string;
  fields: string[];
}

export function decodeCustomId(customId: string): DecodedCustomId {
  const [kind = '', ...rest] = customId.split(SEPARATOR);
  return { kind, fields: rest.map(unescapeField) };
}

/** Reads decoded fields positionally with type checks; a malformed id yields a clear error. */
export class FieldReader {
  private index = 0;
  constructor(private readonly fields: readonly string[]) {}

  string(): string {
    return this.fields[this.index++] ?? '';
  }

  optionalString(): string | undefined {
    const value = this.string();
    return value === '' ? undefined : value;
  }

  int(): number {
    const raw = this.string();
    if (!/^-?\d+$/.test(raw)) throw new MalformedCustomIdError(`expected an integer, got "${raw}"`);
    return Number(raw);
  }

  optionalInt(): number | undefined {
    const raw = this.optionalString();
    if (raw === undefined) return undefined;
    if (!/^-?\d+$/.test(raw)) throw new MalformedCustomIdError(`expected an integer, got "${raw}"`);
    return Number(raw);
  }

  bool(): boolean {
    return this.string() === '1';
  }

  oneOf<T extends string>(allowed: readonly T[]): T {
    const raw = this.string();
    const found = allowed.find((a) => a === raw);
    if (found === undefined) throw new MalformedCustomIdError(`unexpected value "${raw}"`);
    return found;
  }

  optionalOneOf<T extends string>(allowed: readonly T[]): T | undefined {
    const raw = this.optionalString();
    if (raw === undefined) return undefined;
    const found = allowed.find((a) => a === raw);
    if (found === undefined) throw new MalformedCustomIdError(`unexpected value "${raw}"`);
    return found;
  }
}

export class MalformedCustomIdError extends Error {
  constructor(detail: string) {
    super(`This button is from an incompatible version of the bot (${detail}). Run the command again.`);
    this.name = 'MalformedCustomIdError';
  }
}
