// The web server every deployment runs once: the OAuth callback and confirmation page (which edit
// the /login reply through its webhook), health and readiness, the HTTP interactions route, and
// the metrics listener.

import { DEFAULT_DISCORD_CDN_URL } from '../config/config.js';
import type { LoginReplyTarget } from '../store/pending-records.js';
import { finalizeMessage, type RenderedMessage } from '../render/limits.js';
import { createWebApp, type HealthStatus, type LoginFailureWithPending } from '../web/app.js';
import { startWebServer, type RunningWebServer } from '../web/server.js';
import { escapeMarkdown } from '../render/text.js';
import { translator, type MessageValues } from '../i18n/index.js';
import { withMetricsServer } from '../web/metrics-server.js';
import type { Router } from 'express';
import type { Core } from './core.js';
import type { BotOptions } from './options.js';


type ReplyKey = 'lists.login.reply.confirm' | 'lists.login.reply.cancelled' | 'lists.login.reply.linked' | 'lists.login.reply.failed';

/** The /login reply's new text, in the language of the person who ran /login (English for logins started by older versions). */
function replyEmbed(reply: LoginReplyTarget, key: ReplyKey, values: MessageValues): RenderedMessage {
  const t = translator(reply.locale);
  return { embeds: [{ title: t.t(`${key}.title`), description: t.t(`${key}.text`, values) }] };
}

export interface WebOptions {
  readiness: () => Promise<HealthStatus>;
  routes?: readonly Router[];
}

/** The web server: OAuth callback, health, and (HTTP transport) interactions. */
export async function startWeb(core: Core, o: BotOptions, w: WebOptions): Promise<RunningWebServer> {
  const { log } = o;
  // Edits the ephemeral /login reply through the interaction's webhook (valid for 15 minutes).
  const editLoginReply = async (reply: LoginReplyTarget, message: RenderedMessage): Promise<void> => {
    const final = finalizeMessage(message);
    try {
      // Through the Discord side's interaction webhooks (no bot token needed): its embeds, no buttons, still private.
      await core.discord.webhooks.edit(reply.applicationId, reply.interactionToken, '@original', { ...(final.embeds ? { embeds: final.embeds } : {}) }, { ephemeral: true });
    } catch (error) {
      log.info('could not update the /login reply (it may have expired)', { error });
    }
  };
  const { config } = o;
  const { metrics } = core;
  const app = createWebApp({
    login: { finishLogin: core.finishLogin, confirmLink: core.confirmLink, cancelLink: core.cancelLink },
    publicOrigin: new URL(config.web.publicUrl).origin,
    avatarOrigin: new URL(config.discord.cdnUrl ?? DEFAULT_DISCORD_CDN_URL).origin,
    onAwaitingConfirmation: (result) => {
      const at = Math.floor(result.expiresAt / 1000);
      const values = { name: escapeMarkdown(result.serviceUserName), time: `<t:${at}:t>`, relative: `<t:${at}:R>` };
      return editLoginReply(result.reply, replyEmbed(result.reply, 'lists.login.reply.confirm', values));
    },
    onLinkCancelled: (result) => editLoginReply(result.reply, replyEmbed(result.reply, 'lists.login.reply.cancelled', { name: escapeMarkdown(result.serviceUserName) })),
    hsts: new URL(config.web.publicUrl).protocol === 'https:',
    ...(config.web.trustProxy !== undefined ? { trustProxy: config.web.trustProxy } : {}),
    accessLog: (entry) => log.debug('web request', { ...entry }),
    onLinked: (result) => editLoginReply(result.reply, replyEmbed(result.reply, 'lists.login.reply.linked', { name: escapeMarkdown(result.serviceUserName) })),
    onLoginFailed: (result: LoginFailureWithPending) => {
      const { reply } = result.pending;
      const reason = translator(reply.locale).t(`lists.web.failed.${result.reason}.text`);
      return editLoginReply(reply, replyEmbed(reply, 'lists.login.reply.failed', { reason }));
    },
    readiness: w.readiness,
    ...(w.routes ? { routes: w.routes } : {}),
    log: (message) => log.warn(message),
  });
  const web = await startWebServer(app, o.config.web.port, o.host);
  return metrics && config.metrics ? withMetricsServer(web, { render: () => metrics.render(), ...config.metrics, log: (m) => log.warn(m) }) : web;
}
