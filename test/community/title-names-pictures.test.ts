// The title index's name records keep each title's cover URL (what /server chart draws from, with no
// mirror read and no service request); records written before covers were kept still read, and gain
// the cover when a holder's entry with one is written.

import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import { NAME_KEY, TitleIndex } from '../../src/community/title-index.js';
import { entry } from './fake-lists.js';

const GUILD = '1100000000000000001';
const USER = '1200000000000000001';
const COVER = 'https://cdn.example/images/anime/1953/147885.jpg';

describe('title names keep the cover URL', () => {
  it('writes it with the name and rating, and reads it back', async () => {
    const store = new MemoryEngine();
    const index = new TitleIndex(store);
    await index.putIn(USER, [GUILD], [{ kind: 'anime', serviceUser: 'alice', entries: [entry(1, { picture: COVER }), entry(2, { nsfw: true })] }], true);
    const names = await index.names('anime', [1, 2, 3]);
    expect(names.get(1)).toEqual({ title: 'Title 1', nsfw: false, picture: COVER });
    expect(names.get(2)).toEqual({ title: 'Title 2', nsfw: true });
    expect(names.has(3)).toBe(false);
  });

  it('reads a record written before covers were kept, and adds the cover at the next write', async () => {
    const store = new MemoryEngine();
    await store.set(NAME_KEY('anime', 1), JSON.stringify({ t: 'Title 1', n: 0 }));
    const index = new TitleIndex(store);
    expect((await index.names('anime', [1])).get(1)).toEqual({ title: 'Title 1', nsfw: false });
    await index.putIn(USER, [GUILD], [{ kind: 'anime', serviceUser: 'alice', entries: [entry(1, { picture: COVER })] }]);
    expect((await index.names('anime', [1])).get(1)?.picture).toBe(COVER);
  });
});
