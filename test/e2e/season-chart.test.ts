import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Where } from '../../fake-discord/index.js';
import { GUILD, NSFW_CHANNEL, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf, serviceGet } from '../../local-stack/user-helpers.js';
import { attachmentsOf } from './picture-helpers.js';

interface SeasonRow {
  node: { id: number; title: string; nsfw?: string };
}

describe('/anime season-chart end to end', () => {
  let stack: Stack;
  const viewer = newUser('season');

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const chart = (where: Where, sort?: string) =>
    answerOf(
      stack.command({ name: 'anime', subcommand: 'season-chart', options: { year: 2026, season: 'fall', ...(sort ? { sort } : {}) }, user: viewer, where }),
      20_000,
    );

  it('up to 30 titles by popularity with media type and broadcast in Japan time; titles not safe for work left out and counted, their covers never fetched', async () => {
    const page = await serviceGet(stack, 'alice', '/anime/season/2026/fall?sort=anime_num_list_users&limit=100&nsfw=true&fields=nsfw');
    const rows = page.data as SeasonRow[];
    const safe = (r: SeasonRow) => r.node.nsfw === undefined || r.node.nsfw === 'white';
    const shown = rows.filter(safe).slice(0, 30);
    const lastShown = rows.indexOf(shown.at(-1) as SeasonRow);
    const leftOut = rows.slice(0, lastShown + 1).filter((r) => !safe(r));
    expect(shown).toHaveLength(30);
    expect(leftOut.length).toBeGreaterThan(0);

    const requests = stack.emulator.throttle.traffic().requests;
    const served = stack.emulator.pictures?.served.ok ?? 0;
    const answer = await chart(GUILD);
    expect(stack.emulator.throttle.traffic().requests - requests).toBe(1);
    expect((stack.emulator.pictures?.served.ok ?? 0) - served).toBe(30);
    const [file] = attachmentsOf(answer.message);
    expect(file?.filename).toMatch(/^season-2026-fall\.(png|webp)$/);
    expect(file?.width).toBe(6 * 180 + 7 * 6);
    expect(answer.text).toContain(`${leftOut.length} titles not safe for work left out`);
    expect(file?.description).toMatch(/^Chart of 30 covers, Fall 2026 anime · by members: /);
    expect(file?.description).toContain('Broadcast times in Japan time (JST)');
    expect(file?.description).toMatch(/, TV, (Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday)/);
    for (const r of shown) expect(file?.description).toContain(r.node.title);
    for (const r of leftOut) expect(file?.description).not.toContain(r.node.title);
  });

  it('in an age-restricted channel every title may be shown; by score it is another order', async () => {
    const answer = await chart(NSFW_CHANNEL, 'score');
    const [file] = attachmentsOf(answer.message);
    expect(file?.description).toMatch(/^Chart of 30 covers, Fall 2026 anime · by score: /);
    expect(answer.text).not.toContain('not safe for work');
  });
});
