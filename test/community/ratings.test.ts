// One rule for a rating nobody knows (#27.10): a title whose rating the service did not give is not
// safe for work, in the sync's entries and in a change made through the bot alike; the ratings the
// list pages carry are kept for everyone, so the server views show the service's rating.

import { describe, expect, it } from 'vitest';
import { NsfwRatings } from '../../src/known-works/nsfw-ratings.js';
import type { BaseContext } from '../../src/interactions/context.js';
import { mirrorEntryOf, serviceListSource } from '../../src/community/list-source.js';
import type { MirrorEntry } from '../../src/community/types.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import type { ServiceClient } from '../../src/service/client.js';
import type { TokenManager } from '../../src/service/token-source.js';
import { mirrorListChange } from '../../src/views/mirror-hook.js';

describe('an unknown rating', () => {
  it('makes a list entry not safe for work; only white is safe', () => {
    const status = { status: 'watching' as const, num_episodes_watched: 1 };
    expect(mirrorEntryOf('anime', { id: 1, title: 'Unrated' }, status)?.nsfw).toBe(true);
    expect(mirrorEntryOf('anime', { id: 1, title: 'A', nsfw: 'white' }, status)?.nsfw).toBe(false);
    expect(mirrorEntryOf('anime', { id: 1, title: 'A', nsfw: 'gray' }, status)?.nsfw).toBe(true);
    expect(mirrorEntryOf('manga', { id: 1, title: 'A', nsfw: 'black' }, { status: 'reading' })?.nsfw).toBe(true);
  });

  it('is read the same by a sync and by a change through the bot; a kept rating is the service’s', async () => {
    const service = {
      userList: async () => ({
        data: [
          { node: { id: 1, title: 'Rated white', nsfw: 'white' }, list_status: { status: 'watching' } },
          { node: { id: 2, title: 'Unrated' }, list_status: { status: 'watching' } },
          { node: { id: 3, title: 'Rated black', nsfw: 'black' }, list_status: { status: 'completed' } },
        ],
        paging: {},
      }),
    } as unknown as ServiceClient;
    const tokens = { sourceFor: () => ({}) } as unknown as TokenManager;
    const ratings = new NsfwRatings(new MemoryEngine());
    const page = await serviceListSource(service, tokens, ratings).page('1200000000000000001', 'anime', { byUpdate: false, offset: 0, limit: 100 });
    expect(page.entries.map((e) => [e.id, e.nsfw])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    // The ratings the page carried are kept for everyone (a rating not given is not made up).
    expect(await ratings.get('anime', 1)).toBe('white');
    expect(await ratings.get('anime', 3)).toBe('black');
    expect(await ratings.get('anime', 2)).toBeUndefined();

    // Through the bot: the work's own rating, else the kept one, else not safe — as the sync reads it.
    const changed: MirrorEntry[] = [];
    const ctx = {
      userId: '1200000000000000001',
      deps: {
        social: { listChanged: async (_u: string, _k: string, _i: number, e: MirrorEntry | undefined) => void (e && changed.push(e)) },
        nsfwRatings: ratings,
        now: () => Date.UTC(2026, 10, 1),
        log: { warn: () => undefined },
      },
    } as unknown as BaseContext;
    await mirrorListChange(ctx, 'anime', { id: 2, title: 'Unrated' }, { status: 'completed' });
    await mirrorListChange(ctx, 'anime', { id: 1, title: 'Rated white' }, { status: 'completed' });
    await mirrorListChange(ctx, 'anime', { id: 3, title: 'Rated black', nsfw: 'white' }, { status: 'completed' });
    expect(changed.map((e) => [e.id, e.nsfw])).toEqual([
      [2, true],
      [1, false],
      [3, false],
    ]);
  });
});
