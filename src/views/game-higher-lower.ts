// /game higher-lower: two pool titles, which has the higher score? Private; buttons for each title
// whose custom ids carry only the round's nonce and a side (no title id); continue until wrong; the
// best run kept per person (and, for a run ended in a server, the person put on its board). Only the
// store is read: no service request.

import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import type { BaseContext, ComponentHandler } from '../interactions/context.js';
import { encodeCustomId } from '../render/custom-ids.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { clipPlain } from '../render/text.js';
import { safeTitle } from '../render/game.js';
import { COLORS } from '../render/theme.js';
import type { HlRound } from '../games/higher-lower.js';
import { GAME_KINDS, type GameKind, type PoolTitle } from '../games/pool.js';
import { poolOrWait } from './game.js';
import { recordBoardPlay } from './game-boards.js';
import { COMPONENT_KINDS } from '../render/component-kinds.js';


const score = (t: PoolTitle): string => (t.score ?? 0).toFixed(2);

function roundMessage(ctx: BaseContext, kind: GameKind, round: HlRound, before?: string): RenderedMessage {
  const { t } = ctx;
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

/** /game higher-lower: a new run of the kind. */
export async function gameHigherLower(ctx: BaseContext, kind: GameKind): Promise<RenderedMessage> {
  const pool = await poolOrWait(ctx, kind);
  if (!('titles' in pool)) return pool;
  const round = await ctx.deps.games.higherLower.start(ctx.userId, kind, pool);
  if (!round) return { embeds: [{ description: ctx.t.t('games.hl.tooFew'), color: COLORS.warning }], ephemeral: true };
  return roundMessage(ctx, kind, round);
}

/** A pick: right → the next round in place; wrong → the run's end with both scores and the best run. */
export const higherLowerHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.higherLower,
  mode: 'update',
  local: true,
  async run(ctx, fields) {
    const kind = fields.oneOf(GAME_KINDS);
    const nonce = fields.string();
    const side = fields.oneOf(['a', 'b'] as const);
    const pool = await poolOrWait(ctx, kind);
    if (!('titles' in pool)) return pool;
    const { games } = ctx.deps;
    const picked = await games.higherLower.pick(ctx.userId, kind, nonce, side, pool);
    if ('stale' in picked) throw new UserFacingError('games.error.hlEnded');
    const { was } = picked;
    const scores = { a: safeTitle(was.a), sa: score(was.a), b: safeTitle(was.b), sb: score(was.b) };
    if (picked.right && picked.next.nonce !== '') return roundMessage(ctx, kind, picked.next, ctx.t.t('games.hl.right', scores));
    const run = picked.right ? picked.next.run : was.run;
    const best = await games.plays.higherLowerRun(ctx.userId, kind, run);
    // A run ended in a server's channel puts the person on its higher-or-lower board.
    await recordBoardPlay(ctx, 'higher-lower', kind, best);
    const text = picked.right ? ctx.t.t('games.hl.finished', { run, best }) : ctx.t.t('games.hl.wrong', { ...scores, run, best });
    return { embeds: [{ title: ctx.t.t('games.hl.title', { kind }), description: text, color: picked.right ? COLORS.success : COLORS.error }], components: [], ephemeral: true };
  },
};
