// Finding pool titles from what a person types: every title form the bot knows (main, English,
// Japanese, synonyms), case and accents ignored, a typed ID (`123`, `#123`) or an autocomplete pick
// (`id:123`). The order depends only on the pool and the text typed (how well a form matches, then the
// pool's popularity order), never on a game's secret. No service request.

import type { GamePool, PoolTitle } from './pool.js';

/** Lower case, accents and other marks removed, every run of punctuation or spaces as one space. */
export function normalizeTitle(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Every form of a title the bot knows, as written. */
export function titleForms(t: PoolTitle): string[] {
  return [t.title, t.en, t.ja, ...t.synonyms].filter((f): f is string => typeof f === 'string' && f.trim() !== '');
}

interface Indexed {
  title: PoolTitle;
  forms: string[];
}

const indexes = new WeakMap<GamePool, { rows: Indexed[]; byId: Map<number, PoolTitle> }>();

function indexOf(pool: GamePool) {
  let index = indexes.get(pool);
  if (!index) {
    index = {
      rows: pool.titles.map((title) => ({ title, forms: [...new Set(titleForms(title).map(normalizeTitle).filter((f) => f !== ''))] })),
      byId: new Map(pool.titles.map((t) => [t.id, t])),
    };
    indexes.set(pool, index);
  }
  return index;
}

/** A typed or picked ID: `id:123`, `#123`, `123`. */
export function typedId(input: string): number | undefined {
  const m = /^\s*(?:id:|#)?(\d{1,9})\s*$/i.exec(input);
  return m ? Number(m[1]) : undefined;
}

/** How well a form matches the typed text: 0 the same, 1 starts with it, 2 a word starts with it, 3 contains it. */
function rank(form: string, q: string): number | undefined {
  if (form === q) return 0;
  if (form.startsWith(q)) return 1;
  if (form.includes(` ${q}`)) return 2;
  return form.includes(q) ? 3 : undefined;
}

/** Titles matching the text, best first (a typed ID's title first of all), at most `limit`. */
export function searchPool(pool: GamePool, input: string, limit = 25): PoolTitle[] {
  const { rows, byId } = indexOf(pool);
  const id = typedId(input);
  const first = id === undefined ? undefined : byId.get(id);
  const q = normalizeTitle(input);
  if (q === '') return rows.slice(0, limit).map((r) => r.title);
  const scored: Array<{ t: PoolTitle; r: number; i: number }> = [];
  rows.forEach((row, i) => {
    if (row.title === first) return;
    let best: number | undefined;
    for (const form of row.forms) {
      const r = rank(form, q);
      if (r !== undefined && (best === undefined || r < best)) best = r;
    }
    if (best !== undefined) scored.push({ t: row.title, r: best, i });
  });
  scored.sort((a, b) => a.r - b.r || a.i - b.i);
  return [...(first ? [first] : []), ...scored.map((s) => s.t)].slice(0, limit);
}

function bigrams(text: string): Map<string, number> {
  const m = new Map<string, number>();
  const s = ` ${text} `;
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

function similarity(a: Map<string, number>, b: Map<string, number>, sizeA: number, sizeB: number): number {
  let shared = 0;
  for (const [g, n] of a) shared += Math.min(n, b.get(g) ?? 0);
  return (2 * shared) / (sizeA + sizeB || 1);
}

/** The titles whose forms look most like the text (for a guess not in the pool), best first. */
export function closestTitles(pool: GamePool, input: string, limit = 5): PoolTitle[] {
  const q = normalizeTitle(input);
  if (q === '') return [];
  const matched = searchPool(pool, input, limit);
  if (matched.length > 0) return matched;
  const qg = bigrams(q);
  const qn = q.length + 1;
  const scored = indexOf(pool).rows.map((row, i) => ({
    t: row.title,
    i,
    s: Math.max(0, ...row.forms.map((f) => similarity(qg, bigrams(f), qn, f.length + 1))),
  }));
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  return scored.filter((x) => x.s > 0.2).slice(0, limit).map((x) => x.t);
}

/** Whether typed text is one of the title's forms (case, accents and punctuation ignored), even one it shares with another title. */
export function isFormOf(t: PoolTitle, input: string): boolean {
  const q = normalizeTitle(input);
  return q !== '' && titleForms(t).some((f) => normalizeTitle(f) === q);
}

/** The pool title a guess names: an ID (picked or typed) or exactly one of its forms; undefined otherwise. */
export function resolveGuess(pool: GamePool, input: string): PoolTitle | undefined {
  const { rows, byId } = indexOf(pool);
  const id = typedId(input);
  const byTypedId = id === undefined ? undefined : byId.get(id);
  if (byTypedId) return byTypedId;
  const q = normalizeTitle(input);
  if (q === '') return undefined;
  // A title whose main form is the input wins over one that has it only as another form (an English
  // title or a synonym shared with another work); among equals, the more popular one.
  let best: { title: PoolTitle; form: number } | undefined;
  for (const row of rows) {
    const form = row.forms.indexOf(q);
    if (form >= 0 && (best === undefined || form < best.form)) best = { title: row.title, form };
  }
  return best?.title;
}
