// /wrapped in the sandbox: the page lists it like every registered command, and its answer shows as
// pictures (each with its alt text) that the page itself serves.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import { placeOf, USERS, type SandboxUser } from '../../sandbox/places.js';
import { startSandbox, type Sandbox } from '../../sandbox/start.js';
import { runCommand } from './run-command.js';

const [aiko] = USERS as [SandboxUser];

describe('/wrapped in the sandbox', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, transport: 'gateway', log: silentLogger });
  }, 90_000);

  afterAll(async () => {
    await sandbox?.stop();
  });

  it('is offered with its options, and answers with the year’s pictures, served by the page with their alt text', async () => {
    const general = placeOf('general');
    if (!general) throw new Error('the sandbox has no #general');
    const world = (await (await fetch(new URL('/api/world', sandbox.url))).json()) as { commands: Array<{ name: string; options?: Array<{ name: string }> }> };
    const commands = world.commands;
    expect(commands.find((c) => c.name === 'wrapped')?.options?.map((o) => o.name)).toEqual(['kind', 'year', 'user', 'private']);
    const year = String(new Date().getUTCFullYear());
    const view = await runCommand(sandbox, general, aiko, { name: 'wrapped', options: { user: 'alice', year } });
    expect(view.state).toBe('answered');
    const pictures = view.messages[0]?.attachments ?? [];
    expect(pictures.length).toBeGreaterThanOrEqual(1);
    expect(pictures.length).toBeLessThanOrEqual(4);
    expect(pictures[0]?.description).toMatch(new RegExp(`^alice’s ${year} in anime`));
    const served = await fetch(new URL(`/attachments/${pictures[0]?.id ?? ''}`, sandbox.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/(png|webp)$/);
  });
});
