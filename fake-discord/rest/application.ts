// The application and its gateway: GET /applications/@me, GET /gateway and GET /gateway/bot.

import type { ServerState } from '../server-state.js';
import { route, type Route } from './routing.js';

export function applicationRoutes(state: ServerState): Route[] {
  return [
    route('GET /gateway', () => ({ status: 200, body: { url: state.gatewayUrl() } })),
    route('GET /gateway/bot', (ctx) => {
      state.requireBot(ctx.authorization);
      return {
        status: 200,
        body: {
          url: state.gatewayUrl(),
          shards: state.shardCount,
          session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: state.maxConcurrency },
        },
      };
    }),
    route('GET /applications/@me', (ctx) => {
      state.requireBot(ctx.authorization);
      return { status: 200, body: applicationObject(state) };
    }),
  ];
}

function applicationObject(state: ServerState): Record<string, unknown> {
  return {
    id: state.applicationId,
    name: String(state.botUser.username),
    icon: null,
    description: '',
    summary: '',
    type: null,
    bot: state.botUser,
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: '0'.repeat(64),
    flags: 0,
    team: null,
    owner: { id: state.ownerId, username: 'owner', global_name: null, discriminator: '0', avatar: null, flags: 0 },
    integration_types_config: { '0': {}, '1': {} },
    approximate_guild_count: 0,
    approximate_user_install_count: 0,
  };
}
