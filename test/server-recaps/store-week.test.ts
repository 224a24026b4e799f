// The server's week read from the store: the community's weekly sums summed and ranked, who finished
// what named from the kept sums and the title index, the airing titles most members watch among those
// the store knows to be airing, new joiners against the last recap's snapshot; and the message in all
// six languages, titles not safe for work never named outside age-restricted channels.

import { describe, expect, it } from 'vitest';
import { keepAiringIds } from '../../src/airing/kept-airing.js';
import type { TitleName } from '../../src/community/types.js';
import { LOCALES, translator } from '../../src/i18n/index.js';
import { weekMessage } from '../../src/render/server-week.js';
import { StoreWeekSource, type MemberWeekSums, type WeekCommunity } from '../../src/server-recaps/store-week.js';
import { MemoryEngine } from '../../src/store/engines/index.js';

const GUILD = '100000000000000001';
const [ALICE, BOB, CAROL] = ['300000000000000001', '300000000000000002', '300000000000000003'];
const FROM = Date.UTC(2026, 11, 1);
const TO = Date.UTC(2026, 11, 8);

function community(members: string[]): WeekCommunity & { reads: number } {
  const anime: MemberWeekSums[] = [
    { discordUserId: ALICE, since: FROM - 1, sums: { progress: 10, watched: [{ id: 1, progress: 6 }, { id: 9, progress: 4 }], completed: [1] } },
    { discordUserId: BOB, since: FROM - 1, sums: { progress: 3, watched: [{ id: 1, progress: 3 }], completed: [9] } },
  ];
  const manga: MemberWeekSums[] = [{ discordUserId: CAROL, since: FROM + 3_600_000, sums: { progress: 40, watched: [{ id: 5, progress: 40 }], completed: [] } }];
  const names: Record<string, Record<number, TitleName>> = {
    anime: { 1: { title: 'Sousou no Frieren', nsfw: false }, 9: { title: 'Adult Title', nsfw: true }, 7: { title: 'Dandadan', nsfw: false }, 8: { title: 'Old Show', nsfw: false } },
    manga: { 5: { title: 'Berserk', nsfw: false } },
  };
  const c = {
    reads: 0,
    members: async () => members,
    weekSums: async (_g: string, kind: 'anime' | 'manga') => (c.reads++, kind === 'anime' ? anime : manga),
    memberSums: async () => [ALICE, BOB, CAROL].map((id, i) => ({ discordUserId: id, serviceUser: ['alice', 'bob', 'carol'][i] ?? '' })),
    topCounts: async () => [{ id: 8, members: 3 }, { id: 7, members: 2 }],
    titleNames: async (kind: 'anime' | 'manga', ids: readonly number[]) => new Map(ids.flatMap((id) => (names[kind]?.[id] ? [[id, names[kind][id]] as const] : []))),
  };
  return c;
}

describe("the server's week from the store", () => {
  it('sums, ranks and names the week; airing only what the store knows airs; new joiners against the snapshot', async () => {
    const kv = new MemoryEngine();
    await keepAiringIds(kv, [7], FROM);
    const source = new StoreWeekSource(kv, community([ALICE, BOB]));
    await source.noteMembers(GUILD, FROM);
    const later = new StoreWeekSource(kv, community([ALICE, BOB, CAROL]));
    const week = await later.week(GUILD, 'both', FROM, TO);
    expect(week).toMatchObject({ members: 3, episodes: 13, chapters: 40, completed: 2, newMembers: 1 });
    expect(week.topTitles.map((t) => [t.id, t.members, t.units])).toEqual([[1, 2, 9], [5, 1, 40], [9, 1, 4]]);
    expect(week.finished.map((f) => [f.serviceUser, f.title])).toEqual([['alice', 'Sousou no Frieren'], ['bob', 'Adult Title']]);
    expect(week.airing.map((a) => [a.title, a.members])).toEqual([['Dandadan', 2]]);
    expect(week.seenSince).toBe(FROM + 3_600_000);
    const manga = await later.week(GUILD, 'manga', FROM, TO);
    expect(manga.episodes).toBe(0);
    expect(manga.airing).toEqual([]);
  });

  it('writes the recap in each of the six languages, naming nothing not safe for work outside age-restricted channels', async () => {
    const kv = new MemoryEngine();
    const week = await new StoreWeekSource(kv, community([ALICE, BOB])).week(GUILD, 'anime', FROM, TO);
    const texts = new Set<string>();
    for (const locale of LOCALES) {
      const message = await weekMessage(translator(locale), week, { kind: 'anime', ageRestricted: false, timeZone: 'Asia/Tokyo' });
      expect(message.content).toContain('Sousou no Frieren');
      expect(message.content).not.toContain('Adult Title');
      const [file] = message.files ?? [];
      expect(file?.description).not.toContain('Adult Title');
      expect(file?.data.length).toBeGreaterThan(1000);
      texts.add(message.content ?? '');
    }
    expect(texts.size).toBe(LOCALES.length);
    const adult = await weekMessage(translator('en-US'), week, { kind: 'anime', ageRestricted: true, timeZone: 'UTC' });
    expect(adult.files?.[0]?.description).toContain('Adult Title');
  });
});
