import { describe, expect, it } from 'vitest';
import { followableFirst } from '../../src/views/followable.js';
import { ENGLISH } from '../../src/i18n/index.js';

describe('followableFirst', () => {
  it('puts airing and upcoming titles first, unknown next, finished last and marked; keeps the order within each', () => {
    const out = followableFirst([
      { id: 1, name: 'Done A', status: 'finished_airing' },
      { id: 2, name: 'Airing', status: 'currently_airing' },
      { id: 3, name: 'Unknown' },
      { id: 4, name: 'Done B', status: 'finished_airing' },
      { id: 5, name: 'Soon', status: 'not_yet_aired' },
    ], ENGLISH);
    expect(out.map((s) => s.name)).toEqual(['Airing', 'Soon', 'Unknown', 'Done A (finished)', 'Done B (finished)']);
  });

  it('keeps the mark within Discord’s 100 characters for a choice name', () => {
    const [long] = followableFirst([{ id: 1, name: 'x'.repeat(120), status: 'finished_airing' }], ENGLISH);
    expect(long?.name.length).toBeLessThanOrEqual(100);
    expect(long?.name.endsWith(' (finished)')).toBe(true);
  });
});
