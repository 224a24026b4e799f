// How alike two members' tastes are, from their mirrored lists of one kind: the share of titles in
// common, the correlation of their scores on titles both scored, and the titles they agree and
// disagree on most. Pure: no store, no service.

import type { MirrorEntry } from './types.js';

/** Fewer titles both scored than this: the correlation is not worth a number. */
export const MIN_SCORED_TOGETHER = 5;
/** How many titles "agree most" and "disagree most" list each. */
export const AFFINITY_EXAMPLES = 3;
/** Scores at most this far apart count as agreeing. */
export const AGREE_MAX_GAP = 1;
/** Scores at least this far apart count as disagreeing. */
export const DISAGREE_MIN_GAP = 2;

export interface ScoredPair {
  id: number;
  /** The title as the first member's list has it (untrusted text). */
  title: string;
  nsfw: boolean;
  scoreA: number;
  scoreB: number;
}

export type CorrelationResult =
  | { kind: 'value'; value: number; basis: number }
  | { kind: 'too-few'; basis: number }
  /** Every score of one of the two is the same: no correlation can be computed. */
  | { kind: 'no-variance'; basis: number };

export interface Affinity {
  /** Titles on the first list, on the second, on both. */
  countA: number;
  countB: number;
  common: number;
  /** Titles on both lists out of titles on either (0 when both are empty). */
  commonShare: number;
  correlation: CorrelationResult;
  /** Titles both scored at most AGREE_MAX_GAP apart, closest (then best liked) first. */
  agree: ScoredPair[];
  /** Titles both scored at least DISAGREE_MIN_GAP apart, furthest first. */
  disagree: ScoredPair[];
}

/**
 * Pearson's correlation coefficient of two equally long series, or undefined when either has no
 * variance (or the series are shorter than 2).
 */
export function pearson(xs: readonly number[], ys: readonly number[]): number | undefined {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return undefined;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < n; i++) {
    sumX += xs[i] as number;
    sumY += ys[i] as number;
  }
  const meanX = sumX / n;
  const meanY = sumY / n;
  let cov = 0;
  let varX = 0;
  let varY = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - meanX;
    const dy = (ys[i] as number) - meanY;
    cov += dx * dy;
    varX += dx * dx;
    varY += dy * dy;
  }
  if (varX === 0 || varY === 0) return undefined;
  const r = cov / Math.sqrt(varX * varY);
  // Rounding can step just outside [-1, 1].
  return Math.max(-1, Math.min(1, r));
}

/** Agreement order: closest scores first, then the better-liked title, then the lower id (stable output). */
function byAgreement(a: ScoredPair, b: ScoredPair): number {
  return Math.abs(a.scoreA - a.scoreB) - Math.abs(b.scoreA - b.scoreB) || b.scoreA + b.scoreB - (a.scoreA + a.scoreB) || a.id - b.id;
}

/** Disagreement order: furthest scores first, then the lower id. */
function byDisagreement(a: ScoredPair, b: ScoredPair): number {
  return Math.abs(b.scoreA - b.scoreB) - Math.abs(a.scoreA - a.scoreB) || a.id - b.id;
}

/** Compares two members' lists of the same kind. */
export function computeAffinity(a: readonly MirrorEntry[], b: readonly MirrorEntry[]): Affinity {
  const byIdB = new Map<number, MirrorEntry>();
  for (const entry of b) byIdB.set(entry.id, entry);
  const idsA = new Set<number>();
  let common = 0;
  const pairs: ScoredPair[] = [];
  for (const entry of a) {
    if (idsA.has(entry.id)) continue;
    idsA.add(entry.id);
    const other = byIdB.get(entry.id);
    if (!other) continue;
    common++;
    if (entry.score > 0 && other.score > 0) {
      pairs.push({ id: entry.id, title: entry.title, nsfw: entry.nsfw || other.nsfw, scoreA: entry.score, scoreB: other.score });
    }
  }
  const countA = idsA.size;
  const countB = byIdB.size;
  const union = countA + countB - common;
  const basis = pairs.length;
  let correlation: CorrelationResult;
  if (basis < MIN_SCORED_TOGETHER) {
    correlation = { kind: 'too-few', basis };
  } else {
    const r = pearson(
      pairs.map((p) => p.scoreA),
      pairs.map((p) => p.scoreB),
    );
    correlation = r === undefined ? { kind: 'no-variance', basis } : { kind: 'value', value: r, basis };
  }
  const gap = (p: ScoredPair) => Math.abs(p.scoreA - p.scoreB);
  const agree = pairs.filter((p) => gap(p) <= AGREE_MAX_GAP).sort(byAgreement).slice(0, AFFINITY_EXAMPLES);
  const disagree = pairs.filter((p) => gap(p) >= DISAGREE_MIN_GAP).sort(byDisagreement).slice(0, AFFINITY_EXAMPLES);
  return { countA, countB, common, commonShare: union === 0 ? 0 : common / union, correlation, agree, disagree };
}
