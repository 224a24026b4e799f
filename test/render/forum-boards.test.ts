// /forum boards' renderer on its own: a menu of at most 25 boards carrying the given custom id, no
// menu when there is no board.

import { ComponentType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import { forumBoardsMessage } from '../../src/render/forum.js';

describe('forum boards renderer', () => {
  it('offers the first 25 boards in a menu with the given id, a description clipped to 100', () => {
    const boards = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, title: `Board ${i + 1}`, description: 'd'.repeat(150) }));
    const m = forumBoardsMessage(ENGLISH, { categories: [{ title: 'All', boards }] }, 'menu-id');
    const row = m.components?.[0];
    const menu = row && 'components' in row ? row.components[0] : undefined;
    expect(menu).toMatchObject({ type: ComponentType.StringSelect, custom_id: 'menu-id', placeholder: ENGLISH.t('lists.forum.boards.open') });
    const options = menu && 'options' in menu ? (menu.options ?? []) : [];
    expect(options).toHaveLength(25);
    expect(options[0]).toEqual({ label: 'Board 1', value: 'b:1', description: 'd'.repeat(100) });
  });

  it('has no menu without boards', () => {
    expect(forumBoardsMessage(ENGLISH, { categories: [] }, 'menu-id').components).toEqual([]);
  });
});
