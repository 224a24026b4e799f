// /anime random and /manga random as the reader sees them: the pick's line above the title's details
// with Another beside the details' buttons, and the answer when nothing in the pool fits the filters
// (the pool's size, what each filter kept, which one emptied it). Pure: the caller draws the pick,
// renders the details and passes Another's custom id (built by anotherPickId).

import { ButtonStyle, ComponentType, type APIButtonComponent } from 'discord.js';
import type { Translator } from '../i18n/index.js';
import type { WorkKind } from '../service/kinds.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import { kindCode } from './kind-codes.js';
import type { RenderedMessage } from './limits.js';
import { term } from './terms.js';
import { clipPlain, escapeMarkdown } from './text.js';
import { COLORS } from './theme.js';
import { encodeUserId } from './user-ids.js';

/** What a pick was drawn from and with which filters, as the answer names them. */
export interface PickWords {
  kind: WorkKind;
  from: 'plan_to_watch' | 'suggestions' | 'season';
  /** A service user name; undefined for the reader's own list. */
  user: string | undefined;
  genre?: string;
  max?: number;
  mediaType?: string;
  airing?: 'airing' | 'finished' | 'not_yet_aired';
}

export type PickFilterName = 'nsfw' | 'genre' | 'max' | 'mediaType' | 'airing';

/** The pool's size and how many titles each filter, in order, left. */
export interface PickFiltering {
  total: number;
  steps: ReadonlyArray<{ filter: PickFilterName; kept: number }>;
}

function sourceName(t: Translator, source: PickWords): string {
  if (source.from === 'plan_to_watch') {
    return source.user === undefined ? t.t('picks.source.own', { kind: source.kind }) : t.t('picks.source.user', { kind: source.kind, user: escapeMarkdown(source.user) });
  }
  return t.t(`picks.source.${source.from}`);
}

function filterName(t: Translator, step: PickFilterName, f: PickWords): string {
  switch (step) {
    case 'nsfw':
      return t.t('picks.filter.nsfw');
    case 'genre':
      return t.t('picks.filter.genre', { genre: escapeMarkdown(clipPlain(f.genre ?? '', 60)) });
    case 'max':
      return t.t('picks.filter.max', { kind: f.kind, max: f.max ?? 0 });
    case 'mediaType':
      return t.t('picks.filter.mediaType', { type: escapeMarkdown(term(t, 'mediaType', f.mediaType ?? '')) });
    case 'airing':
      return t.t(`picks.filter.airing.${f.airing ?? 'airing'}`);
  }
}

/** Nothing fits: the pool's size, each filter with how many titles it kept, and which one emptied it. */
export function nothingFitsMessage(t: Translator, r: PickWords, filtered: PickFiltering): RenderedMessage {
  const lines = [t.t('picks.empty.pool', { source: sourceName(t, r), count: filtered.total })];
  const emptied = filtered.steps.find((s) => s.kept === 0);
  for (const step of filtered.steps) lines.push(t.t('picks.empty.step', { filter: filterName(t, step.filter, r), count: step.kept }));
  lines.push(emptied ? t.t('picks.empty.emptiedBy', { filter: filterName(t, emptied.filter, r) }) : t.t('picks.empty.poolEmpty', { kind: r.kind }));
  return { embeds: [{ title: t.t('picks.empty.title'), description: lines.join('\n'), color: COLORS.warning }] };
}

function anotherButton(t: Translator, customId: string, left: number): APIButtonComponent {
  return { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: customId, label: t.t('picks.another', { left }), disabled: left === 0 };
}

/** custom_id of Another: only the person who asked (`userId`) draws again from their pick session. */
export function anotherPickId(userId: string, kind: WorkKind, sessionId: string): string {
  return encodeCustomId(COMPONENT_KINDS.anotherPick, [encodeUserId(userId), kindCode(kind), sessionId]);
}

/** A pick: the title's details with "n of m" above them and Another (`anotherId`) beside the first row's buttons, or in a row of its own. */
export function pickMessage(t: Translator, details: RenderedMessage, pick: { anotherId: string; shown: number; count: number }): RenderedMessage {
  const [first, ...rest] = details.components ?? [];
  const button = anotherButton(t, pick.anotherId, pick.count - pick.shown);
  const components =
    first && first.components.length < 5
      ? [{ ...first, components: [...first.components, button] }, ...rest]
      : [{ type: ComponentType.ActionRow as const, components: [button] }, ...(details.components ?? [])].slice(0, 5);
  const content = t.t('picks.header', { shown: pick.shown, count: pick.count });
  return { ...details, content, components };
}
