// Where the real recorded responses live: `shared/` beside the repository (as CI lays it out),
// found from this file rather than the working directory. SHARED_FIXTURES_DIR overrides it.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function locate(): string {
  const dir = process.env.SHARED_FIXTURES_DIR ?? path.resolve(REPO_ROOT, '../shared/fixtures/real');
  if (!existsSync(dir)) {
    throw new Error(`The real service fixtures are missing at ${dir}: clone the repository with shared/ beside it, or set SHARED_FIXTURES_DIR.`);
  }
  return dir;
}

export const FIXTURES_DIR = locate();
