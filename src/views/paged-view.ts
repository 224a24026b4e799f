// A paged list view: loads one page from the service and renders it with pager buttons and a
// select menu that opens an item. The view's state travels in the buttons' custom_ids.

import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIComponentInMessageActionRow } from 'discord.js';
import type { BaseContext, ComponentHandler } from '../interactions/context.js';
import { MalformedCustomIdError } from '../interactions/custom-id.js';
import { CustomIdTooLongError, encodeCustomId } from '../render/custom-ids.js';
import { encodeUserId } from '../interactions/invoker.js';
import type { RenderedMessage } from '../render/limits.js';
import type { Translator } from '../i18n/index.js';
import type { AnyPagedView, LoadedPage, PagedView } from '../interactions/paged-view-types.js';
import { COMPONENT_KINDS } from '../render/component-kinds.js';

export const PAGE_SIZE = 10;
export type { AnyPagedView, Field, LoadedPage, OpenOption, PagedView } from '../interactions/paged-view-types.js';

// Pager buttons share the kind `pg`: pg|view|invoker|button|offset|state…
type PagerButton = 'f' | 'p' | 'i' | 'n' | 'l';

function pagerId<S, C extends BaseContext>(view: PagedView<S, C>, invoker: string, button: PagerButton, offset: number, state: S): string {
  return encodeCustomId(COMPONENT_KINDS.pager, [view.code, invoker, button, offset, ...view.encode(state)]);
}

/** The pager row: first, previous, the page number, next and (when the total is known) last. Throws CustomIdTooLongError. */
function pagerRow<S, C extends BaseContext>(t: Translator, view: PagedView<S, C>, state: S, page: LoadedPage, offset: number, invoker: string): APIActionRowComponent<APIComponentInMessageActionRow> {
  const size = view.pageSize ?? PAGE_SIZE;
  const pageNumber = Math.floor(offset / size) + 1;
  const lastOffset = page.total !== undefined ? Math.max(0, Math.ceil(page.total / size) - 1) * size : undefined;
  const atStart = offset === 0;
  const button = (b: PagerButton, label: string, target: number, disabled: boolean) => ({
    type: ComponentType.Button as const,
    style: ButtonStyle.Secondary as const,
    custom_id: pagerId(view, invoker, b, target, state),
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

export async function renderPagedView<S, C extends BaseContext>(
  ctx: C,
  view: PagedView<S, C>,
  state: S,
  offset: number,
  invokerId: string,
): Promise<RenderedMessage> {
  const page = await view.load(ctx, state, offset);
  const t = ctx.t;
  const invoker = encodeUserId(invokerId);
  const rows: APIActionRowComponent<APIComponentInMessageActionRow>[] = [];
  let note = page.content;
  if (offset > 0 || page.hasNext) {
    try {
      rows.push(pagerRow(t, view, state, page, offset, invoker));
    } catch (error) {
      // Only text full of escaped characters can overflow the custom_id; show the page without paging.
      if (!(error instanceof CustomIdTooLongError)) throw error;
      note = [note, t.t('works.pager.tooManySpecial')].filter(Boolean).join('\n');
    }
  }
  if (page.open.length > 0) {
    rows.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: encodeCustomId(COMPONENT_KINDS.open, [view.code, invoker]),
          placeholder: view.openPlaceholder(t),
          options: page.open.slice(0, 25).map((o) => ({
            label: o.label,
            value: o.value,
            ...(o.description ? { description: o.description } : {}),
          })),
        },
      ],
    });
  }
  return { ...(note ? { content: note } : {}), embeds: page.embeds, components: rows };
}

/**
 * The component handler behind every pager button. A view declaring `linked` has its buttons refused to
 * the unlinked (`linkedOf`, checked by the router), so its load is given the login the check read.
 */
export function pagerHandler(views: readonly AnyPagedView[]): ComponentHandler {
  const byCode = new Map(views.map((v) => [v.code, v]));
  return {
    kind: COMPONENT_KINDS.pager,
    mode: 'update',
    invokerField: 1,
    linkedOf: (fields) => byCode.get(fields.string())?.linked === true,
    async run(ctx, fields) {
      const code = fields.string();
      const view = byCode.get(code);
      if (!view) throw new MalformedCustomIdError(`unknown view ${code}`);
      fields.string(); // invoker, checked by the router
      fields.string(); // which button
      const offset = fields.int();
      if (offset < 0) throw new MalformedCustomIdError('negative offset');
      // A linked view's context has the login: `linkedOf` made the router check it and set `ctx.auth`.
      return renderPagedView(ctx, view as PagedView<unknown>, view.decode(fields), offset, ctx.userId);
    },
  };
}

export type Opener = (ctx: BaseContext, reference: string) => Promise<RenderedMessage>;

/** The component handler behind every "open an item" select menu. */
export function openHandler(open: Opener): ComponentHandler {
  return {
    kind: COMPONENT_KINDS.open,
    mode: 'reply',
    invokerField: 1,
    async run(ctx) {
      const reference = ctx.values[0];
      if (!reference) throw new MalformedCustomIdError('no item chosen');
      return open(ctx, reference);
    },
  };
}
