// /game end to end through the fake Discord and the emulator: the answer while the pool is not read, the
// pool read from the emulator's ranking (safe-for-work titles only), autocomplete and guesses with no
// service request, clues privately, the grid with Share posting squares only, stats, another language,
// and "forget me" deleting the game records.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUILD, componentId, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { utcDay } from '../../src/games/daily.js';
import { apiRequests } from './catalogue-helpers.js';
import { modalSubmit } from '../../fake-discord/index.js';

describe('/game daily, guess and stats', () => {
  let stack: Stack;
  const player = newUser('player');
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const game = (subcommand: string, options: Record<string, string> = {}, locale?: string) =>
    answerOf(stack.command({ name: 'game', subcommand, options, user: player, where: GUILD, ...(locale ? { locale } : {}) }));

  it('says when to come back while the pool is not read yet', async () => {
    const answer = await game('daily');
    expect(answer.ephemeral).toBe(true);
    expect(answer.text).toContain('still getting its titles ready');
    expect(answer.text).toMatch(/<t:\d+:R>/);
  });

  it('reads the pool from the ranking by popularity (safe for work only), then plays with no service request', async () => {
    const from = stack.emulator.requestLog.length;
    await stack.bot.deps.games.refresh.read('anime');
    const reads = apiRequests(stack, '/anime/ranking', from);
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads.every((r) => r.query.ranking_type === 'bypopularity' && r.query.nsfw === 'false')).toBe(true);
    const pool = (await stack.bot.deps.games.pools.current('anime'))!;
    expect(pool.titles.length).toBeGreaterThan(3);

    const before = stack.emulator.requestLog.length;
    const daily = await game('daily');
    expect(daily.text).toContain('Daily anime puzzle');
    const secret = (await stack.bot.deps.games.secrets.kept('anime', utcDay(Date.now())))!;
    expect(pool.titles.map((t) => t.id)).toContain(secret.id);
    const other = pool.titles.find((t) => t.id !== secret.id)!;

    const choices = await stack.autocomplete({ name: 'game', subcommand: 'guess', focused: 'title', value: other.title.slice(0, 5), user: player, where: GUILD }).autocompleteChoices();
    expect(choices.map((c) => c.value)).toContain(`id:${other.id}`);

    const miss = await game('guess', { title: 'zzqx nothing like it' });
    expect(miss.text).toContain('is not one of the game’s titles');
    const wrong = await game('guess', { title: `id:${other.id}` });
    expect(wrong.ephemeral).toBe(true);
    expect(wrong.text).toContain('Guess 1 of 8');
    expect(wrong.text).toContain('Start year');
    // While playing, the only component is Guess, naming only the kind.
    expect(componentId(wrong.message, 'Guess')).toBe('game-guess|anime');
    // Guess on the answer opens a form; what is typed there is matched against every title form.
    const opened = stack.click(wrong.message, componentId(wrong.message, 'Guess'), player, GUILD);
    const form = await opened.firstResponse();
    expect(form.type).toBe(9);
    const formData = form.data as { custom_id: string; title: string };
    expect(formData.custom_id).toBe('game-guess-form|anime');
    expect(formData.title).toBe('Guess today’s anime');
    const typed = other.en ?? other.synonyms[0] ?? other.title;
    const viaForm = await answerOf(stack.discord.interact(modalSubmit({ customId: formData.custom_id, fields: { title: typed.toUpperCase() }, user: player, where: GUILD, message: wrong.message })));
    expect(viaForm.ephemeral).toBe(true);
    expect(viaForm.text).toContain('already');
    const repeated = await game('guess', { title: `https://service.example.test/anime/${other.id}/Some_Title` });
    expect(repeated.text).toContain('already');
    const progress = await game('daily');
    expect(progress.text).toContain('1 guess used of 8.');
    expect(progress.text).toMatch(/❌[🟩🟨⬛🔼🔽⬜]{8}/u);
    const right = await game('guess', { title: secret.title });
    expect(right.text).toContain('Solved in 2 guesses');
    const share = componentId(right.message, 'Share');
    expect(share).not.toContain(String(secret.id));
    const posted = await answerOf(stack.click(right.message, share, player, GUILD));
    expect(posted.ephemeral).toBe(false);
    expect(posted.text).toMatch(/Anime puzzle \d{4}-\d{2}-\d{2}: 2\/8/);
    expect(posted.text).toContain('🎯');
    expect(posted.text).not.toContain(secret.title);
    expect(posted.text).not.toContain(other.title);

    const stats = await game('stats');
    expect(stats.text).toContain('Streak: **1**');
    const german = await game('daily', {}, 'de');
    expect(german.text).toContain('Tägliches Anime-Rätsel');
    expect(stack.emulator.requestLog.length).toBe(before);
  });

  it('higher or lower: right goes on, wrong ends the run and keeps the best; custom ids name no title', async () => {
    const before = stack.emulator.requestLog.length;
    const start = await game('higher-lower');
    expect(start.ephemeral).toBe(true);
    expect(start.text).toContain('Which has the higher score?');
    const round = async () => JSON.parse((await stack.bot.store.engine.get(`game:user:${player.id}:hl:anime`))!) as { a: { id: number; score: number }; b: { id: number; score: number } };
    let r = await round();
    const ids = (m: typeof start.message) => [componentId(m, 'A:'), componentId(m, 'B:')];
    for (const id of ids(start.message)) expect(id).toMatch(/^game-hl\|anime\|[\w-]{8}\|[ab]$/);
    const rightSide = r.a.score > r.b.score ? 'A:' : 'B:';
    const right = await answerOf(stack.click(start.message, componentId(start.message, rightSide), player, GUILD));
    expect(right.text).toContain('Right!');
    expect(right.text).toContain('Run: 1');
    r = await round();
    const wrongSide = r.a.score > r.b.score ? 'B:' : 'A:';
    const wrong = await answerOf(stack.click(right.message, componentId(right.message, wrongSide), player, GUILD));
    expect(wrong.text).toContain('Your run: **1** (best 1)');
    const stats = await game('stats');
    expect(stats.text).toContain('Higher or lower, best run: **1**');
    expect(stack.emulator.requestLog.length).toBe(before);
  });

  it('forget me deletes the game records', async () => {
    await stack.bot.deps.accounts.forget(player.id);
    expect(await stack.bot.store.engine.keys(`game:user:${player.id}:`)).toEqual([]);
    const stats = await game('stats');
    expect(stats.text).toContain('No daily puzzle finished yet');
  });
});

describe('/game on the HTTP transport', () => {
  let stack: Stack;
  const player = newUser('http-player');
  beforeAll(async () => {
    stack = await startStack({ transport: 'http' });
    await stack.bot.deps.games.refresh.read('anime');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('opens the guess form from the daily answer as the HTTP response, and answers its submit privately', async () => {
    const daily = await answerOf(stack.command({ name: 'game', subcommand: 'daily', user: player, where: GUILD }));
    const opened = stack.click(daily.message, componentId(daily.message, 'Guess'), player, GUILD);
    const form = await opened.firstResponse();
    expect(form.type).toBe(9);
    const customId = (form.data as { custom_id: string }).custom_id;
    const answer = await answerOf(stack.discord.interact(modalSubmit({ customId, fields: { title: 'no such title at all' }, user: player, where: GUILD, message: daily.message })));
    expect(answer.ephemeral).toBe(true);
    expect(answer.text).toContain('is not one of the game’s titles');
  });
});
