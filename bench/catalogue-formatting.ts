// `--only formatting`: what the catalogue's hottest renders cost per locale — a search/ranking list page
// of 25 works (views/browse.ts `workPage`: the list embed plus the open menu's facts) and an anime
// details embed (render/details.ts) — in µs per render and renders/s, plus the first render in each
// locale, which compiles that locale's messages (ICU) and builds its Intl formats once. Pure CPU: no
// stack, no network. Runs first, so the first renders are really the process's first (unless a part
// that renders ran before it in the same process, which the output says).

import { performance } from 'node:perf_hooks';
import { translator, type Locale } from '../src/i18n/index.js';
import { detailsEmbed } from '../src/render/details.js';
import type { Page } from '../src/service/common-types.js';
import type { Anime, RankedItem } from '../src/service/work-types.js';
import { workPage } from '../src/views/browse.js';
import type { BenchOptions } from './options.js';
import { fixed, table } from './stats.js';

export const FORMATTING_LOCALES: readonly Locale[] = ['en-US', 'ja', 'de', 'fr', 'es-ES', 'pt-BR'];
const GUILD = { place: 'guild' as const, ageRestricted: false };
const SEASONS = ['winter', 'spring', 'summer', 'fall'] as const;
const TYPES = ['tv', 'movie', 'ova', 'ona', 'special'] as const;

/** 25 ranked works with every field a list page shows (deterministic). */
export function rankingPage(size = 25): Page<RankedItem<Anime>> {
  const data = Array.from({ length: size }, (_, i): RankedItem<Anime> => ({
    node: {
      id: 1000 + i,
      title: `Sample Title ${i + 1}: The Long Subtitle of Season ${(i % 4) + 1}`,
      alternative_titles: { en: `Sample English Title ${i + 1}`, ja: 'サンプル作品' },
      media_type: TYPES[i % TYPES.length],
      num_episodes: i % 7 === 0 ? 0 : 12 + (i % 3) * 12,
      start_season: { year: 1990 + i, season: SEASONS[i % 4] ?? 'fall' },
      mean: 9.1 - i * 0.03,
      rank: i + 1,
      popularity: 10 + i * 37,
      num_list_users: 2_500_000 - i * 41_000,
      nsfw: i % 9 === 0 ? 'gray' : 'white',
      status: i % 5 === 0 ? 'currently_airing' : 'finished_airing',
    },
    ranking: { rank: i + 1 },
  }));
  return { data, paging: { next: 'https://api.example/v2/anime/ranking?offset=25' } };
}

/** One anime with every field the details embed shows. */
export function detailedAnime(): Anime {
  return {
    id: 5114,
    title: 'Fullmetal Alchemist: Brotherhood',
    alternative_titles: { en: 'Fullmetal Alchemist: Brotherhood', ja: '鋼の錬金術師 FULLMETAL ALCHEMIST', synonyms: ['Hagane no Renkinjutsushi', 'FMA:B'] },
    synopsis: 'After a horrific alchemy experiment goes wrong in the Elric household, brothers Edward and Alphonse are left in a catastrophic new reality. '.repeat(6),
    mean: 9.1,
    num_scoring_users: 2_100_000,
    rank: 1,
    popularity: 3,
    num_list_users: 3_500_000,
    media_type: 'tv',
    status: 'finished_airing',
    num_episodes: 64,
    start_date: '2009-04-05',
    end_date: '2010-07-04',
    start_season: { year: 2009, season: 'spring' },
    broadcast: { day_of_the_week: 'sunday', start_time: '17:00' },
    source: 'manga',
    average_episode_duration: 1420,
    rating: 'r',
    nsfw: 'white',
    genres: ['Action', 'Adventure', 'Drama', 'Fantasy'].map((name, i) => ({ id: i + 1, name })),
    studios: [{ id: 4, name: 'Bones' }],
    related_anime: [{ node: { id: 121, title: 'Fullmetal Alchemist' }, relation_type: 'alternative_version', relation_type_formatted: 'Alternative version' }],
    related_manga: [{ node: { id: 25, title: 'Fullmetal Alchemist' }, relation_type: 'adaptation', relation_type_formatted: 'Adaptation' }],
    recommendations: [{ node: { id: 11061, title: 'Hunter x Hunter (2011)' }, num_recommendations: 120 }],
    statistics: { status: { watching: '200000', completed: '2500000', on_hold: '50000', dropped: '30000', plan_to_watch: '700000' }, num_list_users: 3_480_000 },
    my_list_status: { status: 'watching', num_episodes_watched: 40, score: 10 },
  };
}

export interface RenderCase {
  locale: string;
  name: string;
  render: () => unknown;
}

export interface RenderRow {
  locale: string;
  name: string;
  firstUs: number;
  usPerRender: number;
  perSecond: number;
}

/** First render (timed alone), then warm-up, then as many renders as fit `budgetMs`, in rounds; the median round. */
export function measureRenders(cases: readonly RenderCase[], budgetMs: number): RenderRow[] {
  const rows: RenderRow[] = [];
  for (const c of cases) {
    const t0 = performance.now();
    c.render();
    const firstUs = (performance.now() - t0) * 1000;
    for (let i = 0; i < 50; i++) c.render();
    const rounds: number[] = [];
    const end = performance.now() + budgetMs;
    while (performance.now() < end || rounds.length < 3) {
      const n = 100;
      const r0 = performance.now();
      for (let i = 0; i < n; i++) c.render();
      rounds.push(((performance.now() - r0) * 1000) / n);
    }
    rounds.sort((a, b) => a - b);
    const usPerRender = rounds[Math.floor(rounds.length / 2)] ?? Number.NaN;
    rows.push({ locale: c.locale, name: c.name, firstUs, usPerRender, perSecond: 1e6 / usPerRender });
  }
  return rows;
}

export function printRenderRows(title: string, rows: readonly RenderRow[]): void {
  console.log(`\n${title}`);
  console.log(
    table(
      ['locale', 'render', 'first render µs (compile)', 'µs/render', 'renders/s'],
      rows.map((r) => [r.locale, r.name, fixed(r.firstUs, 0), fixed(r.usPerRender, 1), fixed(r.perSecond, 0)]),
    ),
  );
}

export async function runCatalogueFormatting(o: BenchOptions): Promise<void> {
  const page = rankingPage();
  const anime = detailedAnime();
  const budgetMs = o.quick ? 150 : 600;
  const cases: RenderCase[] = FORMATTING_LOCALES.flatMap((locale) => {
    const ctx = { where: GUILD, t: translator(locale) };
    return [
      { locale, name: 'list page (25 works)', render: () => workPage(ctx, 'anime', page, 0, 'Ranking', { nsfwFiltered: true }) },
      { locale, name: 'details embed', render: () => detailsEmbed(ctx.t, 'anime', anime) },
    ];
  });
  printRenderRows(`catalogue formatting: ${budgetMs} ms per case, median of 100-render rounds (first render = that locale's first in this process)`, measureRenders(cases, budgetMs));
  await Promise.resolve();
}
