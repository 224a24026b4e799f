// The account links handlers use (login, logout, "forget me"), with what "forget me" deletes in each
// service: reminders, the community (its feed, polls, watch parties and completions), imports, title
// preferences, picks, recaps and games, and last any job still naming the person.

import type { LoginService } from '../auth/login.js';
import type { AccountLinks } from '../auth/accounts.js';
import type { Games } from '../games/games.js';
import type { JobEngine } from '../jobs/job-engine.js';
import type { ListImportDeps } from '../list-files/imports.js';
import type { Logger } from '../log/log.js';
import type { BotMetrics } from '../metrics/bot-metrics.js';
import type { TitlePreferences } from '../preferences/title-preferences.js';
import type { Reminders } from '../reminders/reminders.js';
import type { TokenManager } from '../service/token-source.js';
import type { BotStore } from '../store/bot-store.js';
import type { PickSessions } from '../store/pick-sessions.js';
import type { RecapStore } from '../store/recaps.js';
import type { ServerRecaps } from '../server-recaps/server-recaps.js';
import type { WatchParties } from '../watch-parties/watch-parties.js';
import { accountLinks } from './audited-login.js';
import type { Community } from './open-community.js';

interface ForgetMeDeps {
  login: LoginService;
  tokens: TokenManager;
  store: BotStore;
  metrics: BotMetrics | undefined;
  log: Logger;
  jobs: JobEngine;
  reminders: Reminders;
  listImports: ListImportDeps;
  community: Community;
  watchParties: WatchParties;
  preferences: TitlePreferences;
  picks: PickSessions;
  recaps: RecapStore;
  games: Games;
  serverRecaps: ServerRecaps;
}

export function forgetMe(d: ForgetMeDeps): AccountLinks {
  const { social, feed, polls, completionsSeen } = d.community;
  return accountLinks({
    login: d.login,
    tokens: d.tokens,
    store: d.store,
    metrics: d.metrics,
    log: d.log,
    forgetReminders: (id) => d.reminders.forgetUser(id),
    // Last, the job engine: any job still naming the user (done, failed, archived, of any queue) goes.
    forgetSocial: async (id) => {
      const deleted = (await social.forgetUser(id)) + (await feed.forgetUser(id)) + (await polls.forgetUser(id)) + (await d.watchParties.forgetUser(id)) + (await completionsSeen.forgetUser(id)) + (await d.serverRecaps.forgetUser(id));
      await d.jobs.forget(id);
      return deleted;
    },
    forgetImports: (id) => d.listImports.imports.forgetUser(id),
    forgetPreferences: async (id) => (await d.preferences.forgetUser(id)) + (await d.picks.forgetUser(id)) + (await d.recaps.forgetUser(id)) + (await d.games.forgetUser(id)),
    socialLoggedOut: (id) => social.loggedOut(id),
  });
}
