// Per-user fairness through the fake Discord and the emulator: one user looping commands is told to slow
// down and stops reaching the service, while everyone else is served normally.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUILD, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import type { Who } from '../../fake-discord/index.js';

const BURST = 5;
const AUTOCOMPLETE_BURST = 4;
const OWNER = newUser('owner');

describe('per-user rate limits end to end', () => {
  let stack: Stack;

  beforeAll(async () => {
    // The harness's budget out of the way (500 requests/s): these are the per-user counters, which refuse
    // before the line; at the default 2 requests/s the owners' 30 uncached searches alone take 15 s. The
    // line's fairness between people runs at the default budget in upstream-line and login-burst-case.ts.
    stack = await startStack({
      userRate: {
        commands: { burst: BURST, perMinute: 6 },
        autocomplete: { burst: AUTOCOMPLETE_BURST, perMinute: 6 },
        ownerIds: [OWNER.id],
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const searches = (q: string) =>
    stack.emulator.requestLog.filter((r) => r.path === '/v2/anime' && r.query.q === q).length;
  const search = (user: Who, query: string) => answerOf(stack.command({ name: 'anime', subcommand: 'search', options: { query }, user, where: GUILD }));

  it('a 50-command loop from one user is slowed down while another user is served normally', async () => {
    const looper = newUser('looper');
    const neighbour = newUser('neighbour');
    const loop = (async () => {
      const answers = [];
      for (let i = 0; i < 50; i++) answers.push({ query: `loop${i}x`, answer: await search(looper, `loop${i}x`) });
      return answers;
    })();
    const neighbourAnswers = await Promise.all(['Hokuto', 'Naruto', 'Bebop', 'Horimiya', 'Ginga'].map((q) => search(neighbour, q)));
    const answers = await loop;

    const slowed = answers.filter((a) => a.answer.text.includes('Slow down'));
    const served = answers.filter((a) => !a.answer.text.includes('Slow down'));
    // The burst, plus at most a refill or two while the loop ran (6 a minute).
    expect(served.length).toBeGreaterThanOrEqual(BURST);
    expect(served.length).toBeLessThanOrEqual(BURST + 2);
    expect(slowed.length).toBe(50 - served.length);
    for (const { answer } of slowed) {
      expect(answer.ephemeral).toBe(true);
      expect(answer.text).toMatch(/Try again in \d+ seconds?/);
    }
    // Refused commands never reached the service.
    for (const { query } of slowed) expect(searches(query)).toBe(0);
    for (const { query } of served) expect(searches(query)).toBe(1);

    for (const answer of neighbourAnswers) expect(answer.text).not.toContain('Slow down');
    expect(neighbourAnswers.some((a) => a.text.includes('Hokuto no Ken'))).toBe(true);
  });

  it('answers from the cache cost nothing', async () => {
    const user = newUser('cached');
    for (let i = 0; i < BURST * 3; i++) {
      const answer = await search(user, 'Cowboy');
      expect(answer.text).not.toContain('Slow down');
    }
    expect(searches('Cowboy')).toBe(1);
  });

  it('autocomplete has its own lighter limit and answers with no choices past it', async () => {
    const typist = newUser('typist');
    const other = newUser('other-typist');
    const type = (user: Who, value: string) =>
      stack.autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value, where: GUILD, user }).autocompleteChoices();
    for (const value of ['hokuto', 'naruto', 'bebop', 'horimiya']) expect((await type(typist, value)).length).toBeGreaterThan(0);
    expect(await type(typist, 'ginga')).toEqual([]);
    expect((await type(other, 'ginga')).length).toBeGreaterThan(0);
    // Autocomplete does not spend the command budget: the typist can still run commands.
    expect((await search(typist, 'Jujutsu')).text).not.toContain('Slow down');
  });

  it('the bot owners (BOT_OWNER_IDS and the application owner) are never limited', async () => {
    for (let i = 0; i < BURST * 3; i++) expect((await search(OWNER, `owner${i}x`)).text).not.toContain('Slow down');

    const application = await stack.bot.client.application?.fetch();
    const owner = application?.owner;
    if (!owner || 'members' in owner) throw new Error('expected a user owner');
    await expect.poll(() => stack.bot.limits.isExempt(owner.id)).toBe(true);
    const appOwner: Who = { id: owner.id, username: 'app-owner' };
    for (let i = 0; i < BURST * 3; i++) expect((await search(appOwner, `app${i}x`)).text).not.toContain('Slow down');
  });

  it('commands that never reach the service are not limited', async () => {
    const user = newUser('local');
    for (let i = 0; i < BURST; i++) await search(user, `spend${i}x`);
    expect((await search(user, 'spent')).text).toContain('Slow down');
    const out = await answerOf(stack.command({ name: 'logout', user, where: GUILD }));
    expect(out.text).toMatch(/not linked/i);
    const login = await answerOf(stack.command({ name: 'login', user, where: GUILD }));
    expect(login.text).toMatch(/never share this link/i);
  });
});
