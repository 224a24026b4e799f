// /anime schedule lines: a full Discord timestamp (the reader's weekday and date) and the Japanese slot.
import { describe, expect, it } from 'vitest';
import { japanSlotText, scheduleEmbed } from '../../src/views/schedule.js';
import { ENGLISH } from '../../src/i18n/index.js';

const where = { place: 'guild' as const, ageRestricted: false };

describe('schedule lines', () => {
  it('name the Japanese slot, late-night slots on their next-day date', () => {
    expect(japanSlotText(ENGLISH, Date.UTC(2026, 0, 11, 14, 30))).toBe('Sun 23:30 JST');
    expect(japanSlotText(ENGLISH, Date.UTC(2026, 0, 11, 16, 5))).toBe('Mon 01:05 JST');
  });

  it('carry the weekday and date in the reader’s zone under the Japanese day heading', () => {
    // Monday 01:05 in Japan is still Sunday in Europe and the Americas: the full timestamp shows that.
    const atMs = Date.UTC(2026, 0, 11, 16, 5);
    const embed = scheduleEmbed({ where, t: ENGLISH }, { day: undefined, mine: false }, [{ title: { id: 7, title: 'Late Show', num_episodes: 12 }, episode: 1, atMs }], 'none');
    const seconds = atMs / 1000;
    expect(embed.description).toBe(`**Monday 12 Jan** (Japan)\n<t:${seconds}:F> (<t:${seconds}:R>) Late Show · ep 1/12 · premiere · Mon 01:05 JST`);
  });
});
