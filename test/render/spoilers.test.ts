import { describe, expect, it } from 'vitest';
import { hideSynopsisOf, spoilerTagged, synopsisHidden } from '../../src/render/spoilers.js';
import { detailsEmbed } from '../../src/render/details.js';
import { bbcodeToMarkdown } from '../../src/render/bbcode.js';
import { escapeMarkdown } from '../../src/render/text.js';
import { translator } from '../../src/i18n/index.js';
import { embedTextLength } from '../../src/render/limits.js';

const ENGLISH = translator('en-US');
const SEQUEL = { related_anime: [{ node: { id: 1, title: 'First' }, relation_type: 'prequel' }] };

describe('spoiler decisions', () => {
  it('sequels hide unless the prequel is known completed; always and never', () => {
    expect(synopsisHidden('sequels', true, undefined)).toBe(true);
    expect(synopsisHidden('sequels', true, false)).toBe(true);
    expect(synopsisHidden('sequels', true, true)).toBe(false);
    expect(synopsisHidden('sequels', false, undefined)).toBe(false);
    expect(synopsisHidden(undefined, true, undefined)).toBe(true);
    expect(synopsisHidden('always', false, undefined)).toBe(true);
    expect(synopsisHidden('never', true, false)).toBe(false);
    expect(hideSynopsisOf('sequels', SEQUEL, { anime: new Set([1]) })).toBe(false);
    expect(hideSynopsisOf('sequels', SEQUEL, { anime: new Set([2]) })).toBe(true);
    expect(hideSynopsisOf('sequels', SEQUEL, { manga: new Set([1]) })).toBe(true);
  });

  it('the synopsis’s own text cannot close the tags early, and a long one is cut inside them', () => {
    const hostile = 'He dies|| in the end ||| https://example.com/a||b and more ||';
    const tagged = spoilerTagged(escapeMarkdown(hostile), 200);
    expect(tagged.startsWith('||')).toBe(true);
    expect(tagged.endsWith('||')).toBe(true);
    // Between the opening and closing tags no unescaped `||` is left.
    expect(tagged.slice(2, -2).replace(/\\\|/g, '')).not.toMatch(/\|\|/);
    const long = spoilerTagged(escapeMarkdown('word '.repeat(1000)), 300);
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long.endsWith('||')).toBe(true);
  });

  it('a details embed keeps its spoiler tags and Discord’s limits with a huge synopsis', () => {
    const embed = detailsEmbed(ENGLISH, 'anime', { id: 5, title: 'Second', synopsis: '||x|| '.repeat(2000), ...SEQUEL }, { hideSynopsis: true });
    expect(embed.description?.startsWith('||')).toBe(true);
    expect(embed.description?.endsWith('||')).toBe(true);
    expect(embedTextLength([embed])).toBeLessThanOrEqual(6000);
    expect((embed.description ?? '').length).toBeLessThanOrEqual(4096);
  });

  it('forum posts’ [spoiler] stays a spoiler, and its text cannot close it early', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[spoiler]he dies[/spoiler]')).toBe('||he dies||');
    const out = bbcodeToMarkdown(ENGLISH, '[spoiler]a || b[/spoiler]');
    expect(out.startsWith('||')).toBe(true);
    expect(out.slice(2, -2)).not.toMatch(/(?<!\\)\|\|/);
  });
});
