import { describe, expect, it } from 'vitest';
import { FieldReader, MalformedCustomIdError } from '../../src/interactions/custom-id.js';
import { decodeCustomId, encodeCustomId } from '../../src/render/custom-ids.js';

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
