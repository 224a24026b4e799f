// `npm run deploy-commands` as a process: registers every command with Discord's validation
// (the fake enforces it), globally or in one server, and prints the invite links.

import { PermissionsBitField } from 'discord.js';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';
import { commands as registry } from '../../src/app/command-registry.js';

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const SCRIPT = join(process.cwd(), 'src', 'app', 'deploy-commands.ts');

// Each run starts a process through tsx (compiling the script and the command registry), seconds on a
// loaded machine: a test allows a minute per run it makes.
const PER_RUN_MS = 60_000;

function deploy(fake: FakeDiscord, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, [SCRIPT, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DISCORD_TOKEN: fake.botToken,
        DISCORD_APPLICATION_ID: fake.applicationId,
        DISCORD_API_URL: fake.apiUrl,
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('deploy-commands', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord({ applicationId: '1100000000000000003' });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('registers every command globally, usable in servers, DMs and private channels, for both installs', async () => {
    const { code, output } = await deploy(fake, []);
    expect(code).toBe(0);
    expect(output).toContain(`Registered ${registry.length} commands globally`);
    expect(output).toContain(`client_id=${fake.applicationId}`);
    // The server link it prints: the bot scope with exactly the permissions the server features need.
    const serverLink = /https:\/\/discord\.com\/oauth2\/authorize\S*integration_type=0/.exec(output)?.[0];
    if (serverLink === undefined) throw new Error(`no server invite link in: ${output}`);
    const link = new URL(serverLink);
    expect(link.searchParams.get('scope')?.split(' ')).toContain('bot');
    expect(new PermissionsBitField(BigInt(link.searchParams.get('permissions') ?? '0')).toArray().sort()).toEqual([
      'AttachFiles', 'CreateEvents', 'EmbedLinks', 'ManageEvents', 'ReadMessageHistory', 'SendMessages', 'SendPolls', 'ViewChannel',
    ]);
    const commands = fake.registeredCommands() as Array<{ name: string; contexts: number[]; integration_types: number[] }>;
    expect(commands.map((c) => c.name).sort()).toEqual(['anime', 'compare', 'feed', 'forum', 'game', 'list', 'login', 'logout', 'manga', 'profile', 'recap', 'remind', 'server', 'settings', 'watchparty', 'wrapped']);
    for (const command of commands) {
      expect(command.contexts).toEqual([0, 1, 2]);
      expect(command.integration_types).toEqual([0, 1]);
    }
  }, PER_RUN_MS);

  it('registers in one server with --guild, and rejects a malformed server id', async () => {
    const guild = '1200000000000000001';
    const { code, output } = await deploy(fake, ['--guild', guild]);
    expect(code).toBe(0);
    expect(output).toContain(`Registered ${registry.length} commands in server ${guild}`);
    expect(fake.registeredCommands(guild)).toHaveLength(registry.length);

    const bad = await deploy(fake, ['--guild', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('--guild needs a server ID');
  }, 2 * PER_RUN_MS);
});
