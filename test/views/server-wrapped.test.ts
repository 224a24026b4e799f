// `/server wrapped` over a real community store (memory): four members' changes seen by syncs, the
// server's year drawn from their sums with no call to the service client at all; a title not safe for
// work is never named or fetched outside age-restricted channels (the next safe one is); best loved
// needs three scores; six languages; a year not kept is refused.

import { describe, expect, it } from 'vitest';
import { ENGLISH, translator } from '../../src/i18n/index.js';
import { LOCALES } from '../../src/i18n/locales.js';
import type { BaseContext, BotDeps, InServer } from '../../src/interactions/context.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { silentLogger } from '../../src/log/log.js';
import { Social } from '../../src/community/community.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import { UserFacingError } from '../../src/interactions/user-errors.js';
import { renderServerWrapped } from '../../src/views/server-wrapped.js';
import { DAY, entry, FakeLists } from '../community/fake-lists.js';

const GUILD = '1100000000000000001';
const NOW = Date.UTC(2026, 5, 1);
const IDS = ['1200000000000000001', '1200000000000000002', '1200000000000000003', '1200000000000000004'];

async function community(): Promise<{ social: Social; serviceCalls: string[] }> {
  const store = new MemoryEngine();
  const lists = new FakeLists(() => NOW);
  const jobs = new InProcessJobEngine(store, () => NOW, () => undefined, 0);
  const social = new Social({ kv: store, jobs, source: lists, linked: async (id) => ({ serviceUser: `member${id.slice(-1)}`, linkedAt: NOW - DAY }), now: () => NOW, log: silentLogger });
  await social.define();
  for (const [i, id] of IDS.entries()) {
    const list = lists.list(id, 'anime');
    // Title 1 (not safe for work) completed by all four; title 2 by three, scored by all three; title 3 by two, scored 10.
    list.set(1, entry(1, { title: 'Unsafe Title', nsfw: true, finishedOn: '2026-02-01', picture: 'https://cdn.example/1.jpg' }));
    if (i < 3) list.set(2, entry(2, { title: 'Safe Two', finishedOn: '2026-03-00', season: '2026-winter', score: 8 + i, picture: 'https://cdn.example/2.jpg' }));
    if (i < 2) list.set(3, entry(3, { title: 'Safe Three', finishedOn: '2026-04-04', score: 10 }));
    list.set(4, entry(4, { title: 'Dropped Four', status: 'dropped', updatedAt: NOW - DAY }));
    // Finished in 2025: not this year's.
    list.set(5, entry(5, { title: 'Last Year', finishedOn: '2025-12-31' }));
    await social.join(GUILD, id);
  }
  return { social, serviceCalls: [] };
}

function context(social: Social, o: { ageRestricted?: boolean; t?: typeof ENGLISH } = {}): { ctx: InServer<BaseContext>; covers: string[]; calls: string[] } {
  const covers: string[] = [];
  const calls: string[] = [];
  // Any use of the service client is counted (none is expected).
  const service = new Proxy({}, { get: (_t, name) => (...args: unknown[]) => void calls.push(`${String(name)} ${JSON.stringify(args).slice(0, 40)}`) });
  const deps = {
    social,
    service,
    now: () => NOW,
    nsfwRatings: { get: async () => undefined },
    covers: {
      covers: async (urls: readonly (string | undefined)[]) => {
        covers.push(...urls.filter((u): u is string => u !== undefined));
        return urls.map(() => undefined);
      },
    },
  } as unknown as BotDeps;
  const ctx = {
    userId: IDS[0] ?? '',
    guildId: GUILD,
    t: o.t ?? ENGLISH,
    where: { place: 'guild', ageRestricted: o.ageRestricted ?? false },
    deps,
    signal: new AbortController().signal,
  } as unknown as InServer<BaseContext>;
  return { ctx, covers, calls };
}

describe('/server wrapped', () => {
  it("draws the server's year from the members' sums, without the service, naming nothing unsafe in a normal channel", async () => {
    const { social } = await community();
    const { ctx, covers, calls } = context(social);
    const answer = await renderServerWrapped(ctx, { kind: 'anime', year: 2026 });
    expect(calls).toEqual([]);
    const [numbers, grid] = answer.files ?? [];
    expect(numbers?.name).toMatch(/^server-wrapped-anime-2026-numbers\./);
    expect(numbers?.description).toMatch(/^This server’s 2026 in anime\. Titles completed 9, Different titles 3, Episodes watched 0, Members who completed one 4\./);
    // The most completed is not safe for work: the next safe one is named.
    expect(numbers?.description).toContain('Most completed: Safe Two (3 members)');
    expect(numbers?.description).toContain('Best loved: Safe Two (mean 9.00 from 3 members)');
    expect(numbers?.description).toContain('Most dropped: Dropped Four (4 members)');
    expect(numbers?.description).toContain('The season that united the server: Winter 2026 (3 members, 1 title)');
    expect(numbers?.description).toContain('member1 3');
    expect(grid?.description).toContain('Safe Two');
    expect(grid?.description).toContain('1 title not safe for work');
    const alts = (answer.files ?? []).map((f) => f.description).join(' ');
    expect(alts).not.toContain('Unsafe Title');
    expect(alts).not.toContain('Last Year');
    expect(covers).toEqual(['https://cdn.example/2.jpg']);
  });

  it('names and draws it in an age-restricted channel; best loved needs three scores', async () => {
    const { social } = await community();
    const { ctx, covers } = context(social, { ageRestricted: true });
    const answer = await renderServerWrapped(ctx, { kind: 'anime', year: 2026 });
    expect(answer.files?.[0]?.description).toContain('Most completed: Unsafe Title (4 members)');
    // Safe Three has a mean of 10 from two members only: Safe Two's 9 from three wins over Unsafe Title's 7 from four.
    expect(answer.files?.[0]?.description).toContain('Best loved: Safe Two (mean 9.00 from 3 members)');
    expect(answer.files?.[0]?.description).not.toContain('Safe Three');
    expect(covers).toContain('https://cdn.example/1.jpg');
  });

  it('speaks each of the six languages; says when there is nothing; refuses a year not kept', async () => {
    const { social } = await community();
    const english = (await renderServerWrapped(context(social).ctx, { kind: 'anime', year: 2026 })).files?.[0]?.description;
    for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
      const alt = (await renderServerWrapped(context(social, { t: translator(locale) }).ctx, { kind: 'anime', year: 2026 })).files?.[0]?.description;
      expect(alt, locale).toBeTruthy();
      expect(alt, locale).not.toBe(english);
    }
    const empty = await renderServerWrapped(context(social).ctx, { kind: 'manga', year: 2026 });
    expect(empty.files).toBeUndefined();
    expect(empty.content).toContain('no joined member completed or watched anything that year yet');
    await expect(renderServerWrapped(context(social).ctx, { kind: 'anime', year: 2023 })).rejects.toThrow(UserFacingError);
    await expect(renderServerWrapped(context(social).ctx, { kind: 'anime', year: 2023 })).rejects.toMatchObject({ key: 'recaps.server.notKept' });
  });
});
