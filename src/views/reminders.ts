// The reminder posts' buttons (Open, Stop) and their handlers, the /remind list and /remind channel
// list views, and the remove commands' autocomplete; the messages (and the posts' rendering for the
// reminders service) are built in src/render/reminders.ts.

import type { ChannelFollowView, FailedReminder } from '../reminders/types.js';
import type { Translator } from '../i18n/index.js';
import type { QueuedReminder } from '../reminders/records.js';
import type { AutocompleteChoice, ComponentHandler } from '../interactions/context.js';
import { ID_PREFIX, typedTitleId } from './title-input.js';
import { encodeCustomId } from '../render/custom-ids.js';
import type { RenderedMessage } from '../render/limits.js';
import { channelListMessage as renderChannelList, reminderMessage as renderReminder, reminderStoppedMessage, type ReminderPostIds } from '../render/reminders.js';
import { clipPlain } from '../render/text.js';
import { addEpisodeButtonId } from '../render/details-actions.js';
import { renderDetails } from './details.js';
import type { Where } from '../interactions/where.js';
import { maskTitle } from './nsfw.js';

export { failedNote, pauseNotice, reminderListMessage, reminderThreadName } from '../render/reminders.js';
import { COMPONENT_KINDS } from '../render/component-kinds.js';


/** The custom ids of a reminder post's buttons, handled here (the composition root hands them to src/render/reminders.ts's reminderRendering). */
export const reminderPostIds: ReminderPostIds = {
  buttons: (titleId) => ({ addEpisode: addEpisodeButtonId(titleId), open: encodeCustomId(COMPONENT_KINDS.reminderOpen, [titleId]), stop: encodeCustomId(COMPONENT_KINDS.reminderStop, [titleId]) }),
};

/** A reminder post (src/render/reminders.ts) with its buttons' custom ids. */
export function reminderMessage(t: Translator, r: QueuedReminder): RenderedMessage {
  return renderReminder(t, r, reminderPostIds.buttons(r.titleId));
}

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

/** Open answers only the member who clicked, so a busy reminder channel does not fill with details. */
export const reminderOpenHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.reminderOpen,
  mode: 'ephemeral',
  run: (ctx, fields) => renderDetails(ctx, 'anime', fields.int()),
};

export const reminderStopHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.reminderStop,
  mode: 'ephemeral',
  async run(ctx, fields) {
    const id = fields.int();
    const stopped = await ctx.deps.reminders.remove(ctx.userId, id);
    await ctx.deps.reminders.noteLocale(ctx.userId, ctx.t.locale);
    return reminderStoppedMessage(ctx.t, stopped);
  },
};
