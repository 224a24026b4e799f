// The episode's discussion topic on the service's forum, for the reminder's link button: found by a
// forum search for the title and episode (background work, under the deployment's budget), matched
// exactly ("<Title> Episode <N> Discussion", not episode 10 for episode 1), and cached in the store
// for every process and follower: one request per episode, and a short-lived "none yet" when the
// topic is not up (topics open around the broadcast). The lookup never holds up a reminder.

import type { AtomicKv } from './kv.js';
import type { QueuedReminder } from './records.js';

export interface EpisodeDiscussion {
  topicId: number;
  url: string;
}

/** What the forum search answers, as much of it as the match needs. */
export type TopicSearch = (q: string, signal: AbortSignal) => Promise<ReadonlyArray<{ id: number; title?: string }>>;

const FOUND_TTL_MS = 14 * 24 * 3_600_000;
const NONE_TTL_MS = 30 * 60_000;
/** The lookup's share of a delivery attempt: past it the reminder goes without the button. */
const LOOKUP_DEADLINE_MS = 5_000;

const key = (titleId: number, episode: number) => `rem:discussion:${titleId}:${episode}`;
/** Held by the one process searching for an episode's topic; the others wait for its answer in the cache. */
const searchingKey = (titleId: number, episode: number) => `rem:discussion-search:${titleId}:${episode}`;

const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The topic of exactly this title's episode among search results. */
export function matchEpisodeTopic(topics: ReadonlyArray<{ id: number; title?: string }>, title: string, episode: number): number | undefined {
  const want = normalise(`${title} Episode ${episode} Discussion`);
  return topics.find((t) => t.title !== undefined && normalise(t.title) === want)?.id;
}

export class EpisodeDiscussions {
  constructor(
    private readonly kv: AtomicKv,
    private readonly search: TopicSearch,
    private readonly topicUrl: (topicId: number) => string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Lookups in flight in this process, so its followers of one episode share one. */
  private readonly inFlight = new Map<string, Promise<EpisodeDiscussion | undefined>>();

  /** The episode's topic, from the cache or one search; undefined when there is none (yet) or the lookup failed. */
  find(titleId: number, title: string, episode: number): Promise<EpisodeDiscussion | undefined> {
    const k = key(titleId, episode);
    let lookup = this.inFlight.get(k);
    if (!lookup) {
      lookup = this.lookup(titleId, title, episode).finally(() => this.inFlight.delete(k));
      this.inFlight.set(k, lookup);
    }
    return lookup;
  }

  private async cached(titleId: number, episode: number): Promise<EpisodeDiscussion | undefined | 'absent'> {
    const cached = await this.kv.get(key(titleId, episode));
    if (cached === undefined) return 'absent';
    const topicId = Number(cached);
    return Number.isSafeInteger(topicId) && topicId > 0 ? { topicId, url: this.topicUrl(topicId) } : undefined;
  }

  private async lookup(titleId: number, title: string, episode: number): Promise<EpisodeDiscussion | undefined> {
    const deadline = Date.now() + LOOKUP_DEADLINE_MS;
    try {
      let cached = await this.cached(titleId, episode);
      if (cached !== 'absent') return cached;
      // Another process is searching: its answer lands in the cache.
      while (!(await this.kv.setIfAbsent(searchingKey(titleId, episode), '1', LOOKUP_DEADLINE_MS))) {
        if (Date.now() > deadline) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 200));
        cached = await this.cached(titleId, episode);
        if (cached !== 'absent') return cached;
      }
      // The service's search wants at least three characters; the title and episode always have them.
      const found = await this.search(`${title} Episode ${episode}`, AbortSignal.timeout(Math.max(1, deadline - Date.now())));
      const topicId = matchEpisodeTopic(found, title, episode);
      await this.kv.set(key(titleId, episode), topicId === undefined ? 'none' : String(topicId), topicId === undefined ? NONE_TTL_MS : FOUND_TTL_MS);
      return topicId === undefined ? undefined : { topicId, url: this.topicUrl(topicId) };
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }

  /** The reminder with its episode's discussion, when it has an episode number and a topic. */
  async attach(reminder: QueuedReminder): Promise<QueuedReminder> {
    if (reminder.episode === undefined) return reminder;
    const found = await Promise.race([
      this.find(reminder.titleId, reminder.title, reminder.episode),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), LOOKUP_DEADLINE_MS + 500).unref()),
    ]);
    return found ? { ...reminder, discussion: found } : reminder;
  }
}
