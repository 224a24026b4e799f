// The /settings answers: which title form and spoiler policy apply here and why, and the answer after
// a setting is saved or reset.

import type { Translator } from '../i18n/index.js';
import type { AppliedSpoilerPolicy, AppliedTitleForm, SpoilerPolicy } from '../preferences/title-preferences.js';
import type { TitleForm } from '../service/title-forms.js';
import type { RenderedMessage } from './limits.js';
import { COLORS } from './theme.js';

function formName(t: Translator, form: TitleForm): string {
  return t.t(`settings.form.${form}`);
}

function policyName(t: Translator, policy: SpoilerPolicy): string {
  return t.t(`settings.spoilers.policy.${policy}`);
}

/** What applies to the person here: each setting's value and where it comes from. */
export interface SettingsShown {
  form: AppliedTitleForm;
  /** The server's own default form; null in DMs. */
  serverForm: TitleForm | undefined | null;
  spoilers: AppliedSpoilerPolicy;
  boardsHidden: boolean;
}

export function settingsMessage(t: Translator, s: SettingsShown): RenderedMessage {
  const lines = [s.form.source === 'default' ? t.t('settings.show.default') : t.t(`settings.show.${s.form.source}`, { form: formName(t, s.form.form) })];
  if (s.serverForm === null) lines.push(t.t('settings.show.directMessages'));
  else lines.push(s.serverForm === undefined ? t.t('settings.show.noServerDefault') : t.t('settings.show.serverDefault', { form: formName(t, s.serverForm) }));
  if (s.form.source !== 'default') lines.push(t.t('settings.show.fallback'));
  lines.push(t.t(`settings.show.spoilers.${s.spoilers.source}`, { policy: policyName(t, s.spoilers.policy) }));
  lines.push(t.t('settings.show.boards', { hidden: s.boardsHidden ? 'yes' : 'no' }));
  return { ephemeral: true, embeds: [{ title: t.t('settings.show.title'), description: lines.join('\n\n'), color: COLORS.brand }] };
}

/** One saved (or reset) setting. */
export type SettingSaved =
  | { setting: 'titles' | 'serverTitles'; form: TitleForm }
  | { setting: 'spoilers' | 'serverSpoilers'; policy: SpoilerPolicy }
  | { setting: 'serverTitles' | 'serverSpoilers'; reset: true }
  | { setting: 'boards'; hidden: boolean };

function reply(title: string, description: string): RenderedMessage {
  return { ephemeral: true, embeds: [{ title, description, color: COLORS.success }] };
}

export function settingSavedMessage(t: Translator, saved: SettingSaved): RenderedMessage {
  if ('reset' in saved) return reply(t.t(`settings.${saved.setting}.reset.title`), t.t(`settings.${saved.setting}.reset.text`));
  if ('form' in saved) return reply(t.t(`settings.${saved.setting}.saved.title`), t.t(`settings.${saved.setting}.saved.text`, { form: formName(t, saved.form) }));
  if ('policy' in saved) return reply(t.t(`settings.${saved.setting}.saved.title`), t.t(`settings.${saved.setting}.saved.text`, { policy: policyName(t, saved.policy) }));
  const which = saved.hidden ? 'hidden' : 'shown';
  return reply(t.t(`settings.boards.${which}.title`), t.t(`settings.boards.${which}.text`));
}
