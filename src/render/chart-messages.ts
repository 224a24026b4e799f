// The messages that carry a grid of covers: a user's list chart (`/list … chart`), the server's chart
// (`/server chart`) and a season's chart (`/anime season-chart`). Each is the drawn picture as an
// attachment whose alt text names every title shown, the note of titles left out as not safe for work
// (drawn under the grid too, so it is written here for the drawing), or why there is nothing to draw.
// Pure: the caller passes the picture and what it shows.

import type { Translator } from '../i18n/index.js';
import type { ListKind } from '../community/types.js';
import type { Season } from '../service/work-types.js';
import type { RenderedMessage } from './limits.js';
import { pictureFile } from './pictures/attachment.js';
import type { EncodedPicture } from './pictures/encode.js';

/** How many titles not safe for work were left out of a chart; undefined when none were. */
export function leftOutNote(t: Translator, leftOut: number): string | undefined {
  return leftOut > 0 ? t.t('lists.chart.leftOut', { count: leftOut }) : undefined;
}

/** A mean score as a chart shows it (`8.25`, in the reader's digits). */
export function chartMean(t: Translator, mean: number): string {
  return t.number(mean, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A chart's picture, with the note as the message's text and at the end of the alt text. */
function chartMessage(stem: string, picture: EncodedPicture, alt: string, note: string | undefined): RenderedMessage {
  return {
    ...(note !== undefined ? { content: note } : {}),
    files: [pictureFile(stem, picture, note !== undefined ? `${alt} ${note}` : alt)],
  };
}

const lines = (...parts: Array<string | undefined>): string => parts.filter((line): line is string => line !== undefined).join('\n');

// ---- a user's list --------------------------------------------------------------------------

export interface ListChartFacts {
  kind: ListKind;
  caption: string;
  note: string | undefined;
  /** The titles shown, in order, with the user's score (0: unscored). */
  titles: readonly { title: string; score: number }[];
}

export function listChartEmptyMessage(t: Translator, caption: string, note: string | undefined): RenderedMessage {
  return { content: lines(t.t('lists.chart.empty', { caption }), note) };
}

export function listChartMessage(t: Translator, f: ListChartFacts, picture: EncodedPicture): RenderedMessage {
  const alt = t.t('lists.chart.alt', {
    caption: f.caption,
    count: f.titles.length,
    titles: f.titles.map((e) => t.t('lists.chart.altTile', { title: e.title, scored: e.score > 0 ? 'yes' : 'no', score: e.score })).join('; '),
  });
  return chartMessage(`${f.kind}-chart`, picture, alt, f.note);
}

// ---- the server's chart ---------------------------------------------------------------------

export interface ServerChartFacts {
  kind: ListKind;
  caption: string;
  note: string | undefined;
  /** The titles shown, in order, with how many members have each and their mean score (none scored: undefined). */
  titles: readonly { title: string; members: number; meanScore?: number | undefined }[];
}

export function serverChartEmptyMessage(t: Translator, caption: string, note: string | undefined): RenderedMessage {
  return { content: lines(t.t('social.serverChart.empty', { caption }), note) };
}

export function serverChartMessage(t: Translator, f: ServerChartFacts, picture: EncodedPicture): RenderedMessage {
  const alt = t.t('lists.chart.alt', {
    caption: f.caption,
    count: f.titles.length,
    titles: f.titles
      .map((title) =>
        t.t('social.serverChart.altTile', {
          title: title.title,
          count: title.members,
          scored: title.meanScore === undefined ? 'no' : 'yes',
          mean: title.meanScore === undefined ? '' : chartMean(t, title.meanScore),
        }),
      )
      .join('; '),
  });
  return chartMessage(`server-${f.kind}-chart`, picture, alt, f.note);
}

// ---- a season -------------------------------------------------------------------------------

export interface SeasonChartFacts {
  year: number;
  season: Season;
  caption: string;
  /** Notes for the reader (titles left out), the message's text. */
  notes: readonly string[];
  /** What the picture's note says (Japan time, and the notes). */
  note: string;
  /** The titles shown, in order, each with the lines under it (media type, broadcast). */
  titles: readonly { title: string; lines: readonly string[] }[];
}

/** The note under a season's chart: broadcast times are Japan time, then the notes. */
export function seasonChartNote(t: Translator, notes: readonly string[]): string {
  return [t.t('works.seasonChart.jst'), ...notes].join(' · ');
}

export function seasonChartEmptyMessage(t: Translator, season: string, notes: readonly string[]): RenderedMessage {
  return { content: [t.t('works.seasonChart.empty', { season }), ...notes].join('\n') };
}

export function seasonChartMessage(t: Translator, f: SeasonChartFacts, picture: EncodedPicture): RenderedMessage {
  const alt = t.t('works.seasonChart.alt', {
    caption: f.caption,
    count: f.titles.length,
    titles: f.titles.map((e) => [e.title, ...e.lines].join(', ')).join('; '),
    note: f.note,
  });
  return {
    ...(f.notes.length > 0 ? { content: f.notes.join('\n') } : {}),
    files: [pictureFile(`season-${f.year}-${f.season}`, picture, alt)],
  };
}
