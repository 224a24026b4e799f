// /game cover, /game answer, its autocomplete, and the round's Answer button and form. Starting checks
// the bot may see, post, embed and attach files in the channel (a missing permission named at once; a
// server where the app is only user-installed is told by the `needsBot` rule); every answer reads the
// shared store only (the pool, the channel's round): no service request. What is typed is matched
// against every title form; the suggestions' order depends only on what is typed and the pool. The
// messages and the answer form are built in src/render/game-cover.ts; the Answer button's and the form's
// handlers are in commands/components/game.ts.

import type { AutocompleteChoice, AutocompleteContext, BaseContext, InServer } from '../interactions/context.js';
import type { RenderedMessage } from '../render/limits.js';
import { clipPlain } from '../render/text.js';
import { notInPoolEmbed } from '../render/game.js';
import { coverAnswerEmbed, coverEmptyEmbed, coverRunningEmbed, coverStartedEmbed, type CoverAnswerView } from '../render/game-cover.js';
import { closestTitles, resolveGuess, searchPool } from '../games/matching.js';
import { MAX_COVER_ROUNDS } from '../games/cover-session.js';
import type { GameKind } from '../games/pool.js';
import { parseTitleInput } from './title-input.js';
import { poolOrWait } from './game.js';

/** The permissions a round needs in its channel. */
export const COVER_NEEDS = ['viewChannel', 'sendMessages', 'embedLinks', 'attachFiles'] as const;

function channelOf(ctx: BaseContext & { interaction: { channelId: string | null } }): string {
  const id = ctx.interaction.channelId;
  if (id === null) throw new Error('an interaction in a server without its channel');
  return id;
}

/** /game cover: rounds in this channel, unless one runs here already (then a link to it). */
export async function gameCover(ctx: InServer, kind: GameKind, rounds: number): Promise<RenderedMessage> {
  const pool = await poolOrWait(ctx, kind);
  if (!('titles' in pool)) return pool;
  const channelId = channelOf(ctx);
  const { coverRounds } = ctx.deps.games;
  const running = await coverRounds.session(channelId);
  if (running && !running.over) return { embeds: [coverRunningEmbed(ctx.t, running)], ephemeral: true };
  await ctx.deps.discord.access.check(ctx.guildId, channelId, { needs: COVER_NEEDS, signal: ctx.signal });
  const total = Math.max(1, Math.min(MAX_COVER_ROUNDS, Math.trunc(rounds)));
  const got = await coverRounds.begin({ guildId: ctx.guildId, channelId, kind, locale: ctx.guildLocale ?? ctx.t.locale, total }, pool);
  if ('running' in got) return { embeds: [coverRunningEmbed(ctx.t, got.running)], ephemeral: true };
  if ('empty' in got) return { embeds: [coverEmptyEmbed(ctx.t)], ephemeral: true };
  return { embeds: [coverStartedEmbed(ctx.t, total)] };
}

/** /game answer and the form: one answer at the channel's round (`sid` from a round's button). */
export async function gameAnswer(ctx: BaseContext & { interaction: { channelId: string | null } }, input: string, sid?: string): Promise<RenderedMessage> {
  const channelId = channelOf(ctx);
  const { coverRounds } = ctx.deps.games;
  const session = await coverRounds.session(channelId);
  if (!session) return { embeds: [coverAnswerEmbed(ctx.t, { none: true })], ephemeral: true };
  const pool = await poolOrWait(ctx, session.kind);
  if (!('titles' in pool)) return pool;
  const parsed = parseTitleInput(input, session.kind, ctx.deps.serviceWebUrl);
  const guess = resolveGuess(pool, 'via' in parsed && parsed.via === 'link' ? `id:${parsed.id}` : input);
  if (!guess) return { embeds: [notInPoolEmbed(ctx.t, input, closestTitles(pool, input, 5))], ephemeral: true };
  const got = await coverRounds.answer(channelId, ctx.userId, guess, sid, 'text' in parsed ? input : undefined);
  const view: CoverAnswerView =
    'won' in got ? { won: { n: got.won.n, ms: got.ms } } : 'wrong' in got ? { wrong: true } : 'taken' in got ? { taken: got.round } : 'stale' in got ? { stale: true } : { none: true };
  return { embeds: [coverAnswerEmbed(ctx.t, view)], ephemeral: true };
}

/** Suggestions from the pool of the channel's round (anime when none runs): by what is typed and the pool's order only. */
export async function coverTitleChoices(ctx: AutocompleteContext): Promise<AutocompleteChoice[]> {
  const channelId = ctx.interaction.channelId;
  const session = channelId === null ? undefined : await ctx.deps.games.coverRounds.session(channelId);
  const got = await ctx.deps.games.pool(session?.kind ?? 'anime');
  if (!('pool' in got)) return [];
  return searchPool(got.pool, ctx.focused.value, 25).map((t) => {
    const other = t.en && t.en !== t.title ? ` · ${t.en}` : '';
    return { name: clipPlain(`${t.title}${other}`, 100), value: `id:${t.id}` };
  });
}
