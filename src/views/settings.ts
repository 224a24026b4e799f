// What /settings does with its arguments and the answers it shows: a person's title form and spoiler
// policy, their server's defaults (the router checked the server and Manage Server), and which apply here.

import type { BaseContext, InServer } from '../interactions/context.js';
import type { Translator } from '../i18n/index.js';
import type { RenderedMessage } from '../render/limits.js';
import { COLORS } from '../render/theme.js';
import { resolveSpoilerPolicy, resolveTitleForm, type SpoilerPolicy } from '../preferences/title-preferences.js';
import type { TitleForm } from '../service/title-forms.js';

function formName(t: Translator, form: TitleForm): string {
  return t.t(`settings.form.${form}`);
}

function reply(title: string, description: string): RenderedMessage {
  return { ephemeral: true, embeds: [{ title, description, color: COLORS.success }] };
}

/** Which title form applies to the person here, and why. */
export async function showTitleForm(ctx: BaseContext): Promise<RenderedMessage> {
  const { t } = ctx;
  const { preferences } = ctx.deps;
  const [user, server, userSpoilers, serverSpoilers, boardsHidden] = await Promise.all([
    preferences.userForm(ctx.userId),
    ctx.guildId === undefined ? undefined : preferences.serverForm(ctx.guildId),
    preferences.userSpoilers(ctx.userId),
    ctx.guildId === undefined ? undefined : preferences.serverSpoilers(ctx.guildId),
    preferences.boardsHidden(ctx.userId),
  ]);
  const applied = resolveTitleForm(user, server);
  const lines = [applied.source === 'default' ? t.t('settings.show.default') : t.t(`settings.show.${applied.source}`, { form: formName(t, applied.form) })];
  if (ctx.guildId === undefined) lines.push(t.t('settings.show.directMessages'));
  else lines.push(server === undefined ? t.t('settings.show.noServerDefault') : t.t('settings.show.serverDefault', { form: formName(t, server) }));
  if (applied.source !== 'default') lines.push(t.t('settings.show.fallback'));
  const spoilers = resolveSpoilerPolicy(userSpoilers, serverSpoilers);
  lines.push(t.t(`settings.show.spoilers.${spoilers.source}`, { policy: policyName(t, spoilers.policy) }));
  lines.push(t.t('settings.show.boards', { hidden: boardsHidden ? 'yes' : 'no' }));
  return { ephemeral: true, embeds: [{ title: t.t('settings.show.title'), description: lines.join('\n\n'), color: COLORS.brand }] };
}

/** Saves the person's own title form. */
export async function setTitleForm(ctx: BaseContext, form: TitleForm): Promise<RenderedMessage> {
  await ctx.deps.preferences.setUserForm(ctx.userId, form);
  return reply(ctx.t.t('settings.titles.saved.title'), ctx.t.t('settings.titles.saved.text', { form: formName(ctx.t, form) }));
}

/** Saves the server's default title form, or resets it to the main title. */
export async function setServerTitleForm(ctx: InServer<BaseContext>, form: TitleForm | 'reset'): Promise<RenderedMessage> {
  if (form === 'reset') {
    await ctx.deps.preferences.setServerForm(ctx.guildId, undefined);
    return reply(ctx.t.t('settings.serverTitles.reset.title'), ctx.t.t('settings.serverTitles.reset.text'));
  }
  await ctx.deps.preferences.setServerForm(ctx.guildId, form);
  return reply(ctx.t.t('settings.serverTitles.saved.title'), ctx.t.t('settings.serverTitles.saved.text', { form: formName(ctx.t, form) }));
}

function policyName(t: Translator, policy: SpoilerPolicy): string {
  return t.t(`settings.spoilers.policy.${policy}`);
}

/** Saves the person's own spoiler policy. */
export async function setSpoilers(ctx: BaseContext, policy: SpoilerPolicy): Promise<RenderedMessage> {
  await ctx.deps.preferences.setUserSpoilers(ctx.userId, policy);
  return reply(ctx.t.t('settings.spoilers.saved.title'), ctx.t.t('settings.spoilers.saved.text', { policy: policyName(ctx.t, policy) }));
}

/** Saves the server's spoiler default, or resets it to `sequels`. */
export async function setServerSpoilers(ctx: InServer<BaseContext>, policy: SpoilerPolicy | 'reset'): Promise<RenderedMessage> {
  if (policy === 'reset') {
    await ctx.deps.preferences.setServerSpoilers(ctx.guildId, undefined);
    return reply(ctx.t.t('settings.serverSpoilers.reset.title'), ctx.t.t('settings.serverSpoilers.reset.text'));
  }
  await ctx.deps.preferences.setServerSpoilers(ctx.guildId, policy);
  return reply(ctx.t.t('settings.serverSpoilers.saved.title'), ctx.t.t('settings.serverSpoilers.saved.text', { policy: policyName(ctx.t, policy) }));
}

/** Hides the person from every board, or shows them again. */
export async function setBoardsVisibility(ctx: BaseContext, hidden: boolean): Promise<RenderedMessage> {
  await ctx.deps.preferences.setBoardsHidden(ctx.userId, hidden);
  const which = hidden ? 'hidden' : 'shown';
  return reply(ctx.t.t(`settings.boards.${which}.title`), ctx.t.t(`settings.boards.${which}.text`));
}
