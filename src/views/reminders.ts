// What the reminder posts' Stop button does, the /remind channel list view and the remove commands'
// autocomplete; the messages, the posts' buttons and the posts' rendering for the reminders service
// are built in src/render/reminders.ts, the buttons' handlers are in commands/components/remind.ts.

import type { ChannelFollowView, FailedReminder } from '../reminders/types.js';
import type { Translator } from '../i18n/index.js';
import type { AutocompleteChoice, BaseContext } from '../interactions/context.js';
import { ID_PREFIX, typedTitleId } from './title-input.js';
import type { RenderedMessage } from '../render/limits.js';
import { channelListMessage as renderChannelList, reminderStoppedMessage } from '../render/reminders.js';
import { clipPlain } from '../render/text.js';
import type { Where } from '../interactions/where.js';
import { maskTitle } from './nsfw.js';

/**
 * Autocomplete for the remove commands: only titles that are followed, matched by name, or by the ID
 * or link typed (every form a title option takes), from stored data (no request to the service).
 */
export function followedChoices(
  t: Translator,
  titles: ReadonlyArray<{ id: number; title: string; nsfw?: string }>,
  typed: string,
  where: Where,
  webUrl: string,
): AutocompleteChoice[] {
  const q = typed.trim().toLowerCase();
  const id = typedTitleId(typed, 'anime', webUrl);
  const seen = new Set<number>();
  const out: AutocompleteChoice[] = [];
  for (const title of titles) {
    if (seen.has(title.id)) continue;
    seen.add(title.id);
    const name = clipPlain(maskTitle(t, title.title, title.nsfw, where), 80);
    if (q !== '' && title.id !== id && !name.toLowerCase().includes(q)) continue;
    out.push({ name: t.t('reminders.list.choice', { title: name, id: String(title.id) }), value: `${ID_PREFIX}${title.id}` });
    if (out.length === 25) break;
  }
  return out;
}

/** The /remind channel list answer, its titles masked unless the channel is age-restricted. */
export function channelListMessage(t: Translator, follows: readonly ChannelFollowView[], where: Where, failed: readonly FailedReminder[] = []): RenderedMessage {
  return renderChannelList(t, follows, where.ageRestricted, failed);
}

/** Stop under a reminder post: the clicker stops following the title (their language noted for their DMs). */
export async function stopReminder(ctx: BaseContext, titleId: number): Promise<RenderedMessage> {
  const stopped = await ctx.deps.reminders.remove(ctx.userId, titleId);
  await ctx.deps.reminders.noteLocale(ctx.userId, ctx.t.locale);
  return reminderStoppedMessage(ctx.t, stopped);
}
