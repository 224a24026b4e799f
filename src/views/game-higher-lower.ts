// /game higher-lower: two pool titles, which has the higher score? Private; continue until wrong; the
// best run kept per person (and, for a run ended in a server, the person put on its board). Only the
// store is read: no service request. The messages (buttons naming only the round's nonce and a side)
// are built in src/render/game-higher-lower.ts; the buttons' handler is in commands/components/game.ts.

import type { BaseContext } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { higherLowerEndMessage, higherLowerRoundMessage, higherLowerTooFewMessage } from '../render/game-higher-lower.js';
import type { GameKind } from '../games/pool.js';
import { poolOrWait } from './game.js';
import { recordBoardPlay } from './game-boards.js';

/** /game higher-lower: a new run of the kind. */
export async function gameHigherLower(ctx: BaseContext, kind: GameKind): Promise<RenderedMessage> {
  const pool = await poolOrWait(ctx, kind);
  if (!('titles' in pool)) return pool;
  const round = await ctx.deps.games.higherLower.start(ctx.userId, kind, pool);
  if (!round) return higherLowerTooFewMessage(ctx.t);
  return higherLowerRoundMessage(ctx.t, kind, round);
}

/** A pick of the round `nonce`: right → the next round in place; wrong → the run's end with both scores and the best run. */
export async function higherLowerPick(ctx: BaseContext, kind: GameKind, nonce: string, side: 'a' | 'b'): Promise<RenderedMessage> {
  const pool = await poolOrWait(ctx, kind);
  if (!('titles' in pool)) return pool;
  const { games } = ctx.deps;
  const picked = await games.higherLower.pick(ctx.userId, kind, nonce, side, pool);
  if ('stale' in picked) throw new UserFacingError('games.error.hlEnded');
  const { was } = picked;
  if (picked.right && picked.next.nonce !== '') return higherLowerRoundMessage(ctx.t, kind, picked.next, was);
  const run = picked.right ? picked.next.run : was.run;
  const best = await games.plays.higherLowerRun(ctx.userId, kind, run);
  // A run ended in a server's channel puts the person on its higher-or-lower board.
  await recordBoardPlay(ctx, 'higher-lower', kind, best);
  return higherLowerEndMessage(ctx.t, kind, { right: picked.right, was, run, best });
}
