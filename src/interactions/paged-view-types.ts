// What a paged list view is, as a command declares it (SlashCommand.pagedViews): the one pager
// (src/views/paged-view.ts, custom-id kind `pg`) finds the view by its code and loads the page.

import type { APIEmbed } from 'discord.js';
import type { BaseContext } from './context.js';
import type { FieldReader } from './custom-id.js';
import type { Translator } from '../i18n/index.js';

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

export interface PagedView<S> {
  /** Two letters naming the view inside custom_ids. */
  code: string;
  encode(state: S): Field[];
  decode(fields: FieldReader): S;
  load(ctx: BaseContext, state: S, offset: number): Promise<LoadedPage>;
  /** Placeholder of the select menu, in the reader's language. */
  openPlaceholder: (t: Translator) => string;
  /** Items per page; PAGE_SIZE unless the items are large (forum posts). */
  pageSize?: number;
}
