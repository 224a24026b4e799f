// What every process needs, whatever its role: the store, the service and OAuth clients, tokens,
// login, reminders and the dependencies handlers receive. Opened by `startBot` and by the sharding
// manager.

import { PickSessions } from '../store/pick-sessions.js';
import { RecapStore } from '../store/recaps.js';
import { CompletionsSeen } from '../community/completions-seen.js';
import { WrappedBackground } from '../views/wrapped-background.js';
import { parseEncryptionKey } from '../config/keys.js';
import { LoginService } from '../auth/login.js';
import { openStore, type BotStore } from '../store/bot-store.js';
import { deriveKey } from '../store/crypto.js';
import { parseStoreUrl } from '../config/store-url.js';
import type { JobEngine } from '../jobs/job-engine.js';
import { openJobEngine } from '../jobs/open.js';
import { DEFAULT_TOKEN_TIMEOUT_MS, type OAuthClient } from '../service/oauth.js';
import { type TokenManager } from '../service/token-source.js';
import { type ServiceClient } from '../service/client.js';
import type { BotDeps } from '../interactions/context.js';
import { TitleCache } from '../known-works/title-cache.js';
import { NsfwRatings } from '../known-works/nsfw-ratings.js';
import { AIRING_FIELDS, SeasonAiring } from '../airing/season-airing.js';
import { watchingAndPlanned } from '../airing/my-list.js';
import { Reminders } from '../reminders/reminders.js';
import { DEFAULT_KNOBS, KEEP_FAILED_MS, sentTtlMs } from '../reminders/knobs.js';
import { type DeliveryResult } from '../reminders/types.js';
import type { QueuedReminder } from '../reminders/records.js';
import { pauseNotice } from '../views/reminders.js';
import { BotMetrics } from '../metrics/bot-metrics.js';
import { observeStoreRecords, timedStore } from '../metrics/observers.js';
import { UserRateLimits } from '../store/request-line/user-limits.js';
import { openUserRateLimiters } from '../store/request-line/user-limit-store.js';
import { sharedLocks } from '../store/locks.js';
import { accountLinks, auditedLogin } from './audited-login.js';
import type { BotOptions } from './options.js';
import { openServiceClients } from './service-clients.js';
import { openUpstreamSharing } from './upstream-sharing.js';
import { openServerRecaps } from './server-recaps.js';
import { openCovers } from './covers.js';
import { DEFAULT_LIMITS } from '../config/config.js';
import { DEFAULT_ATTACHMENT_HOSTS, DEFAULT_FEED_BATCH_SECONDS, DEFAULT_STORE_STEP_TIMEOUT_MS } from '../config/defaults.js';
import { StoreSteps } from '../store/store-steps.js';
import { Feed } from '../activity-feed/feed-posting.js';
import { GroupPolls } from '../group-polls/group-polls.js';
import { Social } from '../community/community.js';
import { serviceListSource } from '../community/list-source.js';
import { TitlePreferences } from '../preferences/title-preferences.js';
import { WatchParties } from '../watch-parties/watch-parties.js';
import { ListImports, serviceImportWriter, serviceListReader, type ListImportDeps } from '../list-files/imports.js';
import { AttachmentReader } from '../list-files/attachment-fetch.js';
import { Games } from '../games/games.js';
import { servicePoolSource } from '../views/game-pool-source.js';
import type { DiscordSide } from '../discord-api/discord-side.js';
import { loginLostNotice } from './login-lost.js';


/** What every process needs, whatever its role: store, service and OAuth clients, tokens, login. */
export interface Core {
  store: BotStore;
  service: ServiceClient;
  oauth: OAuthClient;
  tokens: TokenManager;
  login: LoginService;
  /** `login.finishLogin`, `confirmLink` and `cancelLink`, counted and audited. */
  finishLogin: LoginService['finishLogin'];
  confirmLink: LoginService['confirmLink'];
  cancelLink: LoginService['cancelLink'];
  limits: UserRateLimits;
  deps: BotDeps;
  metrics: BotMetrics | undefined;
  /** This process's Discord side (src/discord-api/discord-side.ts), as the services were given it. */
  discord: DiscordSide;
  /** The store's steps with a deadline of their own (src/store/store-steps.ts), for a transport's steps that can fall back too. */
  storeSteps: StoreSteps;
  /** The job engine (pg-boss, BullMQ or in-process, by store) reminders and periodic work run on. */
  jobs: JobEngine;
  /** List imports (also `deps.listImports`); their jobs are worked by processes that talk to Discord. */
  listImports: ListImportDeps;
  /** The server community (also `deps.social`); its syncs are started by processes that run jobs. */
  social: Social;
  /** How due reminders reach Discord; set by processes with a Discord client before starting the scheduler. */
  setReminderDelivery(deliver: Deliver): void;
  /** /wrapped's background reads: their queue's workers and where their cards go (set by the Discord side). */
  wrappedBackground: WrappedBackground;
  close(): Promise<void>;
}

type CoreOptions = Pick<BotOptions, 'config' | 'log' | 'now' | 'service' | 'processMetrics' | 'reminders' | 'social' | 'feed' | 'games' | 'polls'>;

/** Opens the core on this process's Discord side, which its services post through. */
export async function openCore(o: CoreOptions, discord: DiscordSide): Promise<Core> {
  const { config, log } = o;
  const now = o.now ?? Date.now;
  const metrics = config.metrics?.enabled ? new BotMetrics({ defaultMetrics: o.processMetrics ?? true }) : undefined;
  const store = await openTimedStore(o, now, metrics);
  // One user's budget is counted where the store keeps shared state: across processes on Redis/PostgreSQL.
  let userRate: UserRateLimits;
  try {
    userRate = new UserRateLimits(await openUserRateLimiters(store.engine, config.userRate), config.userRate.ownerIds);
  } catch (error) {
    await store.close();
    throw error;
  }
  let jobs: JobEngine;
  try {
    jobs = await openJobs(o, store, now, metrics);
  } catch (error) {
    await store.close();
    throw error;
  }
  const stopObservingRecords = observeStoreRecords(log, metrics);

  const limits = { ...DEFAULT_LIMITS, ...config.limits };
  const steps = storeSteps(store, config.store.stepTimeoutMs, metrics, log);
  const sharing = await openUpstreamSharing(steps, limits, log, o.service?.cacheTtlMs);
  // Reads fall back to the defaults when the store is slow; a change the person asked for is not cut short.
  const preferences = new TitlePreferences({ kv: steps.for('preferences', ['get']) });
  const tellLoginLost = loginLostNotice(discord.directMessages, preferences);
  const { service, oauth, tokens } = openServiceClients({ ...o, now, metrics, store, userRate, tellLoginLost, deployment: sharing.deployment });
  const login = new LoginService({
    store,
    oauth,
    service,
    authUrl: config.service.authUrl,
    clientId: config.service.clientId,
    redirectUri: config.web.redirectUri,
    now,
  });
  const audited = auditedLogin(login, metrics, log);
  // One instance for the sync and the bot (one rule for an unknown rating), on the slow-store wrapper.
  const nsfwRatings = new NsfwRatings(steps.for('nsfw_ratings'), (error) => log.warn('the shared nsfw ratings could not be read or written', { error }));
  const social = await openSocial(o, now, { store, jobs, service, tokens, nsfwRatings });
  // When the bot saw members' titles become completed, for /wrapped's dates.
  const completionsSeen = new CompletionsSeen({ kv: store.engine, now, joined: (id) => social.joined(id) });
  completionsSeen.listen(social);
  const picks = new PickSessions(store.engine);
  const recaps = new RecapStore(store.engine);
  const accounts = accountLinks({
    login, tokens, store, metrics, log,
    forgetReminders: (id) => reminders.forgetUser(id),
    // Last, the job engine: any job still naming the user (done, failed, archived, of any queue) goes.
    forgetSocial: async (id) => {
      const deleted = (await social.forgetUser(id)) + (await feed.forgetUser(id)) + (await polls.forgetUser(id)) + (await watchParties.forgetUser(id)) + (await completionsSeen.forgetUser(id)) + (await serverRecaps.forgetUser(id));
      await jobs.forget(id);
      return deleted;
    },
    forgetImports: (id) => listImports.imports.forgetUser(id),
    forgetPreferences: async (id) => (await preferences.forgetUser(id)) + (await picks.forgetUser(id)) + (await recaps.forgetUser(id)) + (await games.forgetUser(id)),
    socialLoggedOut: (id) => social.loggedOut(id),
  });
  const listImports = await openListImports(o, now, { store, jobs, service, tokens });
  const delivery = lateDelivery();
  const reminders = openReminders(o, now, { store, jobs, service, tokens, login, metrics }, delivery.deliver);
  await reminders.define();
  const feed = await openFeed(o, now, store, jobs, social, metrics);
  const polls = new GroupPolls({ kv: store.engine, jobs, now, log, ...(o.polls?.recheckMs !== undefined ? { recheckMs: o.polls.recheckMs } : {}) });
  await polls.define();
  metrics?.observeReminderQueue(() => reminders.deliveryCounts());
  await sweepExpiredRecords(jobs, store, log);
  const covers = openCovers(steps, config.covers, log, metrics);
  const watchParties = new WatchParties({ kv: store.engine, jobs, now, log, leaseMs: { ...DEFAULT_KNOBS, ...config.reminders, ...o.reminders }.leaseMs });
  await watchParties.define();
  // /wrapped of a long list: the rest read on the fair line as background work, the cards following.
  const wrappedBackground = new WrappedBackground({ jobs, recaps, tokens, deps: () => deps, now, log });
  await wrappedBackground.queue.define();
  // The games' pools: read as background work (unscoped calls) on the shared line, weekly.
  const games = new Games({ kv: store.engine, jobs, source: servicePoolSource(service), now, log, poolReads: o.games?.poolReads ?? true });
  await games.define();
  const serverRecaps = await openServerRecaps({ store, jobs, community: social, now, log, discord, leaseMs: { ...DEFAULT_KNOBS, ...config.reminders, ...o.reminders }.leaseMs });
  const deps: BotDeps = {
    service,
    // One user's list changes are serialised across every process sharing the store.
    locks: sharedLocks(store.engine, now),
    accounts,
    log,
    now,
    titleCache: new TitleCache(now),
    nsfwRatings,
    serviceWebUrl: config.service.webUrl,
    airing: new SeasonAiring({ service, now, kv: store.engine }),
    reminders,
    social,
    feed,
    polls,
    preferences,
    picks,
    recaps,
    completionsSeen,
    wrappedBackground,
    pendingNotice: afterAnswer(reminders, social),
    storeStepTimeoutMs: config.store.stepTimeoutMs ?? DEFAULT_STORE_STEP_TIMEOUT_MS,
    covers,
    watchParties,
    games,
    serverRecaps,
    listImports,
    discord,
  };
  return {
    store,
    service,
    oauth,
    tokens,
    login,
    ...audited,
    limits: userRate,
    deps,
    discord,
    metrics,
    storeSteps: steps,
    jobs,
    social,
    listImports,
    setReminderDelivery: delivery.set,
    wrappedBackground,
    close: async () => {
      await reminders.stop();
      await Promise.allSettled([service.close(), oauth.close(), jobs.stop(), sharing.close(), covers.close(), listImports.files.close()]);
      await store.close();
      stopObservingRecords();
    },
  };
}

/**
 * The store's steps with a deadline of their own, for the users on a person's path that can fall back
 * when the store is slow (src/store/store-steps.ts); each fallback counted by step.
 */
function storeSteps(store: BotStore, timeoutMs: number | undefined, metrics: BotMetrics | undefined, log: CoreOptions['log']): StoreSteps {
  return new StoreSteps(store.engine, {
    timeoutMs: timeoutMs ?? DEFAULT_STORE_STEP_TIMEOUT_MS,
    onFailOpen: (e) => {
      metrics?.storeStepsFailedOpen.inc(e);
      if (e.reason === 'timeout') log.warn('a store step took too long; falling back as if the store were down', { ...e });
    },
  });
}

/** The expired-record sweep: once a minute for the whole deployment, in whichever process is free. */
async function sweepExpiredRecords(jobs: JobEngine, store: BotStore, log: CoreOptions['log']): Promise<void> {
  await jobs.every('sweep-expired', 60_000, async () => {
    const count = await store.sweepExpired();
    if (count > 0) log.debug('expired records deleted', { count });
  });
}

/** The store, timed per namespace when metrics are on; an unreadable record is logged and treated as absent. */
async function openTimedStore(o: CoreOptions, now: () => number, metrics: BotMetrics | undefined): Promise<BotStore> {
  const key = parseEncryptionKey(o.config.store.encryptionKey);
  const opened = await openStore(o.config.store.url, key, {
    now,
    // The refresh lock is leased for one token request's deadline.
    refreshDeadlineMs: o.service?.tokenTimeoutMs ?? DEFAULT_TOKEN_TIMEOUT_MS,
    onUnreadableRecord: (namespace) => o.log.warn('a stored record could not be decrypted; treated as absent', { namespace }),
  });
  return metrics ? timedStore(opened, opened.engine.kind, metrics, ['accounts', 'pendingLogins', 'pendingLinks']) : opened;
}

/**
 * The job engine beside the store: its keep times and lease follow the reminder knobs; its job ids are
 * keyed by the store key; a job run that throws is counted and logged once, whatever the engine.
 */
function openJobs(o: CoreOptions, store: BotStore, now: () => number, metrics: BotMetrics | undefined): Promise<JobEngine> {
  const knobs = { ...DEFAULT_KNOBS, ...o.config.reminders, ...o.reminders };
  return openJobEngine({
    location: parseStoreUrl(o.config.store.url),
    store: store.engine,
    now,
    keepDoneMs: sentTtlMs(knobs),
    keepFailedMs: KEEP_FAILED_MS,
    leaseMs: knobs.leaseMs,
    onError: (what, error) => o.log.warn('the job engine reported an error', { what, error }),
    onJobFailed: ({ queue, attempt, final, reason }) => {
      metrics?.jobsFailed.inc({ queue, final: String(final) });
      o.log.warn(final ? 'a job failed for good' : 'a job failed; it will be retried', { queue, attempt, reason });
    },
    idKey: deriveKey(parseEncryptionKey(o.config.store.encryptionKey), 'job-ids'),
  });
}

/**
 * The activity feed on the store and job engine, listening to the community's changes (a member's batch
 * still waiting goes with "forget me"); its jobs' lease follows the reminder knobs.
 */
async function openFeed(o: CoreOptions, now: () => number, store: BotStore, jobs: JobEngine, social: Social, metrics: BotMetrics | undefined): Promise<Feed> {
  const feed = new Feed({
    kv: store.engine,
    jobs,
    now,
    log: o.log,
    batchMs: o.feed?.batchMs ?? o.config.feed?.batchMs ?? DEFAULT_FEED_BATCH_SECONDS * 1000,
    leaseMs: { ...DEFAULT_KNOBS, ...o.config.reminders, ...o.reminders }.leaseMs,
    counted: (outcome, reason) => {
      metrics?.feedPosts.inc({ outcome });
      if (reason !== undefined) metrics?.feedDropped.inc({ reason });
    },
  });
  await feed.define();
  feed.attach(social);
  return feed;
}

/** The server community over the shared store and job engine; members' lists are read as background work in the shared budget. */
async function openSocial(
  o: CoreOptions,
  now: () => number,
  { store, jobs, service, tokens, nsfwRatings }: { store: BotStore; jobs: JobEngine; service: ServiceClient; tokens: TokenManager; nsfwRatings: NsfwRatings },
): Promise<Social> {
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

/** After each answer: a joined member who uses the bot is synced more often for a while; a reminder pause is told once, in the language of the interaction. */
function afterAnswer(reminders: Reminders, social: Social): NonNullable<BotDeps['pendingNotice']> {
  return async (userId, t) => {
    await social.noteActive(userId);
    return (await reminders.takePauseNotice(userId)) !== undefined ? pauseNotice(t) : undefined;
  };
}

type Deliver = (reminder: QueuedReminder, signal: AbortSignal) => Promise<DeliveryResult>;

/** How reminders reach Discord, set later by a process with a Discord client; until then each one is retried. */
function lateDelivery(): { deliver: Deliver; set: (deliver: Deliver) => void } {
  let deliverVia: Deliver | undefined;
  return {
    deliver: (reminder, signal) => (deliverVia ? deliverVia(reminder, signal) : Promise.resolve({ ok: false, reason: 'retry', detail: 'no Discord client in this process' })),
    set: (deliver) => {
      deliverVia = deliver;
    },
  };
}

function openReminders(
  o: CoreOptions,
  now: () => number,
  { store, jobs, service, tokens, login, metrics }: { store: BotStore; jobs: JobEngine; service: ServiceClient; tokens: TokenManager; login: LoginService; metrics: BotMetrics | undefined },
  deliver: Deliver,
): Reminders {
  return new Reminders({
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
    deliver,
    now,
    log: o.log,
    knobs: { ...o.config.reminders, ...o.reminders },
  });
}

/**
 * List imports on the store and job engine: files fetched only from ATTACHMENT_HOSTS; writes with the
 * person's token as background work (unscoped: the shared line lets them go only when people's
 * requests leave room).
 */
async function openListImports(
  o: CoreOptions,
  now: () => number,
  { store, jobs, service, tokens }: { store: BotStore; jobs: JobEngine; service: ServiceClient; tokens: TokenManager },
): Promise<ListImportDeps> {
  const imports = new ListImports({
    kv: store.engine,
    jobs,
    log: o.log,
    now,
    write: serviceImportWriter(service, (userId) => tokens.sourceFor(userId, { background: true })),
    readList: serviceListReader(service, (userId) => tokens.sourceFor(userId, { background: true })),
    leaseMs: { ...DEFAULT_KNOBS, ...o.config.reminders, ...o.reminders }.leaseMs,
    ...(o.config.imports?.sliceMs !== undefined ? { sliceMs: o.config.imports.sliceMs } : {}),
  });
  await imports.define();
  return { imports, files: new AttachmentReader({ hosts: o.config.imports?.attachmentHosts ?? [...DEFAULT_ATTACHMENT_HOSTS] }) };
}
