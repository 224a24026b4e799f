// Every paged view's state, at the longest values its command options allow, must fit in a
// custom_id together with the pager's own fields.
import { describe, expect, it } from 'vitest';
import { encodeCustomId } from '../../src/render/custom-ids.js';
import { encodeUserId } from '../../src/render/user-ids.js';
import { FORUM_QUERY_MAX, FORUM_USER_NAME_MAX, SEARCH_QUERY_MAX, SERVICE_USER_NAME_MAX } from '../../src/interactions/option-limits.js';
import { animeRankingView, animeSearchView, mangaRankingView, mangaSearchView, seasonView, suggestionsView } from '../../src/views/browse.js';
import { topicsView, topicView } from '../../src/views/forum.js';
import type { Field, PagedView } from '../../src/views/paged-view.js';
import { animeListView, mangaListView } from '../../src/views/user-list.js';
import { scheduleView } from '../../src/views/schedule.js';
import { leaderboardView, serverMembersView, topTitlesView } from '../../src/views/social.js';

const LONGEST_INVOKER = encodeUserId('18446744073709551615');
const LARGE_OFFSET = 99_990;

function pagerId<S>(view: Pick<PagedView<S>, 'code' | 'encode'>, state: S): string {
  return encodeCustomId('pg', [view.code, LONGEST_INVOKER, 'n', LARGE_OFFSET, ...(view.encode(state) as Field[])]);
}

describe('custom_id budget', () => {
  it('fits every view at its maximum option lengths', () => {
    const ids = [
      pagerId(animeSearchView, { q: 'q'.repeat(SEARCH_QUERY_MAX), nsfw: true }),
      pagerId(mangaSearchView, { q: 'q'.repeat(SEARCH_QUERY_MAX), nsfw: true }),
      pagerId(animeRankingView, { type: 'bypopularity' }),
      pagerId(mangaRankingView, { type: 'bypopularity' }),
      pagerId(seasonView, { year: 2100, season: 'summer', sort: 'anime_num_list_users' }),
      pagerId(suggestionsView, {}),
      pagerId(animeListView, { user: 'u'.repeat(SERVICE_USER_NAME_MAX), status: 'plan_to_watch', sort: 'anime_start_date' }),
      pagerId(mangaListView, { user: 'u'.repeat(SERVICE_USER_NAME_MAX), status: 'plan_to_read', sort: 'manga_start_date' }),
      pagerId(topicsView, {
        boardId: 99_999,
        subboardId: 99_999,
        q: 'q'.repeat(FORUM_QUERY_MAX),
        topicUser: 'u'.repeat(FORUM_USER_NAME_MAX),
        user: 'u'.repeat(FORUM_USER_NAME_MAX),
      }),
      pagerId(topicView, { id: 99_999_999 }),
      pagerId(scheduleView, { day: 'wednesday', mine: true }),
      pagerId(serverMembersView, { kind: 'manga', id: 9_999_999_999 }),
      pagerId(leaderboardView, { metric: 'mean_score', kind: 'manga' }),
      pagerId(topTitlesView, { kind: 'manga', status: 'completed' }),
    ];
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(100);
  });

  it('round-trips each view’s state through its custom_id', async () => {
    const { FieldReader } = await import('../../src/interactions/custom-id.js');
    const { decodeCustomId } = await import('../../src/render/custom-ids.js');
    const state = { boardId: undefined, subboardId: 14, q: 'a|b%c', topicUser: undefined, user: 'x' };
    const { fields } = decodeCustomId(pagerId(topicsView, state));
    const reader = new FieldReader(fields.slice(4));
    expect(topicsView.decode(reader)).toEqual(state);
  });
});
