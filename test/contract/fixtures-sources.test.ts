// The repository's real captures and their provenance note stay in step: every JSON body is listed in
// SOURCES.md with the request that produced it, and every listed file exists and is valid JSON.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../fixtures-dir.js';

const bodies = readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.json')).sort();
const listed = [...readFileSync(path.join(FIXTURES_DIR, 'SOURCES.md'), 'utf8').matchAll(/^\| ([\w.-]+\.json) \| (.+) \|$/gm)]
  .map((m) => ({ file: m[1] ?? '', request: m[2] ?? '' }));

describe('real fixtures kept in the repository', () => {
  it('has the captures inside the repository, not beside it', () => {
    expect(path.relative(path.resolve(FIXTURES_DIR, '../../..'), FIXTURES_DIR)).toBe(path.join('test', 'fixtures', 'real'));
    expect(bodies.length).toBeGreaterThanOrEqual(20);
  });

  it('lists every body in SOURCES.md with its request, and nothing that is not there', () => {
    expect(listed.map((l) => l.file).sort()).toEqual(bodies);
    for (const l of listed) expect(l.request.trim().length, l.file).toBeGreaterThan(5);
  });

  it('keeps every body valid JSON', () => {
    for (const file of bodies) expect(() => JSON.parse(readFileSync(path.join(FIXTURES_DIR, file), 'utf8')) as unknown, file).not.toThrow();
  });
});
