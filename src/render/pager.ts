// A page of a paged list as the reader sees it: the page's embeds (built by the list's own renderer),
// the pager row (first, previous, the page number, next and, when the total is known, last) and the
// menu that opens an item. Pure: the caller passes the loaded page and where it is; the custom ids
// are built here (kinds `pg` and `op`; their handlers: commands/components/shared.ts).
// Pager ids: pg|view|invoker|button|offset|state…; open-menu ids: op|view|invoker.

import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import type { Translator } from '../i18n/index.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { CustomIdTooLongError, encodeCustomId } from './custom-ids.js';
import type { MessageRow, RenderedMessage } from './limits.js';
import { encodeUserId } from './user-ids.js';

type PagerButton = 'f' | 'p' | 'i' | 'n' | 'l';
type StateField = string | number | boolean | undefined;

/** A loaded page: its embeds and text, the items the menu opens, whether more follow and the list's size when known. */
export interface PageShown {
  embeds: APIEmbed[];
  content?: string;
  open: ReadonlyArray<{ label: string; description?: string; value: string }>;
  hasNext: boolean;
  total?: number;
}

/** Where the page is: the view's code, the invoker (only they page), the view's state as custom-id fields, the offset and the page size. */
export interface PagePlace {
  code: string;
  userId: string;
  state: readonly StateField[];
  offset: number;
  size: number;
  /** The open menu's placeholder, in the reader's language. */
  openPlaceholder: string;
}

/** custom_id of an "open an item" menu of a view (`code`) for its invoker only. */
export function openMenuId(code: string, userId: string): string {
  return encodeCustomId(COMPONENT_KINDS.open, [code, encodeUserId(userId)]);
}

/** The pager row. Throws CustomIdTooLongError when the state's escaped text does not fit a custom_id. */
function pagerRow(t: Translator, page: PageShown, at: PagePlace): MessageRow {
  const { offset, size } = at;
  const invoker = encodeUserId(at.userId);
  const pageNumber = Math.floor(offset / size) + 1;
  const lastOffset = page.total !== undefined ? Math.max(0, Math.ceil(page.total / size) - 1) * size : undefined;
  const atStart = offset === 0;
  const button = (b: PagerButton, label: string, target: number, disabled: boolean) => ({
    type: ComponentType.Button as const,
    style: ButtonStyle.Secondary as const,
    custom_id: encodeCustomId(COMPONENT_KINDS.pager, [at.code, invoker, b, target, ...at.state]),
    label,
    disabled,
  });
  const pageText =
    lastOffset !== undefined ? t.t('works.pager.pageOf', { page: pageNumber, pages: lastOffset / size + 1 }) : t.t('works.pager.page', { page: pageNumber });
  const pager = [
    button('f', t.t('works.pager.first'), 0, atStart),
    button('p', t.t('works.pager.previous'), Math.max(0, offset - size), atStart),
    button('i', pageText, offset, true),
    button('n', t.t('works.pager.next'), offset + size, !page.hasNext),
  ];
  if (lastOffset !== undefined) pager.push(button('l', t.t('works.pager.last'), lastOffset, offset >= lastOffset));
  return { type: ComponentType.ActionRow, components: pager };
}

/** The menu that opens one of the page's items (the first 25). */
function openRow(page: PageShown, at: PagePlace): MessageRow {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.StringSelect,
        custom_id: openMenuId(at.code, at.userId),
        placeholder: at.openPlaceholder,
        options: page.open.slice(0, 25).map((o) => ({
          label: o.label,
          value: o.value,
          ...(o.description ? { description: o.description } : {}),
        })),
      },
    ],
  };
}

/**
 * The page with its pager (when there is more than one page) and open menu (when it has items). Text
 * full of escaped characters can overflow the pager's custom_id: the page is then shown without
 * paging, with a note saying why.
 */
export function pagedMessage(t: Translator, page: PageShown, at: PagePlace): RenderedMessage {
  const rows: MessageRow[] = [];
  let note = page.content;
  if (at.offset > 0 || page.hasNext) {
    try {
      rows.push(pagerRow(t, page, at));
    } catch (error) {
      if (!(error instanceof CustomIdTooLongError)) throw error;
      note = [note, t.t('works.pager.tooManySpecial')].filter(Boolean).join('\n');
    }
  }
  if (page.open.length > 0) rows.push(openRow(page, at));
  return { ...(note ? { content: note } : {}), embeds: page.embeds, components: rows };
}
