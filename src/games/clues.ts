// The daily puzzle's clues: one guessed title against the secret, field by field. A clue says what the
// guess has and how the secret compares (earlier/later, fewer/more, lower/higher, the same or not,
// which names they share), never the secret's own value. The grid's squares come from the same verdicts.

import type { GameKind, PoolTitle } from './pool.js';

/** How the secret compares with the guess on one field. `higher`: the secret's value is higher (later, more). */
export type Verdict = 'match' | 'partial' | 'miss' | 'higher' | 'lower' | 'unknown';

export type ClueField = 'year' | 'season' | 'mediaType' | 'episodes' | 'score' | 'studios' | 'genres' | 'source' | 'volumes' | 'chapters' | 'authors' | 'serialization';

export interface Clue {
  field: ClueField;
  verdict: Verdict;
  /** The guess's value, as shown (numbers as numbers; names joined by the renderer); undefined: not known. */
  value: number | string | string[] | undefined;
  /** For names: those the secret shares with the guess. */
  shared?: string[];
}

export const CLUE_FIELDS: Record<GameKind, readonly ClueField[]> = {
  anime: ['year', 'season', 'mediaType', 'episodes', 'score', 'studios', 'genres', 'source'],
  manga: ['year', 'mediaType', 'volumes', 'chapters', 'score', 'authors', 'serialization', 'genres'],
};

function compareNumbers(guess: number | undefined, secret: number | undefined): Verdict {
  if (guess === undefined || secret === undefined) return guess === secret ? 'match' : 'unknown';
  if (guess === secret) return 'match';
  return secret > guess ? 'higher' : 'lower';
}

function compareText(guess: string | undefined, secret: string | undefined): Verdict {
  if (guess === undefined || secret === undefined) return guess === secret ? 'match' : 'unknown';
  return guess === secret ? 'match' : 'miss';
}

function compareNames(guess: readonly string[] | undefined, secret: readonly string[] | undefined): { verdict: Verdict; shared: string[] } {
  const g = guess ?? [];
  const s = new Set((secret ?? []).map((n) => n.toLowerCase()));
  const shared = g.filter((n) => s.has(n.toLowerCase()));
  if (g.length === 0 && s.size === 0) return { verdict: 'match', shared };
  if (g.length === 0 || s.size === 0) return { verdict: 'unknown', shared };
  if (shared.length === g.length && shared.length === s.size) return { verdict: 'match', shared };
  return { verdict: shared.length > 0 ? 'partial' : 'miss', shared };
}

function clueFor(field: ClueField, guess: PoolTitle, secret: PoolTitle): Clue {
  switch (field) {
    case 'year':
    case 'episodes':
    case 'score':
    case 'volumes':
    case 'chapters':
      return { field, verdict: compareNumbers(guess[field], secret[field]), value: guess[field] };
    case 'season':
    case 'mediaType':
    case 'source':
      return { field, verdict: compareText(guess[field], secret[field]), value: guess[field] };
    case 'studios':
    case 'genres':
    case 'authors':
    case 'serialization': {
      const { verdict, shared } = compareNames(guess[field], secret[field]);
      return { field, verdict, value: guess[field] ?? [], shared };
    }
  }
}

/** The row of clues for a guess against the secret, in the kind's order. */
export function cluesFor(kind: GameKind, guess: PoolTitle, secret: PoolTitle): Clue[] {
  return CLUE_FIELDS[kind].map((field) => clueFor(field, guess, secret));
}

const SQUARE: Record<Verdict, string> = { match: '🟩', partial: '🟨', miss: '⬛', higher: '🔼', lower: '🔽', unknown: '⬜' };

/** One grid row: a square per clue, and 🎯 for the solving guess (no title, no value). */
export function gridRow(clues: readonly Clue[], solved: boolean): string {
  return solved ? `🎯${SQUARE.match.repeat(clues.length)}` : `❌${clues.map((c) => SQUARE[c.verdict]).join('')}`;
}

export const verdictSquare = (v: Verdict): string => SQUARE[v];
