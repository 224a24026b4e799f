// /logout's answer (what was unlinked, what a server's list community keeps for a while) and the
// "forget me" button under it: one store operation that deletes every kind of record about the clicker.

import { ButtonStyle, ComponentType } from 'discord.js';
import type { CommandContext, ComponentHandler } from '../interactions/context.js';
import type { ForgottenKind, ForgottenRecords } from '../auth/accounts.js';
import type { MessageKey, Translator } from '../i18n/index.js';
import { encodeCustomId } from '../interactions/custom-id.js';
import { encodeUserId } from '../interactions/invoker.js';
import type { RenderedMessage } from '../render/limits.js';
import { escapeMarkdown } from '../render/text.js';
import { discordTime } from '../airing/air-times.js';

const FORGET_KIND = 'fg';

/** Unlinks the caller's account and deletes its tokens; the answer offers to forget everything else. */
export async function logOut(ctx: CommandContext): Promise<RenderedMessage> {
  const name = await ctx.deps.accounts.linkedAs(ctx.userId);
  const existed = await ctx.deps.accounts.logout(ctx.userId);
  // A member of a server's list community is told once, here, what becomes of their shown lists.
  const shown = existed ? await ctx.deps.social.mirror(ctx.userId, 'anime').catch(() => undefined) : undefined;
  const { t } = ctx;
  const community = shown?.staleUntil !== undefined ? `\n\n${t.t('lists.logout.community', { until: discordTime(shown.staleUntil, 'D') })}` : '';
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
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Danger,
            custom_id: encodeCustomId(FORGET_KIND, [encodeUserId(ctx.userId)]),
            label: t.t('lists.logout.forgetButton'),
          },
        ],
      },
    ],
  };
}

/** The "forget me" button under /logout: one store operation that deletes every kind of record about the clicker. */
export const forgetMeHandler: ComponentHandler = {
  kind: FORGET_KIND,
  mode: 'update',
  invokerField: 0,
  local: true,
  async run(ctx) {
    return forgottenMessage(ctx.t, await ctx.deps.accounts.forget(ctx.userId));
  },
};

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

function forgottenMessage(t: Translator, report: ForgottenRecords): RenderedMessage {
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
