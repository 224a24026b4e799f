// The games' pool read by the running bot: at start, as background work on the shared line, from the
// ranking by popularity (one page per kind at the emulator's size), kept in the store; a player who runs
// out of guesses is told the answer privately, and the Share post never names it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUILD, componentId, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { utcDay } from '../../src/games/daily.js';
import { apiRequests } from './catalogue-helpers.js';

describe('the games pool read by the bot', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ bot: { games: { poolReads: true } } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('reads both pools at start with one ranking request per kind, and not again while they are fresh', async () => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && ((await stack.bot.deps.games.pools.readAt('anime')) === undefined || (await stack.bot.deps.games.pools.readAt('manga')) === undefined)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await stack.bot.deps.games.pools.current('anime'))?.titles.length).toBeGreaterThan(3);
    expect((await stack.bot.deps.games.pools.current('manga'))?.titles.length).toBeGreaterThan(0);
    expect(apiRequests(stack, '/anime/ranking')).toHaveLength(1);
    expect(apiRequests(stack, '/manga/ranking')).toHaveLength(1);
    expect(await stack.bot.deps.games.refresh.queueDue()).toEqual([]);
  });

  it('running out of guesses shows the answer only to the player; Share posts the grid without it', async () => {
    const player = newUser('unlucky');
    const pool = (await stack.bot.deps.games.pools.current('manga'))!;
    await answerOf(stack.command({ name: 'game', subcommand: 'daily', options: { kind: 'manga' }, user: player, where: GUILD }));
    const secret = (await stack.bot.deps.games.secrets.kept('manga', utcDay(Date.now())))!;
    const wrong = pool.titles.filter((t) => t.id !== secret.id).slice(0, 8);
    let last;
    for (const t of wrong) last = await answerOf(stack.command({ name: 'game', subcommand: 'guess', options: { title: `id:${t.id}`, kind: 'manga' }, user: player, where: GUILD }));
    expect(wrong).toHaveLength(8);
    expect(last?.ephemeral).toBe(true);
    expect(last?.text).toContain(`The answer was **${secret.title}**`);
    const posted = await answerOf(stack.click(last!.message, componentId(last!.message, 'Share'), player, GUILD));
    expect(posted.ephemeral).toBe(false);
    expect(posted.text).toMatch(/Manga puzzle \d{4}-\d{2}-\d{2}: X\/8/);
    expect(posted.text).not.toContain(secret.title);
    expect((await stack.bot.deps.games.plays.stats(player.id, 'manga')).lost).toBe(1);
  });
});
