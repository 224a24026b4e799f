// The schedule renderer on its own: day headings once per Japan day, and a title not safe for work
// masked unless the channel is age-restricted.

import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import { japanDayStart, scheduleEmbed } from '../../src/render/schedule.js';

const MONDAY_JST_NOON = Date.UTC(2026, 0, 5, 3, 0);

describe('schedule renderer', () => {
  it('heads each Japan day once and masks a not-safe-for-work title outside an age-restricted channel', () => {
    const items = [
      { title: { id: 1, title: 'Secret', nsfw: 'black' }, episode: 2, atMs: MONDAY_JST_NOON },
      { title: { id: 2, title: 'Open', nsfw: 'white' }, episode: 3, atMs: MONDAY_JST_NOON + 60_000 },
    ];
    const masked = scheduleEmbed(ENGLISH, { day: undefined, mine: false }, items, 'none', false).description ?? '';
    expect(masked.split('\n').filter((l) => l.includes('(Japan)'))).toHaveLength(1);
    expect(masked).not.toContain('Secret');
    expect(masked).toContain(ENGLISH.t('works.nsfw.maskedTitle'));
    expect(scheduleEmbed(ENGLISH, { day: undefined, mine: false }, items, 'none', true).description).toContain('Secret');
    expect(scheduleEmbed(ENGLISH, { day: 'monday', mine: true }, [], 'none', false).description).toBe('none');
    expect(japanDayStart(MONDAY_JST_NOON)).toBe(Date.UTC(2026, 0, 4, 15, 0));
  });
});
