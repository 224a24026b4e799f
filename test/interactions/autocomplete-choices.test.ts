import { describe, expect, it } from 'vitest';
import { sanitizeChoices } from '../../src/interactions/autocomplete-choices.js';

describe('autocomplete choices sent to Discord', () => {
  it('keeps at most 25, drops duplicates, empty names and over-long values', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ name: `Title ${i}`, value: `id:${i}` }));
    const choices = sanitizeChoices([{ name: '  ', value: 'id:x' }, { name: 'Long value', value: 'v'.repeat(101) }, ...many, { name: 'Dup', value: 'id:0' }]);
    expect(choices).toHaveLength(25);
    expect(choices[0]).toEqual({ name: 'Title 0', value: 'id:0' });
    expect(new Set(choices.map((c) => c.value)).size).toBe(25);
  });

  it('clips names to 100 characters without splitting a surrogate pair', () => {
    const name = `${'a'.repeat(98)}😀😀😀`;
    const [choice] = sanitizeChoices([{ name, value: 'id:1' }]);
    expect(choice?.name.length).toBeLessThanOrEqual(100);
    expect(choice?.name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(choice?.name.endsWith('…')).toBe(true);
  });
});
