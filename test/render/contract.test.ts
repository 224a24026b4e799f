// Every real response body renders through its embed function within Discord's limits and keeps
// the facts a reader needs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ENGLISH } from '../../src/i18n/index.js';
import { describe, expect, it } from 'vitest';
import type { APIEmbed } from 'discord.js';
import type { NodeItem, Page, ServiceErrorBody } from '../../src/service/common-types.js';
import type { ForumBoards, ForumTopicPage, ForumTopicSummary } from '../../src/service/forum-types.js';
import type { AnimeListStatus, MangaListStatus } from '../../src/service/list-types.js';
import type { User } from '../../src/service/user-types.js';
import type {
  Anime,
  AnimeListItem,
  Manga,
  MangaListItem,
  RankedItem,
  SeasonalPage,
} from '../../src/service/work-types.js';
import {
  detailsEmbed,
  errorMessage,
  finalizeMessage,
  forumBoardsEmbed,
  forumTopicEmbed,
  forumTopicsEmbed,
  listEntryEmbed,
  profileEmbed,
  type RenderedMessage,
} from '../../src/render/index.js';
import type { BaseContext } from '../../src/interactions/context.js';
import type { Where } from '../../src/interactions/where.js';
import { ANIME_RANKING_NAMES, MANGA_RANKING_NAMES, seasonPage, workPage } from '../../src/views/browse.js';
import { userListPage } from '../../src/views/user-list.js';
import { renderPagedView, type LoadedPage, type PagedView } from '../../src/views/paged-view.js';
import { assertMentionsDisabled, assertWithinDiscordLimits, unbalancedMarkers } from './discord-limits.js';
import { FIXTURES_DIR } from '../fixtures-dir.js';

const FIXTURES = FIXTURES_DIR;

function load<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as T;
}

function embeds(...e: APIEmbed[]): RenderedMessage {
  return { embeds: e };
}

// The list pages as the production views build them (views/browse.ts, views/user-list.ts), for a
// viewer in a server channel.
type ListRenderer = (ctx: Pick<BaseContext, 'where' | 't'>, body: unknown) => LoadedPage;

const GUILD: Where = { place: 'guild', ageRestricted: false };
const AGE_RESTRICTED: Where = { place: 'guild', ageRestricted: true };
const filtered = (ctx: Pick<BaseContext, 'where' | 't'>) => ({ nsfwFiltered: !ctx.where.ageRestricted });
const works = (b: unknown) => b as Page<RankedItem<Anime | Manga>>;

const LISTS: Record<string, ListRenderer> = {
  'go-myanimelist__anime-ranking_airing.json': (ctx, b) =>
    workPage(ctx, 'anime', works(b), 0, `Anime ranking: ${ANIME_RANKING_NAMES.airing}`, filtered(ctx)),
  'go-myanimelist__anime-search_q-hokuto-no-ken.json': (ctx, b) => workPage(ctx, 'anime', works(b), 0, 'Anime search: hokuto no ken', filtered(ctx)),
  'go-myanimelist__anime-season_2020-fall.json': (ctx, b) =>
    seasonPage(ctx, { year: 2020, season: 'fall', sort: 'anime_num_list_users' }, b as SeasonalPage, 0, filtered(ctx)),
  'go-myanimelist__anime-suggestions.json': (ctx, b) => workPage(ctx, 'anime', works(b), 0, 'Suggested for you', filtered(ctx)),
  'go-myanimelist__manga-ranking_bypopularity.json': (ctx, b) =>
    workPage(ctx, 'manga', works(b), 0, `Manga ranking: ${MANGA_RANKING_NAMES.bypopularity}`, filtered(ctx)),
  'go-myanimelist__manga-search_q-parasyte.json': (ctx, b) => workPage(ctx, 'manga', works(b), 0, 'Manga search: parasyte', filtered(ctx)),
  'go-myanimelist__users-me-animelist_list_status.json': (ctx, b) =>
    userListPage({ ...ctx, t: ENGLISH }, 'anime', b as Page<AnimeListItem>, 0, { title: 'Your anime list', nsfwFiltered: false }),
  'go-myanimelist__users-me-mangalist_list_status.json': (ctx, b) =>
    userListPage({ ...ctx, t: ENGLISH }, 'manga', b as Page<MangaListItem>, 0, { title: "nstratos's manga list", ...filtered(ctx) }),
  'node-myanimelist__manga-search_q-sakurasou_all-fields_with-my_list_status.json': (ctx, b) =>
    workPage(ctx, 'manga', works(b), 0, 'Manga search: Sakurasou', filtered(ctx)),
  'node-myanimelist__users-me-animelist_default-limit.json': (ctx, b) =>
    userListPage({ ...ctx, t: ENGLISH }, 'anime', b as Page<AnimeListItem>, 0, { title: 'Your anime list', nsfwFiltered: false }),
};

function listMessage(file: string, body: unknown, where: Where = GUILD): RenderedMessage {
  const render = LISTS[file];
  if (!render) throw new Error(`no list renderer for ${file}`);
  const page = render({ where, t: ENGLISH }, body);
  return { ...(page.content ? { content: page.content } : {}), embeds: page.embeds };
}

interface Case {
  render: (body: unknown) => RenderedMessage[];
  facts: string[];
}

const unix = (iso: string): number => Date.parse(iso) / 1000;

const CASES: Record<string, Case> = {
  'ankai__error-400_invalid-client-id.json': {
    render: (b) => [errorMessage(ENGLISH.t('error.serviceStatus.title'), (b as ServiceErrorBody).message || ENGLISH.t('error.serviceStatus.text'))],
    facts: ['Invalid client id'],
  },
  'ankai__error-403_missing-client-id-header.json': {
    render: (b) => [errorMessage(ENGLISH.t('error.forbidden.title'), (b as ServiceErrorBody).message || ENGLISH.t('error.forbidden.text'))],
    facts: ['Not allowed', 'refused'],
  },
  'ankai__error-404_unknown-forum-topic.json': {
    render: (b) => [errorMessage(ENGLISH.t('error.notFound.title'), (b as ServiceErrorBody).message || ENGLISH.t('error.notFound.text'))],
    facts: ['Not found'],
  },
  'go-myanimelist__anime-details_967_fields-subset.json': {
    render: (b) => [embeds(detailsEmbed(ENGLISH, 'anime', b as Anime))],
    facts: ['Hokuto no Ken', 'Fist of the North Star', '北斗の拳', 'HNK', 'TV', '109', 'Fall 1984', 'Manga', 'Martial Arts', 'Toei Animation', '25 min per ep', 'ID 967'],
  },
  'go-myanimelist__anime-my_list_status-PATCH-response.json': {
    render: (b) => [embeds(listEntryEmbed(ENGLISH, 'anime', b as AnimeListStatus, { id: 967, title: 'Hokuto no Ken', num_episodes: 109 }))],
    facts: ['Hokuto no Ken', 'Watching', '73/109', '★ 8', 'You wa shock!', `<t:${unix('2021-03-16T07:36:44+00:00')}:R>`],
  },
  'go-myanimelist__anime-ranking_airing.json': {
    render: (b) => [listMessage('go-myanimelist__anime-ranking_airing.json', b)],
    facts: ['Top airing', '**#1** Shingeki no Kyojin: The Final Season', '**#6** Horimiya', '**#3** Yuru Camp△ Season 2', 'Popularity #104', ENGLISH.t('works.nsfw.hiddenNote')],
  },
  'go-myanimelist__anime-search_q-hokuto-no-ken.json': {
    render: (b) => [listMessage('go-myanimelist__anime-search_q-hokuto-no-ken.json', b)],
    facts: ['**1.** Hokuto no Ken\n', '**2.** Hokuto no Ken 2', '**3.** Hokuto no Ken Movie', 'Fall 1984 · Rank #556', 'Winter 1986', ENGLISH.t('works.nsfw.hiddenNote')],
  },
  'go-myanimelist__anime-season_2020-fall.json': {
    render: (b) => [listMessage('go-myanimelist__anime-season_2020-fall.json', b)],
    facts: ['Fall 2020 anime · by members', '**1.** One Piece', '**2.** Black Clover', '**3.** Jujutsu Kaisen (TV)', 'Rank #93 · Popularity #31'],
  },
  'go-myanimelist__anime-suggestions.json': {
    render: (b) => [listMessage('go-myanimelist__anime-suggestions.json', b)],
    facts: ['**1.** Kill la Kill Specials', '**2.** Osomatsu-san Movie', '**3.** Watashi no Ashinaga Ojisan', 'Rank #971'],
  },
  'go-myanimelist__forum-boards.json': {
    render: (b) => [embeds(forumBoardsEmbed(ENGLISH, b as ForumBoards))],
    facts: ['MyAnimeList', 'Updates & Announcements', 'board `5`', 'Anime DB · subboard `2`', 'Forum Games', 'General'],
  },
  'go-myanimelist__forum-topic_1877721_with-poll.json': {
    render: (b) => [{ embeds: forumTopicEmbed(ENGLISH, (b as ForumTopicPage).data, { topicId: 1877721 }) }],
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
    render: (b) => [embeds(forumTopicsEmbed(ENGLISH, (b as Page<ForumTopicSummary>).data, { title: 'Forum: JoJo opening' }))],
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
    render: (b) => [embeds(detailsEmbed(ENGLISH, 'manga', b as Manga))],
    facts: ['Kiseijuu', 'Parasyte', '寄生獣', 'Parasitic Beasts', 'Hitoshi Iwaaki (Story & Art)', 'Psychological', 'Seinen', 'Finished', 'Volumes', '10', 'Chapters', '64'],
  },
  'go-myanimelist__manga-my_list_status-PATCH-response.json': {
    render: (b) => [embeds(listEntryEmbed(ENGLISH, 'manga', b as MangaListStatus, { id: 401, title: 'Kiseijuu', num_volumes: 10, num_chapters: 64 }))],
    facts: ['Kiseijuu', 'Reading', '1/10', '5/64', 'Not scored', 'Migi'],
  },
  'go-myanimelist__manga-ranking_bypopularity.json': {
    render: (b) => [listMessage('go-myanimelist__manga-ranking_bypopularity.json', b)],
    facts: ['Most popular', '**#1** Shingeki no Kyojin\n', '**#3** Berserk', 'Rank #1 · Popularity #3'],
  },
  'go-myanimelist__manga-search_q-parasyte.json': {
    render: (b) => [listMessage('go-myanimelist__manga-search_q-parasyte.json', b)],
    facts: ['**1.** Kiseijuu', 'Parasyte · 10 volumes · 64 chapters', '**3.** Neo Kiseijuu f', 'Neo Parasyte m'],
  },
  'go-myanimelist__users-me-animelist_list_status.json': {
    render: (b) => [listMessage('go-myanimelist__users-me-animelist_list_status.json', b)],
    facts: ['**1.** Hokuto no Ken\n\u2003Watching · 73/? episodes', '**5.** Vinland Saga', 'Completed · 24/? episodes', 'Maison Ikkoku'],
  },
  'go-myanimelist__users-me-mangalist_list_status.json': {
    render: (b) => [listMessage('go-myanimelist__users-me-mangalist_list_status.json', b)],
    facts: ['**1.** Death Note', 'Completed · 12/? volumes · 108/? chapters', '**2.** Kiseijuu', 'Reading · 1/? volumes · 5/? chapters', ENGLISH.t('works.nsfw.hiddenNote')],
  },
  'go-myanimelist__users-me.json': {
    render: (b) => [embeds(profileEmbed(ENGLISH, b as User))],
    facts: ['nstratos', 'Male', `<t:${unix('2015-05-03T11:42:57+00:00')}:D>`, 'User ID 4592783'],
  },
  'node-myanimelist__manga-search_q-sakurasou_all-fields_with-my_list_status.json': {
    render: (b) => {
      const page = b as Page<NodeItem<Manga>>;
      return [
        listMessage('node-myanimelist__manga-search_q-sakurasou_all-fields_with-my_list_status.json', b),
        ...page.data.map((it) => embeds(detailsEmbed(ENGLISH, 'manga', it.node))),
      ];
    },
    facts: [
      '**1.** Sakurasou no Pet na Kanojo',
      '**8.** Cardcaptor Sakura',
      'Hajime Kamoshida (Story)',
      'Keiji Mizoguchi (Art)',
      'Jan 10, 2010 – Mar 8, 2014',
      'Your list',
      'On Hold · 1/13 volumes · 0/? chapters · ★ 8',
      '★ 8.13 (2,110 users)',
      'Novel',
      'さくら荘のペットな彼女',
      'YUI\\_7',
    ],
  },
  'node-myanimelist__users-me-animelist_default-limit.json': {
    render: (b) => [listMessage('node-myanimelist__users-me-animelist_default-limit.json', b)],
    facts: ['**1.** 3-gatsu no Lion', '**10.** Ajin 2nd Season', 'Dropped · 2/? episodes', 'Completed · 12/? episodes · ★ 7', 'Plan to Watch'],
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

describe('contract: details pictures', () => {
  it('uses the large picture as the thumbnail', () => {
    const e = detailsEmbed(ENGLISH, 'manga', load<Manga>('go-myanimelist__manga-details_401_with-authors.json'));
    expect(e.thumbnail?.url).toBe('https://api-cdn.myanimelist.net/images/manga/2/188928l.jpg');
  });

});

// Renders a loaded page the way the paged views do, select menu included.
async function asPagedView(page: LoadedPage): Promise<RenderedMessage> {
  const view: PagedView<Record<string, never>> = { code: 'zz', openPlaceholder: (t) => t.t('menu.open'), encode: () => [], decode: () => ({}), load: async () => page };
  return renderPagedView({ userId: '1100000000000000042', t: ENGLISH } as BaseContext, view, {}, 0, '1100000000000000042');
}

interface SelectMenu {
  type: number;
  options: Array<{ label: string; value: string; description?: string }>;
}

function openMenu(message: RenderedMessage): SelectMenu {
  const menus = (message.components ?? []).flatMap((row) => row.components).filter((c) => c.type === 3) as unknown as SelectMenu[];
  expect(menus).toHaveLength(1);
  return menus[0] as SelectMenu;
}

describe('contract: list pages open their items', () => {
  for (const file of Object.keys(LISTS)) {
    it(`${file}: one option per item, \`N. Title\` and \`a:ID\`/\`m:ID\`, within limits after the gate`, async () => {
      const body = load<Page<RankedItem<Anime | Manga>>>(file);
      const page = LISTS[file]?.({ where: GUILD, t: ENGLISH }, body);
      if (!page) throw new Error(file);
      const prefix = file.includes('manga') ? 'm' : 'a';
      const final = finalizeMessage(await asPagedView(page));
      assertWithinDiscordLimits(final);
      const options = openMenu(final).options;
      expect(options.map((o) => o.value)).toEqual(body.data.map((d) => `${prefix}:${d.node.id}`));
      options.forEach((o, i) => {
        const item = body.data[i];
        expect(o.label).toBe(`${item?.ranking?.rank ?? i + 1}. ${item?.node.title ?? ''}`);
        expect(o.description?.length ?? 0).toBeLessThanOrEqual(100);
      });
    });
  }

  it('describes a work with its facts, clipped to 100 characters by the gate', async () => {
    const file = 'node-myanimelist__manga-search_q-sakurasou_all-fields_with-my_list_status.json';
    const page = LISTS[file]?.({ where: GUILD, t: ENGLISH }, load<unknown>(file));
    if (!page) throw new Error(file);
    expect(page.open[0]).toEqual({
      label: '1. Sakurasou no Pet na Kanojo',
      value: 'm:30051',
      description: 'Novel · 13 volumes · ? chapters · Jan 10, 2010 · ★ 8.13 · Rank #476 · Popularity #1,123 · 9,838 members',
    });
    const long = page.open.find((o) => o.value === 'm:11107');
    expect(long?.description?.length).toBeGreaterThan(100);
    const final = openMenu(finalizeMessage(await asPagedView(page))).options.find((o) => o.value === 'm:11107');
    expect(final?.description).toMatch(/^Sakura Hime: The Legend of Princess Sakura · Manga · .*…$/);
    expect(final?.description?.length).toBeLessThanOrEqual(100);
  });

  it('keeps labels within 100 characters for very long titles', async () => {
    const title = 'Long title '.repeat(30);
    const page = workPage({ where: GUILD, t: ENGLISH }, 'anime', { data: [{ node: { id: 1, title } }], paging: {} }, 40, 'Anime search: long', { nsfwFiltered: true });
    expect(page.open[0]?.label).toBe(`41. ${title}`);
    const final = finalizeMessage(await asPagedView(page));
    assertWithinDiscordLimits(final);
    expect(openMenu(final).options[0]?.label).toMatch(/^41\. Long title Long title .*…$/);
  });
});

const MASKED = '🔞 (title hidden: not safe for work)';

describe('contract: not-safe-for-work titles in list pages', () => {
  for (const file of Object.keys(LISTS)) {
    it(`${file}: masks such a title outside age-restricted channels and shows it inside`, () => {
      const body = load<Page<RankedItem<Anime | Manga>>>(file);
      const first = body.data[0];
      if (!first) throw new Error(`${file} has no items`);
      const title = first.node.title ?? '';
      const marked = { ...body, data: [{ ...first, node: { ...first.node, nsfw: 'gray' } }, ...body.data.slice(1)] };

      const outside = LISTS[file]?.({ where: GUILD, t: ENGLISH }, marked);
      const description = outside?.embeds[0]?.description ?? '';
      const firstBlock = description.split('\n\n')[0] ?? '';
      expect(firstBlock).toMatch(/^\*\*(1\.|#\d+)\*\* /);
      expect(firstBlock).toContain(MASKED);
      expect(firstBlock).not.toContain(title);
      expect(outside?.open[0]?.label).toBe(`${first.ranking?.rank ?? 1}. ${MASKED}`);
      expect(outside?.open[0]?.value).toMatch(/^[am]:\d+$/);
      assertWithinDiscordLimits(listMessage(file, marked));

      const inside = LISTS[file]?.({ where: AGE_RESTRICTED, t: ENGLISH }, marked);
      expect(inside?.embeds[0]?.description).not.toContain(MASKED);
      expect(inside?.open[0]?.label).toBe(`${first.ranking?.rank ?? 1}. ${title}`);
    });
  }

  it('still shows the progress of a masked entry in a user list', () => {
    const body = load<Page<AnimeListItem>>('go-myanimelist__users-me-animelist_list_status.json');
    const [first, ...rest] = body.data;
    if (!first) throw new Error('empty fixture');
    const page = userListPage({ where: GUILD, t: ENGLISH }, 'anime', { ...body, data: [{ ...first, node: { ...first.node, nsfw: 'black' } }, ...rest] }, 0, {
      title: 'Your anime list',
      nsfwFiltered: false,
    });
    expect(page.embeds[0]?.description).toMatch(/^\*\*1\.\*\* 🔞 \(title hidden: not safe for work\)\n\u2003Watching · 73\/\? episodes\n/);
    expect(page.content).toBeUndefined();
  });
});
