// Small reusable option validators. Each throws InvalidOptionError naming the option and the allowed values.

import { InvalidOptionError } from './errors.js';

/** An integer in [min, max] (max optional). */
export function checkIntRange(option: string, value: unknown, min: number, max?: number): number {
  const range = max === undefined ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
  const rule = max === undefined ? ({ kind: 'intAtLeast', min } as const) : ({ kind: 'intBetween', min, max } as const);
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new InvalidOptionError(option, `${option} must be ${range} (got ${describe(value)})`, rule);
  }
  if (value < min || (max !== undefined && value > max)) {
    throw new InvalidOptionError(option, `${option} must be ${range} (got ${value})`, rule);
  }
  return value;
}

/** One of the allowed string values. */
export function checkEnum<T extends string>(option: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new InvalidOptionError(option, `${option} must be one of ${allowed.join(', ')} (got ${describe(value)})`, { kind: 'oneOf', allowed });
  }
  return value as T;
}

export function checkBoolean(option: string, value: unknown): boolean {
  if (typeof value !== 'boolean') {
    throw new InvalidOptionError(option, `${option} must be true or false (got ${describe(value)})`, { kind: 'boolean' });
  }
  return value;
}

/** A string; trimmed; at least `minLength` characters after trimming. */
export function checkText(option: string, value: unknown, minLength: number): string {
  if (typeof value !== 'string') {
    throw new InvalidOptionError(option, `${option} must be a string (got ${describe(value)})`, { kind: 'text' });
  }
  const trimmed = value.trim();
  if (trimmed.length < minLength) {
    const what = minLength <= 1 ? 'must not be empty' : `must be at least ${minLength} characters long`;
    throw new InvalidOptionError(option, `${option} ${what}`, minLength <= 1 ? { kind: 'notEmpty' } : { kind: 'minLength', min: minLength });
  }
  return trimmed;
}

export function checkString(option: string, value: unknown): string {
  if (typeof value !== 'string') {
    throw new InvalidOptionError(option, `${option} must be a string (got ${describe(value)})`, { kind: 'text' });
  }
  return value;
}

export function checkId(option: string, value: unknown): number {
  return checkIntRange(option, value, 1, Number.MAX_SAFE_INTEGER);
}

export function checkLimit(value: unknown, max: number): number {
  return checkIntRange('limit', value, 1, max);
}

export function checkOffset(value: unknown): number {
  return checkIntRange('offset', value, 0, Number.MAX_SAFE_INTEGER);
}

/** Tags are sent comma-separated, so a tag must not contain a comma. */
export function checkTags(option: string, value: unknown): string[] {
  if (!Array.isArray(value) || value.some((t) => typeof t !== 'string')) {
    throw new InvalidOptionError(option, `${option} must be a list of strings`, { kind: 'textList' });
  }
  const tags = (value as string[]).map((t) => t.trim());
  if (tags.some((t) => t.includes(','))) {
    throw new InvalidOptionError(option, `${option} must not contain commas (tags are sent comma-separated)`, { kind: 'noCommas' });
  }
  return tags.filter((t) => t.length > 0);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  return typeof value;
}
