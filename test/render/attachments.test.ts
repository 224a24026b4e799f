import { describe, expect, test } from 'vitest';
import { ATTACHMENT_LIMITS, finalizeMessage, type MessageFile } from '../../src/render/limits.js';

const file = (over: Partial<MessageFile> = {}): MessageFile => ({
  name: 'chart.png',
  data: Buffer.from([1, 2, 3]),
  contentType: 'image/png',
  description: 'A chart',
  ...over,
});

describe('finalizeMessage: files', () => {
  test('files pass with their alt text; a message of only a picture needs no text', () => {
    const out = finalizeMessage({ files: [file()] });
    expect(out.uploads).toEqual([file()]);
    expect(out.content).toBeUndefined();
    expect(finalizeMessage({ content: '', files: [file()] }).content).toBeUndefined();
  });

  test('alt text from titles is cleaned and clipped to Discord’s 1024 characters', () => {
    const out = finalizeMessage({ files: [file({ description: `\u202e${'x'.repeat(2000)}` })] });
    const description = out.uploads?.[0]?.description ?? '';
    expect(description.length).toBeLessThanOrEqual(ATTACHMENT_LIMITS.description);
    expect(description).not.toContain('\u202e');
  });

  test('what Discord would refuse throws: too many files, too large, bad or duplicate names, no alt text, no type', () => {
    expect(() => finalizeMessage({ files: Array.from({ length: 11 }, (_, i) => file({ name: `c${i}.png` })) })).toThrow(/at most 10/);
    expect(() => finalizeMessage({ files: [file({ data: Buffer.alloc(ATTACHMENT_LIMITS.fileBytes + 1) })] })).toThrow(/bytes/);
    expect(() => finalizeMessage({ files: [file({ data: Buffer.alloc(0) })] })).toThrow(/empty/);
    expect(() => finalizeMessage({ files: [file({ name: '../chart.png' })] })).toThrow(/file name/);
    expect(() => finalizeMessage({ files: [file({ name: 'chart' })] })).toThrow(/file name/);
    expect(() => finalizeMessage({ files: [file(), file()] })).toThrow(/duplicate/);
    expect(() => finalizeMessage({ files: [file({ description: '   ' })] })).toThrow(/alt text/);
    expect(() => finalizeMessage({ files: [file({ contentType: 'png' })] })).toThrow(/content type/);
  });

  test('ten files is the most, and an empty list sends none', () => {
    expect(finalizeMessage({ files: Array.from({ length: 10 }, (_, i) => file({ name: `c${i}.png` })) }).uploads).toHaveLength(10);
    expect(finalizeMessage({ content: 'x', files: [] }).uploads).toBeUndefined();
  });
});
