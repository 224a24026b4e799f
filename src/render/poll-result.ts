// The result of a `/server pick` poll, as the bot posts it in the poll's channel in the server's
// language: the winner with its details as the pick knew them (cover, how many members plan it, its
// votes), how a tie was broken, and for anime a **Plan a watch party** button (`wp-plan|<anime id>`,
// handled by /watchparty's components); or that nobody voted.

import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import { isLocale, translator } from '../i18n/index.js';
import type { PollResultRendering } from '../group-polls/poll-delivery.js';
import type { PollRecord, PollResult } from '../group-polls/group-polls.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import { finalizeMessage, type MessageRow, type RenderedMessage } from './limits.js';
import { shownTitle } from './social.js';
import { COLORS } from './theme.js';
import { safeHttpUrl } from './url.js';

/** The custom id of the result's button (handed to pollResultRendering by the composition root). */
export interface PollResultIds {
  planWatchParty(animeId: number): string;
}

/** The custom id of "Plan a watch party" on a poll result: `wp-plan|<anime id>`. */
export const pollResultIds: PollResultIds = { planWatchParty: (animeId) => encodeCustomId(COMPONENT_KINDS.watchPartyPlan, [animeId]) };

export function pollResultMessage(poll: PollRecord, result: PollResult, serviceWebUrl: string, ids: PollResultIds): RenderedMessage {
  const t = translator(isLocale(poll.locale) ? poll.locale : undefined);
  const winner = result.winner;
  if (!winner) {
    return { embeds: [{ title: t.t('polls.result.none.title'), description: t.t('polls.result.none.text'), color: COLORS.brand }] };
  }
  const url = safeHttpUrl(`${serviceWebUrl}/${poll.kind}/${winner.id}`);
  const picture = safeHttpUrl(winner.picture);
  const tie = result.tie === 'members' ? t.t('polls.result.tieMembers') : result.tie === 'order' ? t.t('polls.result.tieOrder') : undefined;
  // The pick left titles not safe for work out of channels that are not age-restricted: the winner is fit for this one.
  const embed: APIEmbed = {
    title: t.t('polls.result.title', { title: shownTitle(t, winner.title, false, true) }),
    color: COLORS.brand,
    description: [t.t('polls.result.text', { votes: result.votes, total: result.totalVotes, wanters: winner.wanters, kind: poll.kind }), ...(tie ? [tie] : [])].join('\n'),
    ...(url ? { url } : {}),
    ...(picture ? { thumbnail: { url: picture } } : {}),
  };
  const buttons: MessageRow['components'] = [
    ...(poll.kind === 'anime'
      ? [{ type: ComponentType.Button as const, style: ButtonStyle.Primary as const, label: t.t('polls.result.plan'), custom_id: ids.planWatchParty(winner.id) }]
      : []),
    ...(url ? [{ type: ComponentType.Button as const, style: ButtonStyle.Link as const, label: t.t('polls.result.page'), url }] : []),
  ];
  return { embeds: [embed], components: buttons.length > 0 ? [{ type: ComponentType.ActionRow, components: buttons }] : [] };
}

/** How the polls' end job renders the result it posts (handed to it by the composition root). */
export function pollResultRendering(serviceWebUrl: string, ids: PollResultIds): PollResultRendering {
  return (poll, result) => finalizeMessage(pollResultMessage(poll, result, serviceWebUrl, ids));
}
