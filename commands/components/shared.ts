// The components no one command owns, declared once: the pager under every paged list (kind `pg`,
// it finds the list by the code in its custom id) and the "open an item" menu (kind `op`). Every
// other button, menu and form is declared by the command it belongs to (defineCommand's parts, from
// commands/components/<command>.ts); componentsOf collects them for the router, so adding one touches
// only its command's room. The pager and the menu are built in src/render/pager.ts.

import type { SlashCommand } from '../../src/interactions/command-types.js';
import type { ComponentHandler } from '../../src/interactions/context.js';
import { MalformedCustomIdError } from '../../src/interactions/custom-id.js';
import type { AnyPagedView, PagedView } from '../../src/interactions/paged-view-types.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { openReference } from '../../src/views/open-reference.js';
import { renderPagedView, type Opener } from '../../src/views/paged-view.js';

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

/** Distinct by identity (anime and manga share the details buttons); two different ones with one key are a bug. */
function distinct<T>(items: readonly T[], key: (item: T) => string, what: string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    const before = seen.get(k);
    if (before !== undefined && before !== item) throw new Error(`two ${what} claim ${JSON.stringify(k)}`);
    seen.set(k, item);
  }
  return [...seen.values()];
}

/** Every paged list the commands show, one per code. */
export function pagedViewsOf(commands: readonly SlashCommand[]): AnyPagedView[] {
  return distinct(commands.flatMap((c) => c.pagedViews ?? []), (v) => v.code, 'paged views');
}

/**
 * The shared components and every command's own, one handler per custom-id kind. Throws when two
 * handlers (or two paged views) claim one kind (code), or a kind is empty or holds the separator `|`.
 */
export function componentsOf(commands: readonly SlashCommand[]): ComponentHandler[] {
  const shared = [pagerHandler(pagedViewsOf(commands)), openHandler(openReference)];
  const all = distinct([...shared, ...commands.flatMap((c) => c.components ?? [])], (h) => h.kind, 'component handlers');
  const bad = all.find((h) => h.kind === '' || h.kind.includes('|'));
  if (bad) throw new Error(`component kind ${JSON.stringify(bad.kind)} cannot start a custom id`);
  return all;
}
