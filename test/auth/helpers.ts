import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function makeTempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'amls-auth-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testKey(): Buffer {
  return randomBytes(32);
}

/** A manually advanced clock. */
export function fakeClock(start = 1_700_000_000_000): { now: () => number; advance(ms: number): void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

export function secretLike(prefix: string): string {
  return `${prefix}-${randomBytes(24).toString('hex')}`;
}

export const reply = { applicationId: '100000000000000001', interactionToken: 'interaction-token-xyz' };
export const profile = { username: 'tester', displayName: 'Test Person', avatarUrl: 'https://cdn.discordapp.com/embed/avatars/0.png' };
