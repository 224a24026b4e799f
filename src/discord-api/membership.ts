// Whether the bot is a member of a server. An app can be installed in a server without its bot (the
// install left out the `bot` scope, or the bot was removed later): interactions still arrive from there,
// but Discord refuses the bot's own requests in that server — Missing Access, Unknown Guild or Unknown
// Member, by route. One rule for every feature that needs the bot there: when Discord refuses the bot
// in a server with one of those, the bot's own member is read, and when it has none the member is told
// the bot is not in the server, with the link that adds it (BotNotMemberError), instead of a missing
// permission or a generic failure.

import { DiscordAPIError, Routes, type REST } from 'discord.js';
import type { APIApplication, APIGuildMember, APIUser } from 'discord.js';
import { inviteLinks } from './invite.js';

const UNKNOWN_GUILD = 10004;
const UNKNOWN_MEMBER = 10007;
const MISSING_ACCESS = 50001;

/** The bot is not a member of the server; `invite` is the server install link, which asks for the `bot` scope. */
export class BotNotMemberError extends Error {
  constructor(
    readonly guildId: string,
    readonly invite: string,
  ) {
    super(`The bot is not a member of server ${guildId}: add it with ${invite}`);
    this.name = 'BotNotMemberError';
  }
}

const call = (signal: AbortSignal | undefined): { signal?: AbortSignal } => (signal ? { signal } : {});

/** The bot's own user id (over REST when the client never logged in, as with HTTP interactions). */
export async function botUserId(rest: Pick<REST, 'get'>, known: string | undefined): Promise<string> {
  if (known !== undefined) return known;
  const me = (await rest.get(Routes.user('@me'))) as APIUser;
  return me.id;
}

/** A refusal that, for a request in a server, can mean the bot is not a member there. */
export function mayMeanBotAbsent(error: unknown): boolean {
  return error instanceof DiscordAPIError && [UNKNOWN_GUILD, UNKNOWN_MEMBER, MISSING_ACCESS].includes(Number(error.code));
}

/** The bot's member in the server; undefined when Discord says it has none (or will not show the server to the bot). */
export async function botMember(rest: Pick<REST, 'get'>, botId: string, guildId: string, signal?: AbortSignal): Promise<APIGuildMember | undefined> {
  try {
    return (await rest.get(Routes.guildMember(guildId, botId), call(signal))) as APIGuildMember;
  } catch (error) {
    if (mayMeanBotAbsent(error)) return undefined;
    throw error;
  }
}

/** The error that tells the member the bot is not in the server, with the server install link of this app. */
export async function botNotMember(rest: Pick<REST, 'get'>, botId: string, guildId: string, signal?: AbortSignal): Promise<BotNotMemberError> {
  let applicationId = botId;
  try {
    applicationId = ((await rest.get(Routes.currentApplication(), call(signal))) as APIApplication).id;
  } catch {
    // A newer app's bot user has the app's id; the member is told anyway, with that link.
  }
  return new BotNotMemberError(guildId, inviteLinks(applicationId).server);
}

/** BotNotMemberError when the bot is not a member of the server, else undefined. `botId` undefined: read over REST. */
export async function botAbsence(rest: Pick<REST, 'get'>, botId: string | undefined, guildId: string, signal?: AbortSignal): Promise<BotNotMemberError | undefined> {
  const id = await botUserId(rest, botId);
  return (await botMember(rest, id, guildId, signal)) === undefined ? botNotMember(rest, id, guildId, signal) : undefined;
}

/** After Discord refused a request in a server: BotNotMemberError when the bot is not a member there, else undefined (the refusal stands). */
export async function absentBotRefusal(rest: Pick<REST, 'get'>, botId: string | undefined, guildId: string, error: unknown, signal?: AbortSignal): Promise<BotNotMemberError | undefined> {
  return mayMeanBotAbsent(error) ? botAbsence(rest, botId, guildId, signal) : undefined;
}
