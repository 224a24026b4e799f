// Every repository path the documents name exists: a link (relative to the document, with its
// #anchor checked against the target's headings) or a code span that starts with a top-level folder
// of the repository (`src/…`, `test/…`). `<placeholders>` and `*` in a path match any name.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DOCUMENTS = ['README.md', 'bench/README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const TOP = new Set(readdirSync(ROOT).filter((f) => f !== 'node_modules' && f !== '.git'));

/** GitHub's anchor for a heading. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] ?? '')));
}

/** Whether a path with `<name>` or `*` parts matches something in the tree. */
function pathExists(path: string): boolean {
  const parts = path.replace(/\/$/, '').split('/');
  let candidates = [ROOT];
  for (const part of parts) {
    const wild = /[<*]/.test(part);
    const pattern = wild ? new RegExp(`^${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>|\*/g, '.+')}$`) : undefined;
    candidates = candidates.flatMap((dir) => {
      if (!pattern) return existsSync(join(dir, part)) ? [join(dir, part)] : [];
      if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
      return readdirSync(dir).filter((n) => pattern.test(n)).map((n) => join(dir, n));
    });
    if (candidates.length === 0) return false;
  }
  return true;
}

interface Named {
  document: string;
  path: string;
}

function namedPaths(document: string): { links: Named[]; spans: Named[] } {
  const text = readFileSync(join(ROOT, document), 'utf8');
  const prose = text.replace(/```[\s\S]*?```/g, '');
  const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((href) => !/^[a-z]+:/i.test(href));
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)]
    .map((m) => (m[1] ?? '').trim())
    .filter((span) => /^[\w.-]+\/[\w.<>*/-]*$/.test(span) && TOP.has(span.split('/')[0] ?? ''));
  return { links: links.map((path) => ({ document, path })), spans: spans.map((path) => ({ document, path })) };
}

describe('paths written in the documents exist', () => {
  for (const document of DOCUMENTS) {
    it(document, () => {
      const { links, spans } = namedPaths(document);
      const missing: string[] = [];
      for (const { path } of spans) if (!pathExists(path)) missing.push(`\`${path}\``);
      for (const { path: href } of links) {
        const [target = '', anchor] = href.split('#');
        const file = target === '' ? join(ROOT, document) : resolve(dirname(join(ROOT, document)), target);
        if (!existsSync(file)) {
          missing.push(`(${href})`);
          continue;
        }
        if (anchor && file.endsWith('.md') && !anchors(file).has(anchor)) missing.push(`(${href}): no heading #${anchor} in ${relative(ROOT, file)}`);
      }
      expect(missing, `${document} names paths that do not exist`).toEqual([]);
    });
  }

  it('reads the paths it checks', () => {
    // The check itself: it finds paths and refuses a missing one.
    expect(namedPaths('README.md').links.length).toBeGreaterThan(5);
    expect(pathExists('src/i18n/messages/<area>/<locale>.ts')).toBe(true);
    expect(pathExists('src/scheduler/')).toBe(false);
    expect(slug('3. Configure')).toBe('3-configure');
  });
});
