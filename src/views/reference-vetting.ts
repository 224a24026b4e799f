// Related works and recommendations arrive without an nsfw rating, so outside age-restricted
// channels each one is named only when it is known to be white. Ratings come from the deployment's
// shared record (src/known-works/nsfw-ratings.ts); only a few unknown ones are looked up per answer,
// so an uncached details answer stays at about one upstream request. The rest wait, unnamed, for
// whoever presses "Check more related works" (a look-up each, recorded for every later viewer).

import PQueue from 'p-queue';
import type { BaseContext } from '../interactions/context.js';
import { MAX_RECOMMENDATIONS, MAX_RELATED } from '../render/details.js';
import { fields } from '../service/fields.js';
import type { Anime, Manga, Recommendation, RelatedWork, WorkKind } from '../service/work-types.js';

/** A few lookups at a time: the service answers bursts with 403 throttling. */
const LOOKUPS_AT_ONCE = 4;
/** How long vetting referenced works may add to an answer. */
export const VETTING_BUDGET_MS = 2_500;
/** Unknown ratings looked up while answering a details command (none: a details answer costs one request); they are checked on demand. */
export const LOOKUPS_PER_DETAILS = 0;

export interface Vetted<W> {
  work: W;
  /** Shown-eligible references left out because their rating is not known yet. */
  unchecked: number;
}

/** Whether the service marks a work white, recording the rating; a failed lookup counts as not white. */
async function lookUp(ctx: BaseContext, kind: WorkKind, id: number, signal: AbortSignal): Promise<boolean> {
  try {
    const work = await ctx.deps.service.getWork(kind, id, { fields: fields('nsfw') }, { signal });
    await ctx.deps.nsfwRatings.remember(kind, [work]);
    return work.nsfw === 'white';
  } catch (error) {
    if (!signal.aborted) ctx.deps.log.warn('could not check whether a referenced work is safe; leaving it out', { kind, id, error });
    return false;
  }
}

type Verdict = 'white' | 'not-white' | 'unchecked';

/** Keeps the references known or found to be white; at most `lookups` unknown ratings are looked up. */
export async function withSafeReferences<W extends Anime | Manga>(ctx: BaseContext, kind: WorkKind, work: W, lookups: number): Promise<Vetted<W>> {
  const queue = new PQueue({ concurrency: LOOKUPS_AT_ONCE });
  // A slow service must not hold the answer: what is not vetted in time is left out, and the look-ups
  // still waiting or running are cancelled so they do not crowd the connections other answers need.
  const budget = AbortSignal.timeout(VETTING_BUDGET_MS);
  const verdicts = new Map<string, Promise<Verdict>>();
  let lookupsLeft = lookups;
  const verdict = (k: WorkKind, id: number): Promise<Verdict> => {
    const key = `${k}:${id}`;
    let found = verdicts.get(key);
    if (!found) {
      found = ctx.deps.nsfwRatings.get(k, id).then(async (known): Promise<Verdict> => {
        if (known !== undefined) return known === 'white' ? 'white' : 'not-white';
        if (lookupsLeft <= 0) return 'unchecked';
        lookupsLeft--;
        // A look-up still queued when the budget ends is dropped (p-queue rejects it): not vetted, left out.
        const white = await queue.add(() => lookUp(ctx, k, id, budget), { signal: budget }).catch(() => false);
        return white ? 'white' : 'not-white';
      });
      verdicts.set(key, found);
    }
    return found;
  };
  let unchecked = 0;
  const keep = async <R extends RelatedWork | Recommendation>(k: WorkKind, items: R[] | undefined, max: number): Promise<R[]> => {
    const shown = (items ?? []).filter((r) => r.node).slice(0, max);
    const results = await Promise.all(shown.map((r) => verdict(k, r.node?.id ?? 0)));
    unchecked += results.filter((v) => v === 'unchecked').length;
    return shown.filter((_, i) => results[i] === 'white');
  };
  const [relatedAnime, relatedManga, recommendations] = await Promise.all([
    keep('anime', work.related_anime, MAX_RELATED),
    keep('manga', work.related_manga, MAX_RELATED),
    keep(kind, work.recommendations, MAX_RECOMMENDATIONS),
  ]);
  return {
    work: {
      ...work,
      ...(work.related_anime ? { related_anime: relatedAnime } : {}),
      ...(work.related_manga ? { related_manga: relatedManga } : {}),
      ...(work.recommendations ? { recommendations } : {}),
    },
    unchecked,
  };
}
