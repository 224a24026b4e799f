// Reminders opened with all they post through: the Discord side's channel poster and direct messages
// (src/reminders/discord-delivery.ts, the messages rendered by src/render/reminders.ts, the buttons' ids from src/views/reminders.ts), and the
// channels' age restriction read over it (kept minutes in the shared store).

import { AIRING_FIELDS } from '../airing/season-airing.js';
import { watchingAndPlanned } from '../airing/my-list.js';
import type { LoginService } from '../auth/login.js';
import { reminderDelivery } from '../reminders/discord-delivery.js';
import { Reminders } from '../reminders/reminders.js';
import { reminderPostIds, reminderRendering } from '../render/reminders.js';
import type { CoreEnv } from './core-env.js';

export async function openReminders({ o, now, store, jobs, service, tokens, metrics, discord }: CoreEnv, login: LoginService): Promise<Reminders> {
  const reminders = new Reminders({
    kv: store.engine,
    jobs,
    counted: (outcome) => metrics?.reminders.inc({ outcome }),
    // Unscoped calls are background work in the deployment's upstream budget.
    discussions: {
      search: async (q, signal) => (await service.forumTopics({ q, limit: 25 }, { signal })).data,
      topicUrl: (topicId) => `${o.config.service.webUrl}/forum/?topicid=${topicId}`,
    },
    source: {
      anime: (id) => service.getAnime(id, { fields: AIRING_FIELDS }),
      // The periodic sync reads as background work: a login it finds revoked is told to the user by DM.
      airingList: async (userId, read) =>
        (await login.linkedAs(userId)) === undefined ? undefined : watchingAndPlanned(service, tokens.sourceFor(userId, { background: read?.background === true })),
    },
    deliver: reminderDelivery(discord, reminderRendering(reminderPostIds), (error) => o.log.warn('could not open the episode thread on a channel reminder', { error })),
    // Channels' age restriction as Discord says now, read before each post (cached minutes in the shared store).
    channelState: discord.channelAgeRestriction(store.engine, { now }),
    now,
    log: o.log,
    knobs: { ...o.config.reminders, ...o.reminders },
  });
  await reminders.define();
  metrics?.observeReminderQueue(() => reminders.deliveryCounts());
  return reminders;
}
