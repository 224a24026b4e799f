import { type ErrorPath, type FormErrors, textLength } from './errors.js';

export interface StringRule {
  min?: number;
  max: number;
  required?: boolean;
}

/** Checks an optional/required string field the way Discord reports it. Returns the string if valid. */
export function checkString(
  errs: FormErrors,
  path: ErrorPath,
  value: unknown,
  rule: StringRule,
): string | undefined {
  if (value === undefined || value === null) {
    if (rule.required) errs.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return undefined;
  }
  if (typeof value !== 'string') {
    errs.add(path, 'BASE_TYPE_STRING', 'Must be a string.');
    return undefined;
  }
  const n = textLength(value);
  const min = rule.min ?? 0;
  if (n > rule.max || n < min) {
    if (min > 0) {
      errs.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${rule.max} in length.`);
    } else {
      errs.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${rule.max} or fewer in length.`);
    }
    return undefined;
  }
  return value;
}

/** Checks an optional/required array's length; returns the array when it is one. */
export function checkArray(
  errs: FormErrors,
  path: ErrorPath,
  value: unknown,
  rule: StringRule,
): unknown[] | undefined {
  if (value === undefined || value === null) {
    if (rule.required) errs.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return undefined;
  }
  if (!Array.isArray(value)) {
    errs.add(path, 'BASE_TYPE_ARRAY', 'Must be an array.');
    return undefined;
  }
  const min = rule.min ?? 0;
  if (value.length > rule.max) {
    errs.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${rule.max} or fewer in length.`);
  } else if (value.length < min) {
    errs.add(path, 'BASE_TYPE_MIN_LENGTH', `Must be ${min} or more in length.`);
  }
  return value;
}

export function checkInteger(
  errs: FormErrors,
  path: ErrorPath,
  value: unknown,
  range: { min: number; max: number; required?: boolean },
): number | undefined {
  if (value === undefined || value === null) {
    if (range.required) errs.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    errs.add(path, 'NUMBER_TYPE_COERCE', `Value "${String(value)}" is not int.`);
    return undefined;
  }
  if (value < range.min) {
    errs.add(path, 'NUMBER_TYPE_MIN', `Int value should be greater than or equal to ${range.min}.`);
    return undefined;
  }
  if (value > range.max) {
    errs.add(path, 'NUMBER_TYPE_MAX', `Int value should be less than or equal to ${range.max}.`);
    return undefined;
  }
  return value;
}
