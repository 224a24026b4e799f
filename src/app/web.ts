// The web server every deployment runs once: the OAuth callback and confirmation page (which edit
// the /login reply through its webhook), health and readiness, the HTTP interactions route, and
// the metrics listener.

import { MessageFlags, Routes, type REST } from 'discord.js';
import { DEFAULT_DISCORD_CDN_URL } from '../config/config.js';
import type { LoginReplyTarget } from '../store/pending-logins.js';
import { finalizeMessage, type RenderedMessage } from '../render/limits.js';
import { createWebApp, type HealthStatus, type LoginFailureWithPending } from '../web/app.js';
import { startWebServer, type RunningWebServer } from '../web/server.js';
import { escapeMarkdown } from '../render/text.js';
import { withMetricsServer } from '../web/metrics-server.js';
import type { Router } from 'express';
import type { Core } from './core.js';
import type { BotOptions } from './options.js';


export interface WebOptions {
  readiness: () => Promise<HealthStatus>;
  routes?: readonly Router[];
  /** REST client used to edit the /login reply through the interaction webhook (no bot token needed). */
  rest: REST;
}

/** The web server: OAuth callback, health, and (HTTP transport) interactions. */
export async function startWeb(core: Core, o: BotOptions, w: WebOptions): Promise<RunningWebServer> {
  const { log } = o;
  // Edits the ephemeral /login reply through the interaction's webhook (valid for 15 minutes).
  const editLoginReply = async (reply: LoginReplyTarget, message: RenderedMessage): Promise<void> => {
    const final = finalizeMessage(message);
    try {
      await w.rest.patch(Routes.webhookMessage(reply.applicationId, reply.interactionToken), {
        body: { embeds: final.embeds ?? [], components: [], allowed_mentions: { parse: [] }, flags: MessageFlags.Ephemeral },
        auth: false,
      });
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
      return editLoginReply(result.reply, {
        embeds: [
          {
            title: 'Confirm in your browser',
            description:
              `The service authorized **${escapeMarkdown(result.serviceUserName)}**. Nothing is linked yet: the browser tab asks you to confirm ` +
              `that this account goes to your Discord account. If it is not confirmed by <t:${at}:t> (<t:${at}:R>), nothing is linked.`,
          },
        ],
      });
    },
    onLinkCancelled: (result) =>
      editLoginReply(result.reply, {
        embeds: [
          {
            title: 'Link cancelled',
            description: `Linking **${escapeMarkdown(result.serviceUserName)}** was cancelled in the browser. Nothing was linked. Run \`/login\` to try again.`,
          },
        ],
      }),
    hsts: new URL(config.web.publicUrl).protocol === 'https:',
    ...(config.web.trustProxy !== undefined ? { trustProxy: config.web.trustProxy } : {}),
    accessLog: (entry) => log.debug('web request', { ...entry }),
    onLinked: (result) =>
      editLoginReply(result.reply, {
        embeds: [{ title: 'Account linked', description: `You are now linked as **${escapeMarkdown(result.serviceUserName)}**. Try \`/list anime view\` or \`/profile\`.` }],
      }),
    onLoginFailed: (result: LoginFailureWithPending) =>
      editLoginReply(result.pending.reply, { embeds: [{ title: 'Login not completed', description: `${result.message} Run \`/login\` to try again.` }] }),
    readiness: w.readiness,
    ...(w.routes ? { routes: w.routes } : {}),
    log: (message) => log.warn(message),
  });
  const web = await startWebServer(app, o.config.web.port, o.host);
  return metrics && config.metrics ? withMetricsServer(web, { render: () => metrics.render(), ...config.metrics, log: (m) => log.warn(m) }) : web;
}
