import { describe, expect, it } from 'vitest';
import { FieldReader, MalformedCustomIdError } from '../../src/interactions/custom-id.js';
import { decodeCustomId, encodeCustomId } from '../../src/render/custom-ids.js';
import { decodeUserId, encodeUserId } from '../../src/interactions/invoker.js';

describe('custom_id codec', () => {
  it('drops trailing empty fields but keeps empty ones in the middle', () => {
    expect(encodeCustomId('ft', [undefined, 5, undefined, undefined])).toBe('ft||5');
    const reader = new FieldReader(decodeCustomId('ft||5').fields);
    expect(reader.optionalInt()).toBeUndefined();
    expect(reader.optionalInt()).toBe(5);
    expect(reader.optionalString()).toBeUndefined();
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
