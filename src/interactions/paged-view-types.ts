// What a paged list view is, as a command declares it (SlashCommand.pagedViews): the one pager
// (src/views/paged-view.ts, custom-id kind `pg`) finds the view by its code and loads the page.

import type { APIEmbed } from 'discord.js';
import type { BaseContext } from './context.js';
import type { FieldReader } from './custom-id.js';
import type { Translator } from '../i18n/index.js';
import type { TokenSource } from '../service/token-source.js';

export type Field = string | number | boolean | undefined;

export interface OpenOption {
  label: string;
  description?: string;
  /** An item reference understood by the open handler, e.g. `a:967`, `m:401`, `t:1877721`. */
  value: string;
}

export interface LoadedPage {
  embeds: APIEmbed[];
  content?: string;
  open: OpenOption[];
  hasNext: boolean;
  /** Number of items in the whole list, when the service tells it. */
  total?: number;
}

interface PagedViewParts<S, C extends BaseContext> {
  /** Two letters naming the view inside custom_ids. */
  code: string;
  encode(state: S): Field[];
  decode(fields: FieldReader): S;
  load(ctx: C, state: S, offset: number): Promise<LoadedPage>;
  /** Placeholder of the select menu, in the reader's language. */
  openPlaceholder: (t: Translator) => string;
  /** Items per page; PAGE_SIZE unless the items are large (forum posts). */
  pageSize?: number;
}

/**
 * A paged view. One of the user's own data loads with their login: it declares `linked: true` (its
 * context then has `auth`), and its pager buttons are refused to the unlinked by the router as its
 * command is (the pager handler's `linkedOf`).
 */
export type PagedView<S, C extends BaseContext = BaseContext> = PagedViewParts<S, C> & (C extends { auth: TokenSource } ? { linked: true } : { linked?: false });

/** Any paged view, as the pager holds them (each state and context its own). */
export type AnyPagedView = PagedViewParts<unknown, BaseContext> & { linked?: boolean };
