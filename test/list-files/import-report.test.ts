// The report of an import's end (issue 38, items 3 and 5), in English and German: a partial end is
// never called finished (a lost login says to log in again; the last attempt failed says so), the
// entries not written are counted, and a report of many failures names the first 300 with the count.

import { describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n/index.js';
import type { ImportProgress } from '../../src/list-files/imports.js';
import { reportMessage } from '../../src/render/import-messages.js';

const base: ImportProgress = { kind: 'anime', locale: 'en', total: 150, done: 10, failed: 0, phase: 'done', via: 'dm' };
const text = (m: ReturnType<typeof reportMessage>) => `${m.embeds?.[0]?.title ?? ''}\n${m.embeds?.[0]?.description ?? ''}`;

describe('the report of an import', () => {
  it('a lost login: stopped, what was written and what not, log in again', () => {
    const en = text(reportMessage(translator('en'), { ...base, phase: 'loginLost' }, []));
    expect(en).toContain('Import stopped: log in again');
    expect(en).toContain('10 of 150 written, 0 failed.');
    expect(en).toContain('140 not written.');
    expect(en).toContain('/login');
    expect(en).not.toContain('finished');
    const de = text(reportMessage(translator('de'), { ...base, phase: 'loginLost' }, []));
    expect(de).toContain('Import angehalten: melde dich wieder an');
    expect(de).toContain('140 nicht geschrieben.');
  });

  it('the last attempt failed: ended early, never finished', () => {
    const en = text(reportMessage(translator('en'), { ...base, phase: 'failed' }, []));
    expect(en).toContain('Import ended early');
    expect(en).toContain('could not be reached for too long');
    expect(en).not.toContain('finished');
  });

  it('many failures: the file names the first ones and the text says how many in all', () => {
    const failed = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, title: `T${i + 1}`, reason: 'unknownTitle' }));
    const message = reportMessage(translator('en'), { ...base, total: 2_000, done: 0, failed: 2_000 }, failed);
    expect(text(message)).toContain('The file names the first 300 of the 2,000 failures.');
    expect(message.files?.[0]?.data.toString('utf8').trim().split('\n')).toHaveLength(300);
  });
});
