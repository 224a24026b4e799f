// A list change made through the bot (`/list … update|remove`, the "+1" and status buttons, reminder
// buttons) updates the server community's mirror at once. It never makes the user's action fail: a
// mirror that cannot follow is logged and caught up by the next sync.

import type { BaseContext } from '../interactions/context.js';
import type { AnyEntry, AnyWork, WorkKind } from '../service/kinds.js';
import { mirrorEntryOf } from '../community/list-source.js';

/** `status` undefined: the title was removed from the list. */
export async function mirrorListChange(ctx: BaseContext, kind: WorkKind, work: AnyWork, status: AnyEntry | undefined): Promise<void> {
  try {
    if (status === undefined) {
      await ctx.deps.social.listChanged(ctx.userId, kind, work.id, undefined);
      return;
    }
    // The service's rating (with the answer, or kept); one not known counts as not safe for work (mirrorEntryOf).
    const nsfw = work.nsfw ?? (await ctx.deps.nsfwRatings.get(kind, work.id));
    const entry = mirrorEntryOf(kind, nsfw === undefined ? work : { ...work, nsfw }, status);
    if (!entry) return;
    await ctx.deps.social.listChanged(ctx.userId, kind, work.id, entry.updatedAt > 0 ? entry : { ...entry, updatedAt: ctx.deps.now() });
  } catch (error) {
    ctx.deps.log.warn('the server mirror could not follow a list change; the next sync will', { error });
  }
}
