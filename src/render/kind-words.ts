// The words of each kind of work, once: what the reader sees named differently for anime and
// manga. The service's facts of a kind (its units of progress, its statuses) are in
// src/service/kinds.ts; the words of a unit of progress are keyed by the unit (`episodes`,
// `volumes`, `chapters`) and need no entry here.

import type { MessageKey } from '../i18n/index.js';
import type { ProgressUnitName, WorkKind } from '../service/kinds.js';

export interface KindWords {
  /** Rewatching or rereading: in a list status line, and the list entry's fields. */
  readonly repeat: {
    readonly line: MessageKey;
    readonly doing: MessageKey;
    readonly times: MessageKey;
    readonly value: MessageKey;
  };
  /** The details field of the work's run: aired, or published. */
  readonly run: MessageKey & `works.details.field.${string}`;
  /** The details footer (`Anime · ID 1`) and the placeholder of a menu opening one of a page's works. */
  readonly footer: MessageKey;
  readonly open: MessageKey;
  /** The activity feed: "watched 3 episodes" / "read 3 chapters", and "started watching" / "started reading". */
  readonly feed: { readonly gained: MessageKey; readonly started: MessageKey };
  /** The server views: a member's progress in the mirror's count (with and without its total), and the leaderboard of that count. */
  readonly server: { readonly progress: MessageKey; readonly progressOnly: MessageKey; readonly metric: MessageKey; readonly count: MessageKey };
}

export const KIND_WORDS: { readonly [K in WorkKind]: KindWords } = {
  anime: {
    repeat: {
      line: 'works.listStatus.rewatching',
      doing: 'lists.entry.field.rewatching',
      times: 'lists.entry.field.timesRewatched',
      value: 'lists.entry.field.rewatchValue',
    },
    run: 'works.details.field.aired',
    footer: 'works.details.footer.anime',
    open: 'works.open.anime',
    feed: { gained: 'social.feed.watched', started: 'social.feed.line.startedWatching' },
    server: { progress: 'social.view.progress.anime', progressOnly: 'social.view.progressOnly.anime', metric: 'social.leaderboard.metric.episodes', count: 'social.leaderboard.episodes' },
  },
  manga: {
    repeat: {
      line: 'works.listStatus.rereading',
      doing: 'lists.entry.field.rereading',
      times: 'lists.entry.field.timesReread',
      value: 'lists.entry.field.rereadValue',
    },
    run: 'works.details.field.published',
    footer: 'works.details.footer.manga',
    open: 'works.open.manga',
    feed: { gained: 'social.feed.read', started: 'social.feed.line.startedReading' },
    server: { progress: 'social.view.progress.manga', progressOnly: 'social.view.progressOnly.manga', metric: 'social.leaderboard.metric.chapters', count: 'social.leaderboard.chapters' },
  },
};

/** The words of a unit of progress. */
export interface UnitWords {
  /** `12/24 episodes` (`works.progress.*`) and `12/? episodes` while the total is unknown. */
  readonly progress: MessageKey;
  readonly progressUnknown: MessageKey;
  /** `24 episodes` and `? episodes` among a work's facts. */
  readonly facts: MessageKey;
  readonly factsUnknown: MessageKey;
  /** The field of a list entry and of a work's details. */
  readonly entryField: MessageKey;
  readonly detailsField: MessageKey & `works.details.field.${string}`;
}

export function unitWords(unit: ProgressUnitName): UnitWords {
  return {
    progress: `works.progress.${unit}`,
    progressUnknown: `works.progress.${unit}Unknown`,
    facts: `works.facts.${unit}`,
    factsUnknown: `works.facts.${unit}Unknown`,
    entryField: `lists.entry.field.${unit}`,
    detailsField: `works.details.field.${unit}`,
  };
}
