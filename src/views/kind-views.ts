// What the views need of each kind of work, once: reading its code in custom ids, the fields each view
// asks the service for (built from the service's table, src/service/kinds.ts), the refusal of each
// quick "+1" button (the buttons: src/render/details-actions.ts), and the English words of its
// command options. The reader's words of a kind are in
// src/render/kind-words.ts.

import { MalformedCustomIdError, type FieldReader } from '../interactions/custom-id.js';
import { UserFacingError } from '../interactions/user-errors.js';
import { QUICK_BUTTON_OF, type QuickButton } from '../render/details-actions.js';
import { kindOfCodeIn } from '../render/kind-codes.js';
import { escapeMarkdown } from '../render/text.js';
import { fields, nested, WORK_FIELDS, type FieldNode, type ListStatusField } from '../service/fields.js';
import { KINDS, type ProgressUnitName, type WorkKind } from '../service/kinds.js';

/** The kind a custom id's code (src/render/kind-codes.ts) names; anything else is a malformed id. */
export function kindOfCode(code: string): WorkKind {
  const kind = kindOfCodeIn(code);
  if (kind === undefined) throw new MalformedCustomIdError(`unknown kind ${code}`);
  return kind;
}

/** A work named by a custom id's next two fields: its kind's code, then its id. */
export function workIn(fields: FieldReader): { kind: WorkKind; id: number } {
  const kind = kindOfCode(fields.string());
  return { kind, id: fields.int() };
}

/** The kind with its English article, for command descriptions (`an anime`, `a manga`). */
export const KIND_WITH_ARTICLE: { readonly [K in WorkKind]: string } = { anime: 'an anime', manga: 'a manga' };

// ---- fields asked for -------------------------------------------------------------------------

/** What the details embed does not use: id, title and picture come anyway; my_list_status only with a login. */
const NOT_SHOWN = new Set<string>(['id', 'title', 'main_picture', 'my_list_status', 'created_at', 'updated_at', 'pictures', 'background']);
const COMMON_FIELDS = WORK_FIELDS.filter((field) => !NOT_SHOWN.has(field));
/** The sub-fields of the fields that take them. */
const SUB_FIELDS: Readonly<Partial<Record<string, FieldNode<'authors' | 'serialization'>>>> = {
  authors: nested('authors', 'first_name', 'last_name'),
  serialization: nested('serialization', 'name'),
};

export interface KindFields {
  /** Everything the details embed shows. */
  readonly details: string;
  /** The viewer's entry with every field the entry embed shows (`my_list_status{…}`). */
  readonly myStatus: FieldNode<'my_list_status'>;
  /** The work's totals of progress: `num_episodes`, or `num_volumes,num_chapters`. */
  readonly totals: string;
  /** A row of a catalogue page (search, ranking, season, suggestions). */
  readonly listRow: string;
  /** A row of a user's list page, with the entry's line. */
  readonly userListRow: string;
  /** A title suggested by autocomplete: its type, start and status; found by search, or by the ID typed. */
  readonly suggestion: string;
  readonly suggestionById: string;
}

function kindFields(kind: WorkKind): KindFields {
  const spec = KINDS[kind];
  const reads = spec.progress.map((unit) => unit.read as ListStatusField);
  const totals = spec.progress.map((unit) => unit.total);
  const repeat = spec.repeat as { flag: ListStatusField; times: ListStatusField; value: ListStatusField };
  return {
    details: fields(...COMMON_FIELDS, ...spec.ownFields.map((name) => SUB_FIELDS[name] ?? name)),
    myStatus: nested('my_list_status', 'status', 'score', ...reads, repeat.flag, 'priority', repeat.times, repeat.value, 'tags', 'comments', 'updated_at'),
    totals: fields(...totals),
    listRow: fields('mean', 'media_type', ...totals, spec.dating, 'nsfw', 'status'),
    userListRow: fields(nested('list_status', 'status', 'score', ...reads, repeat.flag, 'updated_at'), ...totals, 'media_type', 'nsfw'),
    suggestion: fields('media_type', spec.dating, 'alternative_titles', 'status'),
    suggestionById: fields('media_type', spec.dating, 'nsfw', 'status'),
  };
}

export const KIND_FIELDS: { readonly [K in WorkKind]: KindFields } = { anime: kindFields('anime'), manga: kindFields('manga') };

// ---- quick buttons ------------------------------------------------------------------------------

/** A "+1" button of a unit (src/render/details-actions.ts) with the refusal when the count is already at the total. */
export interface QuickUnit extends QuickButton {
  readonly done: (total: number, title: string | undefined) => UserFacingError;
}

/** "+1" for each unit of progress. */
export const QUICK_UNITS: { readonly [U in ProgressUnitName]: QuickUnit } = {
  episodes: {
    ...QUICK_BUTTON_OF.episodes,
    done: (total, title) => new UserFacingError('works.error.alreadyWatched', { total, named: title ? 'yes' : 'no', title: title ? escapeMarkdown(title) : '' }),
  },
  volumes: { ...QUICK_BUTTON_OF.volumes, done: (total) => new UserFacingError('works.error.alreadyRead', { total, unit: 'volume' }) },
  chapters: { ...QUICK_BUTTON_OF.chapters, done: (total) => new UserFacingError('works.error.alreadyRead', { total, unit: 'chapter' }) },
};
