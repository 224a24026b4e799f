// Embeds of the server's list community: "In this server" on a title's details (with its "See all N
// members" button), the members who have a title, /compare, the leaderboards and the server's top titles. Service user names and
// titles are untrusted text: every one passes the gate here.

import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import type { Translator } from '../i18n/index.js';
import { MIN_SCORED_TOGETHER, type Affinity, type ScoredPair } from '../community/affinity.js';
import type { LeaderboardMetric, LeaderboardRow, TopTitle } from '../community/leaderboards.js';
import type { ServerView, ServerViewLine } from '../community/server-view.js';
import type { ListKind } from '../community/types.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import { kindCode } from './kind-codes.js';
import { KIND_WORDS } from './kind-words.js';
import { DISCORD_LIMITS, type MessageRow } from './limits.js';
import { term } from './terms.js';
import { clipPlain, escapeMarkdown, truncate } from './text.js';
import { COLORS } from './theme.js';

/** How many members the details' "In this server" part lists. */
export const SERVER_VIEW_SHOWN = 5;
const NAME_MAX = 40;
const TITLE_MAX = 120;

/**
 * A member as shown to others: their Discord mention (the limits gate sends no pings, Discord shows
 * their name) and the service account's name through the gate.
 */
export function memberLabel(t: Translator, discordUserId: string, serviceUser: string): string {
  const name = escapeMarkdown(clipPlain(serviceUser, NAME_MAX));
  const mention = /^\d{1,21}$/.test(discordUserId) ? `<@${discordUserId}>` : '';
  return [mention, name ? `(${name})` : ''].filter(Boolean).join(' ') || t.t('social.member.unnamed');
}

/** What a not-safe-for-work title shows outside age-restricted channels. */
export function hiddenTitle(t: Translator): string {
  return t.t('social.title.hidden');
}

/** A title through the gate, or hidden when it is not safe for work and the channel is not age-restricted. */
export function shownTitle(t: Translator, title: string, nsfw: boolean, ageRestricted: boolean): string {
  if (nsfw && !ageRestricted) return hiddenTitle(t);
  return escapeMarkdown(clipPlain(title, TITLE_MAX)) || t.t('social.title.untitled');
}

/** `9.25` → `9.25`, `8` → `8` (in the reader's digits). */
function score(t: Translator, n: number): string {
  return t.number(Math.round(n * 100) / 100);
}

/**
 * A list status inside a sentence: English writes it in lower case (`3 completed`, `✓ you: watching`);
 * the other languages keep the catalogue's term as it is (German nouns, Japanese).
 */
export function inlineStatus(t: Translator, status: string): string {
  const name = term(t, 'listStatus', status);
  return t.locale === 'en-US' ? name.toLowerCase() : name;
}

function progressText(t: Translator, kind: ListKind, progress: number, total: number): string {
  if (total > 0) return t.t(KIND_WORDS[kind].server.progress, { progress, total });
  return t.t(KIND_WORDS[kind].server.progressOnly, { progress });
}

/** One member's line: name, status, score and progress. */
export function memberLine(t: Translator, kind: ListKind, line: ServerViewLine): string {
  const parts = [term(t, 'listStatus', line.status)];
  if (line.score > 0) parts.push(t.t('social.view.scored', { score: line.score }));
  if (line.progress > 0 || line.total > 0) parts.push(progressText(t, kind, line.progress, line.total));
  return `${memberLabel(t, line.discordUserId, line.serviceUser)} — ${parts.join(' · ')}`;
}

/** `2 watching · 3 completed · 1 plan to watch` */
function statusSummary(t: Translator, view: ServerView): string {
  return view.byStatus.map((s) => t.t('social.view.statusCount', { count: s.count, status: inlineStatus(t, s.status) })).join(' · ');
}

function meanText(t: Translator, meanScore: number | undefined, scored: number): string {
  return meanScore === undefined ? t.t('social.view.noScore') : t.t('social.view.mean', { mean: score(t, meanScore), scored });
}

/** The "In this server" embed under a title's details; `more` says a button lists every member. */
export function serverViewEmbed(t: Translator, view: ServerView): APIEmbed {
  const head = `${t.t('social.view.haveItHere', { members: view.members, summary: statusSummary(t, view) })}\n${meanText(t, view.meanScore, view.scored)}`;
  const lines = view.lines.slice(0, SERVER_VIEW_SHOWN).map((l) => memberLine(t, view.kind, l));
  const rest = view.members - lines.length;
  if (rest > 0) lines.push(t.t('social.view.others', { count: rest }));
  return {
    title: t.t('social.view.title'),
    color: COLORS.brand,
    description: truncate(`${head}\n\n${lines.join('\n')}`, DISCORD_LIMITS.embedDescription),
  };
}

/** The "In this server" part of a title's details: its embed, and the button listing every member when more have it than are shown. */
export interface DetailsPart {
  embeds: APIEmbed[];
  components: MessageRow[];
}

/** No "In this server" part (a DM, nobody here joined, or the store did not answer in time). */
export const NO_SERVER_PART: DetailsPart = { embeds: [], components: [] };

/** "See all N members": opens the paged list of members who have the title, for whoever clicks. */
function serverMembersRow(t: Translator, kind: ListKind, id: number, members: number): MessageRow {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        custom_id: encodeCustomId(COMPONENT_KINDS.serverMembers, [kindCode(kind), id]),
        label: t.t('social.view.seeAll', { members }),
      },
    ],
  };
}

/** "In this server" for a title some of the server's `joined` members may have (`view`). */
export function serverDetailsPartOf(t: Translator, view: ServerView, joined: number): DetailsPart {
  if (view.members === 0) {
    return { embeds: [{ title: t.t('social.view.title'), color: COLORS.brand, description: t.t('social.view.noneOfJoined', { joined }) }], components: [] };
  }
  const components = view.members > SERVER_VIEW_SHOWN ? [serverMembersRow(t, view.kind, view.id, view.members)] : [];
  return { embeds: [serverViewEmbed(t, view)], components };
}

/** One page of every member who has the title. */
export function serverMembersEmbed(t: Translator, view: ServerView, title: string, offset: number, size: number): APIEmbed {
  const lines = view.lines.slice(offset, offset + size).map((l, i) => `**${offset + i + 1}.** ${memberLine(t, view.kind, l)}`);
  return {
    title: truncate(t.t('social.view.titleOf', { title }), DISCORD_LIMITS.embedTitle),
    color: COLORS.brand,
    description: truncate(
      [
        t.t('social.view.haveIt', { members: view.members, summary: statusSummary(t, view) }),
        meanText(t, view.meanScore, view.scored),
        '',
        ...(lines.length > 0 ? lines : [t.t('social.view.nobodyAnyMore')]),
      ].join('\n'),
      DISCORD_LIMITS.embedDescription,
    ),
  };
}

// ---- /compare ----------------------------------------------------------------------------------

export interface CompareSide {
  discordUserId: string;
  serviceUser: string;
}

function pairLine(t: Translator, p: ScoredPair, ageRestricted: boolean): string {
  return t.t('social.compare.scoresLine', { title: shownTitle(t, p.title, p.nsfw, ageRestricted), a: t.number(p.scoreA), b: t.number(p.scoreB) });
}

function correlationText(t: Translator, a: Affinity): string {
  const c = a.correlation;
  if (c.kind === 'too-few') return t.t('social.compare.tooFew', { basis: c.basis, min: MIN_SCORED_TOGETHER });
  if (c.kind === 'no-variance') return t.t('social.compare.noVariance', { basis: c.basis });
  return t.t('social.compare.correlation', { percent: Math.round(c.value * 100), basis: c.basis });
}

/** /compare's answer. */
export function compareEmbed(t: Translator, kind: ListKind, a: CompareSide, b: CompareSide, affinity: Affinity, ageRestricted: boolean): APIEmbed {
  const share = Math.round(affinity.commonShare * 100);
  const lines = [
    t.t('social.compare.pair', { a: memberLabel(t, a.discordUserId, a.serviceUser), b: memberLabel(t, b.discordUserId, b.serviceUser) }),
    '',
    t.t('social.compare.common', { share, common: affinity.common, countA: affinity.countA, countB: affinity.countB }),
    correlationText(t, affinity),
  ];
  const fields = [];
  if (affinity.agree.length > 0) {
    fields.push({ name: t.t('social.compare.agree'), value: affinity.agree.map((p) => pairLine(t, p, ageRestricted)).join('\n') });
  }
  if (affinity.disagree.length > 0) {
    fields.push({ name: t.t('social.compare.disagree'), value: affinity.disagree.map((p) => pairLine(t, p, ageRestricted)).join('\n') });
  }
  if (fields.length > 0) {
    const name = (side: CompareSide) => escapeMarkdown(clipPlain(side.serviceUser, NAME_MAX)) || t.t('social.member.unnamed');
    lines.push(t.t('social.compare.scoresBelow', { a: name(a), b: name(b) }));
  }
  return {
    title: t.t('social.compare.title', { kind }),
    color: COLORS.brand,
    description: truncate(lines.join('\n'), DISCORD_LIMITS.embedDescription),
    ...(fields.length > 0 ? { fields } : {}),
  };
}

// ---- leaderboards ------------------------------------------------------------------------------

function metricName(t: Translator, metric: LeaderboardMetric, kind: ListKind): string {
  switch (metric) {
    case 'episodes':
      return t.t(KIND_WORDS[kind].server.metric);
    case 'days':
      return t.t('social.leaderboard.metric.days');
    case 'completed':
      return t.t('social.leaderboard.metric.completed');
    case 'mean_score':
      return t.t('social.leaderboard.metric.meanScore');
  }
}

function metricValue(t: Translator, metric: LeaderboardMetric, kind: ListKind, row: LeaderboardRow): string {
  switch (metric) {
    case 'episodes':
      return t.t(KIND_WORDS[kind].server.count, { count: row.value });
    case 'days':
      return t.t('social.leaderboard.days', { count: Math.round(row.value * 10) / 10 });
    case 'completed':
      return t.t('social.leaderboard.titles', { count: row.value });
    case 'mean_score':
      return t.t('social.leaderboard.meanScore', { mean: score(t, row.value), count: row.basis });
  }
}

/** One page of a leaderboard; the viewer's own line is marked, and their place told when it is on another page. */
export function leaderboardEmbed(
  t: Translator,
  metric: LeaderboardMetric,
  kind: ListKind,
  rows: readonly LeaderboardRow[],
  offset: number,
  size: number,
  viewerId: string,
): APIEmbed {
  const page = rows.slice(offset, offset + size);
  const lines = page.map((row) => {
    const line = `**#${row.rank}** ${memberLabel(t, row.discordUserId, row.serviceUser)} — ${metricValue(t, metric, kind, row)}`;
    return row.discordUserId === viewerId ? t.t('social.leaderboard.you', { line }) : line;
  });
  const mine = rows.find((r) => r.discordUserId === viewerId);
  const onPage = page.some((r) => r.discordUserId === viewerId);
  const head =
    mine === undefined
      ? t.t('social.leaderboard.notOn')
      : onPage
        ? ''
        : t.t('social.leaderboard.yourPlace', { rank: mine.rank, value: metricValue(t, metric, kind, mine) });
  const body = lines.length > 0 ? lines.join('\n') : t.t('social.leaderboard.empty');
  return {
    title: t.t('social.leaderboard.title', { metric: metricName(t, metric, kind), kind }),
    color: COLORS.brand,
    description: truncate([head, body].filter(Boolean).join('\n\n'), DISCORD_LIMITS.embedDescription),
    footer: { text: t.t('social.leaderboard.footer', { count: rows.length }) },
  };
}

/** One page of the titles most members have; titles on the viewer's list are marked. */
export function topTitlesEmbed(
  t: Translator,
  kind: ListKind,
  /** The list status the titles were counted with (the service's value), if any. */
  status: string | undefined,
  titles: readonly TopTitle[],
  offset: number,
  size: number,
  mine: ReadonlyMap<number, { status: string; score: number }>,
  ageRestricted: boolean,
  minMembers: number,
): APIEmbed {
  const lines = titles.slice(offset, offset + size).map((title) => {
    const name = shownTitle(t, title.title, title.nsfw, ageRestricted);
    const parts = [
      t.t('social.top.members', { count: title.members }),
      title.meanScore === undefined ? t.t('social.top.notScored') : t.t('social.top.mean', { mean: score(t, title.meanScore) }),
    ];
    const own = mine.get(title.id);
    if (own !== undefined) {
      const yours = inlineStatus(t, own.status);
      parts.push(own.score > 0 ? t.t('social.top.yoursScored', { status: yours, score: own.score }) : t.t('social.top.yours', { status: yours }));
    }
    return `**#${title.rank}** ${name}\n\u2003${parts.join(' · ')}`;
  });
  return {
    title: status === undefined ? t.t('social.top.title', { kind }) : t.t('social.top.titleFiltered', { kind, status: inlineStatus(t, status) }),
    color: COLORS.brand,
    description: truncate(lines.length > 0 ? lines.join('\n') : t.t('social.top.empty', { kind, min: minMembers }), DISCORD_LIMITS.embedDescription),
    footer: { text: t.t('social.top.footer', { min: minMembers }) },
  };
}
