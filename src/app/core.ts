// What every process needs, whatever its role: the store, the service and OAuth clients, tokens,
// login, the services with their jobs and the dependencies handlers receive, each service opened with
// the process's one Discord side (what it posts through). Opened by `startBot` and by the sharding
// manager; the pieces are opened by open-store.ts, open-reminders.ts, open-community.ts and
// open-activities.ts.

import { PickSessions } from '../store/pick-sessions.js';
import { RecapStore } from '../store/recaps.js';
import { LoginService } from '../auth/login.js';
import type { BotStore } from '../store/bot-store.js';
import type { JobEngine } from '../jobs/job-engine.js';
import type { OAuthClient } from '../service/oauth.js';
import type { TokenManager } from '../service/token-source.js';
import type { ServiceClient } from '../service/client.js';
import type { BotDeps } from '../interactions/context.js';
import { TitleCache } from '../known-works/title-cache.js';
import { NsfwRatings } from '../known-works/nsfw-ratings.js';
import { SeasonAiring } from '../airing/season-airing.js';
import type { Reminders } from '../reminders/reminders.js';
import { pauseNotice } from '../render/reminders.js';
import type { BotMetrics } from '../metrics/bot-metrics.js';
import { observeStoreRecords } from '../metrics/observers.js';
import type { UserRateLimits } from '../store/request-line/user-limits.js';
import { sharedLocks } from '../store/locks.js';
import { auditedLogin } from './audited-login.js';
import { openServiceClients } from './service-clients.js';
import { openUpstreamSharing } from './upstream-sharing.js';
import { openServerRecaps } from './server-recaps.js';
import { openCovers } from './covers.js';
import { DEFAULT_LIMITS } from '../config/config.js';
import { DEFAULT_STORE_STEP_TIMEOUT_MS } from '../config/defaults.js';
import type { StoreSteps } from '../store/store-steps.js';
import type { Social } from '../community/community.js';
import { TitlePreferences } from '../preferences/title-preferences.js';
import type { ListImportDeps } from '../list-files/imports.js';
import type { WrappedBackground } from '../views/wrapped-background.js';
import type { DiscordSide } from '../discord-api/discord-side.js';
import { loginLostNotice } from './login-lost.js';
import { leaseMsOf, type CoreEnv, type CoreOptions } from './core-env.js';
import { openFoundation, sweepExpiredRecords } from './open-store.js';
import { openReminders } from './open-reminders.js';
import { openCommunity } from './open-community.js';
import { openGames, openListImports, openWatchParties, openWrappedBackground } from './open-activities.js';
import { forgetMe } from './forget-me.js';

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
  /** List imports (also `deps.listImports`); their workers are started by processes that talk to Discord. */
  listImports: ListImportDeps;
  /** The server community (also `deps.social`); its syncs are started by processes that run jobs. */
  social: Social;
  /** /wrapped's background reads: their queue's workers are started by processes that talk to Discord. */
  wrappedBackground: WrappedBackground;
  close(): Promise<void>;
}

/** Opens the core on this process's Discord side, which its services post through. */
export async function openCore(o: CoreOptions, discord: DiscordSide): Promise<Core> {
  const { config, log } = o;
  const now = o.now ?? Date.now;
  const { metrics, store, userRate, jobs, steps } = await openFoundation(o, now);
  const stopObservingRecords = observeStoreRecords(log, metrics);
  const sharing = await openUpstreamSharing(steps, { ...DEFAULT_LIMITS, ...config.limits }, log, o.service?.cacheTtlMs);
  // Reads fall back to the defaults when the store is slow; a change the person asked for is not cut short.
  const preferences = new TitlePreferences({ kv: steps.for('preferences', ['get']) });
  const tellLoginLost = loginLostNotice(discord.directMessages, preferences);
  const { service, oauth, tokens } = openServiceClients({ ...o, now, metrics, store, userRate, tellLoginLost, deployment: sharing.deployment });
  const login = new LoginService({ store, oauth, service, authUrl: config.service.authUrl, clientId: config.service.clientId, redirectUri: config.web.redirectUri, now });
  const env: CoreEnv = { o, now, store, jobs, metrics, service, tokens, discord };
  // One instance for the sync and the bot (one rule for an unknown rating), on the slow-store wrapper.
  const nsfwRatings = new NsfwRatings(steps.for('nsfw_ratings'), (error) => log.warn('the shared nsfw ratings could not be read or written', { error }));
  const community = await openCommunity(env, nsfwRatings);
  const picks = new PickSessions(store.engine);
  const recaps = new RecapStore(store.engine);
  const listImports = await openListImports(env);
  const reminders = await openReminders(env, login);
  await sweepExpiredRecords(jobs, store, log);
  const covers = openCovers(steps, config.covers, log, metrics);
  const watchParties = await openWatchParties(env);
  const wrappedBackground = await openWrappedBackground(env, recaps, () => deps);
  const games = await openGames(env, covers);
  const serverRecaps = await openServerRecaps({ store, jobs, community: community.social, now, log, discord, leaseMs: leaseMsOf(o) });
  const accounts = forgetMe({ login, tokens, store, metrics, log, jobs, reminders, listImports, community, watchParties, preferences, picks, recaps, games, serverRecaps });
  const deps: BotDeps = {
    ...community,
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
    preferences,
    picks,
    recaps,
    wrappedBackground,
    pendingNotice: afterAnswer(reminders, community.social),
    storeStepTimeoutMs: config.store.stepTimeoutMs ?? DEFAULT_STORE_STEP_TIMEOUT_MS,
    covers,
    watchParties,
    games,
    serverRecaps,
    listImports,
    discord,
  };
  const close = async (): Promise<void> => {
    await reminders.stop();
    await Promise.allSettled([service.close(), oauth.close(), jobs.stop(), sharing.close(), covers.close(), listImports.files.close()]);
    await store.close();
    stopObservingRecords();
  };
  return { store, service, oauth, tokens, login, ...auditedLogin(login, metrics, log), limits: userRate, deps, discord, metrics, storeSteps: steps, jobs, social: community.social, listImports, wrappedBackground, close };
}

/** After each answer: a joined member who uses the bot is synced more often for a while; a reminder pause is told once, in the language of the interaction. */
function afterAnswer(reminders: Reminders, social: Social): NonNullable<BotDeps['pendingNotice']> {
  return async (userId, t) => {
    await social.noteActive(userId);
    return (await reminders.takePauseNotice(userId)) !== undefined ? pauseNotice(t) : undefined;
  };
}
