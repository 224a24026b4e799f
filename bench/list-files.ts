// `--only import`: what the list files cost (issue 32). The bot, the emulator and the fake Discord run
// in this process (local-stack), the deployment's shared upstream budget set to 20 requests/s.
//
// Export: `/list anime export` of a 2 000-entry list by its owner (3 runs; then once of 10 000 entries,
// full runs only), as a person runs it: wall time from
// the command to the file, the upstream requests it made (emulator's request log), and the heap's
// peak above the settled heap before it (sampled every 10 ms; the emulator serving the pages runs in
// the same process, so this is an upper bound). Then the writer alone (no service): the heap kept by
// 2 000 and 10 000 entries' text, per entry, to show what an export holds grows with the file only.
//
// Import (preview, apply): bench/list-import.ts.

import { performance } from 'node:perf_hooks';
import { DEFAULT_USERS } from '../emulator/server.js';
import { GUILD, newUser, startStack, type Stack } from '../local-stack/harness.js';
import { DEFAULT_STORE_STEP_TIMEOUT_MS } from '../src/config/defaults.js';
import { ListXmlWriter } from '../src/list-files/xml-writer.js';
import type { ListItem } from '../src/service/kinds.js';
import type { RecordedMessage } from '../fake-discord/index.js';
import type { BenchOptions } from './options.js';
import { runImportBench } from './list-import.js';
import { runNestingBench } from './list-import-nesting.js';
import { runImportLogoutBench } from './list-import-logout.js';
import { fixed, mb, table } from './stats.js';

/** The deployment's shared upstream budget for these runs (SERVICE_REQUESTS_PER_SECOND). */
export const BENCH_REQUESTS_PER_SECOND = 20;
const EXPORT_ENTRIES = 2_000;
/** A list ten times longer, once (full runs only): the same figures should grow with the file only. */
const LARGE_EXPORT_ENTRIES = 10_000;

function attachmentsOf(message: RecordedMessage): Array<{ filename: string; size: number }> {
  const list = (message as { attachments?: unknown }).attachments;
  return Array.isArray(list) ? (list as Array<{ filename: string; size: number }>) : [];
}

function kb(bytes: number): string {
  return `${fixed(bytes / 1024, 0)} KB`;
}

function settle(): number {
  for (let i = 0; i < 4; i++) globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

/** Peak heap while `work` runs (sampled every 10 ms), and its result. */
async function withHeapPeak<T>(work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 10);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

async function exportOnce(stack: Stack, account: { name: string; password: string; lists: { anime: number } }): Promise<string[]> {
  const user = newUser(account.name);
  await stack.login(user, account);
  const since = stack.emulator.requestLog.length;
  const before = settle();
  const started = performance.now();
  const { value: message, peak } = await withHeapPeak(async () => {
    const handle = stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'export', user, where: GUILD });
    return handle.waitForOriginal((m) => attachmentsOf(m).length > 0, 120_000);
  });
  const ms = performance.now() - started;
  const requests = stack.emulator.requestLog.slice(since);
  const listReads = requests.filter((r) => /\/users\/@me\/animelist$/.test(r.path)).length;
  const file = attachmentsOf(message)[0];
  return [`export ${account.lists.anime} entries`, fixed(ms, 0), String(requests.length), String(listReads), mb(peak - before), `${kb(file?.size ?? 0)} ${file?.filename ?? ''}`];
}

function syntheticPage(offset: number, size: number): ListItem<'anime'>[] {
  return Array.from({ length: size }, (_, i) => ({
    node: { id: offset + i + 1, title: `A title of the catalogue number ${offset + i}`, media_type: 'tv', num_episodes: 24 },
    list_status: {
      status: 'completed',
      score: 7,
      num_episodes_watched: 24,
      is_rewatching: false,
      start_date: '2024-01-05',
      finish_date: '2024-03-30',
      priority: 1,
      num_times_rewatched: 0,
      rewatch_value: 3,
      tags: ['favorite', 'rewatch'],
      comments: 'The OST is great',
    },
  }));
}

/** The heap the writer keeps for `entries` entries (after gc), and the file's sizes. */
async function writerAlone(entries: number): Promise<string[]> {
  const before = settle();
  const writer = new ListXmlWriter('anime');
  for (let offset = 0; offset < entries; offset += 1000) writer.add(syntheticPage(offset, Math.min(1000, entries - offset)));
  const kept = settle() - before;
  const { data, plainBytes, gzipped } = await writer.file('bench', new Date());
  return [`writer ${entries} entries`, mb(kept), fixed(kept / entries / 1024, 2), kb(plainBytes), `${kb(data.length)}${gzipped ? ' gz' : ''}`];
}

export async function runExportBench(o: BenchOptions): Promise<void> {
  console.log(`\n== list files: export (shared upstream budget ${BENCH_REQUESTS_PER_SECOND} requests/s) ==`);
  const owner = { name: 'exporter', password: 'exporter-password', lists: { anime: EXPORT_ENTRIES, manga: 0 } };
  const large = { name: 'collector', password: 'collector-password', lists: { anime: LARGE_EXPORT_ENTRIES, manga: 0 } };
  const stack = await startStack({
    storeStepTimeoutMs: DEFAULT_STORE_STEP_TIMEOUT_MS,
    emulator: { users: [...DEFAULT_USERS, owner, ...(o.quick ? [] : [large])], catalogue: { size: (o.quick ? EXPORT_ENTRIES : LARGE_EXPORT_ENTRIES) + 200 } },
    limits: { serviceRequestsPerSecond: BENCH_REQUESTS_PER_SECOND },
  });
  const rows: string[][] = [];
  try {
    const runs = o.quick ? 1 : 3;
    for (let i = 0; i < runs; i++) rows.push(await exportOnce(stack, owner));
    if (!o.quick) rows.push(await exportOnce(stack, large));
  } finally {
    await stack.stop();
  }
  console.log(table(['run', 'ms', 'upstream requests', 'list reads', 'heap peak MB over settled', 'file sent'], rows));
  console.log(table(['writer alone', 'heap kept MB', 'KB/entry', 'XML', 'file'], [await writerAlone(2_000), await writerAlone(10_000)]));
}

/** Everything `--only import` measures: the export's figures, then the import's. */
export async function runListFiles(o: BenchOptions): Promise<void> {
  await runExportBench(o);
  await runImportBench(o, BENCH_REQUESTS_PER_SECOND);
  await runNestingBench(o);
  await runImportLogoutBench(o, BENCH_REQUESTS_PER_SECOND);
}
