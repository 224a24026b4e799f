import { describe, expect, it } from 'vitest';
import { checkProgressWithinTotals, setsProgress } from '../../src/views/progress-bounds.js';
import { UserFacingError } from '../../src/interactions/user-errors.js';

describe('progress bounds', () => {
  it('knows which changes set a progress count', () => {
    expect(setsProgress({ num_watched_episodes: 3 })).toBe(true);
    expect(setsProgress({ num_chapters_read: 0 })).toBe(true);
    expect(setsProgress({ score: 8, status: 'watching' })).toBe(false);
  });

  it('refuses a count past a known total and names the option, singular for a one-episode title', () => {
    const refuse = () => checkProgressWithinTotals({ num_watched_episodes: 2 }, { id: 1, title: 'Movie *x*', num_episodes: 1 });
    expect(refuse).toThrow(UserFacingError);
    expect(refuse).toThrow('**Movie \\*x\\*** has 1 episode, so `episodes` can be at most 1. Nothing was changed.');
  });

  it('allows any count when the total is unknown (0 or missing) and up to the total when known', () => {
    expect(() => checkProgressWithinTotals({ num_watched_episodes: 500 }, { id: 1, num_episodes: 0 })).not.toThrow();
    expect(() => checkProgressWithinTotals({ num_chapters_read: 500, num_volumes_read: 50 }, { id: 2 })).not.toThrow();
    expect(() => checkProgressWithinTotals({ num_volumes_read: 12, num_chapters_read: 108 }, { id: 3, num_volumes: 12, num_chapters: 108 })).not.toThrow();
    expect(() => checkProgressWithinTotals({ num_volumes_read: 3 }, { id: 3, num_volumes: 12, num_chapters: 1 })).not.toThrow();
  });
});
