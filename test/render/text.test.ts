import { describe, expect, it } from 'vitest';
import { clipPlain, escapeMarkdown, truncate } from '../../src/render/text.js';
import { unbalancedMarkers } from './discord-limits.js';

describe('truncate', () => {
  it('returns short text unchanged', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('', 10)).toBe('');
  });

  it('cuts at a word boundary and appends an ellipsis', () => {
    expect(truncate('hello world this is a test', 15)).toBe('hello world…');
    expect(truncate('alpha beta gamma', 11)).toBe('alpha beta…');
  });

  it('hard-cuts a single huge word', () => {
    const out = truncate('a'.repeat(50), 10);
    expect(out).toBe(`${'a'.repeat(9)}…`);
  });

  it('prefers a hard cut over throwing away most of the budget', () => {
    const out = truncate(`hi ${'x'.repeat(200)}`, 50);
    expect(out.length).toBe(50);
    expect(out.startsWith('hi xxx')).toBe(true);
  });

  it('never exceeds max, for any max', () => {
    const text = '**bold** and ||spoiler text|| with `code` and [a link](https://example.com/x) 😀 end';
    for (let max = 0; max <= text.length + 2; max++) {
      const out = truncate(text, max);
      expect(out.length).toBeLessThanOrEqual(max);
      if (max >= 1) expect(out.length).toBeGreaterThan(0);
    }
  });

  it('closes bold, italic, underline and strikethrough left open', () => {
    expect(truncate('**bold text that goes on and on**', 20)).toBe('**bold text that…**');
    expect(truncate('*italic words that keep going*', 18)).toBe('*italic words…*');
    expect(truncate('__underlined words that keep going__', 22)).toBe('__underlined words…__');
    expect(truncate('~~struck words that keep going~~', 20)).toBe('~~struck words…~~');
    expect(truncate('***bold italic words here***', 15)).toBe('***bold…***');
  });

  it('keeps nested markers balanced in the right order', () => {
    const out = truncate('**bold ||hidden words inside the spoiler|| more**', 30);
    expect(out).toMatch(/\|\|\*\*$/);
    expect(unbalancedMarkers(out)).toEqual([]);
  });

  it('keeps spoilers balanced', () => {
    const out = truncate('||spoiler text that is hidden|| after', 20);
    expect(out).toBe('||spoiler text…||');
    const long = truncate(`intro ||${'secret '.repeat(300)}|| outro`, 500);
    expect(long.length).toBeLessThanOrEqual(500);
    expect(unbalancedMarkers(long)).toEqual([]);
    expect(long.endsWith('…||')).toBe(true);
  });

  it('does not leave a dangling opener with no content', () => {
    const out = truncate('some words here ||secret stuff goes here||', 19);
    expect(out).toBe('some words here…');
  });

  it('treats markers that were never paired as literal text', () => {
    expect(truncate('5 * 3 = 15 and 2 * 4 = 8 is math', 14)).toBe('5 * 3 = 15…');
    expect(truncate('snake_case_word and more_words_here', 20)).toBe('snake_case_word and…');
  });

  it('closes inline code and code fences', () => {
    expect(truncate('`code span here and more` tail', 15)).toBe('`code span…`');
    const fenced = truncate('```\ncode block line one\nline two\n```', 25);
    expect(fenced).toBe('```\ncode block line…\n```');
    expect(unbalancedMarkers(fenced)).toEqual([]);
  });

  it('does not balance markers inside code', () => {
    const out = truncate('`a ** b` and then some more words', 20);
    expect(out).toBe('`a ** b` and then…');
  });

  it('never splits a masked link', () => {
    const text = 'Read the [full announcement](https://example.com/news/1) for details';
    for (let max = 10; max < text.length; max++) {
      const out = truncate(text, max);
      const opens = (out.match(/\[/g) ?? []).length;
      if (opens > 0) expect(out).toContain('[full announcement](https://example.com/news/1)');
      expect(out).not.toMatch(/\]\([^)]*$/);
    }
  });

  it('degrades a link that starts early to its label instead of dropping everything', () => {
    const out = truncate(`[${'x'.repeat(100)}](https://e.com) tail`, 30);
    expect(out).toBe(`${'x'.repeat(29)}…`);
  });

  it('never splits a Discord timestamp or mention', () => {
    const text = 'posted <t:1614150333:R> by someone';
    const out = truncate(text, 15);
    expect(out).toBe('posted…');
  });

  it('never splits a surrogate pair', () => {
    const out = truncate('😀😀😀😀😀😀😀😀', 6);
    expect(out).toBe('😀😀…');
    for (let max = 1; max < 16; max++) {
      const o = truncate('😀'.repeat(8), max);
      expect(o.length).toBeLessThanOrEqual(max);
      expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(o)).toBe(false);
    }
  });

  it('does not leave a trailing escape backslash', () => {
    const out = truncate('abc\\*defghij klm', 6);
    expect(out.endsWith('\\…')).toBe(false);
  });

  it('handles pathological marker runs quickly', () => {
    const text = '*a '.repeat(20000) + '~~'.repeat(5000);
    const started = performance.now();
    const out = truncate(text, 4096);
    expect(out.length).toBeLessThanOrEqual(4096);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('clipPlain', () => {
  it('clips without markdown handling', () => {
    expect(clipPlain('Shingeki no Kyojin: The Final Season', 20)).toBe('Shingeki no Kyojin:…');
    expect(clipPlain('short', 10)).toBe('short');
    expect(clipPlain('x'.repeat(200), 100)).toHaveLength(100);
    expect(clipPlain('😀'.repeat(60), 100).length).toBeLessThanOrEqual(100);
  });
});

describe('escapeMarkdown', () => {
  it('escapes emphasis, spoiler, code and link characters', () => {
    expect(escapeMarkdown('a*b_c~d|e`f [x](y)')).toBe('a\\*b\\_c\\~d\\|e\\`f \\[x\\](y)');
    expect(escapeMarkdown('back\\slash')).toBe('back\\\\slash');
  });

  it('escapes line-start headers, quotes and lists', () => {
    expect(escapeMarkdown('# head\n> quote\n- item\n1. one\nmid - dash')).toBe('\\# head\n\\> quote\n\\- item\n1\\. one\nmid - dash');
  });

  it('leaves bare URLs intact so they stay clickable', () => {
    expect(escapeMarkdown('see https://a.com/a_b_c and x_y')).toBe('see https://a.com/a_b_c and x\\_y');
  });

  it('leaves plain text alone', () => {
    expect(escapeMarkdown("Traitor's Requiem, 3-gatsu no Lion (TV)")).toBe("Traitor's Requiem, 3-gatsu no Lion (TV)");
  });
});
