import { isRecord } from './errors.js';
import { messageForPayload } from './messages.js';
import { interactionToken, snowflake } from './snowflake.js';
import type { InteractionInput, RecordedMessage } from './types.js';

export type Where =
  | {
      kind: 'guild';
      guildId?: string;
      channelId?: string;
      nsfw?: boolean;
      /**
       * The invoking member's permissions (`member.permissions` and `channel.permissions`). Default:
       * everyday member permissions; in a guild defined with `fake.guilds`, computed from the model.
       */
      memberPermissions?: bigint | string;
      /** The invoking member's roles; in a modelled guild the default is the member's roles there. */
      memberRoles?: string[];
      /** The server's preferred locale (`guild_locale`); Discord's default for servers is en-US. */
      guildLocale?: string;
    }
  | { kind: 'dm' }
  | { kind: 'private' };

export interface Who {
  id: string;
  username?: string;
  /** Display name; defaults to the username. Discord lets anyone pick any display name. */
  globalName?: string | null;
  /** Avatar hash (32 hex characters, `a_` prefix when animated); none = the default avatar. */
  avatar?: string | null;
}

/** Explicit option type, e.g. `{ type: 10, value: 3 }` for a number option holding an integral value. */
export interface TypedOption {
  type: number;
  value: string | number | boolean;
}
export type OptionValue = string | number | boolean | TypedOption;

export const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

/** Ids used when a builder is not told where it happens. */
export const DEFAULT_GUILD_ID = snowflake();
export const DEFAULT_CHANNEL_ID = snowflake();
/** Placeholder; `fake.interact()` replaces it with the fake's application id. */
export const PLACEHOLDER_APPLICATION_ID = '0';

const MEMBER_PERMISSIONS = '2248473465835073';
const APP_PERMISSIONS_GUILD = '2248473465835073';
const APP_PERMISSIONS_USER_INSTALL = '0';
const ATTACHMENT_SIZE_LIMIT = 10_485_760;

const uncheckedInputs = new WeakSet<InteractionInput>();
/** The Where each builder-made input was built for (envelopes first, then the finished inputs). */
const envelopeWhere = new WeakMap<Record<string, unknown>, Where>();
const builtWhere = new WeakMap<InteractionInput, Where>();

/** The Where a builder made `input` for; undefined for a hand-built payload. */
export function builtWhereOf(input: InteractionInput): Where | undefined {
  return builtWhere.get(input);
}

/** Whether `input` was built with `unchecked: true` (see CommandSpec.unchecked). */
export function isMarkedUnchecked(input: InteractionInput): boolean {
  return uncheckedInputs.has(input);
}

function marked(input: InteractionInput, unchecked: boolean | undefined): InteractionInput {
  if (unchecked === true) uncheckedInputs.add(input);
  return input;
}

const dmChannels = new Map<string, string>();
const privateChannels = new Map<string, { channelId: string; friend: Record<string, unknown> }>();

/** The DM channel between the bot and a user: the same id for their DM interactions and the bot's DMs to them. */
export function dmChannelIdOf(userId: string): string {
  let id = dmChannels.get(userId);
  if (id === undefined) {
    id = snowflake();
    dmChannels.set(userId, id);
  }
  return id;
}

interface Common {
  where: Where;
  user: Who;
  install?: 'guild' | 'user';
  locale?: string;
}

export interface CommandSpec extends Common {
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  options?: Record<string, OptionValue>;
  /**
   * Simulates a crafted payload; real Discord validates these. `fake.interact()` then skips the
   * option VALUE checks (type, min/max_value, min/max_length, choices) against the registered
   * command, for tests of the bot's own defence-in-depth validation. The command, subcommand and
   * option names (and required options) are still checked.
   */
  unchecked?: boolean;
}

export interface AutocompleteSpec extends Omit<CommandSpec, 'install'> {
  /** Name of the option being typed into. */
  focused: string;
  /** What the user has typed so far. */
  value: string;
  /** Type of the focused option (default 3 string; use 4/10 for numeric autocomplete). */
  focusedType?: number;
  install?: 'guild' | 'user';
}

export interface ComponentSpec extends Omit<Common, 'where'> {
  message: RecordedMessage;
  customId: string;
  /** Defaults to the channel/guild the message is in. */
  where?: Where;
}

export interface SelectSpec extends ComponentSpec {
  values: string[];
}

export interface ModalSpec extends Common {
  customId: string;
  fields: Record<string, string>;
  /** Set when the modal was opened from a component on this message. */
  message?: RecordedMessage;
}

function apiUser(who: Who): Record<string, unknown> {
  return {
    id: who.id,
    username: who.username ?? `user${who.id.slice(-4)}`,
    global_name: who.globalName === undefined ? (who.username ?? null) : who.globalName,
    discriminator: '0',
    avatar: who.avatar ?? null,
    avatar_decoration_data: null,
    public_flags: 0,
    flags: 0,
  };
}

function optionFor(name: string, value: OptionValue): Record<string, unknown> {
  if (typeof value === 'object') return { name, type: value.type, value: value.value };
  if (typeof value === 'string') return { name, type: OptionType.String, value };
  if (typeof value === 'boolean') return { name, type: OptionType.Boolean, value };
  return { name, type: Number.isInteger(value) ? OptionType.Integer : OptionType.Number, value };
}

function nestOptions(spec: { subcommandGroup?: string; subcommand?: string }, leaf: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  if (spec.subcommandGroup !== undefined && spec.subcommand === undefined) {
    throw new Error('a subcommand group needs a subcommand');
  }
  let options = leaf;
  if (spec.subcommand !== undefined) {
    options = [{ name: spec.subcommand, type: OptionType.Subcommand, options }];
  }
  if (spec.subcommandGroup !== undefined) {
    options = [{ name: spec.subcommandGroup, type: OptionType.SubcommandGroup, options }];
  }
  return options;
}

type GuildWhere = Extract<Where, { kind: 'guild' }>;

/** The interaction's `channel` object for a text channel of a guild. */
function guildChannel(guildId: string, channelId: string, where: GuildWhere, permissions: string): Record<string, unknown> {
  return {
    id: channelId,
    type: 0,
    guild_id: guildId,
    name: 'general',
    topic: null,
    nsfw: where.nsfw ?? false,
    position: 0,
    parent_id: null,
    flags: 0,
    rate_limit_per_user: 0,
    last_message_id: null,
    permissions,
  };
}

/** The interaction's `member` object: the invoking user as a member of the guild. */
function guildMember(user: Record<string, unknown>, where: GuildWhere, permissions: string): Record<string, unknown> {
  return {
    user,
    roles: [...(where.memberRoles ?? [])],
    nick: null,
    avatar: null,
    banner: null,
    joined_at: '2024-01-01T00:00:00.000000+00:00',
    premium_since: null,
    deaf: false,
    mute: false,
    pending: false,
    flags: 0,
    communication_disabled_until: null,
    unusual_dm_activity_until: null,
    permissions,
  };
}

/** The user's private channel with a friend (context 2), made once per user; `channelIdFallback` overrides its id. */
function privateChannelOf(userId: string, channelIdFallback: string | undefined) {
  let priv = privateChannels.get(userId);
  if (!priv) {
    priv = { channelId: snowflake(), friend: apiUser({ id: snowflake(), username: 'friend' }) };
    privateChannels.set(userId, priv);
  }
  return channelIdFallback === undefined ? priv : { ...priv, channelId: channelIdFallback };
}

/** Everything but `type`/`data`: id, token, context, location, user/member, owners. */
function envelope(common: Common & { guildIdFallback?: string; channelIdFallback?: string }): Record<string, unknown> {
  const id = snowflake();
  const user = apiUser(common.user);
  const where = common.where;
  const install = common.install ?? (where.kind === 'private' ? 'user' : 'guild');
  const base: Record<string, unknown> = {
    id,
    application_id: PLACEHOLDER_APPLICATION_ID,
    token: interactionToken(id),
    version: 1,
    locale: common.locale ?? 'en-US',
    entitlements: [],
    attachment_size_limit: ATTACHMENT_SIZE_LIMIT,
    app_permissions: install === 'guild' ? APP_PERMISSIONS_GUILD : APP_PERMISSIONS_USER_INSTALL,
  };
  if (where.kind === 'guild') {
    const guildId = where.guildId ?? common.guildIdFallback ?? DEFAULT_GUILD_ID;
    const channelId = where.channelId ?? common.channelIdFallback ?? DEFAULT_CHANNEL_ID;
    const permissions = where.memberPermissions === undefined ? MEMBER_PERMISSIONS : String(where.memberPermissions);
    if (!/^\d+$/.test(permissions)) throw new Error(`memberPermissions ${JSON.stringify(permissions)} is not a permission bitfield`);
    const env: Record<string, unknown> = {
      ...base,
      context: 0,
      authorizing_integration_owners: install === 'guild' ? { '0': guildId } : { '1': common.user.id },
      guild_id: guildId,
      guild: { id: guildId, locale: where.guildLocale ?? 'en-US', features: [] },
      guild_locale: where.guildLocale ?? 'en-US',
      channel_id: channelId,
      channel: guildChannel(guildId, channelId, where, permissions),
      member: guildMember(user, where, permissions),
    };
    envelopeWhere.set(env, where);
    return env;
  }
  if (where.kind === 'dm') {
    const channelId = common.channelIdFallback ?? dmChannelIdOf(common.user.id);
    return {
      ...base,
      context: 1,
      authorizing_integration_owners: install === 'guild' ? { '0': '0' } : { '1': common.user.id },
      user,
      channel_id: channelId,
      channel: { id: channelId, type: 1, flags: 0, last_message_id: null, recipients: [user] },
    };
  }
  if (install === 'guild') throw new Error('a guild install cannot be used in a private channel (context 2)');
  const priv = privateChannelOf(common.user.id, common.channelIdFallback);
  return {
    ...base,
    context: 2,
    authorizing_integration_owners: { '1': common.user.id },
    user,
    channel_id: priv.channelId,
    channel: { id: priv.channelId, type: 1, flags: 0, last_message_id: null, recipients: [priv.friend] },
  };
}

function finish(env: Record<string, unknown>, type: number, data: Record<string, unknown>, extra: Record<string, unknown> = {}): InteractionInput {
  const input = { ...env, ...extra, type, data } as InteractionInput;
  const where = envelopeWhere.get(env);
  if (where) builtWhere.set(input, where);
  return input;
}

export function slashCommand(spec: CommandSpec): InteractionInput {
  const leaf = Object.entries(spec.options ?? {}).map(([name, value]) => optionFor(name, value));
  const options = nestOptions(spec, leaf);
  const env = envelope(spec);
  const data: Record<string, unknown> = { id: snowflake(), name: spec.name, type: 1 };
  if (options.length > 0) data.options = options;
  return marked(finish(env, 2, data), spec.unchecked);
}

export function autocomplete(spec: AutocompleteSpec): InteractionInput {
  const leaf = Object.entries(spec.options ?? {})
    .filter(([name]) => name !== spec.focused)
    .map(([name, value]) => optionFor(name, value));
  const given = spec.options?.[spec.focused];
  const focusedType = spec.focusedType ?? (typeof given === 'object' ? given.type : OptionType.String);
  leaf.push({ name: spec.focused, type: focusedType, value: spec.value, focused: true });
  const env = envelope(spec);
  return marked(finish(env, 4, { id: snowflake(), name: spec.name, type: 1, options: nestOptions(spec, leaf) }), spec.unchecked);
}

interface FoundComponent {
  type: number;
  options?: unknown[];
}

/** Finds a component by custom_id anywhere in a message's component tree. */
function findComponent(components: unknown, customId: string): FoundComponent | undefined {
  if (!Array.isArray(components)) return undefined;
  for (const c of components) {
    if (!isRecord(c)) continue;
    if (c.custom_id === customId && typeof c.type === 'number') {
      return { type: c.type, ...(Array.isArray(c.options) ? { options: c.options } : {}) };
    }
    const nested = findComponent(c.components, customId) ?? findComponent(isRecord(c.accessory) ? [c.accessory] : undefined, customId);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The install a component on a message comes through, as Discord decides it: that of the interaction
 * whose answer the message is (its `interaction_metadata.authorizing_integration_owners`); a message
 * the bot posted on its own comes through the server's install.
 */
function installOf(message: RecordedMessage): 'guild' | 'user' | undefined {
  const owners = (message as unknown as { interaction_metadata?: { authorizing_integration_owners?: Record<string, unknown> } }).interaction_metadata?.authorizing_integration_owners;
  if (owners === undefined) return undefined;
  return owners['0'] === undefined && owners['1'] !== undefined ? 'user' : 'guild';
}

function componentEnvelope(spec: ComponentSpec): Record<string, unknown> {
  const m = spec.message;
  const where: Where = spec.where ?? (m.guild_id !== undefined ? { kind: 'guild', guildId: m.guild_id, channelId: m.channel_id } : { kind: 'dm' });
  const install = spec.install ?? installOf(m);
  return envelope({
    ...spec,
    ...(install !== undefined ? { install } : {}),
    where,
    ...(m.guild_id !== undefined ? { guildIdFallback: m.guild_id } : {}),
    channelIdFallback: m.channel_id,
  });
}


export function buttonClick(spec: ComponentSpec): InteractionInput {
  const found = findComponent(spec.message.components, spec.customId);
  if (!found || found.type !== 2) {
    throw new Error(`message ${spec.message.id} has no button with custom_id "${spec.customId}"`);
  }
  return finish(componentEnvelope(spec), 3, { custom_id: spec.customId, component_type: 2 }, { message: messageForPayload(spec.message) });
}

export function selectMenu(spec: SelectSpec): InteractionInput {
  const found = findComponent(spec.message.components, spec.customId);
  if (!found || ![3, 5, 6, 7, 8].includes(found.type)) {
    throw new Error(`message ${spec.message.id} has no select menu with custom_id "${spec.customId}"`);
  }
  if (found.type === 3) {
    const allowed = new Set((found.options ?? []).map((o) => (isRecord(o) ? o.value : undefined)));
    const unknown = spec.values.filter((v) => !allowed.has(v));
    if (unknown.length > 0) throw new Error(`select "${spec.customId}" has no option(s) ${unknown.join(', ')}`);
  }
  return finish(
    componentEnvelope(spec),
    3,
    { custom_id: spec.customId, component_type: found.type, values: [...spec.values] },
    { message: messageForPayload(spec.message) },
  );
}

export function modalSubmit(spec: ModalSpec): InteractionInput {
  const components = Object.entries(spec.fields).map(([customId, value]) => ({
    type: 1,
    components: [{ type: 4, custom_id: customId, value }],
  }));
  const env = spec.message
    ? componentEnvelope({ ...spec, message: spec.message, where: spec.where })
    : envelope(spec);
  return finish(env, 5, { custom_id: spec.customId, components }, spec.message ? { message: messageForPayload(spec.message) } : {});
}
