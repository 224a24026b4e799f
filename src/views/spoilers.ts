// What one answer knows to decide spoilers (src/render/spoilers.ts): the spoiler policy that applies to
// the person (theirs, else their server's default, else `sequels`) and the titles their list shows
// completed, from the server community's mirror of a joined member and any list this answer read for
// them. Both come from the store, read while the service answers; never another request.

import type { BaseContext } from '../interactions/context.js';
import type { SpoilerPolicy } from '../preferences/title-preferences.js';
import { type CompletedKnowledge } from '../render/spoilers.js';
import { KINDS, WORK_KINDS, type WorkKind } from '../service/kinds.js';
import { storeReadOrFallback } from './store-deadline.js';

export interface SpoilerKnowledge {
  policy: SpoilerPolicy;
  completed: CompletedKnowledge;
}

async function mirroredCompleted(ctx: BaseContext): Promise<CompletedKnowledge> {
  const mirrors = await Promise.all(WORK_KINDS.map((kind) => ctx.deps.social.mirror(ctx.userId, kind)));
  const known: CompletedKnowledge = {};
  WORK_KINDS.forEach((kind, i) => {
    const mirror = mirrors[i];
    if (mirror) known[kind] = new Set(mirror.entries.filter((e) => e.status === KINDS[kind].finished).map((e) => e.id));
  });
  return known;
}

/** Two knowledges of one person joined: a title completed in either counts. */
export function joinKnowledge(a: CompletedKnowledge, b: CompletedKnowledge): CompletedKnowledge {
  const out: CompletedKnowledge = { ...a };
  for (const kind of WORK_KINDS) {
    const extra = b[kind];
    if (extra === undefined) continue;
    const own = out[kind];
    out[kind] = own === undefined ? extra : new Set([...own, ...extra]);
  }
  return out;
}

/** The completed titles of a list read in this answer, as knowledge of its kind. */
export function completedOfList(kind: WorkKind, ids: Iterable<number>): CompletedKnowledge {
  return { [kind]: new Set(ids) };
}

const UNKNOWN: SpoilerKnowledge = { policy: 'sequels', completed: {} };

/**
 * The person's policy and mirrored completions, each in the time of two store steps; a slow or failing
 * store gives `sequels` and nothing known (a sequel's synopsis is then hidden, never shown by mistake).
 */
export async function spoilerKnowledge(ctx: BaseContext): Promise<SpoilerKnowledge> {
  const policy = ctx.deps.preferences.spoilersFor(ctx.userId, ctx.guildId).then((applied) => applied.policy);
  const [read, completed] = await Promise.all([
    storeReadOrFallback(ctx, policy, UNKNOWN.policy, 'the spoiler policy', 2),
    storeReadOrFallback(ctx, mirroredCompleted(ctx), UNKNOWN.completed, 'the mirrored list', 2),
  ]);
  return { policy: read, completed };
}
