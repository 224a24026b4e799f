// Reading a component's custom_id: the router decodes it (the format: src/render/custom-ids.ts)
// and hands the handler a FieldReader over its fields.

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
