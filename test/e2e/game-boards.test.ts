// /game leaderboard end to end through the fake Discord: a daily grid shared in the server and a
// higher-or-lower run ended there put people on its boards (a run ended in another server does not),
// the board names them by mentions that ping no one, in another language too, only in a server;
// /settings boards hides a person from every board; "forget me" deletes every game record, the boards'
// entries included. No service request for any of it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GUILD_ID, type Who } from '../../fake-discord/index.js';
import { DM, GUILD, componentId, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { utcDay } from '../../src/games/daily.js';
import { BOARD_KEY } from '../../src/games/boards.js';

const OTHER_GUILD = { kind: 'guild', guildId: '1299999999999999999' } as const;

describe('/game leaderboard', () => {
  let stack: Stack;
  const alice = newUser('alice');
  const bob = newUser('bob');
  const carol = newUser('carol');
  beforeAll(async () => {
    stack = await startStack();
    await stack.bot.deps.games.refresh.read('anime');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const run = (user: Who, subcommand: string, options: Record<string, string> = {}, o: { where?: typeof GUILD | typeof DM | typeof OTHER_GUILD; locale?: string; name?: string } = {}) =>
    answerOf(stack.command({ name: o.name ?? 'game', subcommand, options, user, where: o.where ?? GUILD, ...(o.locale ? { locale: o.locale } : {}) }));

  /** A higher-or-lower run of one right pick, then a wrong one, ended where `where` says. */
  async function runOfOne(user: Who, where: typeof GUILD | typeof OTHER_GUILD) {
    const start = await run(user, 'higher-lower', {}, { where });
    const round = async () => JSON.parse((await stack.bot.store.engine.get(`game:user:${user.id}:hl:anime`))!) as { a: { score: number }; b: { score: number } };
    let r = await round();
    const right = await answerOf(stack.click(start.message, componentId(start.message, r.a.score > r.b.score ? 'A:' : 'B:'), user, where));
    r = await round();
    const wrong = await answerOf(stack.click(right.message, componentId(right.message, r.a.score > r.b.score ? 'B:' : 'A:'), user, where));
    expect(wrong.text).toContain('Your run: **1**');
  }

  it('puts who shared a grid or ended a run here on the boards, and shows them without pinging', async () => {
    const before = stack.emulator.requestLog.length;
    await run(alice, 'daily');
    const secret = (await stack.bot.deps.games.secrets.kept('anime', utcDay(Date.now())))!;
    const solved = await run(alice, 'guess', { title: `id:${secret.id}` });
    const shared = await answerOf(stack.click(solved.message, componentId(solved.message, 'Share'), alice, GUILD));
    expect(shared.ephemeral).toBe(false);
    await runOfOne(bob, GUILD);
    await runOfOne(carol, OTHER_GUILD);

    const daily = await run(bob, 'leaderboard', { game: 'daily' });
    expect(daily.ephemeral).toBe(false);
    expect(daily.text).toContain('Daily streaks · anime · this server');
    expect(daily.text).toContain(`**#1** <@${alice.id}> · streak **1** (best 1)`);
    expect(daily.message.allowed_mentions).toEqual({ parse: [] });
    expect(daily.text).not.toContain(String(secret.id));

    const hl = await run(alice, 'leaderboard', { game: 'higher-lower' });
    expect(hl.text).toContain(`**#1** <@${bob.id}> · best run **1**`);
    expect(hl.text).not.toContain(carol.id);
    expect(hl.text).toContain('End a `/game higher-lower` run here');
    const there = await run(carol, 'leaderboard', { game: 'higher-lower' }, { where: OTHER_GUILD });
    expect(there.text).toContain(`<@${carol.id}> · best run **1** ← you`);

    const german = await run(bob, 'leaderboard', { game: 'daily' }, { locale: 'de' });
    expect(german.text).toContain('Tägliche Serien · Anime · dieser Server');
    const cover = await run(bob, 'leaderboard', { game: 'cover', kind: 'manga' });
    expect(cover.text).toContain('Cover rounds · this server');
    expect(stack.emulator.requestLog.length).toBe(before);
  });

  it('answers only in a server', async () => {
    const dm = await run(alice, 'leaderboard', { game: 'daily' }, { where: DM });
    expect(dm.ephemeral).toBe(true);
    expect(dm.text).not.toContain('Daily streaks');
  });

  it('/settings boards hides a person from every board, and shows them again', async () => {
    const hidden = await run(alice, 'boards', { visibility: 'hidden' }, { name: 'settings' });
    expect(hidden.ephemeral).toBe(true);
    expect(hidden.text).toContain('Hidden from every board');
    const board = await run(bob, 'leaderboard', { game: 'daily' });
    expect(board.text).not.toContain(alice.id);
    expect(board.text).toContain('No one who played here has a place on this board yet.');
    const own = await run(alice, 'leaderboard', { game: 'daily' });
    expect(own.text).toContain('You hide yourself from every board');
    const show = await run(alice, 'show', {}, { name: 'settings' });
    expect(show.text).toContain('You hide yourself from every board.');
    await run(alice, 'boards', { visibility: 'shown' }, { name: 'settings' });
    expect((await run(bob, 'leaderboard', { game: 'daily' })).text).toContain(`<@${alice.id}>`);
  });

  it('forget me deletes every game record, the places on the boards included', async () => {
    await run(bob, 'boards', { visibility: 'hidden' }, { name: 'settings' });
    await stack.bot.deps.accounts.forget(bob.id);
    expect(await stack.bot.store.engine.keys(`game:user:${bob.id}:`)).toEqual([]);
    expect(await stack.bot.store.engine.get(`pref:boards:user:${bob.id}`)).toBeUndefined();
    const kept = await stack.bot.store.engine.get(BOARD_KEY.board(DEFAULT_GUILD_ID, { game: 'higher-lower', kind: 'anime' }));
    expect(kept ?? '').not.toContain(bob.id);
    const hl = await run(alice, 'leaderboard', { game: 'higher-lower' });
    expect(hl.text).not.toContain(bob.id);
  });
});
