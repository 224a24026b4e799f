// `--only import`, a logout mid-import (issue 38, item 5).
//
// End to end: the bot, the emulator and the fake Discord in this process at the bench's upstream
// budget; a 150-entry import, `/logout` after 10 writes: the list writes the service received after
// the logout (per the emulator's write log; at most the one in flight), the time from the logout to
// the report, and what the report says.
//
// The store: the import's own path (ListImports over a SQLite store, the service writer of the bot
// with a service that answers "log in again" once the person logged out) with every byte the import
// writes to the store counted: a 20 000-entry import (2 000 quick), logout after 10 writes; the bytes
// written after the logout, and the largest state written.

import { performance } from 'node:perf_hooks';
import { DEFAULT_USERS } from '../emulator/server.js';
import { GUILD, componentId, newUser, startStack, textOf } from '../local-stack/harness.js';
import { prepareCase } from '../local-stack/store-engines.js';
import { eventually, serviceGet } from '../local-stack/user-helpers.js';
import type { JobEngine } from '../src/jobs/job-engine.js';
import { createLogger } from '../src/log/log.js';
import { planImport } from '../src/list-files/import-plan.js';
import type { ImportKv, ProgressPlace } from '../src/list-files/import-records.js';
import { ListImports, serviceImportWriter, type ImportProgress } from '../src/list-files/imports.js';
import { ReauthRequiredError } from '../src/service/errors.js';
import type { TokenSource } from '../src/service/token-source.js';
import type { BenchOptions } from './options.js';
import { fixed, table } from './stats.js';

const E2E_ENTRIES = 150;
const LOGOUT_AFTER = 10;

async function endToEnd(requestsPerSecond: number): Promise<string[]> {
  const account = { name: 'leaver', password: 'leaver-password' };
  const stack = await startStack({ emulator: { users: [...DEFAULT_USERS, account], catalogue: { size: 800 } }, limits: { serviceRequestsPerSecond: requestsPerSecond } });
  try {
    const person = newUser('leaver');
    await stack.login(person, account);
    const ranking = (await serviceGet(stack, 'alice', '/anime/ranking?ranking_type=all&limit=500')).data as Array<{ node: { id: number } }>;
    const ids = ranking.map((r) => r.node.id).slice(0, E2E_ENTRIES);
    const file = `<myanimelist>\n${ids.map((id) => `<anime><series_animedb_id>${id}</series_animedb_id><my_status>Completed</my_status></anime>\n`).join('')}</myanimelist>`;
    const preview = await stack
      .command({ name: 'list', subcommandGroup: 'anime', subcommand: 'import', options: { file: stack.discord.upload('animelist.xml', Buffer.from(file)) }, user: person, where: GUILD })
      .waitForOriginal((m) => textOf(m).includes('Entries read'), 60_000);
    const writes = () => stack.emulator.writes.of(account.name).put;
    const before = writes();
    await stack.click(preview, componentId(preview, 'Import'), person, GUILD).settled(15_000);
    await eventually(() => (writes() - before >= LOGOUT_AFTER ? true : undefined), 120_000);
    const atLogout = writes();
    const loggedOut = performance.now();
    await stack.command({ name: 'logout', user: person, where: GUILD }).settled(15_000);
    const report = await eventually(() => stack.discord.dms.messagesTo(person.id).find((m) => /Import (stopped|finished|ended)/.test(textOf(m))), 120_000);
    const reportMs = performance.now() - loggedOut;
    const summary = textOf(report).split('\n').find((l) => l.includes(' written')) ?? '';
    return [`${ids.length} entries, /logout after ${atLogout - before} writes`, String(writes() - atLogout), fixed(reportMs, 0), summary.trim()];
  } finally {
    await stack.stop();
  }
}

/** A job engine that queues nothing: the bench runs the import's slices itself. */
const idleJobs = { define: () => Promise.resolve(), work: () => Promise.resolve(), enqueue: () => Promise.resolve(true) } as unknown as JobEngine;

async function storeBytes(entries: number): Promise<string[]> {
  const opened = prepareCase('sqlite');
  const store = await opened.open();
  let loggedOut = false;
  let bytesAfter = 0;
  let largestState = 0;
  const count = (key: string, value: string) => {
    if (loggedOut) bytesAfter += Buffer.byteLength(key) + Buffer.byteLength(value);
    if (key.includes(':state:')) largestState = Math.max(largestState, value.length);
  };
  const kv: ImportKv = {
    get: (k) => store.get(k),
    set: (k, v, ttl) => (count(k, v), store.set(k, v, ttl)),
    setIfAbsent: (k, v, ttl) => (count(k, v), store.setIfAbsent(k, v, ttl)),
    compareAndSet: (k, o, v, ttl) => (count(k, v), store.compareAndSet(k, o, v, ttl)),
    compareAndDelete: (k, v) => store.compareAndDelete(k, v),
    delete: (k) => store.delete(k),
    keys: (p) => store.keys(p),
  };
  let serviceWrites = 0;
  let afterLogout = 0;
  const service = {
    updateListStatus: () => {
      if (loggedOut) {
        afterLogout++;
        return Promise.reject(new ReauthRequiredError('not_logged_in'));
      }
      if (++serviceWrites === LOGOUT_AFTER) loggedOut = true;
      return Promise.resolve({});
    },
  };
  const reports: ImportProgress[] = [];
  const imports = new ListImports({ kv, jobs: idleJobs, log: createLogger('error', () => undefined), now: Date.now, write: serviceImportWriter(service, () => ({}) as TokenSource), sliceMs: 3_600_000,
    messenger: {
      open: () => Promise.resolve<ProgressPlace>({ via: 'dm', channelId: '1', messageId: '2' }),
      edit: () => Promise.resolve(),
      report: (_p, _u, progress) => (reports.push(progress), Promise.resolve()),
    },
  });
  await imports.work();
  const user = '523456789012345678';
  const file = Array.from({ length: entries }, (_, i) => ({ index: i + 1, id: i + 1, title: `Title number ${i + 1}`, update: { status: 'completed' as const } }));
  const started = await imports.start(user, await imports.savePreview(user, planImport('anime', 'add_missing', file, new Map()), 'en'), undefined);
  const importId = (started as { started: string }).started;
  const t0 = performance.now();
  await imports.run({ userId: user, importId, slice: 0 }, { id: 'bench', attempt: 1, final: false });
  const ms = performance.now() - t0;
  await store.close();
  await opened.cleanup();
  const r = reports[0];
  return [`${entries} entries, logout after ${LOGOUT_AFTER} writes`, String(afterLogout), `${fixed(bytesAfter / 1024, 1)} KB`, `${fixed(largestState / 1024, 1)} KB`, fixed(ms, 0), r ? `${r.phase}: ${r.done} written, ${r.failed} failed of ${r.total}` : 'no report'];
}

export async function runImportLogoutBench(o: BenchOptions, requestsPerSecond: number): Promise<void> {
  console.log(`\n== list files: logout mid-import (shared upstream budget ${requestsPerSecond} requests/s) ==`);
  console.log(table(['end to end', 'writes received after /logout', 'ms logout → report', 'report'], [await endToEnd(requestsPerSecond)]));
  const rows = [await storeBytes(o.quick ? 2_000 : 20_000)];
  console.log(table(['store (SQLite)', 'service calls after logout', 'bytes written to the store after logout', 'largest state', 'ms', 'report'], rows));
}
