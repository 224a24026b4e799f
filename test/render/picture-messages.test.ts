// The messages that carry a picture, on their own: each attachment is named after what it shows and
// its alt text names what the picture shows, the note of titles left out is the message's text and
// ends the alt text, an empty chart says why; the stats card, the compare plot and the export file
// likewise.

import { describe, expect, it } from 'vitest';
import type { Affinity } from '../../src/community/affinity.js';
import { ENGLISH as t } from '../../src/i18n/index.js';
import { leftOutNote, listChartEmptyMessage, listChartMessage, seasonChartMessage, seasonChartNote, serverChartMessage } from '../../src/render/chart-messages.js';
import { comparePlotAttachment, comparePlotTexts, compareMessage } from '../../src/render/compare.js';
import { listExportEmptyMessage, listExportMessage } from '../../src/render/list-export.js';
import { listStatsMessage } from '../../src/render/list-stats.js';
import type { EncodedPicture } from '../../src/render/pictures/encode.js';

const picture: EncodedPicture = { data: Buffer.from([1, 2, 3]), format: 'png', width: 1, height: 1, sizes: { png: 3, webp: 4 } };

describe('chart messages', () => {
  it('a list chart: the file, its alt text naming each title and score, the note', () => {
    const note = leftOutNote(t, 2);
    expect(leftOutNote(t, 0)).toBeUndefined();
    const m = listChartMessage(t, { kind: 'anime', caption: 'My list', note, titles: [{ title: 'Frieren', score: 9 }, { title: 'Mob', score: 0 }] }, picture);
    expect(m.content).toBe(note);
    const file = m.files?.[0];
    expect(file?.name).toBe('anime-chart.png');
    expect(file?.description).toContain('Frieren');
    expect(file?.description).toContain(t.t('lists.chart.altTile', { title: 'Mob', scored: 'no', score: 0 }));
    expect(file?.description.endsWith(` ${note ?? ''}`)).toBe(true);
    expect(listChartEmptyMessage(t, 'My list', note).content).toBe(`${t.t('lists.chart.empty', { caption: 'My list' })}\n${note ?? ''}`);
  });

  it('the server chart and a season chart', () => {
    const server = serverChartMessage(t, { kind: 'manga', caption: 'Top', note: undefined, titles: [{ title: 'Berserk', members: 3, meanScore: 8.5 }] }, picture);
    expect(server.content).toBeUndefined();
    expect(server.files?.[0]?.name).toBe('server-manga-chart.png');
    expect(server.files?.[0]?.description).toContain(t.t('social.serverChart.altTile', { title: 'Berserk', count: 3, scored: 'yes', mean: '8.50' }));
    const notes = [t.t('lists.chart.leftOut', { count: 1 })];
    const season = seasonChartMessage(t, { year: 2024, season: 'fall', caption: 'Fall', notes, note: seasonChartNote(t, notes), titles: [{ title: 'Dandadan', lines: ['TV'] }] }, picture);
    expect(season.content).toBe(notes[0]);
    expect(season.files?.[0]?.name).toBe('season-2024-fall.png');
    expect(season.files?.[0]?.description).toContain('Dandadan, TV');
  });
});

describe('stats, compare and export messages', () => {
  it('the stats card says every number it shows', () => {
    const m = listStatsMessage(t, { kind: 'anime', caption: 'My list', byStatus: [{ status: 'watching', count: 4 }], histogram: [0, 0, 0, 0, 0, 0, 0, 0, 1, 0], unscored: 3, facts: [{ label: 'Mean', value: '9.00' }], note: 'first 1000' }, picture);
    const alt = m.files?.[0]?.description ?? '';
    expect(m.files?.[0]?.name).toBe('anime-stats.png');
    expect(alt).toContain('9: 1');
    expect(alt).toContain('Mean 9.00');
    expect(alt.endsWith(' first 1000')).toBe(true);
  });

  it('the compare plot names both members and who scores higher; the answer carries it', () => {
    const plot = { kind: 'anime' as const, nameA: 'alice', nameB: ' ', points: [{ a: 8, b: 9 }, { a: 7, b: 7 }], correlation: { kind: 'too-few' as const, basis: 2 } };
    const texts = comparePlotTexts(t, plot);
    expect(texts.axisB).toBe(t.t('social.comparePlot.axis', { name: t.t('social.member.unnamed') }));
    const file = comparePlotAttachment(t, plot, texts, picture);
    expect(file.name).toBe('anime-compare.png');
    expect(file.description).toBe(t.t('social.comparePlot.alt', { a: 'alice', b: t.t('social.member.unnamed'), summary: texts.summary, same: 1, aHigher: 0, bHigher: 1 }));
    const affinity: Affinity = { common: 2, countA: 2, countB: 2, commonShare: 1, correlation: plot.correlation, agree: [], disagree: [] };
    const m = compareMessage(t, 'anime', { discordUserId: '1', serviceUser: 'alice' }, { discordUserId: '2', serviceUser: 'bob' }, affinity, true, file);
    expect(m.files).toEqual([file]);
    expect(m.embeds).toHaveLength(1);
  });

  it('the export file is named after the list and its owner', () => {
    const m = listExportMessage(t, { kind: 'manga', caption: 'List', owner: 'a.b-c', count: 2, data: Buffer.from('x'), gzipped: true });
    expect(m.ephemeral).toBe(true);
    expect(m.files?.[0]).toMatchObject({ name: 'mangalist-ab-c.xml.gz', contentType: 'application/gzip', description: t.t('lists.export.fileAlt', { caption: 'List', count: 2 }) });
    expect(listExportMessage(t, { kind: 'anime', caption: 'List', owner: '', count: 1, data: Buffer.from('x'), gzipped: false }).files?.[0]?.name).toBe('animelist-me.xml');
    expect(listExportEmptyMessage(t, 'List')).toEqual({ content: t.t('lists.export.empty', { caption: 'List' }), ephemeral: true });
  });
});
