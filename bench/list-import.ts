// `--only import`, the import's part (issue 32): the bot, the emulator and the fake Discord in this
// process (local-stack), the deployment's shared upstream budget at the bench's stated 20 requests/s.
//
// Preview: `/list anime import` of a 2 000-entry export file (built from a 2 000-entry list on the
// emulator with the bot's own XML writer) into an empty account: wall time from the command to the
// preview, and the heap's peak above the settled heap before it (sampled every 10 ms; an upper bound,
// the emulator and the fake Discord serving the file run in this process too).
//
// Apply: Import clicked, the import runs as background work for a fixed window (20 s quick, 45 s full;
// 2 000 writes at 20 requests/s would take 100 s and more), then Cancel: the list writes per second it
// used (the emulator's write count over the window). Meanwhile a person runs `/anime info` on a title
// not seen before every 500 ms (one upstream request each); the same before the import, without it:
// their p50/p95 with and without the import.

import { performance } from 'node:perf_hooks';
import { DEFAULT_USERS } from '../emulator/server.js';
import { GUILD, componentId, newUser, startStack, textOf, type Stack } from '../local-stack/harness.js';
import { serviceGet } from '../local-stack/user-helpers.js';
import { ListXmlWriter } from '../src/list-files/xml-writer.js';
import type { ListItem } from '../src/service/kinds.js';
import type { BenchOptions } from './options.js';
import { fixed, mb, summarize, table } from './stats.js';

const ENTRIES = 2_000;

function settle(): number {
  for (let i = 0; i < 4; i++) globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

/** The owner's list as an export file, written by the bot's writer from the emulator's pages. */
async function exportFile(stack: Stack, account: string): Promise<Buffer> {
  const writer = new ListXmlWriter('anime');
  for (let offset = 0; ; offset += 1000) {
    const page = await serviceGet(
      stack,
      account,
      `/users/@me/animelist?limit=1000&offset=${offset}&nsfw=true&fields=list_status{status,score,num_episodes_watched,is_rewatching,start_date,finish_date,priority,num_times_rewatched,rewatch_value,tags,comments},media_type,num_episodes`,
    );
    const rows = page.data as ListItem<'anime'>[];
    writer.add(rows);
    if (rows.length < 1000) break;
  }
  const { data } = await writer.file(account, new Date());
  return data;
}

/** A person's `/anime info` on fresh titles every `everyMs` until `running()` is false: each answer's ms. */
async function personLoad(stack: Stack, ids: Iterator<number>, everyMs: number, running: () => boolean): Promise<number[]> {
  const times: Array<Promise<number>> = [];
  while (running()) {
    const id = ids.next().value as number;
    const started = performance.now();
    const handle = stack.command({ name: 'anime', subcommand: 'info', options: { title: `id:${id}` }, where: GUILD, user: newUser('person') });
    times.push(handle.settled(30_000).then(() => performance.now() - started));
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return Promise.all(times);
}

function* titleIds(ids: readonly number[]): Iterator<number> {
  for (const id of ids) yield id;
}

export async function runImportBench(o: BenchOptions, requestsPerSecond: number): Promise<void> {
  console.log(`\n== list files: import (shared upstream budget ${requestsPerSecond} requests/s) ==`);
  const owner = { name: 'exporter', password: 'exporter-password', lists: { anime: ENTRIES, manga: 0 } };
  const importer = { name: 'importer', password: 'importer-password' };
  const stack = await startStack({
    emulator: { users: [...DEFAULT_USERS, owner, importer], catalogue: { size: ENTRIES + 600 } },
    limits: { serviceRequestsPerSecond: requestsPerSecond },
  });
  try {
    const file = await exportFile(stack, owner.name);
    const person = newUser('importer');
    await stack.login(person, importer);

    // Preview.
    const before = settle();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 10);
    const started = performance.now();
    const handle = stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'import', options: { file: stack.discord.upload('animelist.xml.gz', file), mode: 'overwrite' }, user: person, where: GUILD });
    const preview = await handle.waitForOriginal((m) => textOf(m).includes('Entries read'), 120_000);
    const previewMs = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    console.log(table(['preview', 'ms', 'heap peak MB over settled', 'file'], [[`${ENTRIES} entries`, fixed(previewMs, 0), mb(peak - before), `${fixed(file.length / 1024, 0)} KB gz`]]));

    // People's commands without an import, then during one.
    const windowMs = o.quick ? 20_000 : 45_000;
    const catalogue = (await serviceGet(stack, 'alice', '/anime/ranking?ranking_type=all&limit=500')).data as Array<{ node: { id: number } }>;
    const ids = titleIds(catalogue.map((r) => r.node.id));
    const quietUntil = performance.now() + windowMs / 2;
    const quiet = await personLoad(stack, ids, 500, () => performance.now() < quietUntil);

    const writesBefore = stack.emulator.writes.of(importer.name).put;
    const click = stack.click(preview, componentId(preview, 'Import'), person, GUILD);
    const startedMessage = await click.settled(15_000);
    const applyStarted = performance.now();
    const busyUntil = applyStarted + windowMs;
    const busy = await personLoad(stack, ids, 500, () => performance.now() < busyUntil);
    const applyMs = performance.now() - applyStarted;
    const written = stack.emulator.writes.of(importer.name).put - writesBefore;
    await stack.click(startedMessage, componentId(startedMessage, 'Stop'), person, GUILD).settled(15_000);

    const q = summarize(quiet);
    const b = summarize(busy);
    console.log(
      table(
        ['apply window', 's', 'entries written', 'writes/s', 'people p50 ms', 'people p95 ms', 'people p95 ms without import', 'commands'],
        [[`${ENTRIES}-entry import`, fixed(applyMs / 1000, 1), String(written), fixed(written / (applyMs / 1000), 1), fixed(b.p50, 0), fixed(b.p95, 0), fixed(q.p95, 0), `${busy.length} / ${quiet.length}`]],
      ),
    );
  } finally {
    await stack.stop();
  }
}
