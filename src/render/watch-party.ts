// What watch parties show: the scheduled event's name and spoiler-safe description, the answer to
// /watchparty create, the list of a server's parties, the answer to /watchparty cancel, the answer to
// "Plan a watch party" for a title without a known schedule, and the "Episode N of …: watched it?"
// post with its +1 button (`wp-watched|<anime id>|<episode>`) and the answer to it when the episode
// was already on the list. Pure functions of data and the reader's (or the server's) Translator.

import { ButtonStyle, ComponentType } from 'discord.js';
import { discordTime } from '../airing/air-times.js';
import { translator, type Translator } from '../i18n/index.js';
import type { WatchPartyEndedRendering } from '../watch-parties/discord-delivery.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import { finalizeMessage, type RenderedMessage } from './limits.js';
import { clipPlain, escapeMarkdown, truncate } from './text.js';
import { synopsisHidden, type SpoilerPolicy } from './spoilers.js';
import { COLORS } from './theme.js';
import { untrustedPlain } from './untrusted.js';

/** Discord's limits on an event (name, description). */
const NAME_MAX = 100;
const DESCRIPTION_MAX = 1000;

export interface EventWork {
  id: number;
  title: string;
  synopsis?: string;
  /** The title has a prequel among its related works. */
  hasPrequel: boolean;
}

/** The event's name: the title clipped so that "title · Episode N" fits Discord's 100 characters. */
export function watchPartyEventName(t: Translator, title: string, episode: number): string {
  const bare = t.t('watchparty.event.name', { title: '', episode });
  const room = Math.max(10, NAME_MAX - [...bare].length);
  return clipPlain(t.t('watchparty.event.name', { title: clipPlain(untrustedPlain(title), room), episode }), NAME_MAX);
}

/**
 * The event's description, spoiler-safe: which episode, the synopsis unless the server's spoiler
 * default hides it (`sequels`, the default: a title with a prequel, since nobody's list is known for
 * the server's event; `always`: every title; `never`: none), and the title's page. Plain text (Discord
 * shows event descriptions with little markdown), within 1000 characters; a hidden synopsis is left
 * out with a line saying why.
 */
export function watchPartyDescription(t: Translator, work: EventWork, episode: number, titleUrl: string, policy: SpoilerPolicy): string {
  const intro = t.t('watchparty.event.intro', { episode, title: clipPlain(untrustedPlain(work.title), 200) });
  const more = t.t('watchparty.event.more', { url: titleUrl });
  const hide = synopsisHidden(policy, work.hasPrequel, undefined);
  const room = DESCRIPTION_MAX - [...intro].length - [...more].length - 4;
  let middle = '';
  if (hide) middle = work.synopsis ? t.t(work.hasPrequel ? 'watchparty.event.prequel' : 'watchparty.event.hidden') : '';
  else if (work.synopsis) middle = truncate(untrustedPlain(work.synopsis).trim(), Math.max(0, room));
  return clipPlain([intro, middle, more].filter((s) => s !== '').join('\n\n'), DESCRIPTION_MAX);
}

export interface CreatedFacts {
  name: string;
  startMs: number;
  endMs: number;
  /** A voice or stage channel; undefined: this channel (external event). */
  channelId?: string;
  zone: string;
  zoneGiven: boolean;
  /** The episode whose expected broadcast the start is, when the start was defaulted. */
  airingEpisode?: number;
  eventUrl: string;
}

export function watchPartyCreatedMessage(t: Translator, f: CreatedFacts): RenderedMessage {
  const lines = [
    t.t('watchparty.created.text', {
      name: escapeMarkdown(f.name),
      time: discordTime(f.startMs, 'F'),
      relative: discordTime(f.startMs, 'R'),
      end: discordTime(f.endMs, 't'),
      place: f.channelId === undefined ? 'here' : `<#${f.channelId}>`,
    }),
    f.airingEpisode !== undefined ? t.t('watchparty.created.airing', { episode: f.airingEpisode }) : t.t('watchparty.created.zone', { zone: f.zone, given: f.zoneGiven ? 'yes' : 'no' }),
    t.t('watchparty.created.after'),
  ];
  return {
    embeds: [{ title: t.t('watchparty.created.title'), description: lines.join('\n'), color: COLORS.success }],
    components: [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Link, label: t.t('watchparty.created.open'), url: f.eventUrl }] }],
  };
}

export interface ListedParty {
  name: string;
  startMs: number;
  active: boolean;
  interested: number;
  creatorId: string;
}

export function watchPartyListMessage(t: Translator, parties: readonly ListedParty[]): RenderedMessage {
  const description =
    parties.length === 0
      ? t.t('watchparty.list.empty')
      : parties
          .map((p) =>
            t.t('watchparty.list.item', {
              name: escapeMarkdown(clipPlain(p.name, 100)),
              time: discordTime(p.startMs, 'f'),
              relative: discordTime(p.startMs, 'R'),
              active: p.active ? 'yes' : 'no',
              count: p.interested,
              creator: p.creatorId === '' ? '—' : `<@${p.creatorId}>`,
            }),
          )
          .join('\n');
  return { embeds: [{ title: t.t('watchparty.list.title'), description: truncate(description, 4000), color: COLORS.brand }] };
}

/** The answer to /watchparty cancel: the canceled party's event name. */
export function watchPartyCanceledMessage(t: Translator, title: string, episode: number): RenderedMessage {
  const name = clipPlain(t.t('watchparty.event.name', { title, episode }), 100);
  return { embeds: [{ title: t.t('watchparty.canceled.title'), description: t.t('watchparty.canceled.text', { name: escapeMarkdown(name) }), color: COLORS.success }] };
}

/** "Plan a watch party" for a title whose next broadcast is not known: the /watchparty create command to run. */
export function watchPartyCommandMessage(t: Translator, title: string, animeId: number): RenderedMessage {
  return { embeds: [{ title: t.t('watchparty.plan.command.title'), description: t.t('watchparty.plan.command.text', { title: escapeMarkdown(clipPlain(title, 150)), id: animeId }), color: COLORS.brand }] };
}

/** "+1 on my list" when the list has the episode already (`watched` episodes). */
export function alreadyWatchedMessage(t: Translator, title: string, watched: number): RenderedMessage {
  return { embeds: [{ title: t.t('watchparty.already.title'), description: t.t('watchparty.already.text', { title: escapeMarkdown(clipPlain(title, 150)), watched }), color: COLORS.brand }] };
}

/** "Episode N of …: watched it?", how many were interested, and the +1 button (`customId`). */
export function watchPartyEndedMessage(t: Translator, title: string, episode: number, interested: number | undefined, customId: string): RenderedMessage {
  const lines = [...(interested !== undefined ? [t.t('watchparty.ended.interested', { count: interested })] : []), t.t('watchparty.ended.press', { episode })];
  return {
    embeds: [{ title: clipPlain(t.t('watchparty.ended.title', { episode, title: clipPlain(untrustedPlain(title), 180) }), 256), description: lines.join('\n'), color: COLORS.brand }],
    components: [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: t.t('watchparty.button.watched'), custom_id: customId }] }],
  };
}

/** The custom id of the ended post's button (handed to watchPartyEndedRendering by the composition root). */
export interface WatchPartyEndedIds {
  watched(animeId: number, episode: number): string;
}

/** The custom id of "+1 on my list" on the post when a party ends: `wp-watched|<anime id>|<episode>`. */
export const watchPartyEndedIds: WatchPartyEndedIds = { watched: (animeId, episode) => encodeCustomId(COMPONENT_KINDS.watchPartyWatched, [animeId, episode]) };

/** How the watch parties render the post they make on their own, in the server's language (handed to them by the composition root). */
export function watchPartyEndedRendering(ids: WatchPartyEndedIds): WatchPartyEndedRendering {
  return (party, interested) => finalizeMessage(watchPartyEndedMessage(translator(party.locale), party.title, party.episode, interested, ids.watched(party.animeId, party.episode)));
}
