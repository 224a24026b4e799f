// Routes of the fake's REST API: a pattern such as `GET /users/:id` and its handler. The first route
// whose method and path match answers; its pattern is recorded as the call's route.

import { discordErrors } from '../errors.js';
import { API_PREFIX, type Reply, type RequestContext } from './http.js';

export interface Route {
  /** `<METHOD> <path>`, `:name` segments standing for parameters. */
  pattern: string;
  /** Gets the parameters in path order. */
  handle(ctx: RequestContext, params: string[]): Reply;
}

export function route(pattern: string, handle: Route['handle']): Route {
  return { pattern, handle };
}

/** A request handler answering from `routes`, 404 for anything outside `/api/v10` or unrouted. */
export function router(routes: readonly Route[]): (ctx: RequestContext) => Reply {
  return (ctx) => {
    const { segments } = ctx;
    if (!API_PREFIX.every((p, i) => segments[i] === p)) throw discordErrors.notFound();
    const path = segments.slice(API_PREFIX.length);
    for (const r of routes) {
      const params = match(r.pattern, ctx.method, path);
      if (params) {
        ctx.route = r.pattern;
        return r.handle(ctx, params);
      }
    }
    throw discordErrors.notFound();
  };
}

function match(pattern: string, method: string, path: readonly string[]): string[] | undefined {
  const [pm, ...parts] = pattern.split(' ');
  const pp = (parts.join(' ') || '').split('/').filter((s) => s !== '');
  if (pm !== method || pp.length !== path.length) return undefined;
  const params: string[] = [];
  for (let i = 0; i < pp.length; i += 1) {
    const want = pp[i] ?? '';
    const got = path[i] ?? '';
    if (want.startsWith(':')) params.push(got);
    else if (want !== got) return undefined;
  }
  return params;
}
