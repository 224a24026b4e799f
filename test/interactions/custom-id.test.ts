import { describe, expect, it } from 'vitest';
import { CUSTOM_ID_MAX, CustomIdTooLongError, decodeCustomId, encodeCustomId, FieldReader, MalformedCustomIdError } from '../../src/interactions/custom-id.js';
import { decodeUserId, encodeUserId } from '../../src/interactions/invoker.js';

describe('custom_id codec', () => {
  it('round-trips fields, including the separator and percent signs', () => {
    const id = encodeCustomId('pg', ['as', 'a|b', '100%', 7, true, false]);
    expect(id).toBe('pg|as|a%7Cb|100%25|7|1|0');
    expect(decodeCustomId(id)).toEqual({ kind: 'pg', fields: ['as', 'a|b', '100%', '7', '1', '0'] });
  });

  it('drops trailing empty fields but keeps empty ones in the middle', () => {
    expect(encodeCustomId('ft', [undefined, 5, undefined, undefined])).toBe('ft||5');
    const reader = new FieldReader(decodeCustomId('ft||5').fields);
    expect(reader.optionalInt()).toBeUndefined();
    expect(reader.optionalInt()).toBe(5);
    expect(reader.optionalString()).toBeUndefined();
  });

  it('refuses ids over Discord’s 100 characters', () => {
    expect(() => encodeCustomId('pg', ['x'.repeat(CUSTOM_ID_MAX)])).toThrow(CustomIdTooLongError);
    expect(encodeCustomId('pg', ['x'.repeat(CUSTOM_ID_MAX - 3)])).toHaveLength(CUSTOM_ID_MAX);
  });

  it('reports malformed fields as an outdated button', () => {
    const reader = new FieldReader(['abc', 'zzz']);
    expect(() => reader.int()).toThrow(MalformedCustomIdError);
    expect(() => reader.oneOf(['a', 'b'])).toThrow(MalformedCustomIdError);
  });
});

describe('invoker ids', () => {
  it('round-trips 17–20 digit snowflakes in base 36', () => {
    for (const id of ['80351110224678912', '1100000000000000001', '18446744073709551615']) {
      const encoded = encodeUserId(id);
      expect(encoded.length).toBeLessThanOrEqual(13);
      expect(decodeUserId(encoded)).toBe(id);
    }
  });

  it('rejects garbage', () => {
    expect(decodeUserId('')).toBeUndefined();
    expect(decodeUserId('ABC')).toBeUndefined();
    expect(decodeUserId('1'.repeat(15))).toBeUndefined();
  });
});
