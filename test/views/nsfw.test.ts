// What counts as not safe for work: a masked title needs the service's rating (what the bot picks or
// posts for a whole channel or server is tested with the ratings: test/known-works/nsfw-ratings.test.ts).

import { describe, expect, it } from 'vitest';
import { isNsfw } from '../../src/views/nsfw.js';

describe('not safe for work', () => {
  it('masking a title in a list still needs a rating other than white', () => {
    expect(isNsfw(undefined)).toBe(false);
    expect(isNsfw('gray')).toBe(true);
  });
});
