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
