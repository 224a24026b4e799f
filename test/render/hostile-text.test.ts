import { ENGLISH } from '../../src/i18n/index.js';
import { describe, expect, it } from 'vitest';
import { ComponentType, type APIEmbed } from 'discord.js';
import type { ForumBoards, ForumTopicDetail, ForumTopicSummary } from '../../src/service/forum-types.js';
import type { User } from '../../src/service/user-types.js';
import type { Anime, Manga } from '../../src/service/work-types.js';
import {
  detailsEmbed,
  bbcodeToMarkdown,
  clipPlain,
  errorMessage,
  escapeMarkdown,
  finalizeMessage,
  forumBoardsEmbed,
  forumTopicEmbed,
  forumTopicsEmbed,
  listEntryEmbed,
  profileEmbed,
  truncate,
  workListEmbed,
} from '../../src/render/index.js';
import { removeHiddenCharacters } from '../../src/render/untrusted.js';
import { guessEmbed, notInPoolEmbed } from '../../src/render/game.js';
import { cluesFor } from '../../src/games/clues.js';
import { sanitizeChoices } from '../../src/interactions/autocomplete-choices.js';
import { workItem } from '../../src/views/browse.js';
import type { Where } from '../../src/interactions/where.js';
import { HOSTILE, markdownProblems, messageProblems, plainProblems, shown, visibleText, type HostileCase } from './hostile-text.js';

const where: Where = { place: 'guild', ageRestricted: false };

function anime(t: string): Anime {
  return {
    id: 1,
    title: t,
    alternative_titles: { en: `EN ${t}`, ja: `JA ${t}`, synonyms: [`SYN ${t}`] },
    synopsis: `Synopsis: ${t}`,
    genres: [{ id: 1, name: `Genre ${t}` }],
    studios: [{ id: 2, name: `Studio ${t}` }],
    media_type: 'tv',
    broadcast: { day_of_the_week: 'monday', start_time: t.slice(0, 20) },
    related_anime: [{ node: { id: 3, title: `Related ${t}` }, relation_type: 'sequel', relation_type_formatted: `Rel ${t}` }],
    recommendations: [{ node: { id: 4, title: `Rec ${t}` }, num_recommendations: 2 }],
  };
}

function manga(t: string): Manga {
  return {
    id: 2,
    title: t,
    synopsis: t,
    authors: [{ node: { id: 1, first_name: `First ${t}`, last_name: 'Last' }, role: `Role ${t}` }],
    serialization: [{ node: { id: 1, name: `Mag ${t}` } }],
  };
}

function topic(t: string): ForumTopicDetail {
  return {
    title: `Topic ${t}`,
    poll: { question: `Q ${t}`, options: [{ text: `Opt ${t}`, votes: 1 }] },
    posts: [
      { number: 1, created_by: { name: `User ${t}`, forum_title: `Rank ${t}` }, body: `Body ${t}` },
      { number: 2, created_by: { name: 'b' }, body: `[b]${t}[/b] [url=https://evil.example/x]${t}[/url] [quote=${t.replace(/[\]]/g, '')}]${t}[/quote] [spoiler]${t}[/spoiler]` },
      { number: 3, created_by: { name: 'c' }, body: `[code]${t}[/code] [list][*]${t}[/list]` },
    ],
  };
}

/** One renderer's output for a hostile string, as Discord would receive it. */
const RENDERERS: Array<{ name: string; render: (t: string) => APIEmbed[] }> = [
  { name: 'anime details (titles, synopsis, genres, studios, related)', render: (t) => [detailsEmbed(ENGLISH, 'anime', anime(t))] },
  { name: 'manga details (authors, serialization)', render: (t) => [detailsEmbed(ENGLISH, 'manga', manga(t))] },
  { name: 'catalogue list', render: (t) => [workListEmbed(ENGLISH, { title: `Search: ${t}`, items: [workItem({ where, t: ENGLISH }, anime(t), 1)] })] },
  {
    name: 'forum topic list (titles, user names)',
    render: (t) => {
      const summary: ForumTopicSummary = { id: 5, title: t, created_by: { name: t }, last_post_created_by: { name: t }, number_of_posts: 3 };
      return [forumTopicsEmbed(ENGLISH, [summary], { title: `Forum: ${t}` })];
    },
  },
  { name: 'forum topic (title, poll, posts with BBCode, user names)', render: (t) => forumTopicEmbed(ENGLISH, topic(t), { topicId: 9, footer: t }) },
  {
    name: 'forum boards',
    render: (t) => {
      const boards: ForumBoards = { categories: [{ title: t, boards: [{ id: 1, title: t, description: t, subboards: [{ id: 2, title: t }] }] }] };
      return [forumBoardsEmbed(ENGLISH, boards)];
    },
  },
  {
    name: 'profile (user name, location, time zone)',
    render: (t) => {
      const user: User = { id: 1, name: t, location: t, time_zone: t, gender: t };
      return [profileEmbed(ENGLISH, user)];
    },
  },
  {
    name: 'list entry (tags, comments)',
    render: (t) => [
      listEntryEmbed(ENGLISH, 'anime', { status: 'watching', tags: [t, 'x'], comments: t }, { id: 1, title: t }),
      listEntryEmbed(ENGLISH, 'manga', { status: 'reading', tags: [t], comments: t }, { id: 2, title: t }),
    ],
  },
  { name: 'error with a service-given title', render: (t) => errorMessage(t, escapeMarkdown(t)).embeds ?? [] },
  {
    name: 'game guess clues, closest titles (titles, studios, genres)',
    render: (t) => {
      const guess = { id: 1, title: t, synonyms: [t], year: 2001, mediaType: 'tv', score: 7, genres: [`Genre ${t}`], studios: [`Studio ${t}`], source: 'manga' };
      const secret = { ...guess, id: 2, genres: [`Genre ${t}`, 'Drama'], studios: ['Other'] };
      const clues = cluesFor('anime', guess, secret);
      const shown = { kind: 'anime' as const, guess, clues, squares: clues.map(() => '🟩'), n: 8, max: 8, outcome: 'lost' as const, streak: 0, answer: secret };
      return [guessEmbed(ENGLISH, shown), notInPoolEmbed(ENGLISH, t, [guess])];
    },
  },
];

describe('hostile text through every renderer', () => {
  for (const r of RENDERERS) {
    describe(r.name, () => {
      it.each(HOSTILE.map((h) => [h.name, h] as [string, HostileCase]))('%s is shown as plain text', (_name, h) => {
        const msg = finalizeMessage({ embeds: r.render(h.text) });
        expect(messageProblems(msg)).toEqual([]);
        expect(visibleText(msg.embeds ?? [])).toContain(h.shows);
      });
    });
  }

  it('select option labels and autocomplete choices carry no hidden characters', () => {
    for (const h of HOSTILE) {
      const msg = finalizeMessage({
        components: [
          {
            type: ComponentType.ActionRow,
            components: [{ type: ComponentType.StringSelect, custom_id: 'x', options: [{ label: h.text, value: 'a', description: h.text }] }],
          },
          { type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: 1, custom_id: 'y', label: h.text }] },
        ],
      });
      expect(messageProblems(msg)).toEqual([]);
      for (const choice of sanitizeChoices([{ name: h.text, value: 'id:1' }])) expect(plainProblems(choice.name)).toEqual([]);
    }
  });

  it('BBCode links are never masked: the label stays and the address is shown', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[url=https://evil.example/a]https://good.example[/url]')).toBe('https://good.example (https://evil.example/a)');
    expect(bbcodeToMarkdown(ENGLISH, '[url=https://a.example/]https://a.example/[/url]')).toBe('https://a.example/');
    expect(bbcodeToMarkdown(ENGLISH, '[img]https://img.example/p.png[/img]')).toBe('image (https://img.example/p.png)');
    expect(bbcodeToMarkdown(ENGLISH, '[code]a\u202Eb <@&1>[/code]')).toBe('```\nab <@&1>\n```');
  });

  it('masked links in plain text keep their label and show the address', () => {
    expect(shown(escapeMarkdown('[a](<https://x.example/y>)'))).toBe('a (https://x.example/y)');
    expect(shown(escapeMarkdown('(see https://x.example/a_(b))'))).toBe('(see https://x.example/a_(b))');
    expect(escapeMarkdown('[not](a link)')).toBe('\\[not\\](a link)');
  });

  it('keeps emoji sequences, subdivision flags, variation selectors and joiners some scripts need', () => {
    const family = '👨\u200D👩\u200D👧';
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    const persian = 'می\u200Cخواهم';
    for (const text of [family, england, persian, '❤\uFE0F', 'e\u0301']) expect(removeHiddenCharacters(text)).toBe(text);
    expect(removeHiddenCharacters('Z\u0300\u0301\u0302\u0303\u0304\u0305\u0306')).toBe('Z\u0300\u0301\u0302\u0303');
    expect(removeHiddenCharacters('a\r\nb\u2028c')).toBe('a\nb\nc');
    expect(removeHiddenCharacters('\uD800x')).toBe('x');
  });

  it('truncation never cuts an escape in half', () => {
    const text = escapeMarkdown(HOSTILE.map((h) => h.text).join(' ').repeat(3));
    for (let max = 1; max <= 300; max++) {
      const cut = truncate(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(markdownProblems(cut)).toEqual([]);
    }
    for (let max = 1; max <= 120; max++) expect(plainProblems(clipPlain(HOSTILE.map((h) => h.text).join(' '), max))).toEqual([]);
  });
});

describe('text that is nothing but hidden characters', () => {
  const hidden = '\u200B\u202E\u2066\uFEFF';

  it('never becomes an empty label, footer, author, choice or field that Discord would reject', () => {
    const msg = finalizeMessage({
      embeds: [{ title: escapeMarkdown(hidden), description: 'x', footer: { text: hidden }, author: { name: hidden }, fields: [{ name: hidden, value: escapeMarkdown(hidden) }] }],
      components: [
        { type: ComponentType.ActionRow, components: [{ type: ComponentType.StringSelect, custom_id: 's', placeholder: hidden, options: [{ label: hidden, value: 'a:1', description: hidden }] }] },
        { type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: 1, custom_id: 'b', label: hidden, emoji: { name: '▶' } }] },
      ],
    });
    const embed = msg.embeds?.[0];
    expect(embed?.title).toBeUndefined();
    expect(embed?.footer).toBeUndefined();
    expect(embed?.author).toBeUndefined();
    expect(embed?.fields?.[0]?.name).toBe('\u200b');
    expect(JSON.stringify(msg.components)).not.toMatch(/"(label|description|placeholder)":""/);
    expect(sanitizeChoices([{ name: hidden, value: 'id:1' }, { name: `${hidden}ok`, value: 'id:2' }])).toEqual([{ name: 'ok', value: 'id:2' }]);
  });
});
