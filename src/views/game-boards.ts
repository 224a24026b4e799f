// /game leaderboard: this server's board of one game and kind, among the people who played here (the
// per-server record of src/games/boards.ts: one store read, then one read of those people's hide
// choices and, for streaks and runs, one of their records), without anyone who hides themselves from
// every board (/settings boards). And the one step that puts a person on a server's board when they play
// there (a shared daily grid, an ended higher-or-lower run; cover rounds call the same step).

import type { BaseContext, InServer } from '../interactions/context.js';
import type { RenderedMessage } from '../render/limits.js';
import { gameBoardEmbed } from '../render/game-boards.js';
import { boardOf, type BoardGame } from '../games/boards.js';
import { utcDay } from '../games/daily.js';
import type { GameKind } from '../games/pool.js';

/** The board, public in the channel; names are mentions, which ping no one. */
export async function gameLeaderboard(ctx: InServer<BaseContext>, game: BoardGame, kind: GameKind): Promise<RenderedMessage> {
  const { games, preferences } = ctx.deps;
  const players = await games.boardPlayers(ctx.guildId, game, kind);
  const hidden = await preferences.hiddenFromBoards([...players.map((p) => p.userId), ctx.userId]);
  const shown = players.filter((p) => !hidden.has(p.userId));
  const rows = await games.standings(shown, game, kind, utcDay(ctx.deps.now()));
  return { embeds: [gameBoardEmbed(ctx.t, { game, kind, rows, viewerId: ctx.userId, viewerHidden: hidden.has(ctx.userId) })] };
}

/**
 * Puts the person on this server's board of the game when they played in one of its channels (nothing in
 * DMs). The play itself is done: a board that cannot be written is logged, and the answer goes on.
 */
export async function recordBoardPlay(ctx: BaseContext, game: BoardGame, kind: GameKind, value: number): Promise<void> {
  if (ctx.guildId === undefined) return;
  try {
    await ctx.deps.games.boards.recordPlay(ctx.guildId, ctx.userId, boardOf(game, kind), value);
  } catch (error) {
    ctx.deps.log.warn('a game board could not note a play', { error, game });
  }
}
