import { describe, expect, it } from 'vitest';
import { CUSTOM_ID_MAX, CustomIdTooLongError, decodeCustomId, encodeCustomId } from '../../src/render/custom-ids.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';

describe('custom_id format', () => {
  it('round-trips fields, including the separator and percent signs', () => {
    const id = encodeCustomId('pg', ['as', 'a|b', '100%', 7, true, false]);
    expect(id).toBe('pg|as|a%7Cb|100%25|7|1|0');
    expect(decodeCustomId(id)).toEqual({ kind: 'pg', fields: ['as', 'a|b', '100%', '7', '1', '0'] });
  });

  it('refuses ids over Discord’s 100 characters', () => {
    expect(() => encodeCustomId('pg', ['x'.repeat(CUSTOM_ID_MAX)])).toThrow(CustomIdTooLongError);
    expect(encodeCustomId('pg', ['x'.repeat(CUSTOM_ID_MAX - 3)])).toHaveLength(CUSTOM_ID_MAX);
  });

});

describe('component kinds', () => {
  it('gives every kind its own value, one a custom id can start with', () => {
    const values = Object.values(COMPONENT_KINDS);
    expect(new Set(values).size).toBe(values.length);
    for (const kind of values) expect(kind).toMatch(/^[a-z][a-z-]*$/);
  });
});
