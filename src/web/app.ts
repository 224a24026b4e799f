import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import helmet from 'helmet';
import type { FinishFailure, FinishSuccess, LinkDecision, LoginService } from '../auth/login.js';
import { fallbackLogger } from '../log/log.js';
import { localeFromAcceptLanguage, translator, type MessageKey, type Translator } from '../i18n/index.js';
import { renderConfirmPage, renderPage } from './html.js';
import { formBodyAtMost, noBodyBeyond, sendTooLarge } from './body-limit.js';

export interface HealthStatus {
  ready: boolean;
  /** Extra facts for the JSON body (no secrets), e.g. { discord: 'connected', store: true }. */
  checks?: Record<string, string | number | boolean>;
}

export type LoginFailureWithPending = FinishFailure & { pending: NonNullable<FinishFailure['pending']> };

export interface WebAppOptions {
  login: Pick<LoginService, 'finishLogin' | 'confirmLink' | 'cancelLink'>;
  /** Called when the service authorized a login and the confirmation page is shown. */
  onAwaitingConfirmation?: (result: FinishSuccess) => Promise<void>;
  /** Called after an account was linked (the bot edits the initiator's ephemeral /login reply). */
  onLinked?: (result: LinkDecision) => Promise<void>;
  /** Called when the person in the browser cancelled the link. */
  onLinkCancelled?: (result: LinkDecision) => Promise<void>;
  /** Origin of PUBLIC_URL; a confirmation POST from any other origin is refused. */
  publicOrigin?: string;
  /** The only origin avatars are shown from (Discord's CDN); default `https://cdn.discordapp.com`. */
  avatarOrigin?: string;
  /** Called when a login with a valid state failed (denied, rejected code, outage). */
  onLoginFailed?: (result: LoginFailureWithPending) => Promise<void>;
  /** Readiness probe for GET /readyz (GET /healthz is liveness only); without one the app reports ready. */
  readiness?: () => HealthStatus | Promise<HealthStatus>;
  /** Extra routes, e.g. the HTTP interactions endpoint. */
  routes?: readonly Router[];
  /** Operator log for unexpected failures; messages never contain tokens, codes or state. Default: warnings in the redacting logger (src/log). */
  log?: (message: string) => void;
  /** One entry per answered request (method, path without query, status, client address). */
  accessLog?: (entry: AccessLogEntry) => void;
  /** Sends Strict-Transport-Security (only when the public URL is https). */
  hsts?: boolean;
  /** Express `trust proxy`: which hops' X-Forwarded-* headers to believe; default none. */
  trustProxy?: TrustProxy;
}

export type TrustProxy = boolean | number | string;

export interface AccessLogEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The client's address (the proxy's unless TRUST_PROXY trusts it). */
  client: string | undefined;
}

/** Requests bigger than this are refused before the bot's own routes run (they take no bodies); extra routes set their own limits. */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;
/** 180 days; neither preload nor subdomains, which the operator may not control. */
export const HSTS_MAX_AGE_S = 180 * 24 * 3600;

/** The confirmation page may submit its forms to us and show the Discord avatar; nothing else. */
function confirmPageCsp(avatarOrigin: string | undefined): string {
  const img = avatarOrigin === undefined ? '' : `; img-src ${avatarOrigin}`;
  return `default-src 'none'; style-src 'unsafe-inline'${img}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}

const MAX_FORM_BYTES = 2048;

/** What the browser is told about a failed login (catalogue `<key>.title` and `<key>.text`). */
const FAILURES: Record<FinishFailure['reason'], `lists.web.failed.${FinishFailure['reason']}`> = {
  invalid_state: 'lists.web.failed.invalid_state',
  denied: 'lists.web.failed.denied',
  authorization_error: 'lists.web.failed.authorization_error',
  missing_code: 'lists.web.failed.missing_code',
  exchange_rejected: 'lists.web.failed.exchange_rejected',
  upstream_unavailable: 'lists.web.failed.upstream_unavailable',
  bot_misconfigured: 'lists.web.failed.bot_misconfigured',
  profile_unavailable: 'lists.web.failed.profile_unavailable',
};

/**
 * The reader's language from the request's Accept-Language; the answer says which one it is in and
 * that it depends on that header (so no cache serves one person's language to another).
 */
function readerOf(req: Request, res: Response): Translator {
  const t = translator(localeFromAcceptLanguage(req.get('accept-language')));
  res.vary('Accept-Language');
  res.set('Content-Language', t.locale);
  return t;
}

type OperatorLog = (message: string) => void;

export function createWebApp(o: WebAppOptions): express.Express {
  const log = o.log ?? ((message: string) => fallbackLogger().warn(message));
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', o.trustProxy ?? false);
  app.use(securityHeaders(o.hsts));
  app.use(noStoreAndAccessLog(o.accessLog));

  // Routes that read a body do it first, each with its own limit counted in bytes read (413 beyond).
  for (const router of o.routes ?? []) app.use(router);
  app.post('/oauth/confirm', formBodyAtMost(MAX_FORM_BYTES, 4), confirmationRoute(o, log));

  // The routes below take no body: one sent anyway is read and dropped up to the limit, 413 beyond
  // (chunked requests included), so no request is read whole.
  app.use(noBodyBeyond(MAX_REQUEST_BODY_BYTES));

  // GET /metrics is never served here (the public port): it has its own listener (src/web/metrics-server.ts).

  // Liveness: the process serves requests. Nothing else is checked, so a slow store never gets it restarted.
  app.get('/healthz', (_req: Request, res: Response) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', readinessRoute(o.readiness, log));
  app.get('/oauth/callback', oauthCallbackRoute(o, log));

  app.use((req: Request, res: Response) => {
    res.status(404).type('text/plain').send(readerOf(req, res).t('lists.web.notFound'));
  });
  app.use(errorHandler(log));
  return app;
}

/** Helmet's headers: nothing may load, frame or be referred to; HSTS only for an https public URL. */
function securityHeaders(hsts: boolean | undefined) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: ["'unsafe-inline'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: hsts ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
  });
}

/** No answer is cached; each answered request gets an access-log entry when one is wanted. */
function noStoreAndAccessLog(accessLog: WebAppOptions['accessLog']) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', 'no-store');
    if (accessLog) {
      const started = performance.now();
      res.once('finish', () =>
        accessLog({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(performance.now() - started), client: req.ip }),
      );
    }
    next();
  };
}

/** Readiness: whether this process should be sent traffic now. */
function readinessRoute(readiness: WebAppOptions['readiness'], log: OperatorLog) {
  return async (_req: Request, res: Response) => {
    let status: HealthStatus;
    try {
      status = readiness ? await readiness() : { ready: true };
    } catch (error) {
      log(`readiness probe failed: ${describeError(error)}`);
      status = { ready: false };
    }
    res.status(status.ready ? 200 : 503).json({ status: status.ready ? 'ok' : 'unavailable', ...(status.checks ?? {}) });
  };
}

/** GET /oauth/callback: finishes the login, then shows the confirmation page or why it failed. */
function oauthCallbackRoute(o: WebAppOptions, log: OperatorLog) {
  return async (req: Request, res: Response) => {
    const t = readerOf(req, res);
    const query = req.query as Record<string, unknown>;
    let result;
    try {
      result = await o.login.finishLogin({ state: single(query.state), code: single(query.code), error: single(query.error) });
    } catch (error) {
      log(`login callback failed: ${describeError(error)}`);
      sendPage(res, t, 500, 'lists.web.callbackError');
      return;
    }
    if (result.ok) await showConfirmPage(o, log, res, t, result);
    else await showLoginFailure(o, log, res, t, result);
  };
}

async function showConfirmPage(o: WebAppOptions, log: OperatorLog, res: Response, t: Translator, result: FinishSuccess): Promise<void> {
  const { onAwaitingConfirmation } = o;
  if (onAwaitingConfirmation) await notify(log, 'onAwaitingConfirmation', () => onAwaitingConfirmation(result));
  const avatar = urlFrom(result.discordUser.avatarUrl, o.avatarOrigin ?? 'https://cdn.discordapp.com');
  // Same-origin referrer so the browser sends our Origin with the form POST (no-referrer would send "null").
  res.set({ 'Content-Security-Policy': confirmPageCsp(avatar?.origin), 'Referrer-Policy': 'same-origin' });
  res.status(200).type('text/html; charset=utf-8').send(
    renderConfirmPage(t, {
      serviceUserName: result.serviceUserName,
      discordUserId: result.discordUserId,
      discordUsername: result.discordUser.username,
      discordDisplayName: result.discordUser.displayName,
      ...(avatar ? { avatarUrl: avatar.href } : {}),
      token: result.confirmToken,
      minutesLeft: Math.max(1, Math.floor((result.expiresAt - Date.now()) / 60_000)),
    }),
  );
}

async function showLoginFailure(o: WebAppOptions, log: OperatorLog, res: Response, t: Translator, result: FinishFailure): Promise<void> {
  if (result.reason === 'bot_misconfigured') {
    log('login failed: the token endpoint refused the client credentials; check SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET');
  }
  const { pending } = result;
  const { onLoginFailed } = o;
  if (pending !== undefined && onLoginFailed) {
    await notify(log, 'onLoginFailed', () => onLoginFailed({ ...result, pending }));
  }
  sendPage(res, t, result.status, FAILURES[result.reason], {}, result.providerError !== undefined ? t.t('lists.web.serviceSaid', { error: result.providerError }) : undefined);
}

/** POST /oauth/confirm: the person in the browser confirms or cancels the pending link. */
function confirmationRoute(o: WebAppOptions, log: OperatorLog) {
  return async (req: Request, res: Response): Promise<void> => {
    const t = readerOf(req, res);
    if (!sameOrigin(req, o.publicOrigin)) {
      sendPage(res, t, 403, 'lists.web.refused');
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = single(body.token);
    const action = single(body.action);
    if (token === undefined || (action !== 'confirm' && action !== 'cancel')) {
      sendPage(res, t, 400, 'lists.web.incomplete');
      return;
    }
    let decision: LinkDecision | undefined;
    try {
      decision = action === 'confirm' ? await o.login.confirmLink(token) : await o.login.cancelLink(token);
    } catch (error) {
      log(`link ${action} failed: ${describeError(error)}`);
      sendPage(res, t, 500, 'lists.web.decisionError');
      return;
    }
    if (decision === undefined) {
      sendPage(res, t, 400, 'lists.web.unknownConfirmation');
      return;
    }
    await showLinkDecision(o, log, res, t, action, decision);
  };
}

async function showLinkDecision(
  o: WebAppOptions,
  log: OperatorLog,
  res: Response,
  t: Translator,
  action: 'confirm' | 'cancel',
  found: LinkDecision,
): Promise<void> {
  if (action === 'confirm') {
    const { onLinked } = o;
    if (onLinked) await notify(log, 'onLinked', () => onLinked(found));
    sendPage(res, t, 200, 'lists.web.linked', { service: found.serviceUserName });
    return;
  }
  const { onLinkCancelled } = o;
  if (onLinkCancelled) await notify(log, 'onLinkCancelled', () => onLinkCancelled(found));
  sendPage(res, t, 200, 'lists.web.cancelled');
}

/** Errors a request reached: a client's fault gets its 4xx (413 closes the connection), anything else is logged and a 500. */
function errorHandler(log: OperatorLog) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = clientErrorStatus(error);
    if (status === undefined) log(`web request failed: ${describeError(error)}`);
    if (res.headersSent) return;
    // A body parser stopped reading at its limit: close the connection rather than read the rest.
    if (status === 413) sendTooLarge(res);
    else res.status(status ?? 500).type('text/plain').send(readerOf(req, res).t(status ? 'lists.web.badRequest' : 'lists.web.internalError'));
  };
}

/** The 4xx status of an error a body parser or express raised about the request itself. */
function clientErrorStatus(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** A catalogue page (`<key>.title`, `<key>.text`) in the reader's language, with an optional plain-text detail. */
function sendPage(res: Response, t: Translator, status: number, key: PageKey, values: Record<string, string> = {}, detail?: string): void {
  const page = { title: t.t(`${key}.title`, values), message: t.t(`${key}.text`, values), ...(detail !== undefined ? { detail } : {}) };
  res.status(status).type('text/html; charset=utf-8').send(renderPage(t, page));
}

/** A catalogue key `k` of the web pages with both `k.title` and `k.text`. */
type PageKey = {
  [K in MessageKey]: K extends `lists.web.${infer P}.title` ? (`lists.web.${P}.text` extends MessageKey ? `lists.web.${P}` : never) : never;
}[MessageKey];

/** The avatar URL when it is on the expected CDN origin (the page's CSP allows images from that origin only). */
function urlFrom(value: string | undefined, origin: string): URL | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    return url.origin === origin ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a form POST a browser marks as coming from another site. The single-use token in the body is what
 * really binds the request; this stops a cross-site form from even trying.
 */
function sameOrigin(req: Request, publicOrigin: string | undefined): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.get('origin');
  if (origin === undefined || publicOrigin === undefined) return true;
  return origin === publicOrigin;
}

/** Duplicated or nested query parameters count as absent. */
function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

async function notify(log: (m: string) => void, name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    log(`${name} failed: ${describeError(error)}`);
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return 'non-Error thrown';
}
