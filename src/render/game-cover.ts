// Cover rounds' messages (/game cover): the round's frame post (a pixelated cover, an Answer button
// whose custom id names only the session, a file and alt text that never name the title), the result
// post (the winner, the title with its cover, the time taken), the private answers, and the answer form
// the button opens (its custom id names the session only). Pure: data and a Translator in, messages out.

import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import type { Translator } from '../i18n/index.js';
import type { CoverSession, PlayedRound } from '../games/cover-session.js';
import { COVER_FRAMES, COVER_ROUND_MS } from '../games/cover-session.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import { titleForm } from './game.js';
import type { MessageRow, RenderedMessage } from './limits.js';
import type { EncodedPicture } from './pictures/encode.js';
import { pictureFile } from './pictures/attachment.js';
import { COLORS } from './theme.js';
import { clipPlain, escapeMarkdown } from './text.js';

/** Every frame's file is called this, whatever the title. */
export const COVER_FRAME_FILE = 'cover-round';
export const COVER_RESULT_FILE = 'cover-answer';

const stamp = (ms: number, style: 't' | 'R'): string => `<t:${Math.floor(ms / 1000)}:${style}>`;
const coverTitle = (title: string): string => escapeMarkdown(clipPlain(title, 150));
/** Seconds with one decimal, in the reader's language. */
const seconds = (t: Translator, ms: number): string => t.number(ms / 1000, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** The round's message at frame `frame`: the picture and when the round ends, with `answer` (the Answer button's row, coverAnswerRow). */
export function coverFrameMessage(t: Translator, s: CoverSession, frame: number, picture: EncodedPicture, answer: MessageRow[]): RenderedMessage {
  const file = pictureFile(COVER_FRAME_FILE, picture, t.t('games.cover.alt', { kind: s.kind, frame: frame + 1, frames: COVER_FRAMES }));
  const embed: APIEmbed = {
    title: t.t('games.cover.title', { n: s.n, total: s.total }),
    description: t.t('games.cover.prompt', { kind: s.kind, end: stamp(s.startedAt + COVER_ROUND_MS, 'R') }),
    image: { url: `attachment://${file.name}` },
    footer: { text: t.t('games.cover.frame', { frame: frame + 1, frames: COVER_FRAMES }) },
    color: COLORS.brand,
  };
  return { embeds: [embed], components: answer, files: [file] };
}

/** The round's message once the round ended: its last frame stays, the button goes. */
export function coverClosedMessage(t: Translator, s: CoverSession): RenderedMessage {
  return {
    embeds: [{ title: t.t('games.cover.title', { n: s.n, total: s.total }), description: t.t('games.cover.closed'), image: { url: `attachment://${COVER_FRAME_FILE}.png` }, color: COLORS.brand }],
    components: [],
  };
}

/** The result: the winner and the time taken (or no one), the title and its cover, what comes next. */
export function coverResultMessage(t: Translator, s: CoverSession, round: PlayedRound, picture: EncodedPicture): RenderedMessage {
  const title = coverTitle(round.title);
  const file = pictureFile(COVER_RESULT_FILE, picture, t.t('games.cover.resultAlt', { title: clipPlain(round.title, 150) }));
  const outcome = round.winner ? t.t('games.cover.won', { user: `<@${round.winner.userId}>`, seconds: seconds(t, round.winner.ms) }) : t.t('games.cover.nobody');
  const next = round.n < s.total ? t.t('games.cover.more') : t.t('games.cover.over');
  return {
    embeds: [
      {
        title: t.t('games.cover.wonTitle', { n: round.n, total: s.total, title: clipPlain(round.title, 150) }),
        description: `${outcome}\n\n**${title}**\n${next}`,
        image: { url: `attachment://${file.name}` },
        color: round.winner ? COLORS.success : COLORS.brand,
      },
    ],
    files: [file],
  };
}

/** Where a running round is: a link to its message, else the channel. */
export function roundLink(t: Translator, s: CoverSession): string {
  const label = t.t('games.cover.linkRound', { n: s.n });
  return s.messageId ? `[${label}](https://discord.com/channels/${s.guildId}/${s.channelId}/${s.messageId})` : `<#${s.channelId}>`;
}

export const coverStartedEmbed = (t: Translator, rounds: number): APIEmbed => ({ description: t.t('games.cover.started', { rounds }), color: COLORS.success });
export const coverEmptyEmbed = (t: Translator): APIEmbed => ({ description: t.t('games.cover.empty') });
export const coverRunningEmbed = (t: Translator, s: CoverSession): APIEmbed => ({ description: t.t('games.cover.running', { link: roundLink(t, s) }), color: COLORS.warning });

/** What a private answer says: won, wrong, too late (and who won), nothing running, or another session's button. */
export type CoverAnswerView =
  | { won: { n: number; ms: number } }
  | { wrong: true }
  | { taken: PlayedRound }
  | { none: true }
  | { stale: true };

export function coverAnswerEmbed(t: Translator, v: CoverAnswerView): APIEmbed {
  if ('won' in v) return { description: t.t('games.cover.answer.won', { n: v.won.n, seconds: seconds(t, v.won.ms) }), color: COLORS.success };
  if ('wrong' in v) return { description: t.t('games.cover.answer.wrong'), color: COLORS.warning };
  if ('taken' in v) {
    const r = v.taken;
    const title = coverTitle(r.title);
    return { description: r.winner ? t.t('games.cover.answer.taken', { n: r.n, user: `<@${r.winner.userId}>`, title }) : t.t('games.cover.answer.takenNobody', { n: r.n, title }), color: COLORS.brand };
  }
  return { description: t.t('none' in v ? 'games.cover.answer.none' : 'games.cover.answer.stale'), color: COLORS.brand };
}

/** The custom id of a round's Answer button (handed to the round's display by the composition root). */
export interface CoverRoundIds {
  answer(sid: string): string;
}

/** The Answer button's custom id: the session only (commands/components/game.ts handles it). */
export const coverRoundIds: CoverRoundIds = { answer: (sid) => encodeCustomId(COMPONENT_KINDS.coverAnswer, [sid]) };

/** The answer form the Answer button opens: its custom id names the session only. */
export function coverAnswerForm(t: Translator, sid: string): RenderedMessage {
  return { modal: titleForm(encodeCustomId(COMPONENT_KINDS.coverForm, [sid]), t.t('games.cover.modal.title'), t.t('games.cover.modal.label')) };
}

/** The Answer button's row under a round's frame. */
export function coverAnswerRow(t: Translator, customId: string): MessageRow[] {
  const button = { type: ComponentType.Button as const, style: ButtonStyle.Success as const, label: t.t('games.cover.answerButton'), custom_id: customId };
  return [{ type: ComponentType.ActionRow, components: [button] }];
}
