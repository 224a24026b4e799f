// Chosen dates for a user's list entries (the `entryDates` option of a user): tests give entries the
// start and finish dates, and the last update, they need (e.g. a year of completions for /wrapped).
// Dates are the service's `YYYY-MM-DD`, whose parts may be `00` (`2024-05-00`, `0000-00-00`).

import type { ListEntry, WorkKind } from './catalogue/types.js';
import type { UserLists } from './catalogue/users.js';

export interface EntryDates {
  start_date?: string;
  finish_date?: string;
  /** The entry's last update (epoch ms), as `updated_at`. */
  updatedAt?: number;
}

export type EntryDatesOption = (kind: WorkKind, id: number, entry: Readonly<ListEntry>) => EntryDates | undefined;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function setDate(entry: ListEntry, field: 'start_date' | 'finish_date', value: string | undefined): void {
  if (value === undefined) return;
  if (value === '') {
    delete entry[field];
    return;
  }
  if (!DATE.test(value)) throw new Error(`entryDates: ${field} ${JSON.stringify(value)} is not YYYY-MM-DD`);
  entry[field] = value;
}

/** The lists with each entry's chosen dates applied (in place); the lists as they are without the option. */
export function withEntryDates(lists: UserLists, option: EntryDatesOption | undefined): UserLists {
  if (!option) return lists;
  for (const kind of ['anime', 'manga'] as const) {
    for (const [id, entry] of lists[kind]) {
      const dates = option(kind, id, entry);
      if (!dates) continue;
      setDate(entry, 'start_date', dates.start_date);
      setDate(entry, 'finish_date', dates.finish_date);
      if (dates.updatedAt !== undefined) entry.updatedAt = dates.updatedAt;
    }
  }
  return lists;
}
