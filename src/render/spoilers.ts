// Spoiler-safe synopses, decided once for every answer and every post the bot makes: a title's
// synopsis goes behind Discord's spoiler tags (`||…||`) by the policy that applies (a person's
// /settings spoilers, a server's default for what the bot posts on its own) and what the bot knows,
// without another request, of the reader's list. Pure: the caller reads the policy and the list
// from the store (src/views/spoilers.ts, src/preferences/title-preferences.ts's serverSpoilerPolicy). Watch-party descriptions and any other post call
// `synopsisHidden` and `spoilerTagged`.

import { SPOILER_POLICY_DEFAULT, type SpoilerPolicy } from '../preferences/title-preferences.js';
import type { WorkKind } from '../service/kinds.js';
import type { RelatedWork } from '../service/work-types.js';
import { truncate } from './text.js';

export { SPOILER_POLICIES, SPOILER_POLICY_DEFAULT, isSpoilerPolicy, type SpoilerPolicy } from '../preferences/title-preferences.js';

/**
 * Whether a synopsis is hidden behind spoiler tags: `always` hides every synopsis, `never` none, and
 * `sequels` (the default) the synopsis of a title with a prequel unless the reader's list is known to
 * show the prequel completed (`undefined`: not known, so hidden).
 */
export function synopsisHidden(policy: SpoilerPolicy | undefined, hasPrequel: boolean, prequelCompleted: boolean | undefined): boolean {
  switch (policy ?? SPOILER_POLICY_DEFAULT) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'sequels':
      return hasPrequel && prequelCompleted !== true;
  }
}

/** A related title on a work's page: its kind (from `related_anime` or `related_manga`) and id. */
export interface WorkRefOfKind {
  kind: WorkKind;
  id: number;
}

function prequelsIn(kind: WorkKind, related: readonly RelatedWork[] | undefined): WorkRefOfKind[] {
  return (related ?? []).flatMap((r) => (r.relation_type?.trim().toLowerCase() === 'prequel' && typeof r.node?.id === 'number' ? [{ kind, id: r.node.id }] : []));
}

/** The work's prequels, as its `related_anime` and `related_manga` name them (relation `prequel`). */
export function prequelsOf(work: { related_anime?: readonly RelatedWork[]; related_manga?: readonly RelatedWork[] }): WorkRefOfKind[] {
  return [...prequelsIn('anime', work.related_anime), ...prequelsIn('manga', work.related_manga)];
}

/** What the bot knows of a reader's list without asking the service: the ids they completed, by kind (absent kind: not known). */
export type CompletedKnowledge = Partial<Record<WorkKind, ReadonlySet<number>>>;

/** Whether every prequel is known completed; undefined when some prequel's list is not known, false when known not completed. */
export function prequelsCompleted(prequels: readonly WorkRefOfKind[], known: CompletedKnowledge): boolean | undefined {
  let unknown = false;
  for (const p of prequels) {
    const set = known[p.kind];
    if (set === undefined) unknown = true;
    else if (!set.has(p.id)) return false;
  }
  return unknown ? undefined : true;
}

/** The decision for one work and one reader: hide its synopsis? */
export function hideSynopsisOf(policy: SpoilerPolicy | undefined, work: Parameters<typeof prequelsOf>[0], known: CompletedKnowledge): boolean {
  const prequels = prequelsOf(work);
  return synopsisHidden(policy, prequels.length > 0, prequels.length > 0 ? prequelsCompleted(prequels, known) : undefined);
}

const TAG = '||';

/**
 * Escaped markdown (escapeMarkdown's output) behind spoiler tags, in at most `max` characters. Any
 * `||` the text still holds (a bare URL is left unescaped) is broken up so it cannot close the tags
 * early; the text is shortened inside the tags, so the closing tag is never cut off.
 */
export function spoilerTagged(markdown: string, max: number): string {
  const inner = markdown.trim().replace(/\|(?=\|)/g, '|\u200b').replace(/\|$/, '|\u200b');
  if (inner === '' || max <= TAG.length * 2) return '';
  return `${TAG}${truncate(inner, max - TAG.length * 2)}${TAG}`;
}
