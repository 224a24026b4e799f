// A user's Watching and Plan-to-watch titles with the fields air times need, read from their list.

import type { ServiceClient } from '../service/client.js';
import { animeFields, nested } from '../service/fields.js';
import type { TokenSource } from '../service/token-source.js';
import type { AnimeListStatusValue } from '../service/list-types.js';
import type { Anime } from '../service/work-types.js';

const MY_STATUSES: readonly AnimeListStatusValue[] = ['watching', 'plan_to_watch'];
const PAGE = 1000;
const MAX_PAGES = 3;
const FIELDS = animeFields('broadcast', 'status', 'start_date', 'num_episodes', 'nsfw', 'media_type', nested('list_status', 'status'));

export async function watchingAndPlanned(service: ServiceClient, auth: TokenSource, signal?: AbortSignal): Promise<Anime[]> {
  const titles: Anime[] = [];
  for (const status of MY_STATUSES) {
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await service.userAnimeList('@me', { status, limit: PAGE, offset: page * PAGE, nsfw: true, fields: FIELDS }, { auth, ...(signal ? { signal } : {}) });
      for (const item of result.data) titles.push(item.node);
      if (result.paging.next === undefined) break;
    }
  }
  return titles;
}
