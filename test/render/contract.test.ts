// Every real response body renders through its embed function within Discord's limits and keeps
// the facts a reader needs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { APIEmbed } from 'discord.js';
import type {
  Anime,
  AnimeListItem,
  AnimeListStatus,
  ForumBoards,
  ForumTopicPage,
  ForumTopicSummary,
  Manga,
  MangaListItem,
  MangaListStatus,
  NodeItem,
  Page,
  RankedItem,
  SeasonalPage,
  ServiceErrorBody,
  User,
} from '../../src/service/types.js';
import {
  animeDetailsEmbed,
  animeListEntryEmbed,
  animeListPageEmbed,
  animeRankingEmbed,
  errorMessage,
  finalizeMessage,
  forumBoardsEmbed,
  forumTopicEmbed,
  forumTopicsEmbed,
  mangaDetailsEmbed,
  mangaListEntryEmbed,
  mangaListPageEmbed,
  mangaRankingEmbed,
  profileEmbed,
  seasonEmbed,
  selectOptionsFor,
  userAnimeListEmbed,
  userMangaListEmbed,
  type RenderedMessage,
} from '../../src/discord/render/index.js';
import { assertMentionsDisabled, assertWithinDiscordLimits, unbalancedMarkers } from './discord-limits.js';
import { FIXTURES_DIR } from '../fixtures-dir.js';

const FIXTURES = FIXTURES_DIR;

function load<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as T;
}

function embeds(...e: APIEmbed[]): RenderedMessage {
  return { embeds: e };
}

interface Case {
  render: (body: unknown) => RenderedMessage[];
  facts: string[];
}

const unix = (iso: string): number => Date.parse(iso) / 1000;

const CASES: Record<string, Case> = {
  'ankai__error-400_invalid-client-id.json': {
    render: (b) => [errorMessage('service_error', (b as ServiceErrorBody).message)],
    facts: ['Invalid client id'],
  },
  'ankai__error-403_missing-client-id-header.json': {
    render: (b) => [errorMessage('forbidden', (b as ServiceErrorBody).message)],
    facts: ['Not allowed', 'refused'],
  },
  'ankai__error-404_unknown-forum-topic.json': {
    render: (b) => [errorMessage('not_found', (b as ServiceErrorBody).message)],
    facts: ['Not found'],
  },
  'go-myanimelist__anime-details_967_fields-subset.json': {
    render: (b) => [embeds(animeDetailsEmbed(b as Anime))],
    facts: ['Hokuto no Ken', 'Fist of the North Star', '北斗の拳', 'HNK', 'TV', '109', 'Fall 1984', 'Manga', 'Martial Arts', 'Toei Animation', '25 min per ep', 'ID 967'],
  },
  'go-myanimelist__anime-my_list_status-PATCH-response.json': {
    render: (b) => [embeds(animeListEntryEmbed(b as AnimeListStatus, { id: 967, title: 'Hokuto no Ken', num_episodes: 109 }))],
    facts: ['Hokuto no Ken', 'Watching', '73/109', '★ 8', 'You wa shock!', `<t:${unix('2021-03-16T07:36:44+00:00')}:R>`],
  },
  'go-myanimelist__anime-ranking_airing.json': {
    render: (b) => [embeds(animeRankingEmbed({ rankingType: 'airing', items: (b as Page<RankedItem<Anime>>).data }))],
    facts: ['Top Airing Anime', '**#1** Shingeki no Kyojin: The Final Season', '**#6** Horimiya', 'Yuru Camp△ Season 2', 'Popularity #104'],
  },
  'go-myanimelist__anime-search_q-hokuto-no-ken.json': {
    render: (b) => [embeds(animeListPageEmbed({ title: 'Search: hokuto no ken', items: (b as Page<NodeItem<Anime>>).data }))],
    facts: ['**1.** Hokuto no Ken', 'Hokuto no Ken 2', 'Hokuto no Ken Movie', 'Fall 1984', 'Winter 1986', 'Rank #556'],
  },
  'go-myanimelist__anime-season_2020-fall.json': {
    render: (b) => [embeds(seasonEmbed({ page: b as SeasonalPage, requested: { year: 2020, season: 'fall' } }))],
    facts: ['Fall 2020 Anime', 'One Piece', 'Black Clover', 'Jujutsu Kaisen (TV)'],
  },
  'go-myanimelist__anime-suggestions.json': {
    render: (b) => [embeds(animeListPageEmbed({ title: 'Suggestions', items: (b as Page<NodeItem<Anime>>).data }))],
    facts: ['Kill la Kill Specials', 'Osomatsu-san Movie', 'Watashi no Ashinaga Ojisan'],
  },
  'go-myanimelist__forum-boards.json': {
    render: (b) => [embeds(forumBoardsEmbed(b as ForumBoards))],
    facts: ['MyAnimeList', 'Updates & Announcements', 'board `5`', 'Anime DB · subboard `2`', 'Forum Games', 'General'],
  },
  'go-myanimelist__forum-topic_1877721_with-poll.json': {
    render: (b) => [{ embeds: forumTopicEmbed((b as ForumTopicPage).data, { topicId: 1877721 }) }],
    facts: [
      'What is the best JoJo opening?',
      'Bloody Stream',
      '61 votes (29.8%)',
      'Total: 205 votes',
      'Ringtomb',
      'Kenzolo-folk',
      'MechKingKillbot',
      "Traitor's Requiem",
      '**#3**',
      `<t:${unix('2020-11-24T03:00:58+00:00')}:R>`,
      'Topic ID 1877721',
    ],
  },
  'go-myanimelist__forum-topics_q-jojo-opening.json': {
    render: (b) => [embeds(forumTopicsEmbed((b as Page<ForumTopicSummary>).data, { title: 'Forum: JoJo opening' }))],
    facts: [
      'What is the best JoJo opening?',
      "JoJo's Bizarre Adventures but its Yu Yu Hakusho Opening",
      'by Ringtomb',
      '73 posts',
      `last post <t:${unix('2021-02-24T07:05:33+00:00')}:R> by IAmOdie`,
      'ID 1877721',
      'TinTin\\_29',
    ],
  },
  'go-myanimelist__manga-details_401_with-authors.json': {
    render: (b) => [embeds(mangaDetailsEmbed(b as Manga))],
    facts: ['Kiseijuu', 'Parasyte', '寄生獣', 'Parasitic Beasts', 'Hitoshi Iwaaki (Story & Art)', 'Psychological', 'Seinen', 'Finished', 'Volumes', '10', 'Chapters', '64'],
  },
  'go-myanimelist__manga-my_list_status-PATCH-response.json': {
    render: (b) => [embeds(mangaListEntryEmbed(b as MangaListStatus, { id: 401, title: 'Kiseijuu', num_volumes: 10, num_chapters: 64 }))],
    facts: ['Kiseijuu', 'Reading', '1/10', '5/64', 'Not scored', 'Migi'],
  },
  'go-myanimelist__manga-ranking_bypopularity.json': {
    render: (b) => [embeds(mangaRankingEmbed({ rankingType: 'bypopularity', items: (b as Page<RankedItem<Manga>>).data }))],
    facts: ['Most Popular Manga', '**#1** Shingeki no Kyojin'],
  },
  'go-myanimelist__manga-search_q-parasyte.json': {
    render: (b) => [embeds(mangaListPageEmbed({ title: 'Search: parasyte', items: (b as Page<NodeItem<Manga>>).data }))],
    facts: ['Kiseijuu', 'Parasyte · 10 vols · 64 ch', 'Neo Kiseijuu f', 'Neo Parasyte m'],
  },
  'go-myanimelist__users-me-animelist_list_status.json': {
    render: (b) => [embeds(userAnimeListEmbed({ userName: '@me', items: (b as Page<AnimeListItem>).data }))],
    facts: ['Your anime list', 'Hokuto no Ken', 'Watching · 73/? eps', 'Vinland Saga', 'Completed · 24/? eps', 'Maison Ikkoku'],
  },
  'go-myanimelist__users-me-mangalist_list_status.json': {
    render: (b) => [embeds(userMangaListEmbed({ userName: 'nstratos', items: (b as Page<MangaListItem>).data }))],
    facts: ["nstratos's manga list", 'Death Note', 'Completed · 12/? vols · 108/? ch', 'Kiseijuu', 'Reading · 1/? vols · 5/? ch'],
  },
  'go-myanimelist__users-me.json': {
    render: (b) => [embeds(profileEmbed(b as User))],
    facts: ['nstratos', 'Male', `<t:${unix('2015-05-03T11:42:57+00:00')}:D>`, 'User ID 4592783'],
  },
  'node-myanimelist__manga-search_q-sakurasou_all-fields_with-my_list_status.json': {
    render: (b) => {
      const page = b as Page<NodeItem<Manga>>;
      return [
        embeds(mangaListPageEmbed({ title: 'Search: Sakurasou', items: page.data })),
        ...page.data.map((it) => embeds(mangaDetailsEmbed(it.node))),
      ];
    },
    facts: [
      'Sakurasou no Pet na Kanojo',
      'Cardcaptor Sakura',
      'Hajime Kamoshida (Story)',
      'Keiji Mizoguchi (Art)',
      'Jan 10, 2010 – Mar 8, 2014',
      'Your list',
      'On Hold · 1/13 vols · 0/? ch · ★ 8',
      '★ 8.13 (2,110 users)',
      'Novel',
      'さくら荘のペットな彼女',
      'YUI\\_7',
    ],
  },
  'node-myanimelist__users-me-animelist_default-limit.json': {
    render: (b) => [embeds(userAnimeListEmbed({ items: (b as Page<AnimeListItem>).data }))],
    facts: ['**1.** 3-gatsu no Lion', '**10.** Ajin 2nd Season', 'Dropped · 2/? eps', 'Completed · 12/? eps · ★ 7', 'Plan to Watch'],
  },
};

function allText(messages: RenderedMessage[]): string {
  return JSON.stringify(messages.map((m) => finalizeMessage(m)))
    .replace(/\\\\/g, '\\')
    .replace(/\\n/g, '\n')
    .replace(/\\"/g, '"');
}

const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.json'));

describe('contract: real fixtures', () => {
  it('finds the fixtures and has a renderer for every one of them', () => {
    expect(files.length).toBeGreaterThanOrEqual(21);
    expect(files.filter((f) => !(f in CASES))).toEqual([]);
  });

  for (const file of files) {
    describe(file, () => {
      const c = CASES[file];
      if (!c) return;
      const messages = c.render(load<unknown>(file));

      it('is within every Discord limit as rendered, before the final gate', () => {
        for (const m of messages) assertWithinDiscordLimits(m);
      });

      it('is within every Discord limit after the final gate, with mentions disabled and nothing lost', () => {
        for (const m of messages) {
          const final = finalizeMessage(m);
          assertWithinDiscordLimits(final);
          assertMentionsDisabled(final);
          // The builders already fit, so the gate has nothing to cut.
          expect(final.embeds).toEqual(m.embeds);
        }
      });

      it('keeps markdown balanced', () => {
        for (const m of messages) {
          for (const e of m.embeds ?? []) {
            for (const text of [e.title ?? '', e.description ?? '', ...(e.fields ?? []).flatMap((f) => [f.name, f.value])]) {
              expect(unbalancedMarkers(text), text).toEqual([]);
            }
          }
        }
      });

      it('contains the key facts', () => {
        const text = allText(messages);
        for (const fact of c.facts) expect(text).toContain(fact);
      });
    });
  }
});

describe('contract: details pictures and select options', () => {
  it('uses the large picture as the thumbnail', () => {
    const e = mangaDetailsEmbed(load<Manga>('go-myanimelist__manga-details_401_with-authors.json'));
    expect(e.thumbnail?.url).toBe('https://api-cdn.myanimelist.net/images/manga/2/188928l.jpg');
  });

  it('builds select options for search results and topics within limits', () => {
    const works = load<Page<NodeItem<Manga>>>('node-myanimelist__manga-search_q-sakurasou_all-fields_with-my_list_status.json').data.map((d) => d.node);
    const options = selectOptionsFor(works, { offset: 10 });
    expect(options[0]).toEqual({ label: '11. Sakurasou no Pet na Kanojo', value: '30051', description: 'Novel · 13 vols · ? ch · Jan 10, 2010 · ★ 8.13 · Rank #476 · Popularity #1,123 · 9,838 members' });
    const topics = load<Page<ForumTopicSummary>>('go-myanimelist__forum-topics_q-jojo-opening.json').data;
    expect(selectOptionsFor(topics, { numbered: false })[0]).toEqual({ label: 'What is the best JoJo opening?', value: '1877721', description: 'by Ringtomb · 73 posts' });
    const menu = finalizeMessage({ components: [{ type: 1, components: [{ type: 3, custom_id: 'open', options: [...options, ...selectOptionsFor(topics)] }] }] });
    assertWithinDiscordLimits(menu);
  });

  it('keeps options within 100 characters for very long titles', () => {
    const options = selectOptionsFor([{ id: 1, title: 'Long title '.repeat(30), description: 'd '.repeat(100) }, { id: 1, title: 'dup' }]);
    expect(options).toHaveLength(1);
    expect(options[0]?.label.length).toBeLessThanOrEqual(100);
    expect(options[0]?.description?.length).toBeLessThanOrEqual(100);
  });
});
