import { once } from 'node:events';
import { Client, Events, type ClientOptions } from 'discord.js';
import type { FakeDiscord } from './types.js';

/**
 * Logs a real discord.js Client into the fake and waits for `clientReady`.
 * Defaults to `intents: []`; any option can be overridden except `rest.api`.
 * Destroy the client (`await client.destroy()`) before `fake.close()`.
 */
export async function loginClient(fake: FakeDiscord, options: Partial<ClientOptions> = {}): Promise<Client<true>> {
  const client = new Client({ intents: [], ...options, rest: { ...options.rest, api: fake.apiUrl } });
  const ready = once(client, Events.ClientReady);
  ready.catch(() => undefined);
  try {
    await client.login(fake.botToken);
    await ready;
  } catch (err) {
    await client.destroy();
    throw err;
  }
  await fake.connected();
  return client as Client<true>;
}

/** A chat-input command definition for tests, offered in every context and install type. */
export function testCommand(name: string, options?: Array<Record<string, unknown>>): Record<string, unknown> {
  return {
    name,
    description: `test command ${name}`,
    type: 1,
    contexts: [0, 1, 2],
    integration_types: [0, 1],
    ...(options ? { options } : {}),
  };
}

/**
 * Registers `commands` (bulk overwrite, globally or for `guildId`) over the fake's REST API, as
 * `deploy-commands` would; `fake.interact()` refuses commands that are not registered.
 */
export async function registerTestCommands(
  fake: FakeDiscord,
  commands: Array<Record<string, unknown>>,
  guildId?: string,
): Promise<void> {
  const scope = guildId === undefined ? '' : `/guilds/${guildId}`;
  const res = await fetch(`${fake.apiUrl}/v10/applications/${fake.applicationId}${scope}/commands`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bot ${fake.botToken}` },
    body: JSON.stringify(commands),
  });
  if (res.status !== 200) throw new Error(`registering test commands failed: ${res.status} ${await res.text()}`);
}
