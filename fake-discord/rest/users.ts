// Users and direct messages: GET /users/@me, GET /users/:id (the bot, or a user seen in an
// interaction), POST /users/@me/channels (opening a DM channel).

import { DiscordHttpError } from '../errors.js';
import type { ServerState } from '../server-state.js';
import { route, type Route } from './routing.js';

export function userRoutes(state: ServerState): Route[] {
  return [
    route('GET /users/@me', (ctx) => {
      state.requireBot(ctx.authorization);
      return { status: 200, body: { ...state.botUser, verified: true, mfa_enabled: false, locale: 'en-US', email: null } };
    }),
    route('GET /users/:id', (ctx, [id = '']) => {
      state.requireBot(ctx.authorization);
      const user = id === state.botUserId ? state.botUser : state.seenUsers.get(id);
      if (!user) throw new DiscordHttpError(404, { message: 'Unknown User', code: 10013 });
      return { status: 200, body: structuredClone(user) };
    }),
    route('POST /users/@me/channels', (ctx) => {
      state.requireBot(ctx.authorization);
      return { status: 200, body: state.dms.openChannel(ctx.body) };
    }),
  ];
}
