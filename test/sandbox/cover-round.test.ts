// A cover round in the sandbox's #general through the page's actions: /game cover posts the pixelated
// cover as the bot's own post, the frame is recognised among the emulator's covers (test/sandbox/cover-guess.ts)
// as a player would, /game answer naming it wins, and the result post names the winner.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import { FEED_CHANNEL_ID } from '../../sandbox/community.js';
import { PLACES, USERS } from '../../sandbox/places.js';
import { startSandbox, type Sandbox } from '../../sandbox/start.js';
import { likelyTitles } from './cover-guess.js';
import { runCommand, viewText } from './run-command.js';

describe('a cover round in the sandbox', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, transport: 'gateway', log: silentLogger });
    // The bot reads the game pool in the background when it starts.
    for (let i = 0; i < 240 && !(await sandbox.bot.deps.games.pools.current('anime')); i++) await new Promise((r) => setTimeout(r, 250));
  }, 120_000);
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('posts the pixelated cover in #general, recognised among the covers; the right answer wins and the result names the winner', async () => {
    const general = PLACES.find((p) => p.key === 'general')!;
    const aiko = USERS[0]!;
    const posts = () => sandbox.discord.guilds.messagesIn(FEED_CHANNEL_ID);
    const before = posts().length;
    expect(viewText(await runCommand(sandbox, general, aiko, { name: 'game', sub: 'cover', options: {} }))).toContain('A cover round starts in this channel now');
    await expect.poll(() => posts().length, { timeout: 20_000 }).toBe(before + 1);
    const frame = posts().at(-1)!;
    const [file] = frame.attachments;
    expect(file).toMatchObject({ filename: 'cover-round.png', description: expect.stringMatching(/sharpness 1 of 6$/) });
    const session = (await sandbox.bot.deps.games.coverRounds.session(FEED_CHANNEL_ID))!;
    const picture = await fetch(file!.url);
    const guesses = await likelyTitles(sandbox.emulator.url, Buffer.from(await picture.arrayBuffer()), 0);
    expect(guesses[0]).toBe(session.title.id);

    const won = await runCommand(sandbox, general, aiko, { name: 'game', sub: 'answer', options: { title: `id:${guesses[0]}` } });
    expect(viewText(won)).toMatch(/Right! You won round 1 in \d+(\.\d)? s\./);
    await expect.poll(() => posts().length, { timeout: 20_000 }).toBe(before + 2);
    const result = posts().at(-1)!;
    expect(JSON.stringify(result.embeds)).toContain(`<@${aiko.id}> named it in`);
    expect(result.attachments[0]?.description).toBe(`The cover of ${session.title.title}`);
  }, 90_000);
});
