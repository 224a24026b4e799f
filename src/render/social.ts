// Embeds of the server's list community: "In this server" on a title's details, the members who
// have a title, /compare, the leaderboards and the server's top titles. Service user names and
// titles are untrusted text: every one passes the gate here.

import type { APIEmbed } from 'discord.js';
import type { Affinity, ScoredPair } from '../social/affinity.js';
import type { LeaderboardMetric, LeaderboardRow, TopTitle } from '../social/leaderboards.js';
import type { ServerView, ServerViewLine } from '../social/server-view.js';
import type { ListKind } from '../social/types.js';
import { DISCORD_LIMITS } from './limits.js';
import { clipPlain, escapeMarkdown, formatNumber, humanize, plural, truncate } from './text.js';
import { COLORS } from './theme.js';
import { ENGLISH } from '../i18n/index.js';

/** How many members the details' "In this server" part lists. */
export const SERVER_VIEW_SHOWN = 5;
const NAME_MAX = 40;
const TITLE_MAX = 120;
export const HIDDEN_TITLE = '🔞 (title hidden: not safe for work)';

/**
 * A member as shown to others: their Discord mention (the limits gate sends no pings, Discord shows
 * their name) and the service account's name through the gate.
 */
export function memberLabel(discordUserId: string, serviceUser: string): string {
  const name = escapeMarkdown(clipPlain(serviceUser, NAME_MAX));
  const mention = /^\d{1,21}$/.test(discordUserId) ? `<@${discordUserId}>` : '';
  return [mention, name ? `(${name})` : ''].filter(Boolean).join(' ') || 'a member';
}

/** A title through the gate, or hidden when it is not safe for work and the channel is not age-restricted. */
export function shownTitle(title: string, nsfw: boolean, ageRestricted: boolean): string {
  if (nsfw && !ageRestricted) return HIDDEN_TITLE;
  return escapeMarkdown(clipPlain(title, TITLE_MAX)) || 'Untitled';
}

function unit(kind: ListKind): [string, string] {
  return kind === 'anime' ? ['ep', 'eps'] : ['ch', 'chs'];
}

/** `9.25` → `9.25`, `8` → `8`. */
function score(n: number): string {
  return formatNumber(ENGLISH, Math.round(n * 100) / 100);
}

function progressText(kind: ListKind, progress: number, total: number): string {
  const [one, other] = unit(kind);
  return plural(total > 0 ? total : progress, one, other, total > 0 ? `${formatNumber(ENGLISH, progress)}/${formatNumber(ENGLISH, total)}` : formatNumber(ENGLISH, progress));
}

/** One member's line: name, status, score and progress. */
export function memberLine(kind: ListKind, line: ServerViewLine): string {
  const parts = [humanize(line.status)];
  if (line.score > 0) parts.push(`scored ${line.score}`);
  if (line.progress > 0 || line.total > 0) parts.push(progressText(kind, line.progress, line.total));
  return `${memberLabel(line.discordUserId, line.serviceUser)} — ${parts.join(' · ')}`;
}

/** `2 watching · 3 completed · 1 plan to watch` */
function statusSummary(view: ServerView): string {
  return view.byStatus.map((s) => `${formatNumber(ENGLISH, s.count)} ${humanize(s.status).toLowerCase()}`).join(' · ');
}

function meanText(meanScore: number | undefined, scored: number): string {
  return meanScore === undefined ? 'Nobody here scored it yet' : `Their mean score: **${score(meanScore)}** (${plural(scored, 'score', 'scores')})`;
}

/** The "In this server" embed under a title's details; `more` says a button lists every member. */
export function serverViewEmbed(view: ServerView): APIEmbed {
  const head = `${plural(view.members, 'member has', 'members have')} it here: ${statusSummary(view)}\n${meanText(view.meanScore, view.scored)}`;
  const lines = view.lines.slice(0, SERVER_VIEW_SHOWN).map((l) => memberLine(view.kind, l));
  const rest = view.members - lines.length;
  if (rest > 0) lines.push(`…and ${plural(rest, 'other member', 'other members')}`);
  return {
    title: 'In this server',
    color: COLORS.brand,
    description: truncate(`${head}\n\n${lines.join('\n')}`, DISCORD_LIMITS.embedDescription),
  };
}

/** One page of every member who has the title. */
export function serverMembersEmbed(view: ServerView, title: string, offset: number, size: number): APIEmbed {
  const lines = view.lines.slice(offset, offset + size).map((l, i) => `**${offset + i + 1}.** ${memberLine(view.kind, l)}`);
  return {
    title: truncate(`In this server: ${title}`, DISCORD_LIMITS.embedTitle),
    color: COLORS.brand,
    description: truncate(
      [`${plural(view.members, 'member has', 'members have')} it: ${statusSummary(view)}`, meanText(view.meanScore, view.scored), '', ...(lines.length > 0 ? lines : ['No member has it any more.'])].join('\n'),
      DISCORD_LIMITS.embedDescription,
    ),
  };
}

// ---- /compare ----------------------------------------------------------------------------------

export interface CompareSide {
  discordUserId: string;
  serviceUser: string;
}

function pairLine(p: ScoredPair, ageRestricted: boolean): string {
  return `${shownTitle(p.title, p.nsfw, ageRestricted)} — ${p.scoreA} vs ${p.scoreB}`;
}

function correlationText(a: Affinity): string {
  const c = a.correlation;
  const titles = plural(c.basis, 'title', 'titles');
  if (c.kind === 'too-few') return `Too few titles scored by both to tell (${titles}; at least 5 needed).`;
  if (c.kind === 'no-variance') return `No correlation: one of you gave all ${titles} scored by both the same score.`;
  return `**${Math.round(c.value * 100)}%** correlation of scores, on ${titles} scored by both.`;
}

/** /compare's answer. */
export function compareEmbed(kind: ListKind, a: CompareSide, b: CompareSide, affinity: Affinity, ageRestricted: boolean): APIEmbed {
  const share = Math.round(affinity.commonShare * 100);
  const lines = [
    `${memberLabel(a.discordUserId, a.serviceUser)} and ${memberLabel(b.discordUserId, b.serviceUser)}`,
    '',
    `**${share}%** of the titles on either list are on both: ${plural(affinity.common, 'title', 'titles')} in common (${formatNumber(ENGLISH, affinity.countA)} and ${formatNumber(ENGLISH, affinity.countB)} on their lists).`,
    correlationText(affinity),
  ];
  const fields = [];
  if (affinity.agree.length > 0) {
    fields.push({ name: 'Agree most on', value: affinity.agree.map((p) => pairLine(p, ageRestricted)).join('\n') });
  }
  if (affinity.disagree.length > 0) {
    fields.push({ name: 'Disagree most on', value: affinity.disagree.map((p) => pairLine(p, ageRestricted)).join('\n') });
  }
  if (fields.length > 0) {
    const name = (side: CompareSide) => escapeMarkdown(clipPlain(side.serviceUser, NAME_MAX)) || 'a member';
    lines.push(`-# Scores below: ${name(a)} vs ${name(b)}`);
  }
  return {
    title: `${kind === 'anime' ? 'Anime' : 'Manga'} taste compared`,
    color: COLORS.brand,
    description: truncate(lines.join('\n'), DISCORD_LIMITS.embedDescription),
    ...(fields.length > 0 ? { fields } : {}),
  };
}

// ---- leaderboards ------------------------------------------------------------------------------

export const METRIC_NAMES: Readonly<Record<LeaderboardMetric, string>> = {
  episodes: 'Episodes watched',
  days: 'Days watched',
  completed: 'Completed titles',
  mean_score: 'Mean score',
};

function metricName(metric: LeaderboardMetric, kind: ListKind): string {
  if (metric === 'episodes' && kind === 'manga') return 'Chapters read';
  return METRIC_NAMES[metric];
}

function metricValue(metric: LeaderboardMetric, kind: ListKind, row: LeaderboardRow): string {
  switch (metric) {
    case 'episodes':
      return kind === 'anime' ? plural(row.value, 'episode', 'episodes') : plural(row.value, 'chapter', 'chapters');
    case 'days':
      return plural(row.value, 'day', 'days', formatNumber(ENGLISH, Math.round(row.value * 10) / 10));
    case 'completed':
      return plural(row.value, 'title', 'titles');
    case 'mean_score':
      return `${score(row.value)} (${plural(row.basis, 'score', 'scores')})`;
  }
}

/** One page of a leaderboard; the viewer's own line is marked, and their place told when it is on another page. */
export function leaderboardEmbed(
  metric: LeaderboardMetric,
  kind: ListKind,
  rows: readonly LeaderboardRow[],
  offset: number,
  size: number,
  viewerId: string,
): APIEmbed {
  const page = rows.slice(offset, offset + size);
  const lines = page.map((row) => {
    const line = `**#${row.rank}** ${memberLabel(row.discordUserId, row.serviceUser)} — ${metricValue(metric, kind, row)}`;
    return row.discordUserId === viewerId ? `▶ ${line} ← you` : line;
  });
  const mine = rows.find((r) => r.discordUserId === viewerId);
  const onPage = page.some((r) => r.discordUserId === viewerId);
  const head = mine === undefined ? 'You are not on this leaderboard.' : onPage ? '' : `You are **#${mine.rank}** with ${metricValue(metric, kind, mine)}.`;
  const body = lines.length > 0 ? lines.join('\n') : 'Nobody here has anything to count yet.';
  return {
    title: `${metricName(metric, kind)} — ${kind} leaderboard`,
    color: COLORS.brand,
    description: truncate([head, body].filter(Boolean).join('\n\n'), DISCORD_LIMITS.embedDescription),
    footer: { text: `${plural(rows.length, 'member', 'members')} of this server's list community ranked` },
  };
}

/** One page of the titles most members have; titles on the viewer's list are marked. */
export function topTitlesEmbed(
  kind: ListKind,
  statusName: string | undefined,
  titles: readonly TopTitle[],
  offset: number,
  size: number,
  mine: ReadonlyMap<number, { status: string; score: number }>,
  ageRestricted: boolean,
  minMembers: number,
): APIEmbed {
  const lines = titles.slice(offset, offset + size).map((t) => {
    const name = shownTitle(t.title, t.nsfw, ageRestricted);
    const mean = t.meanScore === undefined ? 'not scored' : `mean ${score(t.meanScore)}`;
    const own = mine.get(t.id);
    const you = own === undefined ? '' : ` · ✓ you: ${humanize(own.status).toLowerCase()}${own.score > 0 ? `, ${own.score}` : ''}`;
    return `**#${t.rank}** ${name}\n\u2003${plural(t.members, 'member', 'members')} · ${mean}${you}`;
  });
  const filter = statusName === undefined ? '' : ` (${statusName.toLowerCase()})`;
  return {
    title: `Top ${kind} in this server${filter}`,
    color: COLORS.brand,
    description: truncate(
      lines.length > 0 ? lines.join('\n') : `No ${kind} is on the lists of ${plural(minMembers, 'member', 'members')} or more yet.`,
      DISCORD_LIMITS.embedDescription,
    ),
    footer: { text: `Titles at least ${plural(minMembers, 'member has', 'members have')}; ✓ marks those on your list` },
  };
}
