// The server community and what grows from it, each opened with what it posts through: the community
// itself (members' lists read as background work), the activity feed (posts and the owner's pause
// notice over the Discord side, rendered by src/render/feed-post.ts), the `/server pick` polls (opened,
// read, ended and their result posted over the Discord side), and when members completed titles.

import type { NsfwRatings } from '../known-works/nsfw-ratings.js';
import { CompletionsSeen } from '../community/completions-seen.js';
import { feedDelivery, feedPauseNotice } from '../activity-feed/feed-delivery.js';
import { Feed } from '../activity-feed/feed-posting.js';
import { GroupPolls } from '../group-polls/group-polls.js';
import { serviceListSource } from '../community/list-source.js';
import { pollPort } from '../group-polls/poll-delivery.js';
import { Social } from '../community/community.js';
import { DEFAULT_FEED_BATCH_SECONDS } from '../config/defaults.js';
import { feedPostIds, feedRendering } from '../render/feed-post.js';
import { pollResultIds, pollResultRendering } from '../render/poll-result.js';
import { leaseMsOf, type CoreEnv } from './core-env.js';

export interface Community {
  social: Social;
  feed: Feed;
  polls: GroupPolls;
  completionsSeen: CompletionsSeen;
}

export async function openCommunity(env: CoreEnv, nsfwRatings: NsfwRatings): Promise<Community> {
  const social = await openSocial(env, nsfwRatings);
  // When the bot saw members' titles become completed, for /wrapped's dates.
  const completionsSeen = new CompletionsSeen({ kv: env.store.engine, now: env.now, joined: (id) => social.joined(id) });
  completionsSeen.listen(social);
  const feed = await openFeed(env, social);
  const { o, store, jobs, now, discord } = env;
  const polls = new GroupPolls({ kv: store.engine, jobs, now, log: o.log, port: pollPort(discord, pollResultRendering(o.config.service.webUrl, pollResultIds)), discord, ...(o.polls?.recheckMs !== undefined ? { recheckMs: o.polls.recheckMs } : {}) });
  await polls.define();
  return { social, feed, polls, completionsSeen };
}

/** The server community over the shared store and job engine; members' lists are read as background work in the shared budget. */
async function openSocial({ o, now, store, jobs, service, tokens }: CoreEnv, nsfwRatings: NsfwRatings): Promise<Social> {
  const social = new Social({
    kv: store.engine,
    jobs,
    source: serviceListSource(service, tokens, nsfwRatings),
    linked: async (id) => {
      const account = await store.accounts.get(id);
      return account ? { serviceUser: account.serviceUserName, linkedAt: account.linkedAt } : undefined;
    },
    now,
    log: o.log,
    knobs: { ...(o.config.social ? { baseSyncMs: o.config.social.listSyncMs } : {}), ...o.social },
  });
  await social.define();
  return social;
}

/**
 * The activity feed on the store and job engine, listening to the community's changes (a member's batch
 * still waiting goes with "forget me"); its jobs' lease follows the reminder knobs. Posts, channels' age
 * restriction and the pause notice go over the Discord side.
 */
async function openFeed({ o, now, store, jobs, metrics, discord }: CoreEnv, social: Social): Promise<Feed> {
  const render = feedRendering(o.config.service.webUrl, feedPostIds);
  const feed = new Feed({
    kv: store.engine,
    jobs,
    now,
    log: o.log,
    batchMs: o.feed?.batchMs ?? o.config.feed?.batchMs ?? DEFAULT_FEED_BATCH_SECONDS * 1000,
    leaseMs: leaseMsOf(o),
    counted: (outcome, reason) => {
      metrics?.feedPosts.inc({ outcome });
      if (reason !== undefined) metrics?.feedDropped.inc({ reason });
    },
    deliver: feedDelivery(discord, render),
    channelState: discord.channelAgeRestriction(store.engine, { now }),
    pauseNotice: feedPauseNotice(discord, render),
  });
  await feed.define();
  feed.attach(social);
  return feed;
}
