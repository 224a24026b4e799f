import express, { type NextFunction, type Request, type Response } from 'express';
import type { FinishFailure, FinishSuccess, LoginService } from '../auth/login.js';
import { renderPage } from './html.js';

export interface HealthStatus {
  ready: boolean;
  /** Extra facts for the JSON body (no secrets), e.g. { discord: 'connected', store: true }. */
  checks?: Record<string, string | number | boolean>;
}

export type LoginFailureWithPending = FinishFailure & { pending: NonNullable<FinishFailure['pending']> };

export interface WebAppOptions {
  login: Pick<LoginService, 'finishLogin'>;
  /** Called after an account was linked (the bot edits the initiator's ephemeral /login reply). */
  onLinked?: (result: FinishSuccess) => Promise<void>;
  /** Called when a login with a valid state failed (denied, rejected code, outage). */
  onLoginFailed?: (result: LoginFailureWithPending) => Promise<void>;
  /** Readiness probe for GET /healthz; without one the app reports ready. */
  health?: () => HealthStatus | Promise<HealthStatus>;
  /** Operator log for unexpected failures; messages never contain tokens, codes or state. */
  log?: (message: string) => void;
}

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

const FAILURE_TITLES: Record<FinishFailure['reason'], string> = {
  invalid_state: 'Login link not valid',
  denied: 'Login cancelled',
  authorization_error: 'Login failed',
  missing_code: 'Login failed',
  exchange_rejected: 'Login failed',
  upstream_unavailable: 'Service unavailable',
  bot_misconfigured: 'Bot misconfigured',
  profile_unavailable: 'Service unavailable',
};

export function createWebApp(o: WebAppOptions): express.Express {
  const log = o.log ?? ((message: string) => console.warn(message));
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.set(SECURITY_HEADERS);
    next();
  });

  app.get('/healthz', async (_req: Request, res: Response) => {
    let status: HealthStatus;
    try {
      status = o.health ? await o.health() : { ready: true };
    } catch (error) {
      log(`health probe failed: ${describeError(error)}`);
      status = { ready: false };
    }
    res.status(status.ready ? 200 : 503).json({ status: status.ready ? 'ok' : 'unavailable', ...(status.checks ?? {}) });
  });

  app.get('/oauth/callback', async (req: Request, res: Response) => {
    const query = req.query as Record<string, unknown>;
    let result;
    try {
      result = await o.login.finishLogin({ state: single(query.state), code: single(query.code), error: single(query.error) });
    } catch (error) {
      log(`login callback failed: ${describeError(error)}`);
      sendPage(res, 500, { title: 'Login failed', message: 'Something went wrong on the bot side. Run /login in Discord again.' });
      return;
    }
    if (result.ok) {
      const { onLinked } = o;
      if (onLinked) await notify(log, 'onLinked', () => onLinked(result));
      sendPage(res, 200, {
        title: 'Account linked',
        message: `Your Discord account is now linked to ${result.serviceUserName}. You can close this tab and return to Discord.`,
      });
      return;
    }
    if (result.reason === 'bot_misconfigured') {
      log('login failed: the token endpoint refused the client credentials; check SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET');
    }
    const { pending } = result;
    const { onLoginFailed } = o;
    if (pending !== undefined && onLoginFailed) {
      await notify(log, 'onLoginFailed', () => onLoginFailed({ ...result, pending }));
    }
    sendPage(res, result.status, {
      title: FAILURE_TITLES[result.reason],
      message: result.message,
      ...(result.providerError !== undefined ? { detail: `The service said: ${result.providerError}` } : {}),
    });
  });

  app.use((_req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    log(`web request failed: ${describeError(error)}`);
    if (!res.headersSent) res.status(500).type('text/plain').send('Internal error');
  });
  return app;
}

function sendPage(res: Response, status: number, page: { title: string; message: string; detail?: string }): void {
  res.status(status).type('text/html; charset=utf-8').send(renderPage(page));
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
