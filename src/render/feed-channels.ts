// The /feed channel answers: the list of a server's feed channels (each channel, its role, and a
// paused channel with how to fix it), the answers of add and remove, and the warning about paused
// channels shown under them to the server's managers. Pure: the caller passes the channel records.

import type { Translator } from '../i18n/index.js';
import type { FeedChannel } from '../activity-feed/feed-channels.js';
import { reasonText } from './feed-post.js';
import type { RenderedMessage } from './limits.js';
import { COLORS } from './theme.js';

/** The /feed channel list answer: each channel, its role, and a paused channel with how to fix it. */
export function feedChannelListMessage(t: Translator, channels: readonly FeedChannel[]): RenderedMessage {
  if (channels.length === 0) {
    return { embeds: [{ title: t.t('social.feedChannel.list.title'), description: t.t('social.feedChannel.list.none'), color: COLORS.brand }] };
  }
  const lines = channels.map((c) => {
    const role = c.roleId !== undefined ? t.t('social.feedChannel.list.mentioning', { role: c.roleId }) : '';
    const adult = c.ageRestricted ? t.t('social.feedChannel.list.adult') : '';
    const line = `<#${c.channelId}>${role}${adult}`;
    return c.pausedAt === undefined ? line : `${line}\n${pausedText(t, c)}`;
  });
  return {
    embeds: [
      {
        title: t.t('social.feedChannel.list.title'),
        description: [t.t('social.feedChannel.list.head', { count: channels.length }), '', ...lines].join('\n'),
        color: channels.some((c) => c.pausedAt !== undefined) ? COLORS.warning : COLORS.brand,
      },
    ],
  };
}

/** How a manager fixes a paused feed channel. */
export function pausedText(t: Translator, c: FeedChannel): string {
  return t.t('social.feedChannel.paused', { reason: reasonText(t, c.pausedReason), channel: c.channelId });
}

/** A warning for managers about paused feed channels, shown under their /feed answers (undefined when none is paused). */
export function pausedWarning(t: Translator, channels: readonly FeedChannel[]): string | undefined {
  const paused = channels.filter((c) => c.pausedAt !== undefined);
  if (paused.length === 0) return undefined;
  return [t.t('social.feedChannel.pausedWarning', { count: paused.length }), ...paused.map((c) => pausedText(t, c))].join('\n');
}

/** The answer of /feed channel add or remove (`title`, `description`), with the paused channels' warning under it (`channels`: the server's feed channels now). */
export function feedChannelChangedMessage(t: Translator, title: string, description: string, channels: readonly FeedChannel[]): RenderedMessage {
  const warning = pausedWarning(t, channels);
  return { embeds: [{ title, description: warning === undefined ? description : `${description}\n\n${warning}`, color: COLORS.success }] };
}
