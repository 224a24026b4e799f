// The errors Discord answers a bot's guild and channel requests with.

import { DiscordHttpError, FormErrors } from '../errors.js';
import { ID } from './model.js';

export const guildErrors = {
  unknownGuild: () => new DiscordHttpError(404, { message: 'Unknown Guild', code: 10004 }),
  unknownMember: () => new DiscordHttpError(404, { message: 'Unknown Member', code: 10007 }),
  missingAccess: () => new DiscordHttpError(403, { message: 'Missing Access', code: 50001 }),
  missingPermissions: () => new DiscordHttpError(403, { message: 'Missing Permissions', code: 50013 }),
  nonTextChannel: () => new DiscordHttpError(400, { message: 'Cannot send messages in a non-text channel', code: 50008 }),
  emptyMessage: () => new DiscordHttpError(400, { message: 'Cannot send an empty message', code: 50006 }),
};

/** A path id that is not a snowflake: Discord answers 400 Invalid Form Body naming the parameter. */
export function checkPathId(name: string, value: string): void {
  if (ID.test(value)) return;
  const errs = new FormErrors();
  errs.add([name], 'NUMBER_TYPE_COERCE', `Value "${value}" is not snowflake.`);
  errs.throwIfAny();
}
