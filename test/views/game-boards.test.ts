// /game leaderboard's view and embed: this server's people only, the hidden left out (the viewer told
// they hide themselves), names as mentions that ping no one, the viewer's place or how to get on the
// board, in every language; a play in a server puts the person on its board, a play in DMs on none, and
// a board that cannot be written does not stop the play.
import { describe, expect, it } from 'vitest';
import type { BaseContext, BotDeps } from '../../src/interactions/context.js';
import { LOCALES, translator, type Translator } from '../../src/i18n/index.js';
import { Games } from '../../src/games/games.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { createLogger } from '../../src/log/log.js';
import { TitlePreferences } from '../../src/preferences/title-preferences.js';
import { finalizeMessage } from '../../src/render/limits.js';
import { BOARD_SHOWN, gameBoardEmbed } from '../../src/render/game-boards.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import { gameLeaderboard, recordBoardPlay } from '../../src/views/game-boards.js';

const G = '1200000000000000001';
const U = (n: number) => String(1_100_000_000_000_000_000n + BigInt(n));

function setup() {
  const kv = new MemoryEngine();
  const now = () => Date.parse('2026-12-07T12:00:00Z');
  const warnings: unknown[] = [];
  const log = { warn: (_m: string, c: unknown) => warnings.push(c), info() {}, debug() {}, error() {}, child: () => log };
  const games = new Games({ kv, jobs: new InProcessJobEngine(kv, now, () => undefined, 0), source: async () => [], now, log: createLogger('error', () => undefined) });
  const preferences = new TitlePreferences({ kv });
  const ctx = (userId: string, o: { guildId?: string; t?: Translator } = {}): BaseContext & { guildId: string } =>
    ({
      userId,
      t: o.t ?? translator('en-US'),
      guildId: o.guildId ?? G,
      where: { place: 'guild', ageRestricted: false },
      deps: { games, preferences, log, now } as unknown as BotDeps,
      signal: new AbortController().signal,
      deadlineAt: now() + 10_000,
      budgetEndsAt: () => now() + 10_000,
      viewerAuth: async () => undefined,
      requireAuth: async () => {
        throw new Error('not used');
      },
    }) as BaseContext & { guildId: string };
  return { kv, games, preferences, ctx, warnings };
}

const text = (m: { embeds?: Array<{ title?: string; description?: string; footer?: { text: string } }> }) =>
  (m.embeds ?? []).map((e) => [e.title, e.description, e.footer?.text].join('\n')).join('\n');

describe('/game leaderboard', () => {
  it('ranks the people who played here, leaves the hidden out, and names them by mentions that ping no one', async () => {
    const { games, preferences, ctx } = setup();
    await games.boards.recordPlay(G, U(1), { game: 'cover' }, 3);
    await games.boards.recordPlay(G, U(2), { game: 'cover' }, 5);
    await games.boards.recordPlay(G, U(3), { game: 'cover' }, 9);
    await games.boards.recordPlay('1200000000000000009', U(4), { game: 'cover' }, 20);
    await preferences.setBoardsHidden(U(3), true);
    const answer = await gameLeaderboard(ctx(U(1)), 'cover', 'anime');
    const shown = text(answer);
    expect(shown).toContain('Cover rounds · this server');
    expect(shown).toMatch(new RegExp(`\\*\\*#1\\*\\* <@${U(2)}> · 5 wins\\n\\*\\*#2\\*\\* <@${U(1)}> · 3 wins ← you`));
    expect(shown).not.toContain(U(3));
    expect(shown).not.toContain(U(4));
    expect(shown).toContain('2 players who played here');
    expect(answer.ephemeral).toBeFalsy();
    expect(finalizeMessage(answer).allowed_mentions).toEqual({ parse: [] });

    const hiddenViewer = text(await gameLeaderboard(ctx(U(3)), 'cover', 'anime'));
    expect(hiddenViewer).toContain('You hide yourself from every board');
    const outsider = text(await gameLeaderboard(ctx(U(9)), 'daily', 'manga'));
    expect(outsider).toContain('Daily streaks · manga · this server');
    expect(outsider).toContain('Share a finished daily grid here');
    expect(outsider).toContain('No one who played here has a place on this board yet.');
  });

  it('shows the viewer’s place when they are past the first rows', async () => {
    const { games, ctx } = setup();
    for (let i = 0; i <= BOARD_SHOWN + 2; i++) {
      await games.plays.higherLowerRun(U(i), 'anime', 100 - i);
      await games.boards.recordPlay(G, U(i), { game: 'higher-lower', kind: 'anime' }, 100 - i);
    }
    const last = U(BOARD_SHOWN + 2);
    const shown = text(await gameLeaderboard(ctx(last), 'higher-lower', 'anime'));
    expect(shown).toContain(`Your place: **#${BOARD_SHOWN + 3}** · best run **${100 - BOARD_SHOWN - 2}**`);
    expect(shown).not.toContain(`<@${last}>`);
  });

  it('is written in every language', () => {
    const rows = [{ rank: 1, userId: U(1), value: 2, best: 4 }];
    const seen = new Set<string>();
    for (const locale of LOCALES) {
      for (const game of ['cover', 'daily', 'higher-lower'] as const) {
        const embed = gameBoardEmbed(translator(locale), { game, kind: 'anime', rows, viewerId: U(2), viewerHidden: false });
        expect(embed.description).toContain(`<@${U(1)}>`);
        seen.add(`${embed.title}`);
      }
    }
    expect(seen.size).toBe(LOCALES.length * 3);
  });
});

describe('putting a person on a board', () => {
  it('notes a play in a server, none in DMs, and goes on (logged) when the board cannot be written', async () => {
    const { games, ctx, warnings, kv } = setup();
    await recordBoardPlay(ctx(U(1)), 'daily', 'anime', 2);
    expect((await games.boardPlayers(G, 'daily', 'anime')).map((p) => p.userId)).toEqual([U(1)]);
    const dm = { ...ctx(U(2)), guildId: undefined } as unknown as BaseContext;
    await recordBoardPlay(dm, 'daily', 'anime', 2);
    expect(await kv.keys(`game:user:${U(2)}:`)).toEqual([]);
    kv.compareAndSet = () => Promise.reject(new Error('store down'));
    await recordBoardPlay(ctx(U(1)), 'daily', 'anime', 3);
    expect(warnings).toHaveLength(1);
  });
});
