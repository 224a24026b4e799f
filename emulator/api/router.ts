import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { sendJson } from '../json.js';
import { type EmulatorState } from '../state.js';
import { authenticate, type Caller } from './caller.js';
import { type Handler } from './context.js';
import { ApiError, notFound } from './errors.js';
import { boards, topic, topics } from './forum.js';
import { deleteListStatus, updateListStatus, userList } from './lists.js';
import { rawQuery } from './params.js';
import { type Throttle } from '../throttle.js';
import { Renderer } from './render.js';
import { me } from './users.js';
import { details, ranking, search, season, suggestions } from './works.js';

export interface FaultState {
  delayMs: number;
  pending: Array<{ status: number; body: string; contentType?: string }>;
}

/**
 * The /v2 API: latency and failure injection first, then authentication, then throttling per client ID (a request
 * that fails authentication is not attributed to a client, so neither counted nor throttled), then the endpoint.
 */
export function apiRouter(state: EmulatorState, faults: FaultState, throttle: Throttle, onApiRequest: () => void): Router {
  const router = express.Router();
  const renderer = new Renderer(state.catalogue);
  const callers = new WeakMap<Request, Caller>();
  const formBody = express.raw({ type: () => true, limit: '64kb' });

  router.use(async (req: Request, res: Response, next: NextFunction) => {
    onApiRequest();
    if (faults.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
    const failure = faults.pending.shift();
    if (failure) {
      res.status(failure.status).type(failure.contentType ?? 'application/json; charset=UTF-8').send(failure.body);
      return;
    }
    const caller = authenticate(state, req);
    // The real service's throttling answer: the plain 403 body, no Retry-After or rate-limit headers.
    if (throttle.admit(caller.clientId)) throw new ApiError(403, { message: '', error: 'forbidden' });
    callers.set(req, caller);
    next();
  });

  const h = (handler: Handler): RequestHandler => async (req, res) => {
    const caller = callers.get(req);
    if (!caller) throw new Error('unauthenticated request reached a handler');
    const answer = await handler({ state, renderer, req, caller, query: rawQuery(req), params: { ...req.params } as Record<string, string> });
    if ('raw' in answer) res.status(answer.status).type(answer.contentType).send(answer.raw);
    else sendJson(res, answer.status, answer.body, state.pictureOrigin);
  };

  router.get('/anime', h(search('anime')));
  router.get('/anime/ranking', h(ranking('anime')));
  router.get('/anime/suggestions', h(suggestions));
  router.get('/anime/season/:year/:season', h(season));
  router.get('/anime/:id', h(details('anime')));
  router.put('/anime/:id/my_list_status', formBody, h(updateListStatus('anime')));
  router.patch('/anime/:id/my_list_status', formBody, h(updateListStatus('anime')));
  router.delete('/anime/:id/my_list_status', h(deleteListStatus('anime')));
  router.get('/manga', h(search('manga')));
  router.get('/manga/ranking', h(ranking('manga')));
  router.get('/manga/:id', h(details('manga')));
  router.put('/manga/:id/my_list_status', formBody, h(updateListStatus('manga')));
  router.patch('/manga/:id/my_list_status', formBody, h(updateListStatus('manga')));
  router.delete('/manga/:id/my_list_status', h(deleteListStatus('manga')));
  router.get('/users/:user/animelist', h(userList('anime')));
  router.get('/users/:user/mangalist', h(userList('manga')));
  router.get('/users/:user', h(me));
  router.get('/forum/boards', h(boards));
  router.get('/forum/topics', h(topics));
  router.get('/forum/topic/:id', h(topic));

  router.use(() => {
    throw notFound();
  });
  router.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof ApiError) {
      res.set(err.headers);
      sendJson(res, err.status, err.body);
      return;
    }
    const status = typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number' ? err.status : 500;
    if (status >= 500) console.error('emulator: internal error', err);
    sendJson(res, status, { message: '', error: status === 413 ? 'request_too_large' : status < 500 ? 'bad_request' : 'internal_server_error' });
  });
  return router;
}
