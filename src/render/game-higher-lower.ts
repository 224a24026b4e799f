// Higher or lower's messages (/game higher-lower): a round (two pool titles, which has the higher
// score?) with a button for each title whose custom id carries only the kind, the round's nonce and a
// side (no title id), and the run's end with both scores and the best run. Pure: data and the reader's
// Translator in, messages out; titles through the untrusted-text gate.

import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import type { Translator } from '../i18n/index.js';
import type { HlRound } from '../games/higher-lower.js';
import type { GameKind, PoolTitle } from '../games/pool.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import { safeTitle } from './game.js';
import type { RenderedMessage } from './limits.js';
import { clipPlain } from './text.js';
import { COLORS } from './theme.js';

const score = (t: PoolTitle): string => (t.score ?? 0).toFixed(2);

/** The two titles of a round played and their scores, as the answers name them. */
function scoresOf(was: Pick<HlRound, 'a' | 'b'>) {
  return { a: safeTitle(was.a), sa: score(was.a), b: safeTitle(was.b), sb: score(was.b) };
}

/** A round to play, private, under `right` (the round just won, when there is one). */
export function higherLowerRoundMessage(t: Translator, kind: GameKind, round: HlRound, right?: Pick<HlRound, 'a' | 'b'>): RenderedMessage {
  const before = right ? t.t('games.hl.right', scoresOf(right)) : undefined;
  const lines = [...(before ? [before, ''] : []), t.t('games.hl.question'), `**A**: ${safeTitle(round.a)}`, `**B**: ${safeTitle(round.b)}`, '', t.t('games.hl.run', { run: round.run })];
  const embed: APIEmbed = { title: t.t('games.hl.title', { kind }), description: lines.join('\n'), color: COLORS.brand };
  if (round.b.picture) embed.thumbnail = { url: round.b.picture };
  const button = (side: 'a' | 'b', title: PoolTitle) => ({
    type: ComponentType.Button as const,
    style: ButtonStyle.Primary as const,
    label: clipPlain(`${side.toUpperCase()}: ${title.title}`, 80),
    custom_id: encodeCustomId(COMPONENT_KINDS.higherLower, [kind, round.nonce, side]),
  });
  return { embeds: [embed], components: [{ type: ComponentType.ActionRow, components: [button('a', round.a), button('b', round.b)] }], ephemeral: true };
}

/** The pool has too few titles with a score for a run. */
export function higherLowerTooFewMessage(t: Translator): RenderedMessage {
  return { embeds: [{ description: t.t('games.hl.tooFew'), color: COLORS.warning }], ephemeral: true };
}

/** The run's end in place of the round: every round won (`right`), or the wrong pick with both scores; the run and the best. */
export function higherLowerEndMessage(t: Translator, kind: GameKind, end: { right: boolean; was: Pick<HlRound, 'a' | 'b'>; run: number; best: number }): RenderedMessage {
  const { run, best } = end;
  const text = end.right ? t.t('games.hl.finished', { run, best }) : t.t('games.hl.wrong', { ...scoresOf(end.was), run, best });
  return { embeds: [{ title: t.t('games.hl.title', { kind }), description: text, color: end.right ? COLORS.success : COLORS.error }], components: [], ephemeral: true };
}
