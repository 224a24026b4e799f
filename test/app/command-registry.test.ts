// The registry collects each command's buttons, menus, forms and paged lists (defineCommand's parts)
// with the shared pager and "open" menu: one handler per custom-id kind, and every kind a custom id
// is built with (encodeCustomId anywhere in src/ or commands/) has a handler, so a new button cannot
// ship unrouted and adding one never touches src/app/.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { commands, components } from '../../src/app/command-registry.js';
import { componentsOf, pagedViewsOf } from '../../commands/components/shared.js';
import type { SlashCommand } from '../../src/interactions/command-types.js';
import type { ComponentHandler } from '../../src/interactions/context.js';
import type { PagedView } from '../../src/interactions/paged-view-types.js';

const ROOT = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(ROOT, dir, e.name)] : [],
  );
}

/** Every `encodeCustomId(kind, …)` call outside the format's own file, with the kind its first argument is typed as (a string literal). */
function builtKinds(): { kind: string | undefined; at: string }[] {
  const files = [...sourceFiles('src'), ...sourceFiles('commands')].filter(
    (f) => !f.endsWith(join('render', 'custom-ids.ts')) && readFileSync(f, 'utf8').includes('encodeCustomId('),
  );
  const kinds = join(ROOT, 'src', 'render', 'component-kinds.ts');
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(ROOT, 'tsconfig.json'), (p) => ts.sys.readFile(p)).config, ts.sys, ROOT);
  const program = ts.createProgram([...files, kinds], { ...config.options, noEmit: true, noResolve: true, types: [] });
  const checker = program.getTypeChecker();
  const found: { kind: string | undefined; at: string }[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`not compiled: ${file}`);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'encodeCustomId' && node.arguments[0]) {
        const type = checker.getTypeAtLocation(node.arguments[0]);
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push({ kind: type.isStringLiteral() ? type.value : undefined, at: `${relative(ROOT, file)}:${line}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const handler = (kind: string): ComponentHandler => ({ kind, mode: 'reply', run: () => Promise.resolve({ content: kind }) });
const command = (name: string, parts: Pick<SlashCommand, 'components' | 'pagedViews'>): SlashCommand => ({
  data: { name, description: name },
  handlers: {},
  ...parts,
});
const view = (code: string): PagedView<unknown> => ({
  code,
  encode: () => [],
  decode: () => ({}),
  load: () => Promise.resolve({ embeds: [], open: [], hasNext: false }),
  openPlaceholder: () => code,
});

describe('command registry', () => {
  it('routes each custom-id kind to one handler', () => {
    const kinds = components.map((c) => c.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).toEqual(expect.arrayContaining(['pg', 'op']));
  });

  it('gives each paged list its own code', () => {
    const codes = pagedViewsOf(commands).map((v) => v.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(14);
  });

  it('routes every custom id the bot builds', { timeout: 120_000 }, () => {
    const built = builtKinds();
    expect(built.length).toBeGreaterThan(20);
    const routed = new Set(components.map((c) => c.kind));
    const unrouted = built.filter((b) => b.kind === undefined || !routed.has(b.kind));
    // A kind that is no string constant cannot be checked: name it with a constant.
    expect(unrouted).toEqual([]);
  });

  it('collects a handler two commands share once, and refuses two handlers or views with one kind', () => {
    const shared = handler('zz');
    expect(componentsOf([command('a', { components: [shared] }), command('b', { components: [shared] })]).filter((c) => c.kind === 'zz')).toHaveLength(1);
    expect(() => componentsOf([command('a', { components: [handler('zz')] }), command('b', { components: [handler('zz')] })])).toThrow(/claim "zz"/);
    expect(() => componentsOf([command('a', { components: [handler('pg')] })])).toThrow(/claim "pg"/);
    expect(() => componentsOf([command('a', { pagedViews: [view('sr')] }), command('b', { pagedViews: [view('sr')] })])).toThrow(/claim "sr"/);
    expect(() => componentsOf([command('a', { components: [handler('a|b')] })])).toThrow(/cannot start a custom id/);
  });
});
