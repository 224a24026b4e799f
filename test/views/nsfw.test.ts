// What counts as not safe for work: a masked title needs the service's rating, while what the bot
// picks or posts for a whole channel or server treats a missing rating as not safe for work.

import { describe, expect, it } from 'vitest';
import { isNsfw, notRatedSafe } from '../../src/views/nsfw.js';

describe('not safe for work', () => {
  it('picks and watch parties take only titles the service rated white', () => {
    expect(notRatedSafe('white')).toBe(false);
    expect(notRatedSafe('gray')).toBe(true);
    expect(notRatedSafe('black')).toBe(true);
    expect(notRatedSafe(undefined)).toBe(true);
  });

  it('masking a title in a list still needs a rating other than white', () => {
    expect(isNsfw(undefined)).toBe(false);
    expect(isNsfw('gray')).toBe(true);
  });
});
