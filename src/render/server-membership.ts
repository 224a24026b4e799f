// The answers to `/server join` and `/server leave`: joining says exactly what the server's members
// will see, and how to undo it.

import type { RenderedMessage } from './limits.js';
import { plural } from './plural.js';
import { escapeMarkdown } from './text.js';
import { COLORS } from './theme.js';

/** What a member who joined shows to this server's members (the consent text). */
export const SHOWN_TO_MEMBERS = [
  'your anime and manga list entries, each with its status, score and progress, in the "In this server" part of `/anime info` and `/manga info`',
  'how alike your scores are to another member\'s, with `/compare`',
  'your place on `/server leaderboard` (episodes, days watched, completed titles, mean score) and your titles counted in `/server top`',
  'posts in this server\'s activity feed, if it has one, when you start, complete, drop or score a title or watch or read more of it',
];

export function joinedMessage(o: { serviceUser: string; alreadyMember: boolean; anime: number; manga: number }): RenderedMessage {
  const who = `**${escapeMarkdown(o.serviceUser)}**`;
  const lists = `${plural(o.anime, 'anime entry', 'anime entries')} and ${plural(o.manga, 'manga entry', 'manga entries')}`;
  const lines = [
    o.alreadyMember ? `You had already joined this server's list community as ${who}.` : `You joined this server's list community as ${who}.`,
    '',
    'Members of this server can now see:',
    ...SHOWN_TO_MEMBERS.map((s) => `- ${s}`),
    '',
    `The bot keeps a copy of your lists (${lists} now) and reads them again from the service regularly (more often while you are active, less while they stay the same); changes you make through the bot show at once. Other servers see nothing unless you join there too.`,
    '',
    'To stop being shown here: `/server leave` in this server. `/logout` and "Also delete everything stored about me" removes every membership and the copy of your lists.',
  ];
  return { ephemeral: true, embeds: [{ title: o.alreadyMember ? 'Already joined' : 'Joined', description: lines.join('\n'), color: COLORS.success }] };
}

export function leftMessage(was: boolean): RenderedMessage {
  return {
    ephemeral: true,
    embeds: [
      was
        ? {
            title: 'Left',
            description:
              "You left this server's list community: its members no longer see your lists, scores or progress here, and its activity feed no longer posts your changes. When you have left every server, the copy of your lists is deleted.",
            color: COLORS.success,
          }
        : { title: 'Not joined', description: "You had not joined this server's list community: nothing about you is shown here." },
    ],
  };
}
