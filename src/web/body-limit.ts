// Request body limits counted in bytes actually read, not only in the Content-Length header: a
// chunked request (no Content-Length) is cut off as soon as it passes the limit. The answer is 413
// with `Connection: close`, so Node closes the connection after it instead of reading (and
// discarding) the rest of the body.

import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { localeFromAcceptLanguage, translator } from '../i18n/index.js';
import { readCapped } from '../util/read-capped.js';

/** Reads the body, keeping it when `keep`; resolves undefined as soon as more than `maxBytes` arrived (reading stops). */
export async function readAtMost(req: IncomingMessage, maxBytes: number, keep: boolean): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) return undefined;
  const read = await readCapped(req, maxBytes, {
    keep,
    overflow: 'pause',
    closedEarly: () => new Error('the client closed the connection before the request body ended'),
  });
  return read.body;
}

/** 413, then Node closes the connection instead of reading the rest of the body. */
export function sendTooLarge(res: Response): void {
  const t = translator(localeFromAcceptLanguage(res.req.get('accept-language')));
  res.vary('Accept-Language').set({ Connection: 'close', 'Content-Language': t.locale }).status(413).type('text/plain').send(t.t('lists.web.tooLarge'));
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Puts the raw body (at most `maxBytes`) in `req.body` as a Buffer; 413 beyond. */
export function rawBodyAtMost(maxBytes: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    readAtMost(req, maxBytes, true).then(
      (body) => {
        if (body === undefined) {
          sendTooLarge(res);
          return;
        }
        req.body = body;
        next();
      },
      () => {
        // The client went away mid-body: nobody is left to answer.
        req.socket.destroy();
      },
    );
  };
}

/**
 * For the routes after it, which take no body: whatever body comes is read and dropped, at most
 * `maxBytes` of it (413 beyond), before the route runs.
 */
export function noBodyBeyond(maxBytes: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) {
      next();
      return;
    }
    readAtMost(req, maxBytes, false).then(
      (body) => {
        if (body === undefined) sendTooLarge(res);
        else next();
      },
      () => {
        req.socket.destroy();
      },
    );
  };
}

/**
 * An `application/x-www-form-urlencoded` body (at most `maxBytes`, at most `maxParams` fields; 413
 * beyond) parsed into `req.body`: a field sent twice becomes an array. Other content types leave
 * `req.body` empty. (body-parser reads a refused body to its end before answering; this does not.)
 */
export function formBodyAtMost(maxBytes: number, maxParams: number): RequestHandler {
  const raw = rawBodyAtMost(maxBytes);
  return (req: Request, res: Response, next: NextFunction) => {
    raw(req, res, () => {
      const body = req.body as Buffer;
      const form: Record<string, string | string[]> = {};
      req.body = form;
      if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
        next();
        return;
      }
      const params = new URLSearchParams(body.toString('utf8'));
      if ([...params.keys()].length > maxParams) {
        sendTooLarge(res);
        return;
      }
      for (const [key, value] of params) {
        const seen = form[key];
        form[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
      next();
    });
  };
}
