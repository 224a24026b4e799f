// The answers to `/server join` and `/server leave`: joining says exactly what the server's members
// will see, and how to undo it.

import type { Translator } from '../i18n/index.js';
import type { RenderedMessage } from './limits.js';
import { escapeMarkdown } from './text.js';
import { COLORS } from './theme.js';

/** What a member who joined shows to this server's members (the consent text). */
export function shownToMembers(t: Translator): string[] {
  return [t.t('social.join.shown.info'), t.t('social.join.shown.compare'), t.t('social.join.shown.boards'), t.t('social.join.shown.feed')];
}

export function joinedMessage(t: Translator, o: { serviceUser: string; alreadyMember: boolean; anime: number; manga: number }): RenderedMessage {
  const who = `**${escapeMarkdown(o.serviceUser)}**`;
  const lines = [
    o.alreadyMember ? t.t('social.join.already', { who }) : t.t('social.join.joined', { who }),
    '',
    t.t('social.join.canSee'),
    ...shownToMembers(t).map((s) => `- ${s}`),
    '',
    t.t('social.join.copy', { anime: o.anime, manga: o.manga }),
    '',
    t.t('social.join.undo'),
  ];
  return {
    ephemeral: true,
    embeds: [{ title: t.t(o.alreadyMember ? 'social.join.titleAlready' : 'social.join.title'), description: lines.join('\n'), color: COLORS.success }],
  };
}

export function leftMessage(t: Translator, was: boolean): RenderedMessage {
  return {
    ephemeral: true,
    embeds: [
      was
        ? { title: t.t('social.leave.title'), description: t.t('social.leave.text'), color: COLORS.success }
        : { title: t.t('social.leave.notJoined.title'), description: t.t('social.leave.notJoined.text') },
    ],
  };
}
