// /logout: forgets the caller's tokens and pending logins, and offers to delete everything else stored
// about them (the answer: src/views/logout.ts; its "forget me" button: ./components/logout.ts).

import type { SlashCommand } from '../src/interactions/command-types.js';
import { defineCommand, slashCommand } from '../src/interactions/command-data.js';
import { logOut } from '../src/views/logout.js';
import { forgetMeHandler } from './components/logout.js';

export const logout: SlashCommand = defineCommand(slashCommand('logout', 'Unlink your service account and delete its tokens from this bot'), { components: [forgetMeHandler] }, {
  '': { ephemeral: true, local: true, run: logOut },
});
