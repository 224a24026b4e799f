// The two discord.js internals the HTTP transport relies on, reached in one place and checked at
// start-up. Neither is promised by discord.js across minor releases, which is why package.json pins
// discord.js to the tested minor (`~14.28.x`) and test/transport/discord-internals.test.ts fails,
// naming what changed, when an upgrade changes them:
//   - `client.actions.InteractionCreate.handle(rawInteraction)`: turns a raw payload into the same
//     Interaction object (and InteractionCreate event) a gateway session produces;
//   - `client.rest.request(internalRequest)`: every REST call passes through it with `method`,
//     `fullRoute`, `body` and `files`, so the first interaction callback can be answered over HTTP.

import type { Client, REST } from 'discord.js';

/** The discord.js versions these internals were checked against (package.json pins the same minor). */
export const TESTED_DISCORD_JS = '~14.28.1';

/** The subset of discord.js's InteractionCreate action used here (not in the public typings). */
export interface InteractionCreateAction {
  handle(data: unknown): void;
}

/** The fields of @discordjs/rest's InternalRequest the transport reads. */
export interface RestRequest {
  method: string;
  fullRoute: string;
  body?: unknown;
  files?: unknown[];
}

export type RestRequestFn = REST['request'];

export class DiscordInternalsChanged extends Error {
  constructor(what: string) {
    super(
      `discord.js internals changed: ${what}. The HTTP transport was tested with discord.js ${TESTED_DISCORD_JS}; ` +
        'keep that version or adapt src/transport/discord-internals.ts',
    );
    this.name = 'DiscordInternalsChanged';
  }
}

/** `client.actions.InteractionCreate`, or a DiscordInternalsChanged error saying what is missing. */
export function interactionCreateAction(client: Client): InteractionCreateAction {
  const actions = (client as unknown as { actions?: unknown }).actions;
  if (typeof actions !== 'object' || actions === null) throw new DiscordInternalsChanged('client.actions is missing');
  const action = (actions as { InteractionCreate?: unknown }).InteractionCreate;
  if (typeof action !== 'object' || action === null) throw new DiscordInternalsChanged('client.actions.InteractionCreate is missing');
  const handle = (action as { handle?: unknown }).handle;
  if (typeof handle !== 'function') throw new DiscordInternalsChanged('client.actions.InteractionCreate.handle is not a function');
  if (handle.length !== 1) throw new DiscordInternalsChanged(`client.actions.InteractionCreate.handle takes ${handle.length} parameters, not 1 (the raw interaction)`);
  return action as InteractionCreateAction;
}

/**
 * Replaces `rest.request` with `wrap(original)`: every REST call of the client then goes through the
 * wrapper. Throws DiscordInternalsChanged when `rest.request` is not the one-parameter method it was.
 */
export function wrapRestRequest(rest: REST, wrap: (original: RestRequestFn) => RestRequestFn): void {
  const request: unknown = (rest as { request?: unknown }).request;
  if (typeof request !== 'function') throw new DiscordInternalsChanged('client.rest.request is not a function');
  if (request.length !== 1) throw new DiscordInternalsChanged(`client.rest.request takes ${request.length} parameters, not 1 (the internal request)`);
  rest.request = wrap((request as RestRequestFn).bind(rest));
}

/** The request fields the transport reads, or a DiscordInternalsChanged error naming the missing one. */
export function restRequestFields(options: unknown): RestRequest {
  const r = options as Partial<Record<keyof RestRequest, unknown>> | null;
  if (typeof r !== 'object' || r === null) throw new DiscordInternalsChanged('client.rest.request was called without an options object');
  if (typeof r.method !== 'string') throw new DiscordInternalsChanged('client.rest.request options have no string `method`');
  if (typeof r.fullRoute !== 'string') throw new DiscordInternalsChanged('client.rest.request options have no string `fullRoute`');
  if (r.files !== undefined && !Array.isArray(r.files)) throw new DiscordInternalsChanged('client.rest.request options `files` is not an array');
  return r as RestRequest;
}
