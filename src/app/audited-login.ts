// Account linking as the bot exposes it: every step counted in the metrics and written to the
// audit log (who linked, unlinked or deleted what), and "forget me" over every kind of record.

import type { AccountLinks, ForgottenKind, ForgottenRecords } from '../auth/accounts.js';
import type { LoginService } from '../auth/login.js';
import type { Logger } from '../log/log.js';
import type { BotMetrics } from '../metrics/bot-metrics.js';
import type { TokenManager } from '../service/token-source.js';
import type { BotStore, ForgetResult } from '../store/bot-store.js';

export type AuditedLogin = Pick<LoginService, 'finishLogin' | 'confirmLink' | 'cancelLink'>;

/** `finishLogin`, `confirmLink` and `cancelLink`, each result counted and, once the login is known to belong to someone, audited. */
export function auditedLogin(login: LoginService, metrics: BotMetrics | undefined, log: Logger): AuditedLogin {
  const finishLogin: typeof login.finishLogin = async (input) => {
    const result = await login.finishLogin(input);
    if (result.ok) {
      log.info('audit: account link awaiting confirmation', {
        audit: 'link',
        discordUserId: result.discordUserId,
        serviceUserName: result.serviceUserName,
        outcome: 'awaiting_confirmation',
      });
    } else {
      metrics?.loginsFailed.inc({ reason: result.reason });
      log.info('audit: account link failed', {
        audit: 'link',
        discordUserId: result.pending?.discordUserId ?? null,
        serviceUserName: null,
        outcome: result.reason,
      });
    }
    return result;
  };
  // Only the person's Confirm links; Cancel links nothing.
  const confirmLink: typeof login.confirmLink = async (token) => {
    const linked = await login.confirmLink(token);
    if (linked) {
      metrics?.loginsCompleted.inc();
      log.info('audit: account linked', { audit: 'link', discordUserId: linked.discordUserId, serviceUserName: linked.serviceUserName, outcome: 'linked' });
    }
    return linked;
  };
  const cancelLink: typeof login.cancelLink = async (token) => {
    const cancelled = await login.cancelLink(token);
    if (cancelled) {
      metrics?.loginsFailed.inc({ reason: 'cancelled' });
      log.info('audit: account link cancelled', {
        audit: 'link',
        discordUserId: cancelled.discordUserId,
        serviceUserName: cancelled.serviceUserName,
        outcome: 'cancelled',
      });
    }
    return cancelled;
  };
  return { finishLogin, confirmLink, cancelLink };
}

interface AccountLinksDeps {
  login: LoginService;
  tokens: TokenManager;
  store: BotStore;
  metrics: BotMetrics | undefined;
  log: Logger;
  /** Deletes the user's reminder records; returns how many. */
  forgetReminders: (discordUserId: string) => Promise<number>;
  /** Deletes the user's server memberships and mirrored lists; returns how many records. */
  forgetSocial: (discordUserId: string) => Promise<number>;
  /** Deletes the user's list imports (previews, a running import's plan and state); returns how many records. */
  forgetImports: (discordUserId: string) => Promise<number>;
  /** Deletes the user's settings (their title form); returns how many records. */
  forgetPreferences: (discordUserId: string) => Promise<number>;
  /** The user unlinked: their mirrored lists stop being synced. */
  socialLoggedOut: (discordUserId: string) => Promise<void>;
}

/** What commands may do about a user's link: who they are linked as, their tokens, login, logout, forget me. */
export function accountLinks({ login, tokens, store, metrics, log, forgetReminders, forgetSocial, forgetImports, forgetPreferences, socialLoggedOut }: AccountLinksDeps): AccountLinks {
  return {
    linkedAs: (id) => login.linkedAs(id),
    tokenSource: (id) => tokens.sourceFor(id),
    startLogin: async (id, profile, reply) => {
      const started = await login.startLogin({ discordUserId: id, discordUser: profile, reply });
      metrics?.loginsStarted.inc();
      log.debug('login started', { discordUserId: id });
      return started;
    },
    logout: async (id) => {
      const serviceUserName = await login.linkedAs(id);
      const unlinked = await login.logout(id);
      if (unlinked) await socialLoggedOut(id).catch((error: unknown) => log.warn('could not stop syncing an unlinked member lists', { error }));
      log.info('audit: account unlinked', {
        audit: 'unlink',
        discordUserId: id,
        serviceUserName: serviceUserName ?? null,
        outcome: unlinked ? 'unlinked' : 'was_not_linked',
      });
      return unlinked;
    },
    forget: async (id) => {
      const report: ForgottenRecords = [
        ...forgottenRecords(await store.forgetUser(id)),
        { label: 'reminders', kind: 'reminders', deleted: await forgetReminders(id) },
        // Before the job engine forgets (with the social records): a running import then finds no state and ends.
        { label: 'list imports', kind: 'imports', deleted: await forgetImports(id) },
        { label: 'server memberships and mirrored lists', kind: 'social', deleted: await forgetSocial(id) },
        { label: 'settings (title form and language)', kind: 'settings', deleted: await forgetPreferences(id) },
      ];
      log.info('audit: everything about the user deleted', {
        audit: 'forget',
        discordUserId: id,
        deleted: Object.fromEntries(report.map((r) => [r.label, r.deleted])),
      });
      return report;
    },
  };
}

/** How "forget me" names each kind of record it deleted: in English for the log, by kind for the user's language. */
const USER_RECORDS: Readonly<Record<string, { label: string; kind: ForgottenKind }>> = {
  'link-confirmations': { label: 'links awaiting confirmation (with their tokens)', kind: 'linkConfirmations' },
  'login-index': { label: 'login indexes from an older version', kind: 'loginIndex' },
  'login-lost-notices': { label: 'notes that a lost login was told by DM', kind: 'loginLostNotices' },
};

function forgottenRecords(result: ForgetResult): ForgottenRecords {
  return [
    { label: 'linked accounts (with their tokens)', kind: 'account', deleted: result.account ? 1 : 0 },
    { label: 'pending logins', kind: 'pendingLogins', deleted: result.pendingLogins },
    ...Object.entries(result.other).map(([namespace, deleted]) => ({ label: USER_RECORDS[namespace]?.label ?? namespace, ...(USER_RECORDS[namespace] ? { kind: USER_RECORDS[namespace].kind } : {}), deleted })),
  ];
}
