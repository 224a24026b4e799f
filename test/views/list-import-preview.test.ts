// One import preview per person at a time, across processes: two bot processes (two connections to one
// shared store) each get `/list anime import` from the same person while the first file is still being
// read; the second is answered at once that a preview is being prepared, without reading its file, and
// the person's next preview goes ahead once the first has its answer. On every shared store engine.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n/index.js';
import type { FileRead } from '../../src/list-files/xml-reader.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { sharedLocks } from '../../src/store/locks.js';
import { importPreview, type LinkedCommandContext } from '../../src/views/list-import.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const ENGINES = engineCases().filter((c) => c.shared && !c.skipped);

const FILE: FileRead<'anime'> = { kind: 'anime', entries: [{ index: 1, id: 1, update: { status: 'watching' } }], problems: [], problemCount: 0, hasDates: false };

/** One process's context for the person `userId`: its own connection to the store, a file read that waits for `gate`. */
function processContext(engine: StoreEngine, userId: string, gate: () => Promise<void>, reads: string[]): LinkedCommandContext {
  return {
    userId,
    t: translator('en'),
    signal: new AbortController().signal,
    deadlineAt: Date.now() + 60_000,
    auth: {},
    deps: {
      now: Date.now,
      locks: sharedLocks(engine),
      service: { userList: () => Promise.resolve({ data: [], paging: {} }) },
      listImports: {
        imports: { active: () => Promise.resolve(false), savePreview: () => Promise.resolve('p1') },
        files: {
          read: async (_kind: string, url: string) => {
            reads.push(url);
            await gate();
            return FILE;
          },
        },
      },
    },
  } as unknown as LinkedCommandContext;
}

const textOf = (m: { embeds?: Array<{ description?: string }>; content?: string }): string => m.embeds?.map((e) => e.description ?? '').join('\n') ?? m.content ?? '';

describe.each(ENGINES)('import previews on a $kind store', ({ kind }) => {
  let store: OpenedCase;
  const engines: StoreEngine[] = [];
  beforeAll(async () => {
    store = prepareCase(kind);
    engines.push(await store.open(), await store.open());
  });
  afterAll(async () => {
    await Promise.all(engines.map((e) => e.close()));
    await store?.cleanup();
  });

  it('one per person at a time across processes: a second is answered at once, without reading its file', async () => {
    const reads: string[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const [a, b] = engines.map((engine) => processContext(engine as StoreEngine, '42', () => held, reads));
    const file = (name: string) => ({ url: `https://cdn.discordapp.com/${name}.xml`, size: 100 });
    const first = importPreview(a as LinkedCommandContext, 'anime', file('first'), 'add_missing');
    while (reads.length === 0) await new Promise((r) => setTimeout(r, 10));
    const second = await Promise.race([
      importPreview(b as LinkedCommandContext, 'anime', file('second'), 'add_missing'),
      new Promise<undefined>((r) => setTimeout(() => r(undefined), 5_000)),
    ]);
    expect(second && textOf(second)).toBe('Your previous import file is still being read. Wait for its preview, then try again.');
    expect(reads).toEqual(['https://cdn.discordapp.com/first.xml']);
    // Someone else is not held up.
    const other = processContext(engines[1] as StoreEngine, '43', () => Promise.resolve(), reads);
    expect(textOf(await importPreview(other, 'anime', file('other'), 'add_missing'))).toContain('Would be added: 1');
    release();
    expect(textOf(await first)).toContain('Would be added: 1');
    // The lock went with the first answer: the next preview goes ahead.
    expect(textOf(await importPreview(b as LinkedCommandContext, 'anime', file('third'), 'add_missing'))).toContain('Would be added: 1');
    expect(reads).toHaveLength(3);
  });
});
