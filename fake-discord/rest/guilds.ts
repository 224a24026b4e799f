// Guilds as a bot reads them: GET /guilds/:guild, /guilds/:guild/roles, /guilds/:guild/members/:user.

import type { ServerState } from '../server-state.js';
import { route, type Route } from './routing.js';

export function guildRoutes(state: ServerState): Route[] {
  return [
    route('GET /guilds/:guild', (ctx, [guildId = '']) => {
      state.requireBot(ctx.authorization);
      return { status: 200, body: state.guilds.guildObject(guildId, ctx.query.with_counts === 'true') };
    }),
    route('GET /guilds/:guild/roles', (ctx, [guildId = '']) => {
      state.requireBot(ctx.authorization);
      return { status: 200, body: state.guilds.rolesList(guildId) };
    }),
    route('GET /guilds/:guild/members/:user', (ctx, [guildId = '', userId = '']) => {
      state.requireBot(ctx.authorization);
      return { status: 200, body: state.guilds.memberObject(guildId, userId) };
    }),
  ];
}
