// `--only pictures`: what the pictures cost. Render time p50/p95 of a 3x3 and a 5x5 list chart, a
// season grid of 30, a stats card and a compare plot, with covers uncached (each sample a fresh cover
// source: fetched from the emulator's picture host, made thumbnails) and cached (the process's memo);
// cover bytes fetched per chart; PNG and WebP sizes (the smaller is sent); the heap after 1 000 renders
// of a 3x3 with cached covers. The target: a 5x5 with cached covers at most 300 ms p95.

import { performance } from 'node:perf_hooks';
import { CoverSource, type CoverCache } from '../src/covers/cover-source.js';
import { renderCoverGrid, type CoverTile } from '../src/render/pictures/cover-grid.js';
import { renderStatsCard } from '../src/render/pictures/stats-card.js';
import { renderComparePlot } from '../src/render/pictures/compare-plot.js';
import type { EncodedPicture } from '../src/render/pictures/encode.js';
import { startEmulator } from '../emulator/server.js';
import type { BenchOptions } from './options.js';
import { fixed, mb, summarize, table } from './stats.js';

const FIVE_BY_FIVE_P95_MS = 300;

/** A shared cache as the store's would be: in memory here, so only the memo and fetching are measured. */
export function memoryCache(): CoverCache {
  const kept = new Map<string, unknown>();
  return { get: async (key) => (kept.has(key) ? { body: kept.get(key) } : undefined), set: async (key, body) => void kept.set(key, body) };
}

interface Scenario {
  name: string;
  covers: number;
  render: (covers: (Buffer | undefined)[]) => Promise<EncodedPicture>;
}

function grid(columns: number, titles: readonly string[], lines: boolean) {
  return (covers: (Buffer | undefined)[]) =>
    renderCoverGrid({
      columns,
      caption: 'Sample’s anime list · Completed · by score',
      tiles: covers.map((cover, i): CoverTile => ({
        title: titles[i % titles.length] ?? 'Untitled',
        ...(cover ? { cover } : {}),
        badge: `★ ${10 - (i % 5)}`,
        ...(lines ? { lines: ['TV', 'Saturday at 23:30'] } : {}),
      })),
      note: lines ? 'Broadcast times in Japan time (JST)' : '1 title not safe for work left out',
    });
}

const stats = () =>
  renderStatsCard({
    caption: 'Sample’s anime list',
    statusHeading: 'Entries by status',
    statuses: [120, 840, 35, 60, 400].map((count, i) => ({ label: ['Watching', 'Completed', 'On Hold', 'Dropped', 'Plan to Watch'][i] ?? '', count })),
    scoreHeading: 'Scores',
    histogram: [2, 3, 8, 20, 51, 120, 210, 190, 90, 40],
    formatNumber: (n) => n.toLocaleString('en'),
    unscored: '731 unscored',
    facts: [
      { label: 'Mean score', value: '7.31' },
      { label: 'Entries', value: '1,455' },
      { label: 'Episodes', value: '18,204' },
      { label: 'Days watched', value: '291.4' },
    ],
  });

const plot = () =>
  renderComparePlot({
    caption: 'Anime scores: sample and other',
    axisA: 'sample: score',
    axisB: 'other: score',
    points: Array.from({ length: 300 }, (_, i) => ({ a: 1 + (i % 10), b: 1 + ((i * 7 + (i % 3)) % 10) })),
    summary: '300 titles scored by both · correlation 42%',
    formatNumber: String,
  });

export async function runPictures(o: BenchOptions): Promise<void> {
  console.log('\n== pictures: render time, cover bytes, PNG vs WebP, heap ==');
  const emulator = await startEmulator({ pictures: true });
  try {
    const origin = emulator.pictures?.url ?? '';
    const { access_token: token } = emulator.issueTokensFor('alice');
    const res = await fetch(`${emulator.url}/v2/anime/season/2026/fall?limit=30&nsfw=true`, { headers: { authorization: `Bearer ${token}` } });
    const works = ((await res.json()) as { data: { node: { title: string; main_picture?: { medium?: string } } }[] }).data.map((d) => d.node);
    const urls = works.map((w) => w.main_picture?.medium ?? '');
    const titles = works.map((w) => w.title);
    if (urls.length < 30 || urls.some((u) => !u.startsWith(origin))) throw new Error('the emulator gave fewer than 30 covers on its picture host');
    const sizes = new Map<string, number>();
    for (const url of urls) sizes.set(url, (await (await fetch(url)).arrayBuffer()).byteLength);
    const scenarios: Scenario[] = [
      { name: 'list chart 3x3', covers: 9, render: grid(3, titles, false) },
      { name: 'list chart 5x5', covers: 25, render: grid(5, titles, false) },
      { name: 'season grid (30)', covers: 30, render: grid(6, titles, true) },
      { name: 'stats card', covers: 0, render: () => stats() },
      { name: 'compare plot (300 points)', covers: 0, render: () => plot() },
    ];
    const cached = new CoverSource({ hosts: [origin], cache: memoryCache() });
    const rows: string[][] = [];
    let fiveByFive = Number.NaN;
    for (const s of scenarios) {
      const row = await measure(s, urls.slice(0, s.covers), origin, cached, sizes, o);
      if (s.covers === 25) fiveByFive = row.cachedP95;
      rows.push(row.cells);
    }
    console.log(table(['picture', 'uncached p50/p95 ms', 'cached p50/p95 ms', 'cover bytes fetched', 'PNG / WebP', 'size'], rows));
    console.log(`5x5 with cached covers: p95 ${fixed(fiveByFive)} ms (target ≤ ${FIVE_BY_FIVE_P95_MS} ms) — ${fiveByFive <= FIVE_BY_FIVE_P95_MS ? 'ok' : 'MISSED'}`);

    await heapOverRenders(scenarios[0] as Scenario, cached, urls.slice(0, 9));
    await cached.close();
  } finally {
    await emulator.close();
  }
}

/** The heap over 1 000 renders of one picture with cached covers, every 250 renders. */
async function heapOverRenders(scenario: Scenario, cached: CoverSource, urls: readonly string[]): Promise<void> {
  const renders = 1000;
  const gc = (globalThis as { gc?: () => void }).gc;
  const heap = () => {
    gc?.();
    return process.memoryUsage();
  };
  const before = heap();
  const marks: string[][] = [['0', mb(before.heapUsed), mb(before.rss), mb(before.external)]];
  for (let i = 1; i <= renders; i++) {
    await scenario.render(await cached.covers(urls));
    if (i % 250 === 0) {
      const m = heap();
      marks.push([String(i), mb(m.heapUsed), mb(m.rss), mb(m.external)]);
    }
  }
  console.log(`\nheap over ${renders} renders of a ${scenario.name} with cached covers${gc ? '' : ' (no --expose-gc: figures include garbage)'}:`);
  console.log(table(['renders', 'heap used MiB', 'rss MiB', 'external MiB'], marks));
}

/** One picture's render times uncached (a fresh cover source per sample) and cached, and its sizes. */
async function measure(s: Scenario, wanted: readonly string[], origin: string, cached: CoverSource, sizes: ReadonlyMap<string, number>, o: BenchOptions) {
  const uncachedSamples = Math.min(o.samples, o.quick ? 5 : 20);
  const uncached: number[] = [];
  for (let i = 0; i < (s.covers > 0 ? uncachedSamples : 0); i++) {
    const fresh = new CoverSource({ hosts: [origin], cache: memoryCache() });
    const t0 = performance.now();
    await s.render(await fresh.covers(wanted));
    uncached.push(performance.now() - t0);
    await fresh.close();
  }
  await s.render(await cached.covers(wanted));
  const warm: number[] = [];
  let last: EncodedPicture | undefined;
  for (let i = 0; i < o.samples; i++) {
    const t0 = performance.now();
    last = await s.render(await cached.covers(wanted));
    warm.push(performance.now() - t0);
  }
  const u = summarize(uncached);
  const c = summarize(warm);
  const bytes = wanted.reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
  return {
    cachedP95: c.p95,
    cells: [
      s.name,
      s.covers > 0 ? `${fixed(u.p50)} / ${fixed(u.p95)}` : '-',
      `${fixed(c.p50)} / ${fixed(c.p95)}`,
      s.covers > 0 ? `${fixed(bytes / 1024)} KiB uncached, 0 cached` : '-',
      last ? `${fixed(last.sizes.png / 1024)} / ${fixed(last.sizes.webp / 1024)} KiB → ${last.format}` : '-',
      last ? `${last.width}×${last.height}` : '-',
    ],
  };
}
