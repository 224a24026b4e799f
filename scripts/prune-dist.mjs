// After an incremental build (tsc keeps dist/ between runs): delete outputs whose TypeScript source
// no longer exists, so a deleted or moved module cannot linger in dist/ and be loaded by mistake.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const OUT = 'dist';
const OUTPUT = /(\.d\.ts\.map|\.d\.ts|\.js\.map|\.js)$/;

function walk(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      walk(path);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    } else if (OUTPUT.test(entry.name)) {
      const source = relative(OUT, path).replace(OUTPUT, '.ts');
      if (!existsSync(source)) rmSync(path);
    }
  }
}

if (existsSync(OUT)) walk(OUT);
