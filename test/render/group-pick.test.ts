// What /server pick renders: a poll answer from a title is at most Discord's 55 characters, shortened
// at a word with an ellipsis, hidden characters removed; the pick carries its Vote button only when a
// pick was kept, and the poll's answer its End poll button.

import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import { answerText, groupPickMessage, groupPollDraft, pollOpenedMessage } from '../../src/render/group-pick.js';

describe('poll answers', () => {
  it('keep short titles, shorten long ones readably to 55 characters', () => {
    expect(answerText('Frieren')).toBe('Frieren');
    const long = 'Kono Subarashii Sekai ni Shukufuku wo! Kurenai Densetsu: The Legend of Crimson';
    const shown = answerText(long);
    expect(shown.length).toBeLessThanOrEqual(55);
    expect(shown.endsWith('…')).toBe(true);
    expect(long.startsWith(shown.slice(0, -1))).toBe(true);
    expect(shown.slice(0, -1)).toBe(shown.slice(0, -1).trimEnd());
    expect(answerText('a\u200bb')).toBe('ab');
  });
});

describe('the pick and the poll', () => {
  const facts = { kind: 'anime' as const, members: 2, lines: [{ title: 'Frieren', wanters: ['1', '2'] }], hidden: 1, hours: 24 };
  it('has a Vote button for a kept pick, none without one', () => {
    const kept = groupPickMessage(ENGLISH, { ...facts, pickId: 'p1' });
    const row = kept.components?.[0];
    expect(row && 'components' in row ? row.components[0] : undefined).toMatchObject({ custom_id: 'gp-vote|p1', label: ENGLISH.t('polls.pick.vote') });
    expect(kept.embeds?.[0]?.description).toContain('Frieren');
    expect(kept.embeds?.[0]?.description).toContain(ENGLISH.t('polls.pick.hidden', { count: 1 }));
    const none = groupPickMessage(ENGLISH, { ...facts, pickId: undefined });
    expect(none.components).toEqual([]);
    expect(none.embeds?.[0]?.footer?.text).toBe(ENGLISH.t('polls.pick.noBot'));
  });

  it('drafts the poll from the titles and answers Vote with the End poll button', () => {
    expect(groupPollDraft(ENGLISH, 'manga', [{ title: 'Berserk' }], 12)).toEqual({ question: ENGLISH.t('polls.poll.question', { kind: 'manga' }), answers: ['Berserk'], hours: 12 });
    const opened = pollOpenedMessage(ENGLISH, '123', 1_700_000_000_000, false);
    const row = opened.components?.[0];
    expect(row && 'components' in row ? row.components[0] : undefined).toMatchObject({ custom_id: 'gp-end|123' });
    expect(opened.embeds?.[0]?.description).toContain('<t:1700000000:R>');
  });
});
