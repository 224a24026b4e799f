// What /settings does with its arguments: a person's title form and spoiler policy, their server's
// defaults (the router checked the server and Manage Server), and which apply here. The answers are
// built in src/render/settings.ts.

import type { BaseContext, InServer } from '../interactions/context.js';
import type { RenderedMessage } from '../render/limits.js';
import { settingSavedMessage, settingsMessage } from '../render/settings.js';
import { resolveSpoilerPolicy, resolveTitleForm, type SpoilerPolicy } from '../preferences/title-preferences.js';
import type { TitleForm } from '../service/title-forms.js';

/** Which title form applies to the person here, and why. */
export async function showTitleForm(ctx: BaseContext): Promise<RenderedMessage> {
  const { preferences } = ctx.deps;
  const [user, server, userSpoilers, serverSpoilers, boardsHidden] = await Promise.all([
    preferences.userForm(ctx.userId),
    ctx.guildId === undefined ? undefined : preferences.serverForm(ctx.guildId),
    preferences.userSpoilers(ctx.userId),
    ctx.guildId === undefined ? undefined : preferences.serverSpoilers(ctx.guildId),
    preferences.boardsHidden(ctx.userId),
  ]);
  return settingsMessage(ctx.t, {
    form: resolveTitleForm(user, server),
    serverForm: ctx.guildId === undefined ? null : server,
    spoilers: resolveSpoilerPolicy(userSpoilers, serverSpoilers),
    boardsHidden,
  });
}

/** Saves the person's own title form. */
export async function setTitleForm(ctx: BaseContext, form: TitleForm): Promise<RenderedMessage> {
  await ctx.deps.preferences.setUserForm(ctx.userId, form);
  return settingSavedMessage(ctx.t, { setting: 'titles', form });
}

/** Saves the server's default title form, or resets it to the main title. */
export async function setServerTitleForm(ctx: InServer<BaseContext>, form: TitleForm | 'reset'): Promise<RenderedMessage> {
  await ctx.deps.preferences.setServerForm(ctx.guildId, form === 'reset' ? undefined : form);
  return settingSavedMessage(ctx.t, form === 'reset' ? { setting: 'serverTitles', reset: true } : { setting: 'serverTitles', form });
}

/** Saves the person's own spoiler policy. */
export async function setSpoilers(ctx: BaseContext, policy: SpoilerPolicy): Promise<RenderedMessage> {
  await ctx.deps.preferences.setUserSpoilers(ctx.userId, policy);
  return settingSavedMessage(ctx.t, { setting: 'spoilers', policy });
}

/** Saves the server's spoiler default, or resets it to `sequels`. */
export async function setServerSpoilers(ctx: InServer<BaseContext>, policy: SpoilerPolicy | 'reset'): Promise<RenderedMessage> {
  await ctx.deps.preferences.setServerSpoilers(ctx.guildId, policy === 'reset' ? undefined : policy);
  return settingSavedMessage(ctx.t, policy === 'reset' ? { setting: 'serverSpoilers', reset: true } : { setting: 'serverSpoilers', policy });
}

/** Hides the person from every board, or shows them again. */
export async function setBoardsVisibility(ctx: BaseContext, hidden: boolean): Promise<RenderedMessage> {
  await ctx.deps.preferences.setBoardsHidden(ctx.userId, hidden);
  return settingSavedMessage(ctx.t, { setting: 'boards', hidden });
}
