// The list import's buttons, built in render: Import only when the preview can be imported, Cancel
// always, Stop on the answers that offer it and on the progress message; each for the importer only
// (their id in base 36), as the handlers in commands/components/list.ts read them.

import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import type { ImportPlan } from '../../src/list-files/import-plan.js';
import type { FileRead } from '../../src/list-files/xml-reader.js';
import { importNotice, importPostIds, previewMessage } from '../../src/render/import-messages.js';
import type { RenderedMessage } from '../../src/render/limits.js';

const USER = '80351110224678912';
const U = 'lz63ag7l4ao';
const read: FileRead = { kind: 'anime', entries: [], problems: [], problemCount: 0, hasDates: false };
const plan = (writes: number): ImportPlan => ({
  kind: 'anime',
  mode: 'add_missing',
  read: writes,
  writes: Array.from({ length: writes }, (_, i) => ({ id: i + 1, added: true, update: { status: 'watching' } })),
  added: writes,
  changed: 0,
  unchanged: 0,
  fieldCounts: {},
});
const ids = (m: RenderedMessage) => (m.components ?? []).flatMap((r) => r.components.map((c) => ('custom_id' in c ? c.custom_id : '')));

describe('import buttons', () => {
  it('offers Import and Cancel under a kept preview, only Cancel otherwise', () => {
    expect(ids(previewMessage(ENGLISH, read, plan(2), { userId: USER, previewId: 'p1' }))).toEqual([`imp|${U}|p1`, `impx|${U}|p1`]);
    expect(ids(previewMessage(ENGLISH, read, plan(0), { userId: USER }))).toEqual([`impx|${U}`]);
    expect(ids(previewMessage(ENGLISH, read, undefined, { userId: USER }))).toEqual([`impx|${U}`]);
  });

  it('puts Stop under a notice only when asked, with the id the progress message uses', () => {
    expect(importNotice(ENGLISH, 'T', 'x')).toEqual({ ephemeral: true, embeds: [{ title: 'T', description: 'x' }], components: [] });
    expect(ids(importNotice(ENGLISH, 'T', 'x', USER))).toEqual([`imps|${U}`]);
    expect(importPostIds.stop(USER)).toBe(`imps|${U}`);
  });
});
