// A work's details message and the buttons under it: the quick "+1" buttons and the status menu (they change the
// list entry of whoever clicks), "Check N more related works" and the "+1 episode" button a reminder
// post reuses. Pure: the caller passes the work and what it found; the ids are built here
// (kinds: src/render/component-kinds.ts; handlers: commands/components/works.ts).

import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import type { MessageKey, Translator } from '../i18n/index.js';
import { KINDS, type ProgressUnitName, type WorkKind } from '../service/kinds.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import { kindCode } from './kind-codes.js';
import type { MessageRow, RenderedMessage } from './limits.js';
import { term } from './terms.js';

/** The action of a "+1" button in its custom id, one per unit of progress. */
export const QUICK_ACTIONS = ['ep', 'ch', 'vol'] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];

/** A "+1" button of a unit: its action in the custom id and its label. */
export interface QuickButton {
  readonly action: QuickAction;
  readonly label: MessageKey;
}

export const QUICK_BUTTON_OF: { readonly [U in ProgressUnitName]: QuickButton } = {
  episodes: { action: 'ep', label: 'works.quick.addEpisode' },
  volumes: { action: 'vol', label: 'works.quick.addVolume' },
  chapters: { action: 'ch', label: 'works.quick.addChapter' },
};

/** The "+1" buttons under a work's details, in the order shown: the unit most often counted first. */
export const QUICK_BUTTONS: { readonly [K in WorkKind]: readonly ProgressUnitName[] } = { anime: ['episodes'], manga: ['chapters', 'volumes'] };

/** custom_id of the "+1 episode" button: adds one watched episode for whoever clicks, from any message. */
export function addEpisodeButtonId(animeId: number): string {
  return encodeCustomId(COMPONENT_KINDS.quickAction, ['a', animeId, 'ep']);
}

/** The "+1" buttons of the kind's units, and the menu that sets the clicker's status. */
export function quickActionRows(t: Translator, kind: WorkKind, id: number): MessageRow[] {
  const k = kindCode(kind);
  const buttons = QUICK_BUTTONS[kind].map((unit) => ({
    type: ComponentType.Button as const,
    style: ButtonStyle.Primary as const,
    custom_id: encodeCustomId(COMPONENT_KINDS.quickAction, [k, id, QUICK_BUTTON_OF[unit].action]),
    label: t.t(QUICK_BUTTON_OF[unit].label),
  }));
  return [
    { type: ComponentType.ActionRow, components: buttons },
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: encodeCustomId(COMPONENT_KINDS.quickStatus, [k, id]),
          placeholder: t.t('works.quick.statusPlaceholder'),
          options: KINDS[kind].statuses.map((s) => ({ label: term(t, 'listStatus', s), value: s })),
        },
      ],
    },
  ];
}

/** "Check N more related works" (vets the references not yet known, for whoever clicks); nothing when every one is checked. */
export function checkMoreRows(t: Translator, kind: WorkKind, id: number, unchecked: number): MessageRow[] {
  if (unchecked === 0) return [];
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Secondary,
          custom_id: encodeCustomId(COMPONENT_KINDS.checkMore, [kindCode(kind), String(id)]),
          label: t.t('works.details.checkMore', { count: unchecked }),
        },
      ],
    },
  ];
}

/**
 * The details message: the details embed, the quick buttons, "Check N more" when `unchecked` references
 * are not vetted yet, then the "In this server" part (src/render/social.ts) when there is one.
 */
export function detailsMessage(t: Translator, kind: WorkKind, id: number, details: APIEmbed, unchecked: number, server: { embeds: APIEmbed[]; components: MessageRow[] }): RenderedMessage {
  return { embeds: [details, ...server.embeds], components: [...quickActionRows(t, kind, id), ...checkMoreRows(t, kind, id, unchecked), ...server.components] };
}
