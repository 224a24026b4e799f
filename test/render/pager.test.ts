// The pager and the open menu built in render: the ids the shared handlers (commands/components/shared.ts)
// read — the view's code, the invoker in base 36, the button, the target offset and the view's state —
// and the page shown without paging when its state cannot fit a custom_id.

import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import { decodeCustomId } from '../../src/render/custom-ids.js';
import { forumBoardsMenuId } from '../../src/render/forum.js';
import { openMenuId, pagedMessage, type PagePlace, type PageShown } from '../../src/render/pager.js';

const USER = '80351110224678912';
const U = 'lz63ag7l4ao';
const page = (o: Partial<PageShown> = {}): PageShown => ({ embeds: [{ title: 'page' }], open: [{ label: 'One', value: 'a:1' }], hasNext: true, ...o });
const at = (o: Partial<PagePlace> = {}): PagePlace => ({ code: 'zz', userId: USER, state: ['x', 3], offset: 10, size: 10, openPlaceholder: 'Open…', ...o });

describe('pager', () => {
  it('names each pager button by view, invoker, button, target offset and state', () => {
    const [pager, menu] = pagedMessage(ENGLISH, page({ total: 35 }), at()).components ?? [];
    const ids = (pager?.components ?? []).map((c) => ('custom_id' in c ? c.custom_id : ''));
    expect(ids).toEqual([`pg|zz|${U}|f|0|x|3`, `pg|zz|${U}|p|0|x|3`, `pg|zz|${U}|i|10|x|3`, `pg|zz|${U}|n|20|x|3`, `pg|zz|${U}|l|30|x|3`]);
    expect(menu?.components[0]).toMatchObject({ custom_id: `op|zz|${U}`, placeholder: 'Open…', options: [{ label: 'One', value: 'a:1' }] });
  });

  it('shows no pager on a single page and no menu without items', () => {
    expect(pagedMessage(ENGLISH, page({ hasNext: false, open: [] }), at({ offset: 0 }))).toEqual({ embeds: [{ title: 'page' }], components: [] });
  });

  it('drops the pager with a note when the state overflows the custom_id', () => {
    const m = pagedMessage(ENGLISH, page({ open: [], content: 'head' }), at({ state: ['|'.repeat(40)] }));
    expect(m.components).toEqual([]);
    expect(m.content).toBe(`head\n${ENGLISH.t('works.pager.tooManySpecial')}`);
  });

  it("builds the open menus' ids, /forum boards' too", () => {
    expect(openMenuId('tt', USER)).toBe(`op|tt|${U}`);
    expect(decodeCustomId(forumBoardsMenuId(USER))).toEqual({ kind: 'op', fields: ['fb', U] });
  });
});
