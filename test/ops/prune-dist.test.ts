// The incremental build keeps dist/ between runs; scripts/prune-dist.mjs removes what a deleted or
// moved source left there, and nothing else.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = join(process.cwd(), 'scripts', 'prune-dist.mjs');

describe('prune-dist', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('removes outputs whose source is gone (and folders left empty), keeps the rest', async () => {
    dir = await mkdtemp(join(tmpdir(), 'amls-prune-'));
    const files: Record<string, string> = {
      'src/kept.ts': '',
      'src/sub/kept2.ts': '',
      'dist/src/kept.js': '',
      'dist/src/kept.js.map': '',
      'dist/src/sub/kept2.js': '',
      'dist/src/gone.js': '',
      'dist/src/gone.js.map': '',
      'dist/src/moved/old.js': '',
      'dist/tsconfig.build.tsbuildinfo': '',
      'dist/src/data.json': '',
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    await promisify(execFile)(process.execPath, [SCRIPT], { cwd: dir });
    const exists = (path: string) => existsSync(join(dir, path));
    for (const kept of ['dist/src/kept.js', 'dist/src/kept.js.map', 'dist/src/sub/kept2.js', 'dist/tsconfig.build.tsbuildinfo', 'dist/src/data.json']) expect(exists(kept), kept).toBe(true);
    for (const gone of ['dist/src/gone.js', 'dist/src/gone.js.map', 'dist/src/moved']) expect(exists(gone), gone).toBe(false);
  });
});
