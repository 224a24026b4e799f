// A list entry update as the form body the service takes: only the kind's writable fields
// (src/service/kinds.ts), each checked against the values it takes.

import { InvalidOptionError } from './errors.js';
import { KINDS, type UpdateOf, type WritableValue, type WorkKind } from './kinds.js';
import { checkBoolean, checkEnum, checkIntRange, checkString, checkTags } from './validate.js';

function formValue(kind: WorkKind, key: string, value: unknown, rule: WritableValue): string {
  switch (rule.type) {
    case 'status':
      return checkEnum(key, value, KINDS[kind].statuses);
    case 'int':
      return String(checkIntRange(key, value, rule.min, rule.max));
    case 'boolean':
      return String(checkBoolean(key, value));
    case 'text':
      return checkString(key, value);
    case 'tags':
      return checkTags(key, value).join(',');
  }
}

export function updateForm<K extends WorkKind>(kind: K, update: UpdateOf<K>): URLSearchParams {
  if (typeof update !== 'object' || update === null) {
    throw new InvalidOptionError('update', 'the list update must be an object');
  }
  const rules: Readonly<Record<string, WritableValue | undefined>> = KINDS[kind].writable;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    if (!rule) {
      throw new InvalidOptionError(key, `${key} is not a writable list field (allowed: ${Object.keys(rules).join(', ')})`);
    }
    form.set(key, formValue(kind, key, value, rule));
  }
  return form;
}
