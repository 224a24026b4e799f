// A page of a paged list of works (search, rankings, a season, suggestions, a user's list): the
// numbered list embed (src/render/lists.ts), the note above it, and the options of its "open an item"
// menu. Pure: the caller passes the works as they are shown (titles already masked where they must
// be, each with its line of facts and its item reference for the open menu).

import type { APIEmbed } from 'discord.js';
import type { MessageKey, Translator } from '../i18n/index.js';
import { workListEmbed, type WorkListItem } from './lists.js';

/** An option of the "open an item" menu under a page. */
export interface PageOpenOption {
  label: string;
  description?: string;
  /** The item's reference for the open menu, e.g. `a:967`. */
  value: string;
}

/** A page as render builds it; the paged view adds whether there is a next page. */
export interface RenderedPage {
  embeds: APIEmbed[];
  content?: string;
  open: PageOpenOption[];
}

/** A work on a page: its line of the list, the open menu's reference (`a:967`) and plain facts for its option (media type, year, …). */
export type ListedWork = WorkListItem & { ref: string; facts?: string };

export interface WorkPageOptions {
  title: string;
  works: readonly ListedWork[];
  /** Markdown above the works. */
  description?: string;
  /** Said when the page is empty. */
  empty: MessageKey;
  /** A note above the embed (titles left out as not safe for work). */
  note?: string | undefined;
  /** The embed's footer, as given. */
  footer?: string | undefined;
}

export function workListPage(t: Translator, o: WorkPageOptions): RenderedPage {
  const embed = workListEmbed(t, {
    title: o.title,
    ...(o.description ? { description: o.description } : {}),
    items: o.works,
    emptyText: t.t(o.empty),
  });
  if (o.footer !== undefined) embed.footer = { text: o.footer };
  return {
    embeds: [embed],
    ...(o.note !== undefined ? { content: o.note } : {}),
    open: o.works.map((w, i) => ({ label: `${w.rank ?? w.position ?? i + 1}. ${w.title}`, value: w.ref, ...(w.facts ? { description: w.facts } : {}) })),
  };
}

/** The footer of a season's page counting the titles carried over from earlier seasons; undefined when none are. */
export function carriedFooter(t: Translator, carried: number): string | undefined {
  return carried > 0 ? t.t('works.season.carried', { count: carried }) : undefined;
}
