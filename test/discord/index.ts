/**
 * Fake Discord (REST + gateway on 127.0.0.1) for end-to-end tests with the real discord.js Client.
 *
 *   const fake = await startFakeDiscord();
 *   const client = await loginClient(fake);          // or new Client({ intents: [], rest: { api: fake.apiUrl } })
 *   const h = fake.interact(slashCommand({ name: 'anime', subcommand: 'search', options: { query: 'x' },
 *                                          where: { kind: 'guild', nsfw: false }, user: { id: '1234567890123456789' } }));
 *   const message = await h.settled();
 *   ...
 *   await client.destroy(); await fake.close();      // in afterAll, client first
 */
export { startFakeDiscord } from './fake-discord.js';
export type * from './types.js';
export {
  autocomplete,
  buttonClick,
  DEFAULT_CHANNEL_ID,
  DEFAULT_GUILD_ID,
  modalSubmit,
  OptionType,
  selectMenu,
  slashCommand,
  type AutocompleteSpec,
  type CommandSpec,
  type ComponentSpec,
  type ModalSpec,
  type OptionValue,
  type SelectSpec,
  type TypedOption,
  type Where,
  type Who,
} from './interactions.js';
export { snowflake } from './snowflake.js';
export { loginClient } from './client.js';
