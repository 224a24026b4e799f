// Changing a guild channel's settings, as Discord's Modify Channel (PATCH /channels/:channel) does for
// the two the fake models, `name` (1–100 characters) and `nsfw` (the age restriction, on every guild
// channel type but categories): the body checked first (400 Invalid Form Body), then the caller's
// VIEW_CHANNEL (403 Missing Access) and MANAGE_CHANNELS (403 Missing Permissions); the answer is the
// channel object as it is now. Fields Discord has but the fake does not model are ignored, as Discord
// ignores fields a channel type does not have. The test control applies the same change as a member
// with Manage Channels would in their client, with no permission check.

import { FormErrors, isRecord } from '../errors.js';
import { has, Permission } from '../permissions.js';
import type { FakeChannelEdit } from '../types.js';
import { checkString } from '../validate-common.js';
import { guildErrors } from './errors.js';
import { CATEGORY, type Channel } from './model.js';
import type { GuildRegistry } from './registry.js';

/** The change a body asks for, checked as Discord does. */
export function channelEdit(body: unknown): FakeChannelEdit {
  const errs = new FormErrors();
  const data = isRecord(body) ? body : {};
  const edit: FakeChannelEdit = {};
  if (data.name !== undefined) {
    const name = checkString(errs, ['name'], data.name, { min: 1, max: 100, required: true });
    if (name !== undefined) edit.name = name;
  }
  if (data.nsfw !== undefined) {
    if (typeof data.nsfw === 'boolean') edit.nsfw = data.nsfw;
    else errs.add(['nsfw'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  }
  errs.throwIfAny();
  return edit;
}

/** Applies a change to the channel (a category has no age restriction). */
export function applyChannelEdit(channel: Channel, edit: FakeChannelEdit): void {
  if (edit.name !== undefined) channel.name = edit.name;
  if (edit.nsfw !== undefined && channel.type !== CATEGORY) channel.nsfw = edit.nsfw;
}

/** PATCH /channels/:channel by the bot: its permissions in the channel checked before anything changes. */
export function modifyChannelAsBot(registry: GuildRegistry, channel: Channel, body: unknown): void {
  const edit = channelEdit(body);
  const guild = registry.requireGuild(channel.guildId);
  const perms = registry.botPermissions(guild, channel);
  if (!has(perms, Permission.VIEW_CHANNEL)) throw guildErrors.missingAccess();
  if (!has(perms, Permission.MANAGE_CHANNELS)) throw guildErrors.missingPermissions();
  applyChannelEdit(channel, edit);
}
