// The layering rules in .dependency-cruiser.cjs fire: a tree that imports upward, in a circle, or
// into the tools fails with the rule's name (`npm run lint:deps` checks the repository itself).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const REPO = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];

async function violations(files: Record<string, string>): Promise<IViolation[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'amls-layers-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }));
  const options = await extractDepcruiseOptions(path.join(REPO, '.dependency-cruiser.cjs'));
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const result = await cruise(Object.keys(files).map((f) => f.split('/')[0] ?? f), { ...options, baseDir: dir, tsConfig: { fileName: 'tsconfig.json' } });
    return (result.output as ICruiseResult).summary.violations;
  } finally {
    process.chdir(cwd);
  }
}

const names = (list: IViolation[]): string[] => [...new Set(list.map((v) => v.rule.name))].sort();

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('layering rules', () => {
  it('refuses the router importing a command', async () => {
    const found = await violations({
      'src/interactions/router.ts': "import { anime } from '../../commands/anime.js';\nexport const r = anime;\n",
      'commands/anime.ts': 'export const anime = 1;\n',
    });
    expect(names(found)).toEqual(['interaction-core-imports-downward-only']);
  });

  it('refuses config importing a module it configures, and a circle of type-only imports', async () => {
    const found = await violations({
      'src/config/config.ts': "import type { Client } from '../service/client.js';\nexport type C = Client;\n",
      'src/service/client.ts': "import type { C } from '../config/config.js';\nexport type Client = { c?: C };\n",
    });
    expect(names(found)).toEqual(['leaves-imports-downward-only', 'no-circular']);
  });

  it('refuses the bot importing the emulator, a fake importing the bot, and a folder in no room', async () => {
    const found = await violations({
      'src/service/client.ts': "import { e } from '../../emulator/server.js';\nexport const c = e;\n",
      'emulator/server.ts': "import { x } from '../src/somewhere/new.js';\nexport const e = x;\n",
      'src/somewhere/new.ts': 'export const x = 1;\n',
    });
    expect(names(found)).toEqual(['bot-never-imports-tools', 'fakes-stand-alone']);
  });

  it('refuses the Discord side importing a domain service that posts through it', async () => {
    const found = await violations({
      'src/discord-api/discord-side.ts': "import { feed } from '../activity-feed/feed-posting.js';\nexport const side = feed;\n",
      'src/activity-feed/feed-posting.ts': 'export const feed = 1;\n',
    });
    expect(names(found)).toEqual(['discord-side-imports-downward-only']);
  });

  it('names a file under src/ that belongs to no room', async () => {
    const found = await violations({
      'src/somewhere/new.ts': "import { y } from '../log/log.js';\nexport const x = y;\n",
      'src/log/log.ts': 'export const y = 1;\n',
    });
    expect(names(found)).toEqual(['every-bot-file-has-a-room']);
  });
});
