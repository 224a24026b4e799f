// List progress may not go past a work's known total: 30 episodes of a 26-episode title is refused
// before anything is written. An unknown total (0 or missing) allows any count.

import { KINDS, numberAt, WORK_KINDS, type AnyProgressUnit, type AnyWork } from '../service/kinds.js';
import { escapeMarkdown } from '../render/text.js';
import { UserFacingError } from '../interactions/user-errors.js';

/** Every kind's units of progress (src/service/kinds.ts): an update writes the counts of its kind. */
const UNITS = WORK_KINDS.flatMap((kind): readonly AnyProgressUnit[] => KINDS[kind].progress);

/** Whether the changes (keyed by service field) set any progress count. */
export function setsProgress(changes: Readonly<Record<string, unknown>>): boolean {
  return UNITS.some((unit) => changes[unit.write] !== undefined);
}

/** Refuses a progress count above the work's known total; `work.title` must already be fit to show here. */
export function checkProgressWithinTotals(changes: Readonly<Record<string, unknown>>, work: AnyWork): void {
  for (const unit of UNITS) {
    const given = changes[unit.write];
    const total = numberAt(work, unit.total);
    if (typeof given !== 'number' || total === undefined || !Number.isFinite(total) || total <= 0 || given <= total) continue;
    const title = work.title?.trim();
    throw new UserFacingError(`lists.tooMany.${unit.unit}`, { hasTitle: title ? 'yes' : 'no', title: title ? `**${escapeMarkdown(title)}**` : '', total });
  }
}
