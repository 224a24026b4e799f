import { describe, expect, it } from 'vitest';
import { FieldsSyntaxError, parseFields, serializeFields, type FieldTree } from '../../emulator/fields.js';

const plain = (tree: FieldTree): unknown => Object.fromEntries([...tree].map(([k, v]) => [k, plain(v)]));

describe('fields parser', () => {
  it('parses flat and nested lists, tolerating whitespace and newlines', () => {
    expect(plain(parseFields('id, title ,\n my_list_status{ comments ,\ttags }, authors{first_name,last_name}'))).toEqual({
      id: {}, title: {}, my_list_status: { comments: {}, tags: {} }, authors: { first_name: {}, last_name: {} },
    });
    expect(plain(parseFields('a{b{c,d},e}'))).toEqual({ a: { b: { c: {}, d: {} }, e: {} } });
  });

  it('merges repeated names and skips empty items', () => {
    expect(plain(parseFields('a{x},,a{y}, ,b{}'))).toEqual({ a: { x: {}, y: {} }, b: {} });
    expect(plain(parseFields(''))).toEqual({});
  });

  it('rejects unbalanced braces and stray characters', () => {
    for (const bad of ['a{b', 'a}b', '{a}', 'a{b}}', 'a b', 'a;b']) expect(() => parseFields(bad), bad).toThrow(FieldsSyntaxError);
  });

  it('serializes to a form that parses back to the same tree', () => {
    const tree = parseFields(' rank , list_status{ tags } ,authors{first_name}');
    expect(serializeFields(tree)).toBe('rank,list_status{tags},authors{first_name}');
    expect(plain(parseFields(serializeFields(tree)))).toEqual(plain(tree));
  });
});
