// Forum boards (with the menu that opens a board's topics), topic lists, and one topic's posts with its poll.
import { ComponentType, type APIEmbed, type APIEmbedField } from 'discord.js';
import type { ForumBoards, ForumPoll, ForumTopicDetail, ForumTopicSummary } from '../service/forum-types.js';
import { bbcodeToMarkdown } from './bbcode.js';
import { DISCORD_LIMITS, type RenderedMessage } from './limits.js';
import type { Translator } from '../i18n/index.js';
import { clipPlain, discordTimestamp, escapeMarkdown, truncate } from './text.js';
import { COLORS } from './theme.js';
import { safeHttpUrl } from './url.js';
import { workListEmbed, type PageOptions, type WorkListItem } from './lists.js';
import type { RenderedPage } from './work-pages.js';
import { openMenuId } from './pager.js';

function userName(u: { name?: string } | undefined): string | undefined {
  const name = u?.name?.trim();
  return name ? name : undefined;
}

/** A page of forum topics: title, author, post count, last post time and author, topic id. */
export function forumTopicsEmbed(t: Translator, topics: readonly ForumTopicSummary[], o: PageOptions & { title?: string } = {}): APIEmbed {
  const offset = o.offset ?? 0;
  const items = topics.map((topic, i): WorkListItem => {
    const parts: string[] = [];
    const author = userName(topic.created_by);
    if (author) parts.push(t.t('lists.forum.topic.by', { user: escapeMarkdown(author) }));
    if (topic.number_of_posts !== undefined) parts.push(t.t('lists.forum.topic.posts', { count: topic.number_of_posts }));
    const last = discordTimestamp(topic.last_post_created_at);
    const lastBy = userName(topic.last_post_created_by);
    if (last && lastBy) parts.push(t.t('lists.forum.topic.lastPostAtBy', { time: last, user: escapeMarkdown(lastBy) }));
    else if (last) parts.push(t.t('lists.forum.topic.lastPostAt', { time: last }));
    else if (lastBy) parts.push(t.t('lists.forum.topic.lastPostBy', { user: escapeMarkdown(lastBy) }));
    parts.push(t.t('lists.forum.topic.id', { id: String(topic.id) }));
    const title = topic.title?.trim() || t.t('lists.forum.topic.fallback', { id: String(topic.id) });
    return { position: offset + i + 1, title: `${topic.is_locked ? '🔒 ' : ''}${title}`, extra: parts.join(' · ') };
  });
  return workListEmbed(t, { ...o, title: o.title ?? t.t('lists.forum.topics.title'), items, color: COLORS.forum, emptyText: t.t('lists.forum.topics.empty') });
}

const BAR_WIDTH = 10;

/** Poll as option lines with `█████░░░░░ 61 votes (29.8%)` bars; markdown. */
export function pollText(t: Translator, poll: ForumPoll): string {
  const options = poll.options ?? [];
  const votes = options.map((o) => (o.votes !== undefined && Number.isFinite(o.votes) && o.votes > 0 ? o.votes : 0));
  const total = votes.reduce((a, b) => a + b, 0);
  const most = Math.max(0, ...votes);
  const lines: string[] = [];
  const question = poll.question?.trim();
  lines.push(`📊 **${escapeMarkdown(question || t.t('lists.forum.poll.title'))}**${poll.closed ? t.t('lists.forum.poll.closed') : ''}`);
  options.forEach((option, i) => {
    const n = votes[i] ?? 0;
    const share = total > 0 ? n / total : 0;
    // Bars are relative to the leading option so differences stay visible; the percentage is of all votes.
    const filled = most > 0 ? Math.round((n / most) * BAR_WIDTH) : 0;
    const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
    const percent = total > 0 ? t.number(share, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }) : t.number(0, { style: 'percent' });
    const text = escapeMarkdown(clipPlain(option.text?.trim() || t.t('lists.forum.poll.option', { n: i + 1 }), 120));
    lines.push(`${text}\n\`${bar}\` ${t.t('lists.forum.poll.votes', { count: n })} (${percent})`);
  });
  lines.push(t.t('lists.forum.poll.total', { votes: t.t('lists.forum.poll.votes', { count: total }) }));
  return lines.join('\n');
}

const MAX_POST_EMBEDS = DISCORD_LIMITS.embedsPerMessage - 1;
const POST_OVERHEAD = 300;

/**
 * One page of a topic: a header embed (title, poll) followed by one embed per post (author, avatar,
 * post number, time, BBCode body as markdown). Posts share what is left of the 6000 total;
 * at most 9 posts are shown, the rest are counted in the header.
 */
export function forumTopicEmbed(t: Translator, topic: ForumTopicDetail, o: { topicId?: number; offset?: number; footer?: string } = {}): APIEmbed[] {
  const posts = (topic.posts ?? []).slice(0, MAX_POST_EMBEDS);
  const header: APIEmbed = {
    title: truncate(
      escapeMarkdown(topic.title?.trim() || (o.topicId !== undefined ? t.t('lists.forum.topic.fallback', { id: String(o.topicId) }) : t.t('lists.forum.topic.untitled'))),
      DISCORD_LIMITS.embedTitle,
    ),
    color: COLORS.forum,
  };
  const headParts: string[] = [];
  if (topic.poll) headParts.push(truncate(pollText(t, topic.poll), 1800));
  const hidden = (topic.posts?.length ?? 0) - posts.length;
  if (posts.length === 0) headParts.push(t.t('lists.forum.topic.noPosts'));
  if (hidden > 0) headParts.push(t.t('lists.forum.topic.morePosts', { count: hidden }));
  if (headParts.length > 0) header.description = headParts.join('\n\n');
  const footerParts = [o.topicId !== undefined ? t.t('lists.forum.topic.footer', { id: String(o.topicId) }) : undefined, o.footer?.trim() || undefined].filter(Boolean);
  if (footerParts.length > 0) header.footer = { text: clipPlain(footerParts.join(' · '), DISCORD_LIMITS.embedFooterText) };

  const headerSize = (header.title?.length ?? 0) + (header.description?.length ?? 0) + (header.footer?.text.length ?? 0);
  const room = DISCORD_LIMITS.embedTotal - headerSize - posts.length * POST_OVERHEAD;
  const perPost = Math.max(100, Math.min(DISCORD_LIMITS.embedDescription, Math.floor(room / Math.max(1, posts.length))));

  const postEmbeds = posts.map((p, i): APIEmbed => {
    const embed: APIEmbed = { color: COLORS.forum };
    const name = userName(p.created_by) ?? t.t('lists.forum.post.unknownUser');
    embed.author = { name: clipPlain(name, 100) };
    const avatar = safeHttpUrl(p.created_by?.forum_avator);
    if (avatar) embed.author.icon_url = avatar;
    const body = p.body ? bbcodeToMarkdown(t, p.body) : '';
    const when = discordTimestamp(p.created_at);
    const meta = [`**#${p.number ?? (o.offset ?? 0) + i + 1}**`, when].filter(Boolean).join(' · ');
    embed.description = truncate(`${meta}\n${body || t.t('lists.forum.post.empty')}`, perPost);
    const title = p.created_by?.forum_title?.trim();
    if (title) embed.footer = { text: clipPlain(title, 100) };
    if (when && p.created_at) embed.timestamp = p.created_at;
    return embed;
  });
  return [header, ...postEmbeds];
}

/** All categories with their boards (ids to open them) and subboards. */
export function forumBoardsEmbed(t: Translator, boards: ForumBoards): APIEmbed {
  let fields = boardFields(t, boards, true);
  const size = fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
  if (size > DISCORD_LIMITS.embedTotal - 500 || fields.length > DISCORD_LIMITS.embedFields) fields = boardFields(t, boards, false);
  const embed: APIEmbed = { title: t.t('lists.forum.boards.title'), color: COLORS.forum };
  if (fields.length === 0) embed.description = t.t('lists.forum.boards.empty');
  else embed.fields = fields.slice(0, DISCORD_LIMITS.embedFields);
  return embed;
}

function boardFields(t: Translator, boards: ForumBoards, withDescriptions: boolean): APIEmbedField[] {
  const fields: APIEmbedField[] = [];
  for (const category of boards.categories ?? []) {
    const name = escapeMarkdown(category.title?.trim() || t.t('lists.forum.boards.category'));
    const blocks = (category.boards ?? []).map((b) => {
      const board = b.title?.trim() || t.t('lists.forum.boards.board', { id: String(b.id) });
      const lines = [`**${escapeMarkdown(board)}** · ${t.t('lists.forum.boards.boardId', { id: String(b.id) })}`];
      const description = b.description?.trim();
      if (description && withDescriptions) lines.push(escapeMarkdown(clipPlain(description, 90)));
      for (const s of b.subboards ?? []) {
        const subboard = s.title?.trim() || t.t('lists.forum.boards.subboard', { id: String(s.id) });
        lines.push(`${'\u2003'}↳ ${escapeMarkdown(subboard)} · ${t.t('lists.forum.boards.subboardId', { id: String(s.id) })}`);
      }
      return lines.join('\n');
    });
    // A category longer than one field value continues in further fields.
    let current = '';
    let part = 0;
    const flush = (): void => {
      if (current === '') return;
      fields.push({ name: part === 0 ? name : t.t('lists.forum.boards.continued', { name }), value: current });
      part++;
      current = '';
    };
    for (const block of blocks) {
      const piece = truncate(block, DISCORD_LIMITS.embedFieldValue);
      if (current !== '' && current.length + 1 + piece.length > DISCORD_LIMITS.embedFieldValue) flush();
      current = current === '' ? piece : `${current}\n${piece}`;
    }
    flush();
  }
  return fields;
}

/** custom_id of /forum boards' menu: an "open an item" menu (view code `fb`) for the person who asked only. */
export function forumBoardsMenuId(userId: string): string {
  return openMenuId('fb', userId);
}

/** /forum boards' answer: every board, with a menu (`menuId`) that opens one's topics (the first 25 boards). */
export function forumBoardsMessage(t: Translator, boards: ForumBoards, menuId: string): RenderedMessage {
  const options = (boards.categories ?? [])
    .flatMap((c) => c.boards ?? [])
    .slice(0, 25)
    .map((b) => ({ label: b.title ?? t.t('lists.forum.boards.board', { id: String(b.id) }), value: `b:${b.id}`, ...(b.description ? { description: b.description.slice(0, 100) } : {}) }));
  return {
    embeds: [forumBoardsEmbed(t, boards)],
    components: options.length
      ? [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.StringSelect, custom_id: menuId, placeholder: t.t('lists.forum.boards.open'), options }] }]
      : [],
  };
}

/** The filters a topic search was asked with, as its page's title names them. */
export interface TopicFilters {
  q?: string | undefined;
  boardId?: number | undefined;
  subboardId?: number | undefined;
  topicUser?: string | undefined;
  user?: string | undefined;
}

/** A page of a topic search: the topics, and each as an option of the open menu (`t:<id>:<posts>`, jumping to its last page). */
export function forumTopicsPage(t: Translator, topics: readonly ForumTopicSummary[], s: TopicFilters, offset: number): RenderedPage {
  const filters = [
    s.q ? t.t('lists.forum.filter.query', { query: s.q }) : undefined,
    s.boardId !== undefined ? t.t('lists.forum.filter.board', { id: String(s.boardId) }) : undefined,
    s.subboardId !== undefined ? t.t('lists.forum.filter.subboard', { id: String(s.subboardId) }) : undefined,
    s.topicUser ? t.t('lists.forum.filter.topicUser', { user: s.topicUser }) : undefined,
    s.user ? t.t('lists.forum.filter.user', { user: s.user }) : undefined,
  ].filter((f): f is string => f !== undefined);
  return {
    embeds: [forumTopicsEmbed(t, topics, { title: t.t('lists.forum.topics.filtered', { filters: filters.join(t.t('lists.separator')) }), offset })],
    open: topics.map((topic) => {
      const by = topic.created_by?.name ? t.t('lists.forum.topic.by', { user: topic.created_by.name }) : undefined;
      const posts = topic.number_of_posts !== undefined ? t.t('lists.forum.topic.posts', { count: topic.number_of_posts }) : undefined;
      return {
        label: topic.title ?? t.t('lists.forum.topic.fallback', { id: String(topic.id) }),
        value: topic.number_of_posts !== undefined ? `t:${topic.id}:${topic.number_of_posts + 1}` : `t:${topic.id}`,
        ...(by ? { description: [by, posts].filter(Boolean).join(' · ') } : {}),
      };
    }),
  };
}

/** A page of one topic's posts (no open menu). */
export function forumTopicPage(t: Translator, topic: ForumTopicDetail, o: { topicId: number; offset: number }): RenderedPage {
  return { embeds: forumTopicEmbed(t, topic, o), open: [] };
}
