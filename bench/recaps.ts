// `--only recaps`: what `/wrapped` costs (issue 40), then what `/server wrapped` costs (bench/server-year.ts, issue 42). The bot, the emulator (with its picture host) and
// the fake Discord run in this process (local-stack). Users of 300, 1 000 and 5 000 anime entries, every
// completion dated in 2025 (most by finish date, some only by their last update).
//
// - Each card of the 1 000-entry list's year rendered as the view renders it (covers cached): p50/p95 per
//   card (target ≤ 300 ms p95), PNG or WebP size; the whole answer (the year computed from the list's
//   1 000 entries, then its cards drawn): wall time and CPU time (user + system, the encoder's threads
//   included).
// - The heap over 1 000 card renders (the four cards in turn), every 250.
// - Upstream requests per `/wrapped` (the emulator's request log) for 300, 1 000 and 5 000 entries, first
//   asked by someone else (a public list), then again by a third person (the kept year).

import { performance } from 'node:perf_hooks';
import { DEFAULT_USERS, type EmulatorUser } from '../emulator/server.js';
import { GUILD, newUser, startStack, type Stack } from '../local-stack/harness.js';
import { serviceGet } from '../local-stack/user-helpers.js';
import { DEFAULT_STORE_STEP_TIMEOUT_MS } from '../src/config/defaults.js';
import { CoverSource } from '../src/covers/cover-source.js';
import { ENGLISH } from '../src/i18n/index.js';
import type { ListItem } from '../src/service/kinds.js';
import { wrappedCardJobs, wrappedCards, wrappedCoverUrls, type CardJob, type WrappedCardsInput } from '../src/render/wrapped-cards.js';
import { wrappedFields } from '../src/views/wrapped.js';
import { wrappedYear } from '../src/community/wrapped-year.js';
import type { RecordedMessage } from '../fake-discord/index.js';
import type { BenchOptions } from './options.js';
import { memoryCache } from './pictures.js';
import { runServerYear } from './server-year.js';
import { fixed, mb, summarize, table } from './stats.js';

const YEAR = 2025;
const SIZES = [300, 1_000, 5_000] as const;
const CARD_P95_MS = 300;

function recapUser(entries: number): EmulatorUser {
  return {
    name: `recap${entries}`,
    password: 'pw',
    lists: { anime: entries, manga: 0 },
    entryDates: (_kind, id) => {
      const month = String(1 + (id % 12)).padStart(2, '0');
      return id % 5 === 0 ? { finish_date: '0000-00-00', updatedAt: Date.UTC(YEAR, id % 12, 9) } : { finish_date: `${YEAR}-${month}-${id % 3 === 0 ? '00' : '14'}` };
    },
  };
}

async function listOf(stack: Stack, name: string): Promise<ListItem<'anime'>[]> {
  const items: ListItem<'anime'>[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await serviceGet(stack, name, `/users/${name}/animelist?limit=1000&offset=${offset}&nsfw=true&fields=${wrappedFields('anime')}`);
    const data = page.data as ListItem<'anime'>[];
    items.push(...data);
    if (data.length < 1000) return items;
  }
}

/** What the bench draws with: the cards' input and where their covers come from (the cover cache, as the view). */
type BenchInput = Omit<WrappedCardsInput, 'year'> & { covers: (urls: readonly (string | undefined)[]) => Promise<(Buffer | undefined)[]> };
type BenchYear = WrappedCardsInput & Pick<BenchInput, 'covers'>;

/** The cards to draw, their covers fetched first, as the view does. */
async function cardJobs(i: BenchYear): Promise<CardJob[]> {
  const urls = wrappedCoverUrls(i);
  return wrappedCardJobs(i, urls === undefined ? [] : await i.covers(urls));
}

/** The whole year's cards, covers fetched first, as the view does. */
async function allCards(i: BenchYear): Promise<unknown> {
  const urls = wrappedCoverUrls(i);
  return wrappedCards(i, urls === undefined ? [] : await i.covers(urls));
}

function attachments(message: RecordedMessage): unknown[] {
  const list = (message as { attachments?: unknown }).attachments;
  return Array.isArray(list) ? list : [];
}

/** Each card's render times (covers cached) and the whole answer's wall and CPU time. */
async function renderTimes(items: readonly ListItem<'anime'>[], input: BenchInput, o: BenchOptions): Promise<void> {
  const year = wrappedYear('anime', YEAR, items);
  const i: BenchYear = { ...input, year };
  await allCards(i);
  const times = new Map<string, { wall: number[]; cpu: number[] }>();
  const sizes = new Map<string, string>();
  for (let n = 0; n < o.samples; n++) {
    for (const job of await cardJobs(i)) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const file = await job.render();
      const wall = performance.now() - t0;
      const c = process.cpuUsage(c0);
      const kept = times.get(job.name) ?? { wall: [], cpu: [] };
      kept.wall.push(wall);
      kept.cpu.push((c.user + c.system) / 1000);
      times.set(job.name, kept);
      sizes.set(job.name, `${fixed(file.data.length / 1024)} KiB ${file.name.split('.').pop() ?? ''}`);
    }
  }
  const rows = [...times].map(([name, samples]) => {
    const w = summarize(samples.wall);
    const c = summarize(samples.cpu);
    return [name, `${fixed(w.p50)} / ${fixed(w.p95)}`, `${fixed(c.p50)} / ${fixed(c.p95)}`, sizes.get(name) ?? '', w.p95 <= CARD_P95_MS ? 'ok' : 'MISSED'];
  });
  console.log(`year of ${items.length} entries: ${year.completed} completed in ${YEAR}`);
  console.log(table(['card (covers cached)', 'wall p50/p95 ms', 'CPU p50/p95 ms', 'size', `≤ ${CARD_P95_MS} ms p95`], rows));
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let n = 0; n < Math.max(5, Math.floor(o.samples / 4)); n++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await allCards({ ...input, year: wrappedYear('anime', YEAR, items) });
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const w = summarize(wall);
  const c = summarize(cpu);
  console.log(`whole answer (year computed from ${items.length} entries + all cards): wall p50/p95 ${fixed(w.p50)} / ${fixed(w.p95)} ms, CPU p50/p95 ${fixed(c.p50)} / ${fixed(c.p95)} ms`);
}

async function heapOverRenders(i: BenchYear, renders: number): Promise<void> {
  const heap = () => {
    globalThis.gc?.();
    return process.memoryUsage();
  };
  const before = heap();
  const marks: string[][] = [['0', mb(before.heapUsed), mb(before.rss), mb(before.external)]];
  let done = 0;
  while (done < renders) {
    for (const job of await cardJobs(i)) {
      if (done >= renders) break;
      await job.render();
      done++;
      if (done % 250 === 0) {
        const m = heap();
        marks.push([String(done), mb(m.heapUsed), mb(m.rss), mb(m.external)]);
      }
    }
  }
  console.log(`\nheap over ${renders} card renders${globalThis.gc ? '' : ' (no --expose-gc: figures include garbage)'}:`);
  console.log(table(['renders', 'heap used MiB', 'rss MiB', 'external MiB'], marks));
}

/** Upstream requests of one /wrapped of a public list (the emulator's request log), and its wall time. */
async function askedBy(stack: Stack, name: string): Promise<{ requests: number; ms: number; pictures: number }> {
  const since = stack.emulator.stats.requests;
  const t0 = performance.now();
  const handle = stack.command({ name: 'wrapped', options: { user: name, year: YEAR }, user: newUser('viewer'), where: GUILD });
  const message = await handle.waitForOriginal((m) => attachments(m).length > 0, 120_000);
  return { requests: stack.emulator.stats.requests - since, ms: performance.now() - t0, pictures: attachments(message).length };
}

export async function runRecaps(o: BenchOptions): Promise<void> {
  console.log('\n== recaps: /wrapped cards, CPU, heap, upstream requests ==');
  const stack = await startStack({
    storeStepTimeoutMs: DEFAULT_STORE_STEP_TIMEOUT_MS,
    emulator: { users: [...DEFAULT_USERS, ...SIZES.map(recapUser)], catalogue: { size: 5_200 }, pictures: true },
  });
  try {
    const origin = stack.emulator.pictures?.url ?? '';
    const covers = new CoverSource({ hosts: [origin], cache: memoryCache() });
    const input = { t: ENGLISH, ageRestricted: false, caption: 'recap1000’s 2025 in anime', standing: 'All time, you have completed more titles than 80% of the other 24 members of this server’s community.', covers: (urls: readonly (string | undefined)[]) => covers.covers(urls) };
    const items = await listOf(stack, 'recap1000');
    await renderTimes(items, input, o);
    await heapOverRenders({ ...input, year: wrappedYear('anime', YEAR, items) }, o.quick ? 250 : 1_000);
    await covers.close();
    const rows: string[][] = [];
    for (const size of SIZES) {
      const first = await askedBy(stack, `recap${size}`);
      const again = await askedBy(stack, `recap${size}`);
      rows.push([String(size), String(first.requests), fixed(first.ms, 0), String(again.requests), fixed(again.ms, 0), String(first.pictures)]);
    }
    console.log(table(['entries', 'upstream requests', 'ms', 'asked again: requests', 'ms', 'pictures'], rows));
  } finally {
    await stack.stop();
  }
  await runServerYear(o);
}
