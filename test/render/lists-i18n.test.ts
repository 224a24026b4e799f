// The lists area's renderers speak the reader's language: every text they add comes from the catalogue
// (compared with the translator's own output, never with a copy of a translation); service text stays as it is.

import { describe, expect, it } from 'vitest';
import type { ForumBoards, ForumTopicDetail, ForumTopicSummary } from '../../src/service/forum-types.js';
import { ENGLISH, LOCALES, translator } from '../../src/i18n/index.js';
import { listEntryEmbed, localPartialDate, priorityText, repeatValueText } from '../../src/render/entries.js';
import { profileEmbed } from '../../src/render/profile.js';
import { forumBoardsEmbed, forumTopicEmbed, forumTopicsEmbed, pollText } from '../../src/render/forum.js';
import { bbcodeToMarkdown } from '../../src/render/bbcode.js';
import { listStatusLine } from '../../src/render/work-facts.js';
import { userListTitle } from '../../src/views/user-list.js';
import { listEntryMessage } from '../../src/render/entries.js';
import { checkProgressWithinTotals } from '../../src/views/progress-bounds.js';
import { UserFacingError } from '../../src/interactions/user-errors.js';
import { renderConfirmPage, renderPage } from '../../src/web/html.js';

const ja = translator('ja');
const pt = translator('pt-BR');
const de = translator('de');

const fieldsOf = (e: { fields?: Array<{ name: string; value: string }> }) => Object.fromEntries((e.fields ?? []).map((f) => [f.name, f.value]));

describe('list entries', () => {
  it('an anime entry in Japanese: heading, field names, status, priority and rewatch value from the catalogue', () => {
    const e = listEntryEmbed(
      ja,
      'anime',
      { status: 'plan_to_watch', score: 0, num_episodes_watched: 1, is_rewatching: true, num_times_rewatched: 2, rewatch_value: 5, priority: 1, start_date: '2024-03-05' },
      { id: 1, title: 'Cowboy Bebop', num_episodes: 26 },
      'updated',
    );
    expect(e.title).toBe(ja.t('lists.entry.title', { heading: ja.t('lists.entry.heading.updated'), title: 'Cowboy Bebop' }));
    const f = fieldsOf(e);
    expect(f[ja.t('lists.entry.field.status')]).toBe(ja.t('term.listStatus.plan_to_watch'));
    expect(f[ja.t('lists.entry.field.score')]).toBe(ja.t('lists.entry.notScored'));
    expect(f[ja.t('lists.entry.field.episodes')]).toBe('1/26');
    expect(f[ja.t('lists.entry.field.rewatching')]).toBe(ja.t('lists.yes'));
    expect(f[ja.t('lists.entry.field.timesRewatched')]).toBe(ja.number(2));
    expect(f[ja.t('lists.entry.field.rewatchValue')]).toBe(ja.t('lists.entry.repeatValue.veryHigh'));
    expect(f[ja.t('lists.entry.field.priority')]).toBe(ja.t('lists.entry.priority.medium'));
    expect(f[ja.t('lists.entry.field.started')]).toBe(localPartialDate(ja, '2024-03-05'));
    expect(f.Status).toBeUndefined();
  });

  it('a manga entry in Brazilian Portuguese; unknown totals stay `?`', () => {
    const e = listEntryEmbed(pt, 'manga', { status: 'reading', score: 9, num_volumes_read: 2, num_chapters_read: 1234, is_rereading: true }, { id: 2, title: 'Berserk' });
    const f = fieldsOf(e);
    expect(e.title).toBe(pt.t('lists.entry.title', { heading: pt.t('lists.entry.heading.yourListEntry'), title: 'Berserk' }));
    expect(f[pt.t('lists.entry.field.volumes')]).toBe('2/?');
    expect(f[pt.t('lists.entry.field.chapters')]).toBe(`${pt.number(1234)}/?`);
    expect(f[pt.t('lists.entry.field.rereading')]).toBe(pt.t('lists.yes'));
  });

  it('English stays as it was', () => {
    const f = fieldsOf(listEntryEmbed(ENGLISH, 'anime', { status: 'watching', score: 8, num_episodes_watched: 12, priority: 2, rewatch_value: 4 }, { id: 1, num_episodes: 64 }, 'yourList'));
    expect(f).toMatchObject({ Status: 'Watching', Score: '★ 8', Episodes: '12/64', Priority: 'High', 'Rewatch value': 'High' });
    expect(priorityText(ENGLISH, 0)).toBe('Low');
    expect(repeatValueText(ENGLISH, 0)).toBeUndefined();
    expect(localPartialDate(ENGLISH, '2010-01-10')).toBe('Jan 10, 2010');
    expect(localPartialDate(ENGLISH, '2010-01')).toBe('Jan 2010');
    expect(localPartialDate(ja, '2010')).toBe('2010');
    expect(localPartialDate(ja, '2010-02-30')).toBe('2010-02-30');
  });

  it('listEntryMessage heads the entry in the reader\'s language', () => {
    expect(listEntryMessage(ENGLISH, 'anime', { id: 1, title: 'X' }, { status: 'watching' }, 'updated').embeds?.[0]?.title).toBe('Updated your list: X');
    const translated = listEntryMessage(de, 'anime', { id: 1, title: 'X' }, { status: 'watching' }, 'updated');
    expect(translated.embeds?.[0]?.title).toBe(de.t('lists.entry.title', { heading: de.t('lists.entry.heading.updated'), title: 'X' }));
  });
});

describe('list lines and titles', () => {
  it('count words agree with the total in every locale', () => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      expect(listStatusLine(t, 'anime', { status: 'watching', num_episodes_watched: 1, score: 7 }, { num_episodes: 1 })).toBe(
        [t.t('term.listStatus.watching'), t.t('works.progress.episodes', { done: t.number(1), total: 1 }), `★ ${t.number(7)}`].join(' · '),
      );
      expect(listStatusLine(t, 'manga', { num_volumes_read: 3 })).toBe(
        [t.t('works.listStatus.onList'), t.t('works.progress.volumesUnknown', { done: t.number(3) })].join(' · '),
      );
    }
    expect(listStatusLine(ENGLISH, 'anime', { num_episodes_watched: 1 }, { num_episodes: 1 })).toBe('On list · 1/1 episode');
    expect(listStatusLine(ENGLISH, 'anime', { num_episodes_watched: 3 })).toBe('On list · 3/? episodes');
  });

  it('the page title names the owner, status and order in the reader’s language', () => {
    expect(userListTitle(ja, 'anime', { user: 'dave', status: 'completed', sort: 'anime_title' })).toBe(
      [ja.t('lists.userList.title.other', { kind: 'anime', user: 'dave' }), ja.t('term.listStatus.completed'), ja.t('lists.userList.sortedBy', { sort: ja.t('lists.userList.sort.title') })].join(' · '),
    );
    expect(userListTitle(ENGLISH, 'manga', { user: undefined, status: undefined, sort: 'list_score' })).toBe('Your manga list · by score');
    expect(userListTitle(ENGLISH, 'anime', { user: 'dave', status: undefined, sort: undefined })).toBe("dave's anime list");
  });

  it('a count past the total is refused in the reader’s language', () => {
    let error: unknown;
    try {
      checkProgressWithinTotals({ num_chapters_read: 200 }, { id: 3, title: 'Death Note', num_chapters: 108 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserFacingError);
    const told = (error as UserFacingError).told(ja);
    expect(told.title).toBe(ja.t('lists.tooMany.chapters.title'));
    expect(told.text).toBe(ja.t('lists.tooMany.chapters.text', { hasTitle: 'yes', title: '**Death Note**', total: 108 }));
  });
});

describe('profile', () => {
  it('labels, statuses, gender and footer in German; the name stays', () => {
    const e = profileEmbed(de, {
      id: 42,
      name: 'alice',
      gender: 'female',
      is_supporter: true,
      anime_statistics: { num_items_watching: 3, num_items: 10, num_days_watched: 1.5, mean_score: 7.25 },
    });
    expect(e.title).toBe('alice');
    const f = fieldsOf(e);
    expect(f[de.t('lists.profile.field.gender')]).toBe(de.t('lists.profile.gender.female'));
    expect(f[de.t('lists.profile.field.supporter')]).toBe(de.t('lists.yes'));
    expect(f[de.t('lists.profile.field.animeList')]).toBe(
      [de.t('lists.profile.stat', { label: de.t('term.listStatus.watching'), value: '3' }), de.t('lists.profile.stat', { label: de.t('lists.profile.stat.total'), value: '10' })].join('\n'),
    );
    expect(f[de.t('lists.profile.field.days')]).toBe(de.t('lists.profile.stat', { label: de.t('lists.profile.stat.daysWatched'), value: de.number(1.5) }));
    expect(e.footer?.text).toBe(de.t('lists.profile.footer', { id: '42' }));
  });
});

describe('forum', () => {
  const topics: ForumTopicSummary[] = [
    { id: 7, title: 'Best opening?', created_by: { id: 1, name: 'ann' }, number_of_posts: 1, last_post_created_by: { id: 2, name: 'bo' } },
    { id: 8, is_locked: true },
  ];

  it('topic lines and fallbacks in Japanese', () => {
    const e = forumTopicsEmbed(ja, topics);
    expect(e.title).toBe(ja.t('lists.forum.topics.title'));
    const text = e.description ?? '';
    expect(text).toContain(ja.t('lists.forum.topic.by', { user: 'ann' }));
    expect(text).toContain(ja.t('lists.forum.topic.posts', { count: 1 }));
    expect(text).toContain(ja.t('lists.forum.topic.lastPostBy', { user: 'bo' }));
    expect(text).toContain(ja.t('lists.forum.topic.fallback', { id: '8' }));
    expect(forumTopicsEmbed(ja, []).description).toContain(ja.t('lists.forum.topics.empty'));
  });

  it('a poll, a topic page and its posts in Brazilian Portuguese', () => {
    const poll = { id: 1, question: '', closed: true, options: [{ id: 1, text: 'A', votes: 1 }, { id: 2, text: '', votes: 3 }] };
    const text = pollText(pt, poll);
    expect(text).toContain(`📊 **${pt.t('lists.forum.poll.title')}**${pt.t('lists.forum.poll.closed')}`);
    expect(text).toContain(pt.t('lists.forum.poll.option', { n: 2 }));
    expect(text).toContain(`${pt.t('lists.forum.poll.votes', { count: 1 })} (${pt.number(0.25, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })})`);
    expect(text).toContain(pt.t('lists.forum.poll.total', { votes: pt.t('lists.forum.poll.votes', { count: 4 }) }));

    const topic: ForumTopicDetail = { title: '', posts: [{ id: 1, number: 1, body: '[img]https://img.example/a.png[/img][quote=ann]hi[/quote]' }] };
    const [header, post] = forumTopicEmbed(pt, topic, { topicId: 9 });
    expect(header?.title).toBe(pt.t('lists.forum.topic.fallback', { id: '9' }));
    expect(header?.footer?.text).toBe(pt.t('lists.forum.topic.footer', { id: '9' }));
    expect(post?.author?.name).toBe(pt.t('lists.forum.post.unknownUser'));
    expect(post?.description).toContain(`${pt.t('lists.forum.post.image')} (https://img.example/a.png)`);
    expect(post?.description).toContain(`> *${pt.t('lists.forum.post.quoteBy', { user: 'ann' })}*`);
    expect(forumTopicEmbed(pt, { posts: [] })[0]?.description).toBe(pt.t('lists.forum.topic.noPosts'));
  });

  it('boards in German; English image text unchanged', () => {
    const boards: ForumBoards = { categories: [{ title: '', boards: [{ id: 5, title: '', subboards: [{ id: 6, title: '' }] }] }] };
    const e = forumBoardsEmbed(de, boards);
    expect(e.title).toBe(de.t('lists.forum.boards.title'));
    expect(e.fields?.[0]?.name).toBe(de.t('lists.forum.boards.category'));
    expect(e.fields?.[0]?.value).toContain(`**${de.t('lists.forum.boards.board', { id: '5' })}** · ${de.t('lists.forum.boards.boardId', { id: '5' })}`);
    expect(e.fields?.[0]?.value).toContain(de.t('lists.forum.boards.subboardId', { id: '6' }));
    expect(forumBoardsEmbed(de, {}).description).toBe(de.t('lists.forum.boards.empty'));
    expect(bbcodeToMarkdown(ENGLISH, '[img]https://a.example/1.png[/img][img]https://a.example/2.png[/img]')).toBe(
      'image (https://a.example/1.png) image (https://a.example/2.png)',
    );
    expect(bbcodeToMarkdown(ja, '[img]https://a.example/1.png[/img][img]https://a.example/2.png[/img]')).toBe(
      `${ja.t('lists.forum.post.image')} (https://a.example/1.png) ${ja.t('lists.forum.post.image')} (https://a.example/2.png)`,
    );
  });
});

describe('web pages', () => {
  it('a page declares its language and speaks it', () => {
    const html = renderPage(ja, { title: ja.t('lists.web.linked.title'), message: ja.t('lists.web.linked.text', { service: 'a<b' }) });
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain(ja.t('lists.web.linked.text', { service: 'a&lt;b' }));
  });

  it('the confirmation page escapes every value inside the catalogue’s text', () => {
    const html = renderConfirmPage(pt, {
      serviceUserName: '<svc>',
      discordUserId: '1',
      discordUsername: 'x"y',
      discordDisplayName: 'X',
      token: 't',
      minutesLeft: 1,
    });
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain(pt.t('lists.web.confirm.question', { service: '&lt;svc&gt;', handle: '@x&quot;y' }));
    expect(html).toContain(pt.t('lists.web.confirm.expires', { minutes: 1 }));
    expect(html).not.toContain('<svc>');
  });
});
