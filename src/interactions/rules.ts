// What a subcommand or a component may declare about who can use it and where: only in a server
// (and with a member permission there), only in DMs with the bot, only with a linked account. The
// router checks every declared rule before the handler runs (`checkRules`), each refused with one
// error the user reads in their language; the handler's context is typed by what was checked.

import { PermissionFlagsBits, type PermissionsBitField } from 'discord.js';
import type { TokenSource } from '../service/token-source.js';
import { NotLoggedInError, UserFacingError } from './user-errors.js';
import type { Where } from './where.js';

/** Member permissions a subcommand or component may require (each named in the catalogue, `error.permission`). */
export type RequiredPermission = 'ManageGuild' | 'ManageChannels' | 'ManageRoles';

/**
 * Where it may be used: anywhere, only in a server (optionally with a member permission, and
 * `needsBot` when it makes the bot post, poll or create events there: refused where the app is only
 * installed to the user), or only in DMs with the bot.
 */
export type PlaceRule =
  | { readonly only?: undefined; readonly permission?: undefined; readonly needsBot?: undefined }
  | { readonly only: 'server'; readonly permission?: RequiredPermission; readonly needsBot?: true }
  | { readonly only: 'dm'; readonly permission?: undefined; readonly needsBot?: undefined };

/** Whether it needs the user's linked service account. */
export type LinkRule = { readonly linked?: false } | { readonly linked: true };

export type Rules = PlaceRule & LinkRule;

/** What a context gains from a rule the router checked: the server's id, the user's token. */
export type CheckedBy<R> = (R extends { readonly only: 'server' } ? { guildId: string } : unknown) &
  (R extends { readonly linked: true } ? { auth: TokenSource } : unknown);

/** A refusal names what was used as the user's picker shows it (`/feed channel add`), or `none` (a button). */
const NO_COMMAND = 'none';

/** The server an interaction happens in, or the one refusal of a server-only use elsewhere. */
export function serverOf(ctx: { readonly guildId?: string | undefined; readonly where: Where }, command: string = NO_COMMAND): string {
  if (ctx.guildId === undefined || ctx.where.place !== 'guild') throw new UserFacingError('error.serverOnly', { command });
  return ctx.guildId;
}

export interface RuleSubject {
  guildId?: string;
  where: Where;
  /** The member's permissions in the server; null outside one. */
  memberPermissions: Readonly<PermissionsBitField> | null;
  viewerAuth(): Promise<TokenSource | undefined>;
}

/**
 * Checks `rules` for one interaction, in order: the place, the permission, the linked account. Returns
 * what the checks established for the handler's context; throws the refusal of the first rule broken.
 */
export async function checkRules(rules: Rules, subject: RuleSubject, command: string = NO_COMMAND): Promise<{ guildId?: string; auth?: TokenSource }> {
  const checked: { guildId?: string; auth?: TokenSource } = {};
  if (rules.only === 'server') {
    checked.guildId = serverOf(subject, command);
    if (rules.needsBot === true && subject.where.botAbsent === true) throw new UserFacingError('error.botNotInServer', { command });
    const permission = rules.permission;
    if (permission !== undefined && subject.memberPermissions?.has(PermissionFlagsBits[permission]) !== true) {
      throw new UserFacingError('error.permission', { permission, command });
    }
  } else if (rules.only === 'dm' && subject.where.place !== 'bot_dm') {
    throw new UserFacingError('error.dmOnly', { command });
  }
  if (rules.linked === true) {
    const auth = await subject.viewerAuth();
    if (auth === undefined) throw new NotLoggedInError();
    checked.auth = auth;
  }
  return checked;
}

/** Whether an autocomplete may suggest anything here: only where its subcommand may be used. */
export function placeAllows(rules: PlaceRule, subject: Pick<RuleSubject, 'guildId' | 'where'>): boolean {
  if (rules.only === 'server') return subject.guildId !== undefined && subject.where.place === 'guild' && !(rules.needsBot === true && subject.where.botAbsent === true);
  if (rules.only === 'dm') return subject.where.place === 'bot_dm';
  return true;
}
