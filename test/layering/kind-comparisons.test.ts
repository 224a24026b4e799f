// Anime and manga go through one path: a feature asks the kind tables (src/service/kinds.ts,
// src/render/kind-words.ts, src/views/kind-views.ts) what a kind has, and never which kind it is.
// At most MAX comparisons of a kind with 'anime' or 'manga' may stand in src/ and commands/, each
// where behaviour truly differs.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MAX = 10;
const COMPARISON = /\b\w*[kK]ind\w*(?:\.\w+)*\s*[!=]==?\s*['"`](?:anime|manga)['"`]|['"`](?:anime|manga)['"`]\s*[!=]==?\s*\w*[kK]ind\b/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

export function kindComparisons(text: string): number {
  return [...text.matchAll(COMPARISON)].length;
}

describe('anime and manga through one path', () => {
  it(`has at most ${MAX} kind comparisons in src/ and commands/`, () => {
    const found = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'commands'))].flatMap((file) => {
      const n = kindComparisons(readFileSync(file, 'utf8'));
      return n > 0 ? [`${relative(ROOT, file)}: ${n}`] : [];
    });
    const total = found.reduce((sum, line) => sum + Number(line.split(': ')[1]), 0);
    expect(total, `kind comparisons:\n${found.join('\n')}`).toBeLessThanOrEqual(MAX);
  });

  it('counts the comparisons it is meant to find', () => {
    expect(kindComparisons(`if (kind === 'anime') a(); const m = item.kind !== "manga"; if ('manga' === kind) b();`)).toBe(3);
    expect(kindComparisons(`const kinds = ['anime', 'manga']; KINDS[kind].planned;`)).toBe(0);
  });
});
