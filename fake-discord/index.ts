/**
 * Fake Discord (REST + gateway on 127.0.0.1) for end-to-end tests with the real discord.js Client.
 *
 *   const fake = await startFakeDiscord();
 *   const client = await loginClient(fake);          // or new Client({ intents: [], rest: { api: fake.apiUrl } })
 *   await registerTestCommands(fake, [testCommand('anime', [...])]);  // interact() refuses unregistered commands
 *   const h = fake.interact(slashCommand({ name: 'anime', subcommand: 'search', options: { query: 'x' },
 *                                          where: { kind: 'guild', nsfw: false }, user: { id: '1234567890123456789' } }));
 *   const message = await h.settled();
 *   // Options are checked against the registration; `unchecked: true` (builder spec or interact's 2nd arg)
 *   // simulates a crafted payload and skips only the value checks (type, range, length, choices).
 *   ...
 *   await client.destroy(); await fake.close();      // in afterAll, client first
 *
 * Guilds: define a server once and the REST endpoints (GET guild/roles/member/channel, POST messages),
 * interactions there (app_permissions, member permissions, resolved channel/role options) follow it:
 *
 *   fake.guilds.define({ id: GUILD, ownerId: OWNER,
 *     roles: [{ id: WATCHERS, name: 'Watchers', permissions: 0n, mentionable: true },
 *             { id: BOT_ROLE, permissions: PermissionFlagsBits.SendMessages, managed: true }],
 *     channels: [{ id: NEWS, name: 'news', overwrites: [{ id: GUILD, type: 0, deny: PermissionFlagsBits.SendMessages },
 *                                                      { id: BOT_ROLE, type: 0, allow: PermissionFlagsBits.SendMessages }] }],
 *     botRoles: [BOT_ROLE], members: { [MOD]: [] } });
 *   fake.interact(slashCommand({ name: 'remind', subcommandGroup: 'channel', subcommand: 'add',
 *     options: { title: 'Frieren', channel: { type: OptionType.Channel, value: NEWS }, role: { type: OptionType.Role, value: WATCHERS } },
 *     where: { kind: 'guild', guildId: GUILD, channelId: NEWS }, user: { id: MOD } }));
 *   fake.guilds.messagesIn(NEWS)[0].mention_roles;    // [WATCHERS]: who the bot's post really pinged
 *   fake.guilds.permissionsOf(GUILD, NEWS, fake.botUserId); fake.guilds.removeBot(GUILD); // 403/404 as on Discord
 *   // fake.guilds.failNext and fake.dms.failNext feed one queue: the next n posts to any channel fail.
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
export { POLL_FINALIZE_DELAY_MS } from './guilds/polls.js';
export { ALL_PERMISSIONS, DEFAULT_EVERYONE_PERMISSIONS } from './permissions.js';
export { keptAttachment, UPLOAD_LIMIT_BYTES, type KeptAttachment } from './attachments.js';
export { loginClient, registerTestCommands, testCommand } from './client.js';
