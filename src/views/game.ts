// /game daily, /game guess, /game stats and what the daily puzzle's Share button posts. Every answer
// reads only the shared store (the pool, the day's secret, the person's play): no service request. The
// secret is never in a custom id, an autocomplete's order or a public message; Share posts the grid
// alone (and, in a server, puts the person on its daily streaks board: src/views/game-boards.ts). The
// messages are built in src/render/game.ts; the buttons' handlers are in commands/components/game.ts.

import type { AutocompleteChoice, AutocompleteContext, BaseContext } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import { parseTitleInput } from './title-input.js';
import type { RenderedMessage } from '../render/limits.js';
import { clipPlain } from '../render/text.js';
import { dailyEmbed, gameGuessRow, gridMessage, guessEmbed, notInPoolEmbed, poolWaitingEmbed, repeatedGuessEmbed, sharedGridMessage, statsEmbed, type GridView } from '../render/game.js';
import { cluesFor, gridRow, verdictSquare } from '../games/clues.js';
import { dayEndsAt, utcDay } from '../games/daily.js';
import { closestTitles, resolveGuess, searchPool } from '../games/matching.js';
import { MAX_GUESSES, Plays, type Play } from '../games/plays.js';
import { GAME_KINDS, type GameKind, type GamePool } from '../games/pool.js';
import { recordBoardPlay } from './game-boards.js';

/** The kind's pool, or the answer saying when to come back. */
export async function poolOrWait(ctx: BaseContext, kind: GameKind): Promise<GamePool | RenderedMessage> {
  const got = await ctx.deps.games.pool(kind);
  return 'pool' in got ? got.pool : { embeds: [poolWaitingEmbed(ctx.t, got.retryAt)], ephemeral: true };
}

const gridOf = (kind: GameKind, day: string, play: Play): GridView => ({ kind, day, rows: play.rows, solved: play.end === 'solved', max: MAX_GUESSES });

/** Under a day's answer: the grid and Share once the day is over for the person, else the Guess button. */
function under(ctx: BaseContext, kind: GameKind, day: string, play: Play): Pick<RenderedMessage, 'content' | 'components'> {
  return play.end ? gridMessage(ctx.t, gridOf(kind, day, play)) : { components: gameGuessRow(ctx.t, kind) };
}

/** /game daily: today's puzzle of the kind (its secret chosen now if this is the day's first game). */
export async function gameDaily(ctx: BaseContext, kind: GameKind): Promise<RenderedMessage> {
  const pool = await poolOrWait(ctx, kind);
  if (!('titles' in pool)) return pool;
  const now = ctx.deps.now();
  const day = utcDay(now);
  const { games } = ctx.deps;
  await games.secrets.secret(kind, day, pool);
  const play = await games.plays.play(ctx.userId, kind, day);
  const embed = dailyEmbed(ctx.t, { kind, day, used: play.guesses.length, max: MAX_GUESSES, resetAt: dayEndsAt(now), ended: play.end !== undefined, rows: play.rows });
  return { embeds: [embed], ...under(ctx, kind, day, play), ephemeral: true };
}

/** /game guess: one guess at today's puzzle, answered privately with its row of clues. */
export async function gameGuess(ctx: BaseContext, kind: GameKind, input: string): Promise<RenderedMessage> {
  const pool = await poolOrWait(ctx, kind);
  if (!('titles' in pool)) return pool;
  // A link to the title's page on the service's website names it too (a link elsewhere is refused).
  const parsed = parseTitleInput(input, kind, ctx.deps.serviceWebUrl);
  const guess = resolveGuess(pool, 'via' in parsed && parsed.via === 'link' ? `id:${parsed.id}` : input);
  if (!guess) return { embeds: [notInPoolEmbed(ctx.t, input, closestTitles(pool, input, 5))], ephemeral: true };
  const now = ctx.deps.now();
  const day = utcDay(now);
  const { games } = ctx.deps;
  const secret = await games.secrets.secret(kind, day, pool);
  const clues = cluesFor(kind, guess, secret);
  const solved = guess.id === secret.id;
  const result = await games.plays.guess(ctx.userId, kind, day, { id: guess.id, row: gridRow(clues, solved), solved });
  const { play } = result;
  if (!result.added) {
    if (result.why === 'repeated') return { embeds: [repeatedGuessEmbed(ctx.t, guess)], ephemeral: true };
    return { embeds: [dailyEmbed(ctx.t, { kind, day, used: play.guesses.length, max: MAX_GUESSES, resetAt: dayEndsAt(now), ended: true, rows: play.rows })], ...gridMessage(ctx.t, gridOf(kind, day, play)), ephemeral: true };
  }
  const stats = play.end === 'solved' ? await games.plays.stats(ctx.userId, kind) : undefined;
  const embed = guessEmbed(ctx.t, {
    kind,
    guess,
    clues,
    squares: clues.map((c) => verdictSquare(solved ? 'match' : c.verdict)),
    n: play.guesses.length,
    max: MAX_GUESSES,
    outcome: play.end ?? 'playing',
    streak: stats ? Plays.currentStreak(stats, day) : 0,
    ...(play.end === 'lost' ? { answer: secret } : {}),
  });
  return { embeds: [embed], ...under(ctx, kind, day, play), ephemeral: true };
}

/** /game stats: streak, days solved, the distribution of guesses, higher-or-lower's best. */
export async function gameStats(ctx: BaseContext, kind: GameKind): Promise<RenderedMessage> {
  const stats = await ctx.deps.games.plays.stats(ctx.userId, kind);
  return { embeds: [statsEmbed(ctx.t, kind, stats, Plays.currentStreak(stats, utcDay(ctx.deps.now())))], ephemeral: true };
}

/** The kind an autocomplete's `kind` option names (anime by default). */
export function kindOfOptions(ctx: AutocompleteContext): GameKind {
  const given = ctx.interaction.options.getString('kind');
  return GAME_KINDS.find((k) => k === given) ?? 'anime';
}

/** Titles of the pool matching what is typed, every form; ordered by the text and the pool only. */
export async function gameTitleChoices(ctx: AutocompleteContext): Promise<AutocompleteChoice[]> {
  const got = await ctx.deps.games.pool(kindOfOptions(ctx));
  if (!('pool' in got)) return [];
  return searchPool(got.pool, ctx.focused.value, 25).map((t) => {
    const other = t.en && t.en !== t.title ? ` · ${t.en}` : '';
    return { name: clipPlain(`${t.title}${other}`, 100), value: `id:${t.id}` };
  });
}

/** **Share**: the clicker's finished grid of that day (`day` as the button carries it), posted in the channel (squares only). */
export async function shareGrid(ctx: BaseContext, kind: GameKind, day: string): Promise<RenderedMessage> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new UserFacingError('games.error.noShare');
  const play = await ctx.deps.games.plays.play(ctx.userId, kind, day);
  if (!play.end) throw new UserFacingError('games.error.noShare');
  // Sharing a grid in a server's channel puts the person on its daily streaks board.
  await recordBoardPlay(ctx, 'daily', kind, (await ctx.deps.games.plays.stats(ctx.userId, kind)).best);
  return sharedGridMessage(ctx.t, gridOf(kind, day, play), ctx.userId);
}
