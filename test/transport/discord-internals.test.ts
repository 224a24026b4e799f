// The HTTP transport uses two discord.js internals no minor release promises to keep
// (src/transport/discord-internals.ts). This test fails, saying what changed, when an upgrade of
// discord.js changes their shape or behaviour; package.json pins discord.js to the tested minor.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChatInputCommandInteraction, Client, Events, type Interaction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  DiscordInternalsChanged,
  interactionCreateAction,
  restRequestFields,
  TESTED_DISCORD_JS,
  wrapRestRequest,
  type RestRequest,
} from '../../src/transport/discord-internals.js';

const APP_ID = '1100000000000000001';
const INTERACTION_ID = '1100000000000000777';

function rawCommand(): Record<string, unknown> {
  return {
    id: INTERACTION_ID,
    application_id: APP_ID,
    type: 2,
    token: 'interaction-token',
    version: 1,
    channel_id: '1100000000000000002',
    channel: { id: '1100000000000000002', type: 1 },
    user: { id: '1100000000000000003', username: 'someone', discriminator: '0', global_name: null, avatar: null },
    data: { id: '1100000000000000004', name: 'hello', type: 1 },
    locale: 'en-US',
    app_permissions: '0',
    entitlements: [],
    authorizing_integration_owners: { '1': '1100000000000000003' },
    context: 1,
    attachment_size_limit: 10_485_760,
  };
}

describe('discord.js internals used by the HTTP transport', () => {
  it(`package.json pins discord.js to the tested minor (${TESTED_DISCORD_JS}) and that version is installed`, () => {
    const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies['discord.js'], 'package.json must pin discord.js with ~ to the minor the HTTP transport was tested with').toBe(
      TESTED_DISCORD_JS,
    );
    const installed = (JSON.parse(readFileSync(join(process.cwd(), 'node_modules', 'discord.js', 'package.json'), 'utf8')) as { version: string }).version;
    const [major, minor] = TESTED_DISCORD_JS.slice(1).split('.');
    expect(installed.startsWith(`${major}.${minor}.`), `installed discord.js ${installed} is outside ${TESTED_DISCORD_JS}`).toBe(true);
  });

  it('client.actions.InteractionCreate.handle turns a raw payload into the InteractionCreate event', async () => {
    const client = new Client({ intents: [] });
    try {
      const action = interactionCreateAction(client);
      const seen = new Promise<Interaction>((resolve) => client.once(Events.InteractionCreate, resolve));
      action.handle(rawCommand());
      const interaction = await Promise.race([
        seen,
        new Promise<never>((_resolve, reject) =>
          setTimeout(() => reject(new DiscordInternalsChanged('client.actions.InteractionCreate.handle no longer emits Events.InteractionCreate')), 1_000),
        ),
      ]);
      expect(interaction, 'the action made no ChatInputCommandInteraction of a raw slash command').toBeInstanceOf(ChatInputCommandInteraction);
      expect(interaction.id).toBe(INTERACTION_ID);
    } finally {
      await client.destroy();
    }
  });

  it('interaction.reply() goes through client.rest.request as POST /interactions/{id}/{token}/callback with the callback body', async () => {
    const client = new Client({ intents: [], rest: { api: 'http://127.0.0.1:9/api' } });
    const calls: RestRequest[] = [];
    try {
      wrapRestRequest(client.rest, () => (options) => {
        calls.push(restRequestFields(options));
        return Promise.resolve(undefined);
      });
      const seen = new Promise<Interaction>((resolve) => client.once(Events.InteractionCreate, resolve));
      interactionCreateAction(client).handle(rawCommand());
      const interaction = await seen;
      if (!interaction.isChatInputCommand()) throw new DiscordInternalsChanged('a raw slash command no longer becomes a chat input interaction');
      await interaction.reply({ content: 'hi' });
      expect(calls, 'interaction.reply() no longer calls client.rest.request exactly once').toHaveLength(1);
      const [call] = calls;
      expect(call?.method, 'the callback is no longer a POST through rest.request').toBe('POST');
      expect(call?.fullRoute, 'the callback route in rest.request options changed').toBe(`/interactions/${INTERACTION_ID}/interaction-token/callback`);
      expect(call?.body, 'the callback body in rest.request options changed').toMatchObject({ type: 4, data: { content: 'hi' } });
    } finally {
      await client.destroy();
    }
  });

  it('names what changed when the internals are missing', () => {
    const client = new Client({ intents: [] });
    const broken = client as unknown as { actions: Record<string, unknown> };
    delete broken.actions.InteractionCreate;
    expect(() => interactionCreateAction(client)).toThrow(/discord\.js internals changed: client\.actions\.InteractionCreate is missing.*~14\.28/);
    const rest = { request: (a: unknown, b: unknown) => [a, b] } as unknown as Client['rest'];
    expect(() => wrapRestRequest(rest, (r) => r)).toThrow(/client\.rest\.request takes 2 parameters/);
    expect(() => restRequestFields({ method: 'POST', route: '/x' })).toThrow(/no string `fullRoute`/);
    void client.destroy();
  });
});
