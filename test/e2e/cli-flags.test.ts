// Every command-line entry point: `--help` prints its usage once and exits 0; an unknown option is
// a clear error with a non-zero exit; the bot also answers `--version`. No configuration is set, so
// nothing here may start anything.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = process.cwd();
const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

function run(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, script), ...args], {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const count = (text: string, part: string): number => text.split(part).length - 1;

const ENTRIES = [
  { name: 'bot (npm start)', script: 'src/index.ts', usage: 'usage: npm start' },
  { name: 'emulator', script: 'emulator/cli.ts', usage: 'usage: npm run emulator' },
  { name: 'sandbox', script: 'sandbox/main.ts', usage: 'usage: npm run sandbox' },
  { name: 'deploy-commands', script: 'src/app/deploy-commands.ts', usage: 'usage: npm run deploy-commands' },
  { name: 'store:migrate', script: 'src/app/migrate-cli.ts', usage: 'usage: npm run store:migrate' },
] as const;

describe('command-line entry points', () => {
  for (const entry of ENTRIES) {
    it(`${entry.name}: --help prints the usage once on stdout and exits 0; an unknown option exits non-zero saying so`, async () => {
      const [help, unknown] = await Promise.all([run(entry.script, ['--help']), run(entry.script, ['--frobnicate'])]);
      expect(help.code, help.stderr).toBe(0);
      expect(count(help.stdout, entry.usage)).toBe(1);
      expect(help.stderr).toBe('');
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/--frobnicate/);
      expect(unknown.stdout).toBe('');
    }, 60_000);
  }

  it('the bot: --version prints the package version; --help names the variables and where they are documented', async () => {
    const [version, help] = await Promise.all([run('src/index.ts', ['--version']), run('src/index.ts', ['--help'])]);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(VERSION);
    for (const part of ['DISCORD_TOKEN', 'TOKEN_ENCRYPTION_KEY', 'STORE_URL', 'README', '.env.example']) expect(help.stdout).toContain(part);
  }, 60_000);
});
