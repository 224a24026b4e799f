// The XML export writer: the document's shape and element order as the sites write them, CDATA that
// survives any text, dates with `00` parts, the words of each kind, and gzip past the threshold.

import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ListItem } from '../../src/service/kinds.js';
import { cdata, entryXml, exportDate, ListXmlWriter } from '../../src/list-files/xml-writer.js';

const AT = new Date(Date.UTC(2026, 10, 27, 10, 0));

const ANIME: ListItem<'anime'> = {
  node: { id: 1, title: 'Cowboy Bebop', media_type: 'tv', num_episodes: 26 },
  list_status: {
    status: 'completed',
    score: 9,
    num_episodes_watched: 26,
    is_rewatching: false,
    start_date: '2020-03',
    finish_date: '2020-04-02',
    priority: 2,
    num_times_rewatched: 1,
    rewatch_value: 4,
    tags: ['classic', 'space'],
    comments: 'See you ]]> space cowboy & <friends>',
  },
};

const MANGA: ListItem<'manga'> = {
  node: { id: 2, title: 'Berserk', num_volumes: 0, num_chapters: 0 },
  list_status: { status: 'plan_to_read', score: 0, num_volumes_read: 3, num_chapters_read: 30, is_rereading: true, priority: 0, reread_value: 0, tags: [], comments: '' },
};

/** The text of an element of an entry's XML. */
function element(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>(.*?)</${name}>`, 's').exec(xml)?.[1];
}

/** Reads CDATA back as an XML parser would: sections joined. */
function uncdata(text: string): string {
  return [...text.matchAll(/<!\[CDATA\[(.*?)\]\]>/gs)].map((m) => m[1]).join('');
}

describe('the list XML writer', () => {
  it('writes an anime entry with every element in the order of real exports', () => {
    const xml = entryXml('anime', ANIME);
    const names = [...xml.matchAll(/^\t\t<(\w+)>/gm)].map((m) => m[1]);
    expect(names).toEqual([
      'series_animedb_id', 'series_title', 'series_type', 'series_episodes', 'my_id', 'my_watched_episodes', 'my_start_date',
      'my_finish_date', 'my_rated', 'my_score', 'my_storage', 'my_storage_value', 'my_status', 'my_comments', 'my_times_watched',
      'my_rewatch_value', 'my_priority', 'my_tags', 'my_rewatching', 'my_rewatching_ep', 'my_discuss', 'my_sns', 'update_on_import',
    ]);
    expect(element(xml, 'series_type')).toBe('TV');
    expect(element(xml, 'my_status')).toBe('Completed');
    expect(element(xml, 'my_start_date')).toBe('2020-03-00');
    expect(element(xml, 'my_finish_date')).toBe('2020-04-02');
    expect(element(xml, 'my_priority')).toBe('HIGH');
    expect(element(xml, 'my_rewatch_value')).toBe('High');
    expect(element(xml, 'my_rewatching')).toBe('0');
    expect(uncdata(element(xml, 'my_tags') ?? '')).toBe('classic,space');
    expect(uncdata(element(xml, 'my_comments') ?? '')).toBe('See you ]]> space cowboy & <friends>');
  });

  it('writes a manga entry with the manga spellings', () => {
    const xml = entryXml('manga', MANGA);
    const names = [...xml.matchAll(/^\t\t<(\w+)>/gm)].map((m) => m[1]);
    expect(names).toEqual([
      'manga_mangadb_id', 'manga_title', 'manga_volumes', 'manga_chapters', 'my_id', 'my_read_volumes', 'my_read_chapters',
      'my_start_date', 'my_finish_date', 'my_scanalation_group', 'my_score', 'my_storage', 'my_retail_volumes', 'my_status',
      'my_comments', 'my_times_read', 'my_tags', 'my_priority', 'my_reread_value', 'my_rereading', 'my_discuss', 'my_sns', 'update_on_import',
    ]);
    expect(element(xml, 'my_status')).toBe('Plan to Read');
    expect(element(xml, 'my_priority')).toBe('Low');
    expect(element(xml, 'my_rereading')).toBe('YES');
    expect(element(xml, 'my_discuss')).toBe('YES');
    expect(element(xml, 'my_reread_value')).toBe('');
    expect(element(xml, 'my_start_date')).toBe('0000-00-00');
    expect(xml.startsWith('\t<manga>\n') && xml.endsWith('\t</manga>\n')).toBe(true);
  });

  it('keeps any text inside CDATA, splitting `]]>` and dropping what XML forbids', () => {
    expect(cdata('a]]>b')).toBe('<![CDATA[a]]]]><![CDATA[>b]]>');
    expect(uncdata(cdata(']]>]]>'))).toBe(']]>]]>');
    expect(uncdata(cdata('x\u0000y\u0007z\u000bw'))).toBe('xyzw');
    expect(uncdata(cdata('tab\tnew\nline'))).toBe('tab\tnew\nline');
    expect(uncdata(cdata('lone \ud800 surrogate, pair 😀'))).toBe('lone  surrogate, pair 😀');
    expect(cdata('')).toBe('<![CDATA[]]>');
  });

  it('writes dates with 00 for unknown parts', () => {
    expect(exportDate('2021')).toBe('2021-00-00');
    expect(exportDate('2021-07')).toBe('2021-07-00');
    expect(exportDate('2021-07-09')).toBe('2021-07-09');
    expect(exportDate(undefined)).toBe('0000-00-00');
    expect(exportDate('July 2021')).toBe('0000-00-00');
  });

  it('writes the document with myinfo totals, and an entry without a status as planned', async () => {
    const writer = new ListXmlWriter('anime');
    writer.add([ANIME, { node: { id: 3, title: 'Odd <one>' }, list_status: { status: 'watching' } }]);
    writer.add([{ node: { id: 4, title: 'No status' }, list_status: {} }]);
    const { data, gzipped, plainBytes } = await writer.file('alice & co', AT);
    const text = data.toString('utf8');
    expect(gzipped).toBe(false);
    expect(plainBytes).toBe(data.length);
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8" ?>\n<!--')).toBe(true);
    expect(text).toContain(
      '<myinfo>\n\t\t<user_id>0</user_id>\n\t\t<user_name>alice &amp; co</user_name>\n\t\t<user_export_type>1</user_export_type>\n' +
        '\t\t<user_total_anime>3</user_total_anime>\n\t\t<user_total_watching>1</user_total_watching>\n\t\t<user_total_completed>1</user_total_completed>\n' +
        '\t\t<user_total_onhold>0</user_total_onhold>\n\t\t<user_total_dropped>0</user_total_dropped>\n\t\t<user_total_plantowatch>1</user_total_plantowatch>\n\t</myinfo>',
    );
    expect(text.match(/<anime>/g)).toHaveLength(3);
    expect(text).toContain('<series_title><![CDATA[Odd <one>]]></series_title>');
    expect(text).toContain('<my_status>Plan to Watch</my_status>');
    expect(text.trimEnd().endsWith('</myanimelist>')).toBe(true);
    // Well-formed enough for any parser: every opened element closes.
    const opened = [...text.replace(/<!\[CDATA\[.*?\]\]>/gs, '').matchAll(/<(\w+)>/g)].length;
    const closed = [...text.matchAll(/<\/(\w+)>/g)].length;
    expect(opened).toBe(closed);
  });

  it('writes the manga totals and gzips past the threshold', async () => {
    const writer = new ListXmlWriter('manga');
    writer.add([MANGA]);
    const plain = await writer.file('bob', AT);
    const { data, gzipped, plainBytes } = await writer.file('bob', AT, 100);
    expect(gzipped).toBe(true);
    expect(plainBytes).toBe(plain.data.length);
    expect(gunzipSync(data).toString('utf8')).toBe(plain.data.toString('utf8'));
    const text = plain.data.toString('utf8');
    expect(text).toContain('<user_export_type>2</user_export_type>');
    expect(text).toContain('<user_total_manga>1</user_total_manga>');
    expect(text).toContain('<user_total_plantoread>1</user_total_plantoread>');
  });
});
