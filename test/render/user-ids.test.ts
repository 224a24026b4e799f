import { describe, expect, it } from 'vitest';
import { decodeUserId, encodeUserId } from '../../src/render/user-ids.js';

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
