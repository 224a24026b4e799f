// A paged list's page on its own: the open menu numbers each work by rank or place with its facts,
// the note sits above the embed, the footer and the empty text are the given ones; a topic search's
// page names its filters and opens each topic at its last page.

import { describe, expect, it } from 'vitest';
import { ENGLISH as t } from '../../src/i18n/index.js';
import { forumTopicsPage } from '../../src/render/forum.js';
import { carriedFooter, workListPage } from '../../src/render/work-pages.js';

describe('work pages', () => {
  it('numbers the open options by rank, else place, and keeps the note and footer', () => {
    const page = workListPage(t, {
      title: 'Top',
      works: [
        { rank: 3, position: 1, title: 'Frieren', extra: 'TV', ref: 'a:1', facts: 'TV · 2023' },
        { position: 2, title: 'Mob', extra: '', ref: 'a:2', facts: '' },
      ],
      empty: 'works.list.empty',
      note: 'filtered',
      footer: carriedFooter(t, 2),
    });
    expect(page.content).toBe('filtered');
    expect(page.open).toEqual([
      { label: '3. Frieren', value: 'a:1', description: 'TV · 2023' },
      { label: '2. Mob', value: 'a:2' },
    ]);
    expect(page.embeds[0]?.footer?.text).toBe(t.t('works.season.carried', { count: 2 }));
    expect(carriedFooter(t, 0)).toBeUndefined();
    const empty = workListPage(t, { title: 'Suggested', works: [], empty: 'works.suggestions.empty' });
    expect(empty.embeds[0]?.description).toBe(t.t('works.suggestions.empty'));
    expect(empty.content).toBeUndefined();
  });

  it('a topic search names its filters and opens a topic at its last post', () => {
    const page = forumTopicsPage(t, [{ id: 7, title: 'Hi', number_of_posts: 4, created_by: { id: 1, name: 'ann' } }], { q: 'hi', boardId: 5 }, 0);
    expect(page.embeds[0]?.title).toContain(t.t('lists.forum.filter.query', { query: 'hi' }));
    expect(page.open).toEqual([{ label: 'Hi', value: 't:7:5', description: `${t.t('lists.forum.topic.by', { user: 'ann' })} · ${t.t('lists.forum.topic.posts', { count: 4 })}` }]);
  });
});
