// What `/server pick` shows and posts: the pick (the titles the chosen members plan, who wants each,
// how many were left out as not safe for work) with its **Vote** button, the native poll's question
// and answers, and the answer to Vote (when the poll ends, with its **End poll** button). Pure: the
// caller passes what was picked and what happened; the buttons' custom ids are built here.

import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import { POLL_LIMITS, type PollDraft } from '../discord-api/polls.js';
import type { Translator } from '../i18n/index.js';
import type { ListKind } from '../community/types.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import type { MessageRow, RenderedMessage } from './limits.js';
import { shownTitle } from './social.js';
import { clipPlain } from './text.js';
import { COLORS } from './theme.js';

const WHO_SHOWN = 5;

/** A picked title as the pick lists it: its name and the Discord ids of the members who plan it. */
export interface PickLine {
  title: string;
  wanters: readonly string[];
}

export interface GroupPickFacts {
  kind: ListKind;
  /** How many members' lists the pick read. */
  members: number;
  lines: readonly PickLine[];
  /** Titles left out as not safe for work. */
  hidden: number;
  /** The kept pick the Vote button puts to a poll; undefined where the bot cannot post one (no Vote). */
  pickId: string | undefined;
  hours: number;
}

function whoText(t: Translator, wanters: readonly string[]): string {
  const shown = wanters.slice(0, WHO_SHOWN).map((id) => t.t('social.who.mention', { id }));
  const more = wanters.length - shown.length;
  return more > 0 ? `${shown.join(', ')} +${more}` : t.list(shown);
}

/** The pick, with its Vote button (`gp-vote|<pick id>`) when there is a kept pick to vote on. */
export function groupPickMessage(t: Translator, f: GroupPickFacts): RenderedMessage {
  const lines = f.lines.map((r, i) => t.t('polls.pick.row', { rank: i + 1, title: shownTitle(t, r.title, false, true), count: r.wanters.length, who: whoText(t, r.wanters) }));
  const embed: APIEmbed = {
    title: t.t('polls.pick.title', { kind: f.kind }),
    color: COLORS.brand,
    description: [t.t('polls.pick.intro', { kind: f.kind, members: f.members }), '', ...lines, ...(f.hidden > 0 ? ['', t.t('polls.pick.hidden', { count: f.hidden })] : [])].join('\n'),
    footer: { text: f.pickId === undefined ? t.t('polls.pick.noBot') : t.t('polls.pick.footer', { hours: f.hours }) },
  };
  const components: MessageRow[] =
    f.pickId === undefined
      ? []
      : [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: t.t('polls.pick.vote'), custom_id: encodeCustomId(COMPONENT_KINDS.pollVote, [f.pickId]) }] }];
  return { embeds: [embed], components };
}

/** A title shortened to fit a poll answer (at a word where it can, with an ellipsis). */
export function answerText(title: string): string {
  return clipPlain(title, POLL_LIMITS.answer) || '?';
}

/** The native poll of a pick, in the server's language: its question and the titles as answers. */
export function groupPollDraft(t: Translator, kind: ListKind, titles: readonly { title: string }[], hours: number): PollDraft {
  return { question: t.t('polls.poll.question', { kind }), answers: titles.map((a) => answerText(a.title)), hours };
}

/** The answer to Vote: when the poll (message `messageId`) ends, with its End poll button (`gp-end|<message id>`). */
export function pollOpenedMessage(t: Translator, messageId: string, expiresAt: number, already: boolean): RenderedMessage {
  const seconds = Math.floor(expiresAt / 1000);
  const text = [already ? t.t('polls.open.already') : '', t.t('polls.open.text', { end: `<t:${seconds}:f>`, relative: `<t:${seconds}:R>` })].filter(Boolean).join('\n');
  return {
    embeds: [{ description: text, color: COLORS.brand }],
    components: [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Danger, label: t.t('polls.end.button'), custom_id: encodeCustomId(COMPONENT_KINDS.pollEnd, [messageId]) }] }],
  };
}

/** The answer to End poll: ended now, or it had ended already. */
export function pollEndedMessage(t: Translator, already: boolean): RenderedMessage {
  return { content: t.t(already ? 'polls.end.already' : 'polls.end.done') };
}
