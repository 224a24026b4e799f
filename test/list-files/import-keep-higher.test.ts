// keep_higher never lowers progress made during a long import (issue 38, item 7), on each shared
// store: the import reads the person's list again once per `refreshEvery` planned writes (not once per
// entry), and leaves alone an entry the person took further meanwhile.

import { describe, expect, it } from 'vitest';
import { planImport } from '../../src/list-files/import-plan.js';
import { ListImports } from '../../src/list-files/imports.js';
import { readCurrentEntries, type ListReadService } from '../../src/list-files/list-reader.js';
import type { TokenSource } from '../../src/service/token-source.js';
import type { AnyEntry } from '../../src/service/kinds.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { Messages, log, recordingJobs, storeCase, type Queued } from './import-helpers.js';

const USER = '623456789012345678';
const ENTRIES = 25;
const EVERY = 10;

describe.each(engineCases().filter((c) => c.shared))('keep_higher during a long import, on $kind', (engineCase) => {
  const store = storeCase(engineCase.kind);

  it.skipIf(engineCase.skipped !== undefined)('leaves alone what the person took further meanwhile; one list read per block of writes', async () => {
    const kv = await store();
    // The person's list on the service: every title at 5 episodes, watching.
    const list = new Map<number, AnyEntry>(Array.from({ length: ENTRIES }, (_, i) => [i + 1, { status: 'watching', num_episodes_watched: 5 }]));
    let reads = 0;
    let written = 0;
    const messenger = new Messages();
    const queued: Queued[] = [];
    const imports = new ListImports({
      kv,
      jobs: recordingJobs(queued),
      log,
      now: () => 1_000_000,
      refreshEvery: EVERY,
      readList: () => {
        reads++;
        return Promise.resolve(new Map(list));
      },
      write: (_u, _k, w) => {
        written++;
        // Meanwhile (after the third write) the person watches on: titles 15 and 22 go past the file's 12.
        if (written === 3) {
          list.set(15, { status: 'watching', num_episodes_watched: 20 });
          list.set(22, { status: 'watching', num_episodes_watched: 13 });
        }
        const now = list.get(w.id) ?? {};
        list.set(w.id, { ...now, ...(w.update.num_watched_episodes !== undefined ? { num_episodes_watched: w.update.num_watched_episodes as number } : {}) } as AnyEntry);
        return Promise.resolve();
      },
      sliceMs: 1_000_000,
      messenger,
    });
    await imports.work();
    const file = Array.from({ length: ENTRIES }, (_, i) => ({ index: i + 1, id: i + 1, update: { status: 'watching' as const, num_watched_episodes: 12 } }));
    const plan = planImport('anime', 'keep_higher', file, list);
    expect(plan.writes).toHaveLength(ENTRIES);
    const started = await imports.start(USER, await imports.savePreview(USER, plan, 'en'), undefined);
    await imports.run({ userId: USER, importId: (started as { started: string }).started, slice: 0 }, { id: 'j', attempt: 1, final: false });
    expect(list.get(15)).toMatchObject({ num_episodes_watched: 20 });
    expect(list.get(22)).toMatchObject({ num_episodes_watched: 13 });
    expect(list.get(1)).toMatchObject({ num_episodes_watched: 12 });
    // The first block goes by the preview's read; then one read before writes 10 and 20.
    expect(reads).toBe(2);
    expect(written).toBe(ENTRIES - 2);
    expect(messenger.reports[0]?.progress).toMatchObject({ phase: 'done', done: ENTRIES - 2, kept: 2, failed: 0, total: ENTRIES });
  });
});

describe('reading the current entries again', () => {
  it('reads pages of 1 000 until every title asked for is found, not the whole list', async () => {
    let reads = 0;
    const service = {
      userList: (_k: unknown, _u: unknown, o: { offset?: number }) => {
        reads++;
        const offset = o.offset ?? 0;
        const data = Array.from({ length: 1_000 }, (_, i) => ({ node: { id: offset + i + 1 }, list_status: { status: 'watching' } }));
        return Promise.resolve({ data, paging: { next: offset < 4_000 ? 'more' : undefined } });
      },
    } as unknown as ListReadService;
    const found = await readCurrentEntries(service, 'anime', {} as TokenSource, new Set([5, 1_500]));
    expect([...found.keys()].sort((a, b) => a - b)).toEqual([5, 1_500]);
    expect(reads).toBe(2);
    // A title not on the list: every page is read (5 000 entries, 5 reads).
    reads = 0;
    await readCurrentEntries(service, 'anime', {} as TokenSource, new Set([5, 99_999]));
    expect(reads).toBe(5);
  });
});
