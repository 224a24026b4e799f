// The registered commands as a Discord client in the acting user's language shows them: a name or
// description from the command's localizations when it has one for that language, else the default.

import { state } from './state.js';

/** `thing.name` (or `description`) in the acting user's language. */
export function localized(thing, field) {
  return thing[`${field}_localizations`]?.[state.locale] ?? thing[field];
}
