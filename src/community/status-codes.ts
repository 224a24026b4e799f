// The list statuses as small codes in the community's records (member summaries, title-index rows):
// a storage format, so the order never changes (a status the service adds goes at the end).

import type { ListKind } from './types.js';

const STATUS_CODES: Readonly<Record<ListKind, readonly string[]>> = {
  anime: ['watching', 'completed', 'on_hold', 'dropped', 'plan_to_watch'],
  manga: ['reading', 'completed', 'on_hold', 'dropped', 'plan_to_read'],
};

/** The status's code; undefined for a status not listed. */
export function statusIndex(kind: ListKind, status: string): number | undefined {
  const i = STATUS_CODES[kind].indexOf(status);
  return i < 0 ? undefined : i;
}

/** The status a code stands for; undefined for a code not listed. */
export function statusAt(kind: ListKind, code: number): string | undefined {
  return STATUS_CODES[kind][code];
}
