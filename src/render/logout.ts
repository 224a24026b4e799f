// /logout's answer (what was unlinked, what a server's list community keeps for a while, and the
// "forget me" button) and the answer of that button (what kinds of records were deleted). Pure: the
// caller passes what happened and the button's custom id (built by forgetMeId; its handler:
// commands/components/logout.ts).

import { ButtonStyle, ComponentType } from 'discord.js';
import { discordTime } from '../airing/air-times.js';
import type { ForgottenKind, ForgottenRecords } from '../auth/accounts.js';
import type { MessageKey, Translator } from '../i18n/index.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import type { RenderedMessage } from './limits.js';
import { escapeMarkdown } from './text.js';
import { encodeUserId } from './user-ids.js';

/** What /logout did: whether a link existed, the service name it was linked as, until when a community keeps the shown lists. */
export interface LogoutOutcome {
  existed: boolean;
  name: string | undefined;
  staleUntil: number | undefined;
}

/** custom_id of "forget me": only the person who logged out (`userId`) may press it. */
export function forgetMeId(userId: string): string {
  return encodeCustomId(COMPONENT_KINDS.forgetMe, [encodeUserId(userId)]);
}

/** /logout's answer, with the "forget me" button (`forgetId`). */
export function logoutMessage(t: Translator, outcome: LogoutOutcome, forgetId: string): RenderedMessage {
  const { existed, name, staleUntil } = outcome;
  const community = staleUntil !== undefined ? `\n\n${t.t('lists.logout.community', { until: discordTime(staleUntil, 'D') })}` : '';
  return {
    ephemeral: true,
    embeds: [
      existed
        ? {
            title: t.t('lists.logout.done.title'),
            description: `${t.t('lists.logout.done.text', { hasName: name ? 'yes' : 'no', name: name ? escapeMarkdown(name) : '' })}${community}`,
          }
        : { title: t.t('lists.logout.notLinked.title'), description: t.t('lists.logout.notLinked.text') },
    ],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [{ type: ComponentType.Button, style: ButtonStyle.Danger, custom_id: forgetId, label: t.t('lists.logout.forgetButton') }],
      },
    ],
  };
}

const KIND_NAMES: Readonly<Record<ForgottenKind, MessageKey>> = {
  account: 'lists.forget.kind.account',
  pendingLogins: 'lists.forget.kind.pendingLogins',
  linkConfirmations: 'lists.forget.kind.linkConfirmations',
  loginIndex: 'lists.forget.kind.loginIndex',
  loginLostNotices: 'lists.forget.kind.loginLostNotices',
  reminders: 'lists.forget.kind.reminders',
  social: 'lists.forget.kind.social',
  settings: 'lists.forget.kind.settings',
  imports: 'imports.forgotten',
};

/** A kind of record in the reader's language; one without a known kind by its (English) label. */
function kindName(t: Translator, record: ForgottenRecords[number]): string {
  return record.kind ? t.t(KIND_NAMES[record.kind]) : record.label;
}

/** The "forget me" answer: each kind with records deleted and how many, then every kind checked. */
export function forgottenMessage(t: Translator, report: ForgottenRecords): RenderedMessage {
  const deleted = report.filter((r) => r.deleted > 0);
  const lines = deleted.map((r) => `- ${kindName(t, r)}: ${t.number(r.deleted)}`);
  const what = lines.length > 0 ? `${t.t('lists.forget.deleted')}\n${lines.join('\n')}` : t.t('lists.forget.nothing');
  return {
    ephemeral: true,
    embeds: [
      {
        title: t.t('lists.forget.title'),
        description: `${what}\n\n${t.t('lists.forget.checked', { kinds: report.map((r) => kindName(t, r)).join(t.t('lists.separator')) })}`,
      },
    ],
    components: [],
  };
}
