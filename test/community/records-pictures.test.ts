import { describe, expect, it } from 'vitest';
import { decodeMirror, encodeMirror, picturePrefix, type MirrorRecord } from '../../src/community/records.js';
import type { MirrorEntry } from '../../src/community/types.js';

const CDN = 'https://api-cdn.myanimelist.net/images/anime/';

function entry(id: number, picture?: string): MirrorEntry {
  return { id, title: `Title ${id}`, status: 'completed', score: 7, progress: 12, total: 12, episodeSeconds: 1440, nsfw: false, updatedAt: 1_700_000_000_000, ...(picture ? { picture } : {}) };
}

function record(entries: MirrorEntry[]): MirrorRecord {
  return { serviceUser: 'alice', syncedAt: 1, seenUpdatedAt: 2, fullAt: 3, version: 4, entries: new Map(entries.map((e) => [e.id, e])) };
}

describe('the mirror keeps each title’s picture URL compactly', () => {
  it('stores the shared prefix once and each picture by what follows it; a picture elsewhere whole', () => {
    const entries = [entry(1, `${CDN}1953/147885.jpg`), entry(2, `${CDN}12/3456.jpg`), entry(3), entry(4, 'https://elsewhere.example/x/y/z.png')];
    const raw = encodeMirror(record(entries));
    expect(raw).toContain(`"p":"${CDN}"`);
    expect(raw).toContain('"1953/147885.jpg"');
    expect(raw.split(CDN)).toHaveLength(2);
    const decoded = decodeMirror(raw);
    expect([...(decoded?.entries.values() ?? [])]).toEqual(entries);
    // The record's write count (what the member's summary was computed from) survives beside the prefix.
    expect(decoded?.version).toBe(4);
  });

  it('reads rows written before pictures were kept', () => {
    const old = JSON.stringify({ u: 'alice', s: 1, w: 2, f: 3, e: [[1, 'Title 1', 'completed', 7, 12, 12, 1440, 0, 1_700_000_000]] });
    expect(decodeMirror(old)?.entries.get(1)).toEqual(entry(1));
  });

  it('adds about 18 bytes per entry and the prefix once per list', () => {
    const ids = Array.from({ length: 300 }, (_, i) => i + 1);
    const without = encodeMirror(record(ids.map((id) => entry(id)))).length;
    const withPictures = encodeMirror(record(ids.map((id) => entry(id, `${CDN}${1000 + id}/${140000 + id * 7}.jpg`)))).length;
    const perEntry = (withPictures - without - `,"p":"${CDN}"`.length) / ids.length;
    expect(perEntry).toBeGreaterThan(15);
    expect(perEntry).toBeLessThanOrEqual(18);
  });

  it('finds the prefix of a picture URL', () => {
    expect(picturePrefix(`${CDN}1953/147885.jpg`)).toBe(CDN);
    expect(picturePrefix('http://127.0.0.1:4000/images/manga/1/2.jpg')).toBe('http://127.0.0.1:4000/images/manga/');
    expect(picturePrefix('not a url')).toBeUndefined();
    expect(picturePrefix(undefined)).toBeUndefined();
  });
});
