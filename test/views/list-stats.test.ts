import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { BaseContext, BotDeps } from '../../src/interactions/context.js';
import { ENGLISH, translator, type Translator } from '../../src/i18n/index.js';
import type { ListItem, WorkKind } from '../../src/service/kinds.js';
import type { Page } from '../../src/service/common-types.js';
import type { TokenSource } from '../../src/service/token-source.js';
import { listStats, renderListStats } from '../../src/views/list-stats.js';

const ANIME: ListItem<'anime'>[] = [
  { node: { id: 1, title: 'A' }, list_status: { status: 'completed', score: 10, num_episodes_watched: 26 } },
  { node: { id: 2, title: 'B' }, list_status: { status: 'completed', score: 8, num_episodes_watched: 12 } },
  { node: { id: 3, title: 'C' }, list_status: { status: 'watching', score: 0, num_episodes_watched: 5 } },
  { node: { id: 4, title: 'D' }, list_status: { status: 'dropped', score: 3, num_episodes_watched: 2 } },
  { node: { id: 5, title: 'E' }, list_status: { status: 'plan_to_watch', score: 0, num_episodes_watched: 0 } },
];
const MANGA: ListItem<'manga'>[] = [
  { node: { id: 1, title: 'M' }, list_status: { status: 'reading', score: 7, num_volumes_read: 3, num_chapters_read: 30 } },
  { node: { id: 2, title: 'N' }, list_status: { status: 'completed', score: 9, num_volumes_read: 10, num_chapters_read: 95 } },
];

function setup(o: { t?: Translator; more?: boolean } = {}) {
  const calls: string[] = [];
  const service = {
    userList: async (kind: WorkKind, user: string, options: { limit?: number; fields?: string }) => {
      calls.push(`list ${kind} ${user} limit=${options.limit} fields=${options.fields}`);
      const data = kind === 'anime' ? ANIME : MANGA;
      return { data, paging: o.more ? { next: 'https://api.example.test/next' } : {} } as Page<ListItem<WorkKind>>;
    },
    me: async (options: { fields?: string }) => {
      calls.push(`me fields=${options.fields}`);
      return { name: 'me', anime_statistics: { num_days_watched: 12.5 } };
    },
  };
  const ctx: BaseContext = {
    userId: '1100000000000000001',
    t: o.t ?? ENGLISH,
    where: { place: 'bot_dm', ageRestricted: false } as BaseContext['where'],
    deps: { service } as unknown as BotDeps,
    signal: new AbortController().signal,
    deadlineAt: Date.now() + 10_000,
    budgetEndsAt: () => Date.now() + 10_000,
    viewerAuth: async () => undefined,
    requireAuth: async () => ({}) as TokenSource,
  };
  return { ctx, calls };
}

describe('a list in numbers', () => {
  it('counts entries by status, scores 1–10, the unscored, the mean and the progress in each unit', () => {
    const anime = listStats('anime', ANIME);
    expect(anime.byStatus).toEqual([
      { status: 'watching', count: 1 },
      { status: 'completed', count: 2 },
      { status: 'on_hold', count: 0 },
      { status: 'dropped', count: 1 },
      { status: 'plan_to_watch', count: 1 },
    ]);
    expect(anime.histogram).toEqual([0, 0, 1, 0, 0, 0, 0, 1, 0, 1]);
    expect(anime.unscored).toBe(2);
    expect(anime.mean).toBeCloseTo(7);
    expect(anime.progress).toEqual([{ unit: 'episodes', total: 45 }]);
    expect(listStats('manga', MANGA).progress).toEqual([
      { unit: 'volumes', total: 13 },
      { unit: 'chapters', total: 125 },
    ]);
    expect(listStats('anime', []).mean).toBeUndefined();
  });

  it('your own anime: one list request and one profile request for the days watched, all in the alt text', async () => {
    const s = setup();
    const answer = await renderListStats(s.ctx, 'anime', undefined);
    expect(s.calls).toEqual(['list anime @me limit=1000 fields=list_status{status,score,num_episodes_watched}', 'me fields=anime_statistics']);
    const file = answer.files?.[0];
    expect(file?.name).toMatch(/^anime-stats\.(png|webp)$/);
    expect(file?.description).toBe(
      'Stats card, Your anime list. By status: Watching 1, Completed 2, On Hold 0, Dropped 1, Plan to Watch 1. Scores: 1: 0, 2: 0, 3: 1, 4: 0, 5: 0, 6: 0, 7: 0, 8: 1, 9: 0, 10: 1; 2 unscored. Mean score 7.00, Entries 5, Episodes 45, Days watched 12.5.',
    );
    const image = await loadImage(file?.data ?? Buffer.alloc(0));
    expect(image.width).toBe(760);
  });

  it('someone else’s list, or a manga list: no profile request, volumes and chapters', async () => {
    const other = setup();
    const answer = await renderListStats(other.ctx, 'anime', 'alice');
    expect(other.calls).toEqual(['list anime alice limit=1000 fields=list_status{status,score,num_episodes_watched}']);
    expect(answer.files?.[0]?.description).not.toContain('Days watched');
    const manga = setup();
    const mine = await renderListStats(manga.ctx, 'manga', undefined);
    expect(manga.calls).toHaveLength(1);
    expect(mine.files?.[0]?.description).toContain('Volumes 13, Chapters 125');
  });

  it('says when only the first page was counted, and speaks the reader’s language', async () => {
    const s = setup({ more: true, t: translator('de') });
    const answer = await renderListStats(s.ctx, 'manga', 'alice');
    expect(answer.files?.[0]?.description).toMatch(/^Statistikkarte, .*Gezählt aus den ersten 2 Einträgen\.$/);
  });
});
