// The servers' weekly recaps on the shared store and job engine, reading the community's weekly sums
// (zero service requests).

import type { Social } from '../community/community.js';
import type { DiscordSide } from '../discord-api/discord-side.js';
import { serverRecapDiscord } from '../server-recaps/discord-delivery.js';
import { translator } from '../i18n/index.js';
import { finalizeMessage } from '../render/limits.js';
import { recapPausedNotice } from '../render/recap-channels.js';
import { weekMessage } from '../render/server-week.js';
import type { JobEngine } from '../jobs/job-engine.js';
import type { Logger } from '../log/log.js';
import { ServerRecaps } from '../server-recaps/server-recaps.js';
import { StoreWeekSource } from '../server-recaps/store-week.js';
import type { BotStore } from '../store/bot-store.js';

export async function openServerRecaps(o: { store: BotStore; jobs: JobEngine; community: Social; now: () => number; log: Logger; leaseMs: number; discord: DiscordSide }): Promise<ServerRecaps> {
  const recaps = new ServerRecaps({
    kv: o.store.engine,
    jobs: o.jobs,
    source: new StoreWeekSource(o.store.engine, o.community),
    now: o.now,
    log: o.log,
    leaseMs: o.leaseMs,
    discord: serverRecapDiscord(o.discord, {
      post: async (post) => finalizeMessage(await weekMessage(translator(post.locale), post.week, { kind: post.channel.kind, ageRestricted: post.ageRestricted, timeZone: post.channel.timeZone })),
      paused: (locale, guildName, channelId, reason) => finalizeMessage(recapPausedNotice(locale, guildName, channelId, reason)),
    }),
  });
  await recaps.define();
  return recaps;
}
