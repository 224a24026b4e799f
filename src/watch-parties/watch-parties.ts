// Watch parties: Discord scheduled events the bot created for an episode of a title, and the post
// "Episode N of …: watched it?" once Discord marks the event completed (early or on time).
//
// Each party is a record in the shared store (`wp:event:<event id>`). Its end is noticed two ways that
// meet in one job queue: over the gateway, GUILD_SCHEDULED_EVENT_UPDATE with the completed status
// queues a check at once (`ended`); and on every transport a chain of check jobs reads the event from
// Discord until it is final — every minute from its start on the HTTP transport (no gateway), every
// fifteen minutes on the gateway, only as a net for an event missed while disconnected. The post goes
// out exactly once across processes and restarts, as feed posts do: a sent marker, a send lease while
// one process posts, and a nonce derived from the event id (with enforce_nonce) in the transport.

import type { Locale } from '../i18n/index.js';
import type { JobEngine, JobRun, QueueSpec } from '../jobs/job-engine.js';
import { QueueOwner, queueWorker } from '../jobs/queue-owner.js';
import type { Logger } from '../log/log.js';
import type { DiscordScheduledEvents, ScheduledEvent, ScheduledEventInput } from '../discord-api/discord-side.js';
import { modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import type { AtomicKv } from '../reminders/kv.js';
import { takeSendLease } from '../reminders/send-lease.js';

export const WATCH_PARTY_QUEUE = 'watch-party-check';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long after its expected end a party is still watched for (Discord cancels events never started). */
export const GIVE_UP_AFTER_END_MS = DAY;
/** How long the sent marker is kept (longer than any check chain). */
const SENT_KEEP_MS = 3 * DAY;

export const WP_KEY = {
  event: (eventId: string) => `wp:event:${eventId}`,
  sent: (eventId: string) => `wp:sent:${eventId}`,
  sending: (eventId: string) => `wp:sending:${eventId}`,
};

/** The nonce of the "watched it?" post (≤ 25 characters, the same for every process). */
export const watchPartyNonce = (eventId: string): string => `wp${eventId}`.slice(0, 25);

export interface WatchParty {
  eventId: string;
  guildId: string;
  /** Where the "watched it?" post goes: the channel the party was created in. */
  channelId: string;
  /** Who created it (cancel is theirs or a Manage Events member's); kept only as long as the record. */
  creatorId: string;
  animeId: number;
  episode: number;
  /** The title as stored for everyone (its main title). */
  title: string;
  startMs: number;
  endMs: number;
  /** The server's language, for the post. */
  locale?: Locale;
}

/** What Discord says of an event now: undefined when it is gone (deleted, or the bot left the server). */
export interface EventState {
  status: 1 | 2 | 3 | 4;
  userCount?: number;
}

export type ReadEvent = (guildId: string, eventId: string, signal: AbortSignal) => Promise<EventState | undefined>;
/** Posts "watched it?"; `refused` when Discord will not take it there (channel gone, no access): not retried. */
export type PostEnded = (party: WatchParty, interested: number | undefined, signal: AbortSignal) => Promise<{ ok: true } | { ok: false; reason: 'refused' | 'retry'; detail: string }>;

export interface WatchPartiesOptions {
  kv: AtomicKv;
  jobs: JobEngine;
  now: () => number;
  log: Logger;
  /** Between checks of a party that has started, without a gateway (default one minute). */
  pollMs?: number;
  /** Between checks with a gateway, a net for a missed event (default fifteen minutes). */
  gatewayPollMs?: number;
  leaseMs?: number;
  /** How the check jobs read an event (src/watch-parties/discord-delivery.ts); none (with `post`): checks fail and are retried. */
  readEvent?: ReadEvent;
  /** How "watched it?" is posted. */
  post?: PostEnded;
  /** Whether a gateway session is connected now: GUILD_SCHEDULED_EVENT_UPDATE arrives, so checks are only a net (none: never). */
  gateway?: () => boolean;
  /** Creating, listing and cancelling the scheduled events of parties on Discord. */
  events?: DiscordScheduledEvents;
}

interface CheckJob {
  eventId: string;
  guildId: string;
}

function parseJob(data: unknown): CheckJob | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  return typeof d.eventId === 'string' && typeof d.guildId === 'string' ? { eventId: d.eventId, guildId: d.guildId } : undefined;
}

const partyDecoder = jsonDecoder<WatchParty>('wp:event', (value) => {
  const v = value as Partial<WatchParty>;
  const ok =
    typeof v.eventId === 'string' &&
    typeof v.guildId === 'string' &&
    typeof v.channelId === 'string' &&
    typeof v.creatorId === 'string' &&
    typeof v.animeId === 'number' &&
    typeof v.episode === 'number' &&
    typeof v.title === 'string' &&
    typeof v.startMs === 'number' &&
    typeof v.endMs === 'number';
  return ok ? (v as WatchParty) : undefined;
});

export function parseWatchParty(raw: string | undefined): WatchParty | undefined {
  return partyDecoder.decode(raw);
}

export class WatchParties {
  private readonly queue: QueueOwner;

  constructor(private readonly o: WatchPartiesOptions) {
    this.queue = new QueueOwner(o.jobs, {
      specs: () => [this.spec],
      workers: [queueWorker(WATCH_PARTY_QUEUE, parseJob, (job, run) => this.check(job, run))],
    });
  }

  private get spec(): QueueSpec {
    return { name: WATCH_PARTY_QUEUE, attempts: 6, retryBaseMs: 30_000, leaseMs: this.o.leaseMs ?? 2 * MINUTE, concurrency: 2, keepDoneMs: 2 * HOUR, keepFailedMs: DAY };
  }

  define(): Promise<void> {
    return this.queue.define();
  }

  /** Creates the party's scheduled event on Discord and keeps the party (its end then watched); returns the event's id. */
  async create(party: Omit<WatchParty, 'eventId'>, event: ScheduledEventInput, signal?: AbortSignal): Promise<string> {
    const created = await this.events().create(party.guildId, event, signal);
    await this.add({ eventId: created.id, ...party });
    return created.id;
  }

  /** The server's scheduled events as Discord has them now (its parties among them). */
  serverEvents(guildId: string, signal?: AbortSignal): Promise<ScheduledEvent[]> {
    return this.events().list(guildId, signal);
  }

  /** Cancels a party's event on Discord, then forgets the party. */
  async cancel(party: Pick<WatchParty, 'guildId' | 'eventId'>, signal?: AbortSignal): Promise<void> {
    await this.events().cancel(party.guildId, party.eventId, signal);
    await this.remove(party.eventId);
  }

  private events(): DiscordScheduledEvents {
    if (!this.o.events) throw new Error('the watch parties were given no Discord side for events');
    return this.o.events;
  }

  /** This process's workers on the check queue (once). */
  start(): Promise<void> {
    return this.queue.start();
  }

  /** Keeps a new party and queues its first check at its start. */
  async add(party: WatchParty): Promise<void> {
    await this.o.kv.set(WP_KEY.event(party.eventId), JSON.stringify(party), this.keepMs(party));
    await this.schedule(party, Math.max(party.startMs, this.o.now()));
  }

  get(eventId: string): Promise<WatchParty | undefined> {
    return this.o.kv.get(WP_KEY.event(eventId)).then(parseWatchParty);
  }

  /** Forgets a party (canceled): its checks find no record and stop. */
  async remove(eventId: string): Promise<void> {
    await this.o.kv.delete(WP_KEY.event(eventId));
  }

  /**
   * "Forget me": the parties a person planned no longer name them (the party and its post stay for the
   * server; only Manage Events can cancel it then). Returns how many records changed.
   */
  async forgetUser(userId: string): Promise<number> {
    let changed = 0;
    for (const key of await this.o.kv.keys('wp:event:')) {
      const raw = await this.o.kv.get(key);
      const party = parseWatchParty(raw);
      if (raw === undefined || party?.creatorId !== userId) continue;
      // Retried past a concurrent change: the creator's id never stays behind.
      const scrubbed = await modify(this.o.kv, key, (now) => {
        const current = parseWatchParty(now);
        return current?.creatorId === userId ? { value: JSON.stringify({ ...current, creatorId: '' }), result: true } : { keep: true, result: false };
      }, this.keepMs(party));
      if (scrubbed) changed += 1;
    }
    return changed;
  }

  /** The gateway said the event completed: check it now (one job per event, whichever process hears it). */
  async ended(guildId: string, eventId: string): Promise<void> {
    if ((await this.get(eventId)) === undefined) return;
    await this.o.jobs.enqueue(WATCH_PARTY_QUEUE, `${eventId}:ended`, { eventId, guildId });
  }

  private keepMs(party: WatchParty): number {
    return Math.max(HOUR, party.endMs + GIVE_UP_AFTER_END_MS + HOUR - this.o.now());
  }

  private async schedule(party: WatchParty, atMs: number): Promise<void> {
    const delayMs = Math.max(0, atMs - this.o.now());
    await this.o.jobs.enqueue(WATCH_PARTY_QUEUE, `${party.eventId}:${atMs}`, { eventId: party.eventId, guildId: party.guildId }, { delayMs });
  }

  private async check(job: CheckJob, run: JobRun): Promise<void> {
    const party = await this.get(job.eventId);
    if (!party || (await this.o.kv.get(WP_KEY.sent(job.eventId))) !== undefined) return;
    const readEvent = this.o.readEvent;
    if (!readEvent || !this.o.post) throw new Error('the watch parties were given no way to read events and post');
    const signal = AbortSignal.timeout(30_000);
    const state = await readEvent(party.guildId, party.eventId, signal);
    if (state === undefined || state.status === 4) {
      // Deleted or canceled in Discord: nothing to post.
      await this.remove(party.eventId);
      return;
    }
    if (state.status === 3) {
      await this.postOnce(party, state.userCount, run, signal);
      return;
    }
    const now = this.o.now();
    if (now > party.endMs + GIVE_UP_AFTER_END_MS) {
      this.o.log.info('a watch party never ended in Discord; no longer checked', { eventId: party.eventId });
      await this.remove(party.eventId);
      return;
    }
    const every = this.o.gateway?.() === true ? (this.o.gatewayPollMs ?? 15 * MINUTE) : (this.o.pollMs ?? MINUTE);
    // Not started yet and not due: wait for the start (a moved start is read from Discord each time).
    await this.schedule(party, Math.max(now + every, state.status === 1 && party.startMs > now ? party.startMs : 0));
  }

  private async postOnce(party: WatchParty, interested: number | undefined, run: JobRun, signal: AbortSignal): Promise<void> {
    const { kv } = this.o;
    const lease = await takeSendLease(kv, WP_KEY.sending(party.eventId), 30_000);
    if (!lease) {
      if (run.final) return;
      throw new Error('another process is posting this watch party');
    }
    try {
      if ((await kv.get(WP_KEY.sent(party.eventId))) !== undefined) return;
      const post = this.o.post;
      if (!post) throw new Error('the watch parties were given no way to post');
      const result = await post(party, interested, signal);
      if (!result.ok && result.reason === 'retry') throw new Error(`the watch party post failed: ${result.detail}`);
      if (!result.ok) this.o.log.warn('the watch party post was refused; not retried', { eventId: party.eventId, detail: result.detail });
      await kv.set(WP_KEY.sent(party.eventId), result.ok ? 'posted' : 'refused', SENT_KEEP_MS);
      await this.remove(party.eventId);
    } finally {
      await lease.release();
    }
  }
}
