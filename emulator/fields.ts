/**
 * The `fields` query parameter: comma-separated names, `name{sub,...}` for sub-fields, nesting allowed,
 * whitespace and newlines tolerated anywhere. Repeated names are merged.
 */
export type FieldTree = Map<string, FieldTree>;

export class FieldsSyntaxError extends Error {}

const NAME_CHAR = /[A-Za-z0-9_]/;

export function parseFields(text: string): FieldTree {
  let pos = 0;
  const skipSpace = (): void => {
    while (pos < text.length && /\s/.test(text.charAt(pos))) pos++;
  };

  const parseList = (depth: number): FieldTree => {
    const tree: FieldTree = new Map();
    for (;;) {
      skipSpace();
      let name = '';
      while (pos < text.length && NAME_CHAR.test(text.charAt(pos))) name += text.charAt(pos++);
      skipSpace();
      let sub: FieldTree = new Map();
      if (text.charAt(pos) === '{') {
        if (name === '') throw new FieldsSyntaxError('sub-fields without a name');
        pos++;
        sub = parseList(depth + 1);
        if (text.charAt(pos) !== '}') throw new FieldsSyntaxError('unclosed {');
        pos++;
        skipSpace();
      }
      if (name !== '') merge(tree, name, sub);
      const c = text.charAt(pos);
      if (c === ',') {
        pos++;
        continue;
      }
      if (c === '}' && depth > 0) return tree;
      if (pos >= text.length && depth === 0) return tree;
      if (pos >= text.length) return tree; // caller reports the missing '}'
      throw new FieldsSyntaxError(`unexpected ${JSON.stringify(c)} at ${pos}`);
    }
  };

  return parseList(0);
}

function merge(tree: FieldTree, name: string, sub: FieldTree): void {
  const existing = tree.get(name);
  if (existing === undefined) {
    tree.set(name, sub);
    return;
  }
  for (const [k, v] of sub) merge(existing, k, v);
}

/** Canonical text form, used when the service re-serializes `fields` into paging URLs. */
export function serializeFields(tree: FieldTree): string {
  return [...tree].map(([name, sub]) => (sub.size > 0 ? `${name}{${serializeFields(sub)}}` : name)).join(',');
}
