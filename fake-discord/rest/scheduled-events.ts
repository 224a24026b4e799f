// Guild scheduled events: GET/POST /guilds/:guild/scheduled-events, GET/PATCH/DELETE
// /guilds/:guild/scheduled-events/:event (the model: guilds/scheduled-events.ts).

import type { ScheduledEvents } from '../guilds/scheduled-events.js';
import type { ServerState } from '../server-state.js';
import { route, type Route } from './routing.js';

export function scheduledEventRoutes(state: ServerState, events: ScheduledEvents): Route[] {
  return [
    route('GET /guilds/:guild/scheduled-events', (ctx, [guildId = '']) => {
      state.requireBot(ctx.authorization);
      return { status: 200, body: events.list(guildId, ctx.query.with_user_count === 'true') };
    }),
    route('POST /guilds/:guild/scheduled-events', (ctx, [guildId = '']) => {
      state.requireBot(ctx.authorization);
      return { status: 200, body: events.create(guildId, ctx.body) };
    }),
    route('GET /guilds/:guild/scheduled-events/:event', (ctx, [guildId = '', eventId = '']) => {
      state.requireBot(ctx.authorization);
      return { status: 200, body: events.get(guildId, eventId, ctx.query.with_user_count === 'true') };
    }),
    route('PATCH /guilds/:guild/scheduled-events/:event', (ctx, [guildId = '', eventId = '']) => {
      state.requireBot(ctx.authorization);
      return { status: 200, body: events.modify(guildId, eventId, ctx.body) };
    }),
    route('DELETE /guilds/:guild/scheduled-events/:event', (ctx, [guildId = '', eventId = '']) => {
      state.requireBot(ctx.authorization);
      events.remove(guildId, eventId);
      return { status: 204 };
    }),
  ];
}
