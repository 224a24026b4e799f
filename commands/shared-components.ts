// The components no one command owns, declared once: the pager under every paged list (kind `pg`,
// it finds the list by the code in its custom id) and the "open an item" menu (kind `op`). Every
// other button, menu and form is declared by the command it belongs to (defineCommand's parts);
// componentsOf collects them for the router, so adding one touches only its command's room.

import type { SlashCommand } from '../src/interactions/command-types.js';
import type { ComponentHandler } from '../src/interactions/context.js';
import type { PagedView } from '../src/interactions/paged-view-types.js';
import { openHandler, pagerHandler } from '../src/views/paged-view.js';
import { openReference } from '../src/views/open-reference.js';

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
export function pagedViewsOf(commands: readonly SlashCommand[]): PagedView<unknown>[] {
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
