// Application commands: list, bulk-overwrite, create, read, edit and delete, global
// (/applications/:app/commands) and per guild (/applications/:app/guilds/:guild/commands).

import { toStoredCommand, validateCommand, validateCommandList, type StoredCommand } from '../command-validation.js';
import { discordErrors, FormErrors, isRecord } from '../errors.js';
import type { ServerState } from '../server-state.js';
import { snowflake } from '../snowflake.js';
import type { Reply, RequestContext } from './http.js';
import { route, type Route } from './routing.js';

type ListVerb = 'GET' | 'PUT' | 'POST';
type CommandVerb = 'GET' | 'PATCH' | 'DELETE';

export function commandRoutes(state: ServerState): Route[] {
  const routes: Route[] = [];
  for (const scoped of [false, true]) {
    const base = scoped ? '/applications/:app/guilds/:guild/commands' : '/applications/:app/commands';
    for (const verb of ['GET', 'PUT', 'POST'] as const) {
      routes.push(
        route(`${verb} ${base}`, (ctx, [appId = '', guildId]) => {
          const list = commandList(state, ctx, appId, scoped ? guildId : undefined);
          return listCommands(state, ctx, verb, list, scoped ? guildId : undefined);
        }),
      );
    }
    for (const verb of ['GET', 'PATCH', 'DELETE'] as const) {
      routes.push(
        route(`${verb} ${base}/:command`, (ctx, params) => {
          const [appId = '', guildId, commandId = ''] = scoped ? params : [params[0], undefined, params[1]];
          const list = commandList(state, ctx, appId, scoped ? guildId : undefined);
          return oneCommand(state, ctx, verb, list, scoped ? guildId : undefined, commandId);
        }),
      );
    }
  }
  return routes;
}

function commandList(state: ServerState, ctx: RequestContext, appId: string, guildId: string | undefined): StoredCommand[] {
  state.requireBot(ctx.authorization);
  if (appId !== state.applicationId) throw discordErrors.unknownApplication();
  return state.commands.listFor(guildId);
}

/** GET the list, PUT (bulk overwrite) or POST (create, or replace the one of that name and type). */
function listCommands(state: ServerState, ctx: RequestContext, verb: ListVerb, list: StoredCommand[], guildId: string | undefined): Reply {
  const ids = (name: unknown, type: unknown): { id: string; version: string; applicationId: string; guildId?: string } => {
    const existing = list.find((c) => c.name === name && c.type === (type ?? 1));
    return {
      id: existing?.id ?? snowflake(),
      version: snowflake(),
      applicationId: state.applicationId,
      ...(guildId !== undefined ? { guildId } : {}),
    };
  };
  if (verb === 'GET') return { status: 200, body: structuredClone(list) };
  if (verb === 'PUT') {
    validateCommandList(ctx.body).throwIfAny();
    const body = ctx.body as Array<Record<string, unknown>>;
    const stored = body.map((cmd) => toStoredCommand(cmd, ids(cmd.name, cmd.type)));
    list.splice(0, list.length, ...stored);
    return { status: 200, body: structuredClone(stored) };
  }
  const errs = new FormErrors();
  validateCommand(errs, [], ctx.body);
  errs.throwIfAny();
  const cmd = ctx.body as Record<string, unknown>;
  const stored = toStoredCommand(cmd, ids(cmd.name, cmd.type));
  const index = list.findIndex((c) => c.id === stored.id);
  if (index >= 0) list[index] = stored;
  else list.push(stored);
  return { status: index >= 0 ? 200 : 201, body: structuredClone(stored) };
}

/** GET, PATCH (merged with the stored command, then validated) or DELETE one command. */
function oneCommand(
  state: ServerState,
  ctx: RequestContext,
  verb: CommandVerb,
  list: StoredCommand[],
  guildId: string | undefined,
  commandId: string,
): Reply {
  const index = list.findIndex((c) => c.id === commandId);
  const existing = list[index];
  if (!existing) throw discordErrors.unknownCommand();
  if (verb === 'GET') return { status: 200, body: structuredClone(existing) };
  if (verb === 'DELETE') {
    list.splice(index, 1);
    return { status: 204 };
  }
  const merged = { ...existing, ...(isRecord(ctx.body) ? ctx.body : {}) };
  const errs = new FormErrors();
  validateCommand(errs, [], merged);
  errs.throwIfAny();
  const stored = toStoredCommand(merged, {
    id: existing.id,
    version: snowflake(),
    applicationId: state.applicationId,
    ...(guildId !== undefined ? { guildId } : {}),
  });
  list[index] = stored;
  return { status: 200, body: structuredClone(stored) };
}
