import { describe, expect, it } from 'vitest';
import type { BaseContext } from '../../src/interactions/context.js';
import { decodeCustomId } from '../../src/render/custom-ids.js';
import { renderPagedView, type PagedView } from '../../src/views/paged-view.js';
import { ENGLISH } from '../../src/i18n/index.js';

const ctx = { userId: '1100000000000000042', t: ENGLISH } as BaseContext;

function stubView(hasNext: boolean, total?: number): PagedView<{ q: string }> {
  return {
    code: 'zz',
    openPlaceholder: (t) => t.t('menu.open'),
    encode: (s) => [s.q],
    decode: (r) => ({ q: r.string() }),
    load: async () => ({
      embeds: [{ title: 'page' }],
      open: [{ label: 'One', value: 'a:1' }],
      hasNext,
      ...(total !== undefined ? { total } : {}),
    }),
  };
}

function buttons(message: Awaited<ReturnType<typeof renderPagedView>>) {
  return (message.components ?? []).flatMap((row) => row.components).filter((c) => c.type === 2) as Array<{ custom_id: string; label: string; disabled: boolean }>;
}

describe('paged view', () => {
  it('shows no pager for a single page, but still the open menu', async () => {
    const message = await renderPagedView(ctx, stubView(false), { q: 'x' }, 0, ctx.userId);
    expect(buttons(message)).toEqual([]);
    expect(message.components).toHaveLength(1);
  });

  it('numbers pages and offers Last only when the total is known', async () => {
    const unknown = buttons(await renderPagedView(ctx, stubView(true), { q: 'x' }, 20, ctx.userId));
    expect(unknown.map((b) => b.label)).toEqual(['⏮ First', '◀ Previous', 'Page 3', 'Next ▶']);
    const known = buttons(await renderPagedView(ctx, stubView(true, 45), { q: 'x' }, 20, ctx.userId));
    expect(known.map((b) => b.label)).toEqual(['⏮ First', '◀ Previous', 'Page 3 of 5', 'Next ▶', 'Last ⏭']);
    const last = known.find((b) => b.label.startsWith('Last'));
    expect(decodeCustomId(last?.custom_id ?? '').fields[3]).toBe('40');
    expect(new Set(known.map((b) => b.custom_id)).size).toBe(known.length);
  });

  it('drops the pager with a note when escaped text would overflow the custom_id', async () => {
    const message = await renderPagedView(ctx, stubView(true), { q: '|'.repeat(40) }, 0, ctx.userId);
    expect(buttons(message)).toEqual([]);
    expect(message.content).toMatch(/too many special characters/);
    expect(message.embeds).toEqual([{ title: 'page' }]);
  });
});
