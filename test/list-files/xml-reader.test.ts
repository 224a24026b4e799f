import { describe, expect, it } from 'vitest';
import { ListFileReader, MAX_DEPTH, MAX_FILE_ENTRIES, type FileRead } from '../../src/list-files/xml-reader.js';
import type { WorkKind } from '../../src/service/kinds.js';

function read<K extends WorkKind>(kind: K, xml: string, chunk = 7): FileRead<K> {
  const reader = new ListFileReader(kind);
  for (let i = 0; i < xml.length; i += chunk) reader.write(xml.slice(i, i + chunk));
  return reader.close();
}

const ANIME_FILE = `<?xml version="1.0" encoding="UTF-8" ?>
<!-- Created by XML Export feature at 2026-01-01 Version 1.1.0 -->
<myanimelist>
\t<myinfo>
\t\t<user_id>1</user_id><user_name>aiko</user_name><user_export_type>1</user_export_type>
\t</myinfo>

\t<anime>
\t\t<series_animedb_id>5114</series_animedb_id>
\t\t<series_title><![CDATA[Fullmetal Alchemist: Brotherhood]]></series_title>
\t\t<series_type>TV</series_type><series_episodes>64</series_episodes><my_id>0</my_id>
\t\t<my_watched_episodes>64</my_watched_episodes>
\t\t<my_start_date>2024-00-00</my_start_date><my_finish_date>0000-00-00</my_finish_date>
\t\t<my_rated></my_rated><my_score>10</my_score><my_storage></my_storage><my_storage_value>0.00</my_storage_value>
\t\t<my_status>Completed</my_status>
\t\t<my_comments><![CDATA[best & <ever>]]></my_comments>
\t\t<my_times_watched>1</my_times_watched>
\t\t<my_rewatch_value>Very High</my_rewatch_value>
\t\t<my_priority>HIGH</my_priority>
\t\t<my_tags><![CDATA[,classic, shounen]]></my_tags>
\t\t<my_rewatching>0</my_rewatching><my_rewatching_ep>0</my_rewatching_ep>
\t\t<my_discuss>1</my_discuss><my_sns>default</my_sns><update_on_import>1</update_on_import>
\t</anime>
\t<anime><series_animedb_id>1</series_animedb_id><my_status>plan to watch</my_status><my_watched_episodes>0</my_watched_episodes></anime>
</myanimelist>`;

describe('ListFileReader', () => {
  it('reads an anime export as the service writes it, quirks included', () => {
    const r = read('anime', ANIME_FILE);
    expect(r.fatal).toBeUndefined();
    expect(r.problems).toEqual([]);
    expect(r.hasDates).toBe(true);
    expect(r.entries).toEqual([
      {
        index: 1,
        id: 5114,
        title: 'Fullmetal Alchemist: Brotherhood',
        update: {
          status: 'completed',
          score: 10,
          num_watched_episodes: 64,
          num_times_rewatched: 1,
          rewatch_value: 5,
          priority: 2,
          is_rewatching: false,
          tags: ['classic', 'shounen'],
          comments: 'best & <ever>',
        },
      },
      { index: 2, id: 1, update: { status: 'plan_to_watch', num_watched_episodes: 0 } },
    ]);
  });

  it('reads a manga export: Low/Medium/High, NO/YES, value words, missing optional elements', () => {
    const xml = `<myanimelist><myinfo><user_export_type>2</user_export_type></myinfo>
      <manga><manga_mangadb_id>2</manga_mangadb_id><manga_title><![CDATA[Berserk]]></manga_title>
      <my_read_volumes>3</my_read_volumes><my_read_chapters>40</my_read_chapters><my_score>0</my_score>
      <my_status>Reading</my_status><my_times_read>2</my_times_read><my_tags></my_tags>
      <my_priority>Medium</my_priority><my_reread_value>low</my_reread_value><my_rereading>YES</my_rereading></manga>
      <manga><manga_mangadb_id>3</manga_mangadb_id><my_status>Plan to Read</my_status></manga></myanimelist>`;
    const r = read('manga', xml);
    expect(r.fatal).toBeUndefined();
    expect(r.hasDates).toBe(false);
    expect(r.entries.map((e) => e.update)).toEqual([
      { status: 'reading', score: 0, num_volumes_read: 3, num_chapters_read: 40, num_times_reread: 2, tags: [], priority: 1, reread_value: 2, is_rereading: true },
      { status: 'plan_to_read' },
    ]);
  });

  it('names each bad value with its entry and element, and keeps no entry that has one', () => {
    const xml = `<myanimelist>
      <anime><series_animedb_id>10</series_animedb_id><my_status>Binging</my_status></anime>
      <anime><series_animedb_id>11</series_animedb_id><my_status>Watching</my_status><my_score>11</my_score></anime>
      <anime><series_animedb_id>12</series_animedb_id><my_status>Watching</my_status><my_watched_episodes>-3</my_watched_episodes></anime>
      <anime><series_animedb_id>abc</series_animedb_id><my_status>Watching</my_status></anime>
      <anime><my_status>Watching</my_status></anime>
      <anime><series_animedb_id>13</series_animedb_id><my_status>Watching</my_status><my_priority>urgent</my_priority><my_score>7.5</my_score></anime>
      <anime><series_animedb_id>14</series_animedb_id></anime>
      <anime><series_animedb_id>10</series_animedb_id><my_status>Watching</my_status></anime>
      <anime><series_animedb_id>15</series_animedb_id><my_status>Dropped</my_status></anime>
    </myanimelist>`;
    const r = read('anime', xml);
    expect(r.fatal).toBeUndefined();
    expect(r.entries.map((e) => e.id)).toEqual([15]);
    expect(r.problems).toEqual([
      { code: 'unknownStatus', index: 1, id: 10, element: 'my_status', value: 'Binging' },
      { code: 'scoreRange', index: 2, id: 11, element: 'my_score', value: '11' },
      { code: 'negativeCount', index: 3, id: 12, element: 'my_watched_episodes', value: '-3' },
      { code: 'badId', index: 4, element: 'series_animedb_id', value: 'abc' },
      { code: 'missingId', index: 5, element: 'series_animedb_id' },
      { code: 'notANumber', index: 6, id: 13, element: 'my_score', value: '7.5' },
      { code: 'badWord', index: 6, id: 13, element: 'my_priority', value: 'urgent' },
      { code: 'missingStatus', index: 7, id: 14, element: 'my_status' },
      { code: 'duplicateId', index: 8, id: 10, element: 'series_animedb_id', value: '10' },
    ]);
    expect(r.problemCount).toBe(9);
  });

  it('refuses a file of the other kind, by its entries or its export type', () => {
    expect(read('anime', '<myanimelist><manga><manga_mangadb_id>2</manga_mangadb_id></manga></myanimelist>').fatal).toEqual({ code: 'otherKind', element: 'manga' });
    const r = read('manga', '<myanimelist><myinfo><user_export_type>1</user_export_type></myinfo></myanimelist>');
    expect(r.fatal).toEqual({ code: 'otherKind', element: 'user_export_type', value: '1' });
    expect(r.entries).toEqual([]);
  });

  it('refuses a DOCTYPE outright: no entity is declared, so no billion laughs and nothing external', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
      <myanimelist><anime><series_animedb_id>1</series_animedb_id><my_status>Watching</my_status><my_comments>&lol2;</my_comments></anime></myanimelist>`;
    expect(read('anime', laughs).fatal?.code).toBe('doctype');
    const external = `<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd"><myanimelist/>`;
    expect(read('anime', external).fatal?.code).toBe('doctype');
    // An entity that was never declared is malformed XML.
    const r = read('anime', '<myanimelist><anime><series_animedb_id>1</series_animedb_id><my_comments>&xxe;</my_comments></anime></myanimelist>');
    expect(r.fatal?.code).toBe('malformed');
    expect(r.entries).toEqual([]);
  });

  it('names malformed XML with its line, and a file that is no list', () => {
    const r = read('anime', '<myanimelist>\n<anime>\n<series_animedb_id>1</series_animedb_id>\n</animu>\n</myanimelist>');
    expect(r.fatal).toMatchObject({ code: 'malformed', line: 4 });
    expect(r.entries).toEqual([]);
    expect(read('anime', '<html><body/></html>').fatal).toEqual({ code: 'notAList', element: 'html' });
    expect(read('anime', '').fatal?.code).toBe('malformed');
    expect(read('anime', 'not xml at all').fatal?.code).toBe('malformed');
  });

  it('stops at the entry limit', () => {
    const one = '<anime><series_animedb_id>1</series_animedb_id><my_status>Watching</my_status></anime>';
    const reader = new ListFileReader('anime');
    reader.write('<myanimelist>');
    for (let i = 0; i <= MAX_FILE_ENTRIES && !reader.stopped; i++) reader.write(one.replace('>1<', `>${i + 1}<`));
    reader.write('</myanimelist>');
    const r = reader.close();
    expect(r.fatal).toEqual({ code: 'tooManyEntries', value: String(MAX_FILE_ENTRIES) });
    expect(r.entries).toEqual([]);
  });

  it('refuses a file nested deeper than the format at the first element past the limit, and parses no further', () => {
    // A million nested elements under the root (3 MB): the parser would keep every open one.
    const deep = `<myanimelist>\n${'<a>\n'.repeat(1_000_000)}`;
    const reader = new ListFileReader('anime');
    reader.write(deep);
    expect(reader.stopped).toBe(true);
    // The parser stopped inside the chunk, on the line of the element that went too deep.
    expect(reader['parser'].line).toBeLessThanOrEqual(MAX_DEPTH + 2);
    const r = reader.close();
    expect(r.fatal).toEqual({ code: 'tooDeep', element: 'a', value: String(MAX_DEPTH) });
    expect(r.entries).toEqual([]);
    // Inside an entry, too; and after entries already read, none of them is kept.
    const inEntry = '<myanimelist><anime><series_animedb_id>1</series_animedb_id><my_status>Watching</my_status></anime><anime><my_tags><b><i>x</i></b></my_tags></anime></myanimelist>';
    expect(read('anime', inEntry)).toMatchObject({ fatal: { code: 'tooDeep', element: 'i' }, entries: [] });
  });

  it('takes one level of stray markup inside a value', () => {
    const r = read('anime', '<myanimelist><anime><series_animedb_id>1</series_animedb_id><my_status>Watching</my_status><my_comments>a<b>b</b></my_comments></anime></myanimelist>');
    expect(r.fatal).toBeUndefined();
    expect(r.entries).toEqual([{ index: 1, id: 1, update: { status: 'watching', comments: 'ab' } }]);
  });
});
