// List progress may not go past a work's known total: 30 episodes of a 26-episode title is refused
// before anything is written. An unknown total (0 or missing) allows any count.

import type { Anime, Manga } from '../service/work-types.js';
import { escapeMarkdown } from '../render/text.js';
import { UserFacingError } from '../interactions/user-errors.js';

interface Bound {
  /** The service field the update writes. */
  field: string;
  /** The option the user typed. */
  option: string;
  total: (work: Anime | Manga) => number | undefined;
  error: 'lists.tooMany.episodes' | 'lists.tooMany.volumes' | 'lists.tooMany.chapters';
}

const BOUNDS: readonly Bound[] = [
  { field: 'num_watched_episodes', option: 'episodes', total: (w) => ('num_episodes' in w ? w.num_episodes : undefined), error: 'lists.tooMany.episodes' },
  { field: 'num_volumes_read', option: 'volumes', total: (w) => ('num_volumes' in w ? w.num_volumes : undefined), error: 'lists.tooMany.volumes' },
  { field: 'num_chapters_read', option: 'chapters', total: (w) => ('num_chapters' in w ? w.num_chapters : undefined), error: 'lists.tooMany.chapters' },
];

/** Whether the changes (keyed by service field) set any progress count. */
export function setsProgress(changes: Readonly<Record<string, unknown>>): boolean {
  return BOUNDS.some((b) => changes[b.field] !== undefined);
}

/** Refuses a progress count above the work's known total; `work.title` must already be fit to show here. */
export function checkProgressWithinTotals(changes: Readonly<Record<string, unknown>>, work: Anime | Manga): void {
  for (const b of BOUNDS) {
    const given = changes[b.field];
    const total = b.total(work);
    if (typeof given !== 'number' || total === undefined || !Number.isFinite(total) || total <= 0 || given <= total) continue;
    const title = work.title?.trim();
    throw new UserFacingError(b.error, { hasTitle: title ? 'yes' : 'no', title: title ? `**${escapeMarkdown(title)}**` : '', total });
  }
}
