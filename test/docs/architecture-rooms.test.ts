// The documents keep step with the code where a test can see it: every room in .dependency-cruiser.cjs
// (LAYERS) and every folder under src/ is named in docs/ARCHITECTURE.md (its diagram draws the rooms in
// LAYERS' order) and has its own row in docs/development.md's layout table, as does every top-level
// folder of the repository; every rule a subcommand may declare (src/interactions/rules.ts) is named in
// ARCHITECTURE; ARCHITECTURE's table rows are one short line each; the README links every docs page.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** The longest a table row of ARCHITECTURE.md may be. */
const ROW_CAP = 400;

interface Layer {
  name: string;
  /** The room's paths: `src/app/`, `src/index.ts`, `commands/`. */
  paths: string[];
}

/** A LAYERS path pattern (`^src/(transport|web|metrics)/`) as the paths it stands for. */
export function expandRoomPattern(pattern: string): string[] {
  const body = pattern.replace(/^\^/, '');
  const group = /^(.*?)\((.*)\)(.*)$/.exec(body);
  const alternatives = group ? (group[2] ?? '').split('|').map((a) => `${group[1] ?? ''}${a}${group[3] ?? ''}`) : [body];
  return alternatives.map((a) => a.replace(/\\\./g, '.').replace(/\$$/, ''));
}

/** The rooms, read from the layering rules themselves (the downward rules are built from LAYERS). */
function layers(): Layer[] {
  const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
    forbidden: Array<{ name: string; comment: string; from: { path?: string; pathNot?: string[] } }>;
  };
  const everyRoom = config.forbidden.find((r) => r.name === 'every-bot-file-has-a-room')?.from.pathNot ?? [];
  const names = new Map<string, string>();
  for (const rule of config.forbidden.filter((r) => r.name.endsWith('-imports-downward-only'))) {
    const m = /^(.+) must not import (.+) \(rooms import downward only/.exec(rule.comment);
    if (!m || rule.from.path === undefined) continue;
    names.set(rule.from.path, m[1] ?? '');
    // The top room imports nothing above it, so it is named only in what the others must not import.
    if (!names.has(everyRoom[0] ?? '')) names.set(everyRoom[0] ?? '', (m[2] ?? '').split(', ')[0] ?? '');
  }
  return everyRoom.map((path) => ({ name: names.get(path) ?? '', paths: expandRoomPattern(path) }));
}

/** Folders directly under src/ (as `src/<name>/`) and the files there (`src/index.ts`). */
function srcEntries(): string[] {
  return readdirSync(join(ROOT, 'src')).map((n) => (statSync(join(ROOT, 'src', n)).isDirectory() ? `src/${n}/` : `src/${n}`));
}

/** The repository's top-level folders, leaving out .git and what .gitignore ignores (node_modules/, .tmp/, …). */
function topFolders(): string[] {
  const ignored = new Set(
    read('.gitignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.endsWith('/'))
      .map((l) => l.replace(/^\//, '').replace(/\/$/, '')),
  );
  ignored.add('.git');
  return readdirSync(ROOT)
    .filter((n) => !ignored.has(n) && statSync(join(ROOT, n)).isDirectory())
    .map((n) => `${n}/`);
}

/** Code spans in a piece of markdown. */
const spans = (text: string): string[] => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');

/** The rows of the table whose header's first cell is `first` (each row's cells, split on `|`). */
function tableRows(markdown: string, first: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^\\|\\s*${first}\\s*\\|`).test(l));
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((c) => c.trim()));
  }
  return rows;
}

/** The keys a definition may declare, from the rule types of src/interactions/rules.ts. */
function declaredRuleKeys(): string[] {
  const source = read('src/interactions/rules.ts');
  const keys = new Set<string>();
  for (const name of ['PlaceRule', 'LinkRule', 'LockRule']) {
    const m = new RegExp(`export (?:type ${name} =|interface ${name} \\{)([\\s\\S]*?)(?:;\\n\\n|\\n\\}\\n)`).exec(source);
    expect(m, `rules.ts declares ${name}`).not.toBeNull();
    for (const k of (m?.[1] ?? '').matchAll(/readonly (\w+)\??:/g)) keys.add(k[1] ?? '');
  }
  return [...keys];
}

/** Problems with ARCHITECTURE's tables: a row over the cap, or a line that continues a row. */
export function tableProblems(markdown: string): string[] {
  const problems: string[] = [];
  const lines = markdown.replace(/```[\s\S]*?```/g, '').split('\n');
  lines.forEach((line, i) => {
    if (!line.startsWith('|')) return;
    if (line.length > ROW_CAP) problems.push(`line ${i + 1}: a row of ${line.length} characters (cap ${ROW_CAP})`);
    const next = lines[i + 1];
    if (next !== undefined && next.trim() !== '' && !next.startsWith('|')) problems.push(`line ${i + 2}: continues the row above`);
  });
  return problems;
}

const ARCHITECTURE = read('docs/ARCHITECTURE.md');
const DEVELOPMENT = read('docs/development.md');

describe('docs/ARCHITECTURE.md keeps step with the rooms', () => {
  const rooms = layers();

  it('reads the rooms from .dependency-cruiser.cjs', () => {
    expect(rooms.length).toBeGreaterThan(5);
    expect(rooms[0]).toEqual({ name: 'composition root', paths: ['src/index.ts', 'src/app/'] });
    expect(rooms.every((r) => r.name !== '')).toBe(true);
    expect(expandRoomPattern('^src/(transport|web|metrics)/')).toEqual(['src/transport/', 'src/web/', 'src/metrics/']);
  });

  it('names every room path and every folder under src/', () => {
    const named = new Set(spans(ARCHITECTURE));
    const wanted = [...new Set([...rooms.flatMap((r) => r.paths), ...srcEntries()])];
    expect(wanted.filter((p) => !named.has(p))).toEqual([]);
  });

  it('draws the rooms in the order of LAYERS, each with its folders', () => {
    const diagram = /```mermaid\n([\s\S]*?)```/.exec(ARCHITECTURE)?.[1] ?? '';
    const lower = diagram.toLowerCase();
    let at = -1;
    for (const room of rooms) {
      const found = lower.indexOf(room.name.toLowerCase(), at + 1);
      expect(found, `the diagram names "${room.name}" after the room above it`).toBeGreaterThan(at);
      at = found;
      for (const path of room.paths) {
        const last = path.replace(/\/$/, '').split('/').pop() ?? path;
        expect(diagram, `the diagram draws ${path}`).toContain(last);
      }
    }
  });

  it('names every rule a definition may declare', () => {
    const keys = declaredRuleKeys();
    expect(keys).toEqual(expect.arrayContaining(['only', 'permission', 'linked', 'listLock', 'creatorOr']));
    expect(keys.filter((k) => !new RegExp(`\`${k}[\`:]`).test(ARCHITECTURE))).toEqual([]);
  });

  it('has tables of one short line per row', () => {
    expect(tableProblems(ARCHITECTURE)).toEqual([]);
    expect(tableProblems(`| a |\n|---|\n| ${'x'.repeat(ROW_CAP)} |\n`)).toHaveLength(1);
    expect(tableProblems('| a |\n|---|\n| b |\n  more of b\n')).toHaveLength(1);
  });
});

describe("docs/development.md's layout table", () => {
  const rows = tableRows(DEVELOPMENT, 'folder');

  it('has one row per folder, each naming one path', () => {
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => spans(r[0] ?? '').length !== 1).map((r) => r[0])).toEqual([]);
    expect(tableProblems(DEVELOPMENT)).toEqual([]);
  });

  it('names every room path, every folder under src/ and every top-level folder', () => {
    const named = new Set(rows.flatMap((r) => spans(r[0] ?? '')));
    // src/ itself is the rows of what it holds.
    const wanted = [...new Set([...layers().flatMap((r) => r.paths), ...srcEntries(), ...topFolders().filter((f) => f !== 'src/')])];
    expect(wanted.filter((p) => !named.has(p))).toEqual([]);
  });
});

describe("README's docs table", () => {
  it('links every page of docs/', () => {
    const readme = read('README.md');
    const pages = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(5);
    const linked = new Set([...readme.matchAll(/^\| \[docs\/([\w.-]+\.md)\]\(docs\/\1\) \|/gm)].map((m) => m[1]));
    expect(pages.filter((p) => !linked.has(p))).toEqual([]);
  });
});
