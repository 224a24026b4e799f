// Counted nouns read right with one of a thing: "1 episode", not "1 eps", everywhere a count is shown
// (the catalogue's ICU plurals).
import { describe, expect, it } from 'vitest';
import type { Anime, Manga } from '../../src/service/work-types.js';
import {
  detailsEmbed,
  forumTopicEmbed,
  forumTopicsEmbed,
  listStatusLine,
  pollText,
  workFacts,
} from '../../src/render/index.js';
import { seasonPage } from '../../src/views/browse.js';
import { describeError } from '../../src/interactions/user-errors.js';
import { RateLimitedError } from '../../src/store/request-line/user-limits.js';
import { renderConfirmPage } from '../../src/web/html.js';
import { ENGLISH } from '../../src/i18n/index.js';

describe('counts in rendered text', () => {
  const single: Anime = { id: 1, title: 'One', num_episodes: 1, num_list_users: 1, mean: 7, num_scoring_users: 1 };
  const manga: Manga = { id: 2, title: 'Two', num_volumes: 1, num_chapters: 1 };

  it('work facts: 1 episode, 1 volume, 1 chapter, 1 member; unknown totals stay plural', () => {
    expect(workFacts(ENGLISH, single)).toEqual(expect.arrayContaining(['1 episode', '1 member']));
    expect(workFacts(ENGLISH, manga)).toEqual(expect.arrayContaining(['1 volume', '1 chapter']));
    expect(workFacts(ENGLISH, { id: 3, num_episodes: 0 })).toContain('? episodes');
    expect(workFacts(ENGLISH, { id: 4, num_volumes: 3, num_chapters: 0 } as Manga)).toEqual(expect.arrayContaining(['3 volumes', '? chapters']));
  });

  it('progress lines agree with the total', () => {
    expect(listStatusLine(ENGLISH, 'anime', { status: 'completed', num_episodes_watched: 1 }, { num_episodes: 1 })).toBe('Completed · 1/1 episode');
    expect(listStatusLine(ENGLISH, 'anime', { num_episodes_watched: 1 })).toBe('On list · 1/? episodes');
    expect(listStatusLine(ENGLISH, 'manga', { num_volumes_read: 1, num_chapters_read: 1 }, { num_volumes: 1, num_chapters: 1 })).toBe('On list · 1/1 volume · 1/1 chapter');
  });

  it('score voters, forum posts, poll votes and hidden posts', () => {
    const score = detailsEmbed(ENGLISH, 'anime', single).fields?.find((f) => f.value.includes('★'));
    expect(score?.value).toContain('(1 user)');
    expect(forumTopicsEmbed(ENGLISH, [{ id: 9, title: 'T', number_of_posts: 1 }]).description).toContain('1 post ·');
    const poll = pollText(ENGLISH, { id: 1, question: 'Q', options: [{ id: 1, text: 'A', votes: 1 }] });
    expect(poll).toContain('` 1 vote (100.0%)');
    expect(poll).toContain('Total: 1 vote');
    const posts = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, number: i + 1, body: 'x' }));
    expect(forumTopicEmbed(ENGLISH, { title: 'T', posts })[0]?.description).toContain('…and 1 more post on this page.');
  });

  it('season carry-overs: "1 title on this page continues"', () => {
    const page = { data: [{ node: { id: 1, title: 'Old', start_season: { year: 2019, season: 'fall' as const } } }], paging: {} };
    const loaded = seasonPage({ where: { place: 'guild', ageRestricted: false }, t: ENGLISH }, { year: 2020, season: 'winter', sort: 'anime_score' }, page, 0, { nsfwFiltered: false });
    expect(loaded.embeds[0]?.footer?.text).toBe('1 title on this page continues from an earlier season');
  });

  it('"Slow down" says 1 second', () => {
    expect(describeError(new RateLimitedError(1000), ENGLISH).text).toContain('Try again in 1 second.');
  });

  it('the confirmation page says 1 minute', () => {
    const page = renderConfirmPage(ENGLISH, { serviceUserName: 's', discordUserId: '1', discordUsername: 'd', discordDisplayName: 'D', token: 't', minutesLeft: 1 });
    expect(page).toContain('expires in 1 minute.');
  });
});
