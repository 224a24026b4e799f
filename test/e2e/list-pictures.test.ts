import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionValue, Where } from '../../fake-discord/index.js';
import { DM, GUILD, NSFW_CHANNEL, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf, serviceGet } from '../../local-stack/user-helpers.js';
import { attachmentsOf } from './picture-helpers.js';

interface ListRow {
  node: { id: number; title: string; nsfw?: string };
  list_status?: { score?: number };
}

const served = (stack: Stack): number => Object.values(stack.emulator.pictures?.served ?? {}).reduce((a, b) => a + b, 0);

describe('/list anime|manga chart and stats end to end', () => {
  let stack: Stack;
  const viewer = newUser('viewer');

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const chart = (kind: 'anime' | 'manga', options: Record<string, OptionValue>, where: Where = GUILD) =>
    answerOf(stack.command({ name: 'list', subcommandGroup: kind, subcommand: 'chart', options, user: viewer, where }), 20_000);

  /** Alice's completed list as the service orders it by score, with every rating. */
  async function aliceCompleted(kind: 'anime' | 'manga'): Promise<ListRow[]> {
    const page = await serviceGet(stack, 'alice', `/users/alice/${kind}list?status=completed&sort=list_score&limit=100&nsfw=true&fields=list_status,nsfw`);
    return page.data as ListRow[];
  }

  it('an anime chart leaves out titles not safe for work in a server, fetching only the covers it shows; in an age-restricted channel it shows them', async () => {
    const rows = await aliceCompleted('anime');
    const safe = (r: ListRow) => r.node.nsfw === undefined || r.node.nsfw === 'white';
    // Alice's completed anime (fewer than 25) hold a title not safe for work, so the rule is tested and the grid is not full.
    expect(rows.length).toBeLessThan(25);
    const unsafe = rows.filter((r) => !safe(r)).length;
    expect(unsafe).toBeGreaterThan(0);

    const before = served(stack);
    const inServer = await chart('anime', { user: 'alice', size: '5x5' });
    const files = attachmentsOf(inServer.message);
    expect(files).toHaveLength(1);
    expect(files[0]?.filename).toMatch(/^anime-chart\.(png|webp)$/);
    expect(files[0]?.size).toBeGreaterThan(1_000);
    expect(files[0]?.content_type).toBe(`image/${files[0]?.filename.split('.')[1]}`);
    // A 5x5 grid is five columns wide however few titles fill it.
    expect(files[0]?.width).toBe(5 * 180 + 6 * 6);
    for (const row of rows) {
      if (safe(row)) expect(files[0]?.description).toContain(row.node.title);
      else expect(files[0]?.description).not.toContain(row.node.title);
    }
    expect(files[0]?.description).toMatch(/^Chart of \d+ covers, alice's anime list · Completed · by score: /);
    expect(inServer.text).toContain(`${unsafe} title${unsafe === 1 ? '' : 's'} not safe for work left out`);
    expect(served(stack) - before).toBe(rows.length - unsafe);
    expect(stack.emulator.pictures?.served.ok ?? 0).toBe(served(stack));

    const beforeNsfw = served(stack);
    const inNsfwChannel = await chart('anime', { user: 'alice', size: '5x5' }, NSFW_CHANNEL);
    expect(attachmentsOf(inNsfwChannel.message)).toHaveLength(1);
    for (const row of rows) expect(attachmentsOf(inNsfwChannel.message)[0]?.description).toContain(row.node.title);
    expect(inNsfwChannel.text).not.toContain('not safe for work');
    // Only the covers not yet cached: those of the titles left out before.
    expect(served(stack) - beforeNsfw).toBe(unsafe);
  });

  it('a second chart of the same titles fetches no cover', async () => {
    await chart('anime', { user: 'alice', size: '4x4', sort: 'recent' });
    const before = served(stack);
    const again = await chart('anime', { user: 'alice', size: '4x4', sort: 'recent' });
    expect(attachmentsOf(again.message)).toHaveLength(1);
    expect(served(stack)).toBe(before);
  });

  it('a cover that is broken, the wrong type or too large becomes a placeholder: the chart still arrives', async () => {
    // Manga: no chart before this one has fetched their covers.
    const rows = (await aliceCompleted('manga')).filter((r) => r.node.nsfw === 'white' || r.node.nsfw === undefined);
    const pictures = stack.emulator.pictures;
    expect(pictures).toBeDefined();
    const [a, b, c] = rows.slice(0, 3);
    pictures?.faults.set('manga', a?.node.id ?? 0, 'broken');
    pictures?.faults.set('manga', b?.node.id ?? 0, 'wrong-type');
    pictures?.faults.set('manga', c?.node.id ?? 0, 'huge');
    try {
      const answer = await chart('manga', { user: 'alice', size: '3x3', status: 'completed', sort: 'score' });
      expect(attachmentsOf(answer.message)).toHaveLength(1);
      expect(pictures?.served.broken ?? 0).toBeGreaterThan(0);
      expect(pictures?.served['wrong-type'] ?? 0).toBeGreaterThan(0);
      expect(pictures?.served.huge ?? 0).toBeGreaterThan(0);
    } finally {
      pictures?.faults.reset();
    }
  });

  it('an empty list says so, with no picture; a bad user name is refused', async () => {
    const empty = await chart('anime', { user: 'carol' });
    expect(attachmentsOf(empty.message)).toHaveLength(0);
    expect(empty.text).toContain('nothing to chart');
    const bad = await answerOf(
      stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'chart', options: { user: 'no such/user' }, user: viewer, where: GUILD, unchecked: true }),
    );
    expect(attachmentsOf(bad.message)).toHaveLength(0);
    expect(bad.text).toContain('Invalid user name');
  });

  it('works in a direct message, where titles not safe for work are left out too', async () => {
    const answer = await chart('anime', { user: 'alice' }, DM);
    expect(attachmentsOf(answer.message)).toHaveLength(1);
    expect(answer.text).toContain('not safe for work left out');
  });
  it('/list anime stats of your own linked account: a card from one list request and one profile request', async () => {
    const me = newUser('stats');
    await stack.login(me, { name: 'alice', password: 'alice-password' });
    const before = stack.emulator.throttle.traffic().requests;
    const answer = await answerOf(stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'stats', user: me, where: GUILD }), 20_000);
    const files = attachmentsOf(answer.message);
    expect(files).toHaveLength(1);
    expect(files[0]?.filename).toMatch(/^anime-stats\.(png|webp)$/);
    expect(stack.emulator.throttle.traffic().requests - before).toBe(2);
  });

  it('/list manga stats of a named user: one list request, no profile', async () => {
    const before = stack.emulator.throttle.traffic().requests;
    const answer = await answerOf(stack.command({ name: 'list', subcommandGroup: 'manga', subcommand: 'stats', options: { user: 'alice' }, user: viewer, where: DM }), 20_000);
    expect(attachmentsOf(answer.message)[0]?.filename).toMatch(/^manga-stats\.(png|webp)$/);
    expect(stack.emulator.throttle.traffic().requests - before).toBe(1);
    const empty = await answerOf(stack.command({ name: 'list', subcommandGroup: 'manga', subcommand: 'stats', options: { user: 'carol' }, user: viewer, where: GUILD }));
    expect(attachmentsOf(empty.message)).toHaveLength(0);
    expect(empty.text).toContain('no entries to count');
  });
});

describe('/list anime chart on the HTTP-interactions transport', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ transport: 'http' });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('defers at once, then edits the picture in', async () => {
    const handle = stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'chart', options: { user: 'alice', size: '3x3' }, user: newUser('http'), where: GUILD });
    const answer = await answerOf(handle, 20_000);
    expect(attachmentsOf(answer.message)).toHaveLength(1);
    expect(handle.errors()).toEqual([]);
  });
});
