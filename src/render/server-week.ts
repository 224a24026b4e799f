// The weekly recap as a message, in the server's language: a short text (the week's numbers, the most
// watched titles, the airing titles most members watch) and the card of the week with its alt text.
// Titles not safe for work are counted but never named or drawn outside age-restricted channels.
// Names are the service's (untrusted): escaped for markdown in the text, plain on the card.

import type { Translator } from '../i18n/index.js';
import type { RecapKind } from '../server-recaps/channels.js';
import type { ServerWeek, WeekFinish, WeekTitle } from '../server-recaps/week.js';
import type { RenderedMessage } from './limits.js';
import { pictureFile } from './pictures/attachment.js';
import { renderWeekCard, WEEK_CARD_ROWS, type WeekCard } from './pictures/week-card.js';
import { clipPlain, escapeMarkdown } from './text.js';

export interface WeekView {
  kind: RecapKind;
  /** The channel is age-restricted: titles not safe for work may be named. */
  ageRestricted: boolean;
  /** The recap's time zone: the dates are its local dates. */
  timeZone: string;
}

const TITLE_MAX = 60;

function day(t: Translator, ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat(t.locale, { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(ms));
}

function shown<T extends { nsfw: boolean }>(items: readonly T[], ageRestricted: boolean): { shown: T[]; hidden: number } {
  const kept = ageRestricted ? [...items] : items.filter((i) => !i.nsfw);
  return { shown: kept, hidden: items.length - kept.length };
}

function facts(t: Translator, week: ServerWeek, kind: RecapKind): WeekCard['facts'] {
  return [
    ...(kind !== 'manga' ? [{ label: t.t('weekly.fact.episodes'), value: t.number(week.episodes) }] : []),
    ...(kind !== 'anime' ? [{ label: t.t('weekly.fact.chapters'), value: t.number(week.chapters) }] : []),
    { label: t.t('weekly.fact.completed'), value: t.number(week.completed) },
    { label: t.t('weekly.fact.joined'), value: t.number(week.newMembers) },
  ];
}

function bars(t: Translator, heading: string, titles: readonly WeekTitle[]): WeekCard['top'] {
  return { heading, items: titles.slice(0, WEEK_CARD_ROWS).map((x) => ({ label: clipPlain(x.title, TITLE_MAX), count: x.members, value: t.t('weekly.top.value', { members: x.members }) })) };
}

function finishedLines(t: Translator, finished: readonly WeekFinish[]): string[] {
  const lines = finished.slice(0, WEEK_CARD_ROWS).map((f) => t.t('weekly.finished.line', { user: clipPlain(f.serviceUser, 32), title: clipPlain(f.title, TITLE_MAX) }));
  if (finished.length > WEEK_CARD_ROWS) lines.push(t.t('weekly.finished.more', { count: finished.length - WEEK_CARD_ROWS }));
  return lines;
}

/** What the card shows and the text says, titles not safe for work left out unless the channel is age-restricted. */
export function weekCard(t: Translator, week: ServerWeek, view: WeekView): { card: WeekCard; top: WeekTitle[]; airing: WeekTitle[]; hidden: number } {
  const top = shown(week.topTitles, view.ageRestricted);
  const airing = shown(week.airing, view.ageRestricted);
  const finished = shown(week.finished, view.ageRestricted);
  const hidden = top.hidden + airing.hidden + finished.hidden;
  const notes = [
    ...(hidden > 0 ? [t.t('weekly.nsfw.hidden', { count: hidden })] : []),
    ...(week.seenSince !== undefined && week.seenSince > week.fromMs ? [t.t('weekly.seenSince', { date: day(t, week.seenSince, view.timeZone) })] : []),
  ];
  const card: WeekCard = {
    caption: t.t('weekly.caption'),
    subtitle: t.t('weekly.subtitle', { from: day(t, week.fromMs, view.timeZone), to: day(t, week.toMs, view.timeZone), kind: view.kind }),
    facts: facts(t, week, view.kind),
    ...(top.shown.length > 0 ? { top: bars(t, t.t('weekly.top.heading'), top.shown) } : {}),
    ...(airing.shown.length > 0 ? { airing: bars(t, t.t('weekly.airing.heading'), airing.shown) } : {}),
    ...(finished.shown.length > 0 ? { finished: { heading: t.t('weekly.finished.heading'), lines: finishedLines(t, finished.shown) } } : {}),
    notes,
  };
  return { card, top: top.shown, airing: airing.shown, hidden };
}

function names(titles: readonly WeekTitle[]): string {
  return titles
    .slice(0, 3)
    .map((x) => `**${escapeMarkdown(clipPlain(x.title, TITLE_MAX))}**`)
    .join(', ');
}

/** The short text beside the card. */
export function weekText(t: Translator, week: ServerWeek, view: WeekView, top: readonly WeekTitle[], airing: readonly WeekTitle[]): string {
  const lines = [
    t.t('weekly.text', {
      from: day(t, week.fromMs, view.timeZone),
      to: day(t, week.toMs, view.timeZone),
      episodes: week.episodes,
      chapters: week.chapters,
      completed: week.completed,
      joined: week.newMembers,
    }),
  ];
  if (top.length > 0) lines.push(t.t('weekly.text.top', { titles: names(top) }));
  if (airing.length > 0) lines.push(t.t('weekly.text.airing', { titles: names(airing) }));
  return lines.join('\n');
}

/** The recap's message: the text, and the card as an attachment with its alt text. */
export async function weekMessage(t: Translator, week: ServerWeek, view: WeekView): Promise<RenderedMessage> {
  const { card, top, airing } = weekCard(t, week, view);
  const picture = await renderWeekCard(card);
  const alt = t.t('weekly.alt', {
    facts: card.facts.map((f) => `${f.label} ${f.value}`).join(', '),
    titles: top.length > 0 ? t.t('weekly.alt.titles', { titles: top.slice(0, WEEK_CARD_ROWS).map((x) => clipPlain(x.title, TITLE_MAX)).join(', ') }) : '',
  });
  return {
    content: weekText(t, week, view, top, airing),
    files: [pictureFile('server-week', picture, alt)],
  };
}
