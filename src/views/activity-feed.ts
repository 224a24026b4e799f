// The activity feed's "Add to my list": what a click does for whoever clicks, through their own login.
// The posts, their buttons' ids, the answers and the /feed channel answers are built in
// src/render/feed-post.ts and src/render/feed-channels.ts; the button's handler is in
// commands/components/feed.ts.

import type { BaseContext } from '../interactions/context.js';
import type { TokenSource } from '../service/token-source.js';
import { addedToListMessage, alreadyOnListMessage } from '../render/feed-post.js';
import type { RenderedMessage } from '../render/limits.js';
import { term } from '../render/terms.js';
import { clipPlain, escapeMarkdown } from '../render/text.js';
import { fields } from '../service/fields.js';
import { KINDS, type WorkKind } from '../service/kinds.js';
import { KIND_FIELDS } from './kind-views.js';
import { mirrorListChange } from './mirror-hook.js';
import { isNsfw, maskTitle } from './nsfw.js';

/**
 * "Add to my list" for whoever clicks, through their own login (unlinked users are told to /login): a
 * title not on their list is added as plan to watch/read; one already there is left as it is.
 */
export async function addPlanned(ctx: BaseContext, kind: WorkKind, id: number, auth: TokenSource): Promise<RenderedMessage> {
  const spec = KINDS[kind];
  // What the mirror hook keeps of the work: its rating, its main count and, where the kind has it, episode length.
  const kept = fields('nsfw', spec.mainProgress.total, ...(spec.has.episodeLength ? (['average_episode_duration'] as const) : []), KIND_FIELDS[kind].myStatus);
  const work = await ctx.deps.service.getWork(kind, id, { fields: kept }, { auth });
  const { t } = ctx;
  const name = escapeMarkdown(clipPlain(maskTitle(t, work.title, work.nsfw, ctx.where), 150));
  const current = work.my_list_status?.status;
  if (current !== undefined) return alreadyOnListMessage(t, name, term(t, 'listStatus', current));
  const status = spec.planned;
  const updated = await ctx.deps.service.updateListStatus(kind, id, { status }, { auth });
  // The clicker's mirror follows at once when they joined a server's community (never failing the add).
  await mirrorListChange(ctx, kind, work, updated);
  return addedToListMessage(t, name, term(t, 'listStatus', status), isNsfw(work.nsfw) && !ctx.where.ageRestricted);
}
