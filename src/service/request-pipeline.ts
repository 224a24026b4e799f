// One request of the service client, from an endpoint's path to parsed JSON: the anonymous GET
// cache (stale answers while the service fails), the caller's signal and the interaction's
// deadline, the user's token with one refresh-and-retry on 401 invalid_token, and retries of
// transient failures with backoff inside the deadline. Each attempt waits for a slot, is refused
// while the client cools off after throttling, and is one `sendOnce` exchange.

import type { Dispatcher } from 'undici';
import type { CallContext, CallScope, Requester } from './call-context.js';
import type { PipelineSettings } from './client-options.js';
import { parseRetryAfter } from './cool-off.js';
import { AbortedError, CoolingOffError, LineBusyError, ReauthRequiredError, ServiceBusyError, ThrottledError, UpstreamUnavailableError } from './errors.js';
import {
  abortable,
  BodyTooLargeError,
  createPool,
  headerValue,
  sendOnce,
  sleep,
  throwIfAborted,
  UpstreamTimeoutError,
  type HttpMethod,
  type HttpRequest,
} from './http-exchange.js';
import { endpointOf, type UpstreamAttempt } from './observer.js';
import { resolvePagingUrl, type PagingTarget } from './paging.js';
import { Slots } from './slots.js';
import { DeploymentGate, OPEN_GATE, type GatePass } from './deployment-gate.js';
import { isThrottle, outcomeOfAnswer, outcomeOfFailure, type Answer, type Outcome, type RetryOutcome } from './response-outcome.js';
import { answerInTitleForm, isWorkPath, MAIN_TITLE_FORM, withAlternativeTitles, type TitleForm } from './title-forms.js';

interface Call {
  method: HttpMethod;
  target: PagingTarget;
  form?: URLSearchParams | undefined;
}

/** A request as every attempt of one call sends it (the deadline and body cap are added per attempt). */
type OutgoingRequest = Omit<HttpRequest, 'timeoutMs' | 'maxBodyBytes'>;
type Loaded = Extract<Outcome, { kind: 'ok' }>;

/** An attempt (a retry, or a slot of the shared line) is not started when less than this is left before the caller's deadline. */
const MIN_ATTEMPT_MS = 500;

export class RequestPipeline implements Requester {
  private readonly settings: PipelineSettings;
  private readonly queue: Slots;
  private readonly dispatcher: Dispatcher;
  private readonly gate: DeploymentGate;
  /** Set only on scoped views (see `scoped`). */
  private scope: CallScope | undefined;

  constructor(settings: PipelineSettings) {
    this.settings = settings;
    this.queue = new Slots(settings.maxConcurrent);
    // Paging stays on this origin.
    this.dispatcher = settings.dispatcher ?? createPool(settings.root.origin, settings.maxConcurrent);
    this.gate = new DeploymentGate(settings.deployment, settings.observer);
  }

  /** A view of this pipeline (same pool, slots, cache and cool-off) whose every request also honours `scope`. */
  scoped(scope: CallScope): RequestPipeline {
    const view = Object.create(this) as RequestPipeline;
    view.scope = scope;
    return view;
  }

  get coolingOffMs(): number {
    return this.settings.coolOff.remainingMs;
  }

  get cachedResponseBytes(): number {
    return this.settings.cache?.bytes ?? 0;
  }

  get cachedResponses(): number {
    return this.settings.cache?.size ?? 0;
  }

  /** Closes the connection pool the pipeline created (an injected dispatcher is left to its owner). */
  async close(): Promise<void> {
    if (this.settings.dispatcher === undefined) await this.dispatcher.close();
  }

  /** A GET; on a scoped view with a title form, works come in that form (copies: the cache keeps the service's data). */
  async get(relativePath: string, query: URLSearchParams, ctx: CallContext): Promise<unknown> {
    const form = await this.titleFormFor(relativePath);
    if (form === MAIN_TITLE_FORM) return this.read(relativePath, query, ctx);
    return answerInTitleForm(await this.read(relativePath, withAlternativeTitles(query), ctx), form);
  }

  private async titleFormFor(relativePath: string): Promise<TitleForm> {
    const pick = this.scope?.titleForm;
    return pick && isWorkPath(relativePath) ? pick() : MAIN_TITLE_FORM;
  }

  private async read(relativePath: string, query: URLSearchParams, ctx: CallContext): Promise<unknown> {
    const call: Call = { method: 'GET', target: this.target(relativePath, query) };
    const { cache: local, observer, deployment } = this.settings;
    // People's lists change as they use the bot, so they are always read fresh.
    const cache = local && !ctx.auth && !relativePath.startsWith('users/') ? local : undefined;
    if (!cache) return (await this.execute(call, ctx)).json;
    const key = call.target.path;
    const endpoint = endpointOf(relativePath);
    const hit = cache.peek(key);
    if (hit) {
      observer.cache?.({ endpoint, result: 'hit' });
      return hit.value;
    }
    // Behind the process's cache, the deployment's: an answer another process fetched costs nothing.
    // The shared cache falls back to a miss when the store is slow; the caller's abort ends the wait at once.
    const shared = deployment ? await abortable(deployment.cache.get(key), ctx.signal ?? this.scope?.signal) : undefined;
    const ttlMs = deployment?.cacheTtlMs(endpoint) ?? 0;
    if (shared && Date.now() - shared.storedAt < ttlMs) {
      observer.cache?.({ endpoint, result: 'shared_hit' });
      cache.set(key, shared.body, JSON.stringify(shared.body).length);
      return shared.body;
    }
    observer.cache?.({ endpoint, result: 'miss' });
    try {
      const json = await this.loadInto(cache, key, call, ctx);
      if (deployment) void deployment.cache.set(key, json, ttlMs);
      return json;
    } catch (error) {
      if (!isOutage(error)) throw error;
      const stale = cache.stale(key) ?? (shared && deployment && Date.now() - shared.storedAt < ttlMs + deployment.staleMs ? { value: shared.body, ageMs: Date.now() - shared.storedAt } : undefined);
      if (!stale) throw error;
      observer.cache?.({ endpoint, result: 'stale' });
      this.scope?.onStale?.(stale.ageMs);
      return stale.value;
    }
  }

  /** Loads into the process's cache: one shared load for callers without their own signal, else its own. */
  private async loadInto(cache: NonNullable<PipelineSettings['cache']>, key: string, call: Call, ctx: CallContext): Promise<unknown> {
    // A shared load cannot honour one caller's abort signal: such a call loads on its own, but
    // still fills the cache.
    if (!ctx.signal && !this.scope) return cache.getOrLoad(key, async () => (await this.execute(call, ctx)).json);
    const loaded = await this.execute(call, ctx);
    cache.set(key, loaded.json, loaded.bytes);
    return loaded.json;
  }

  async write(method: 'PUT' | 'DELETE', relativePath: string, ctx: CallContext, form?: URLSearchParams): Promise<unknown> {
    return (await this.execute({ method, target: this.target(relativePath), form }, ctx)).json;
  }

  /** GETs a `paging.next` / `paging.previous` URL as given, after checking it is inside the API root + /v2. */
  async getPagingUrl(url: string, ctx: CallContext): Promise<unknown> {
    const target = resolvePagingUrl(url, this.settings.root);
    // The page link carries the first page's fields (with alternative_titles when they were asked for).
    const form = await this.titleFormFor(target.path.slice(this.settings.root.pathname.length).split('?', 1)[0] ?? '');
    return answerInTitleForm((await this.execute({ method: 'GET', target }, ctx)).json, form);
  }

  private target(relativePath: string, query?: URLSearchParams): PagingTarget {
    const { root } = this.settings;
    const qs = query?.toString();
    return { origin: root.origin, path: `${root.pathname}${relativePath}${qs ? `?${qs}` : ''}` };
  }

  /** Auth, one refresh-and-retry on 401 invalid_token, transient retries inside. Returns parsed JSON (undefined for DELETE). */
  private async execute(call: Call, ctx: CallContext): Promise<Loaded> {
    const { auth } = ctx;
    const [own, scoped] = [ctx.signal, this.scope?.signal];
    const signal = own && scoped && own !== scoped ? AbortSignal.any([own, scoped]) : (own ?? scoped);
    throwIfAborted(signal);
    let token = auth ? await abortable(auth.getAccessToken(), signal) : undefined;
    for (let refreshed = false; ; refreshed = true) {
      const outcome = await this.attempts(call, token, signal);
      if (outcome.kind === 'ok') return outcome;
      if (refreshed || !auth || token === undefined) throw new ReauthRequiredError('token_rejected');
      token = await abortable(auth.refreshAfterRejection(token), signal);
    }
  }

  /** Time left before the scope's deadline (Infinity without one). */
  private remainingMs(): number {
    const at = this.scope?.deadlineAt;
    return at === undefined ? Infinity : at - Date.now();
  }

  // GET, PUT (sets absolute values) and DELETE (404 after a lost response = done) are idempotent, so
  // all are retried — but only 5xx and network failures, and only while the caller's deadline allows.
  // Throttling is never retried: it starts a cool-off for the whole client.
  private async attempts(call: Call, token: string | undefined, signal: AbortSignal | undefined): Promise<Exclude<Outcome, RetryOutcome>> {
    const { retries, backoff, observer } = this.settings;
    const request = this.outgoing(call, token, signal);
    const endpoint = endpointOf(call.target.path.slice(this.settings.root.pathname.length));
    const auth = token !== undefined ? 'user' : 'client';
    let maybeApplied = false;
    let failure: RetryOutcome | undefined;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (failure) {
        const delay = backoff(attempt - 1);
        if (this.remainingMs() - delay < MIN_ATTEMPT_MS) break;
        observer.retry?.({ endpoint, attempt, reason: failure.reason });
        await sleep(delay, signal);
      }
      let answer: Answer;
      try {
        answer = await this.send(call, endpoint, attempt, auth, request);
      } catch (e) {
        // A retry the line cannot start in time (the failed attempt used the deadline up) ends with that
        // failure: the person is told the service is slow, not that the bot is busy.
        if (failure && e instanceof LineBusyError) break;
        // Asked with less than an attempt's time left, the line refuses whatever its queue: the deadline
        // ran out (earlier pages of a long read took it), which the person hears as "slow", not "busy".
        if (e instanceof LineBusyError && this.remainingMs() < MIN_ATTEMPT_MS) throw new AbortedError(e);
        failure = outcomeOfFailure(e);
        maybeApplied = true;
        continue;
      }
      const outcome = outcomeOfAnswer(answer, call.method, token !== undefined, maybeApplied);
      if (outcome.kind !== 'retry') return outcome;
      failure = outcome;
      maybeApplied ||= outcome.maybeApplied;
    }
    throw failure?.error ?? new UpstreamUnavailableError('The service could not be reached');
  }

  private outgoing(call: Call, token: string | undefined, signal: AbortSignal | undefined): OutgoingRequest {
    const { userAgent, clientIdHeader, clientId } = this.settings;
    const headers: Record<string, string> = { 'user-agent': userAgent, accept: 'application/json' };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    else headers[clientIdHeader.toLowerCase()] = clientId;
    if (call.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const body = call.form?.toString();
    return {
      method: call.method,
      origin: call.target.origin,
      path: call.target.path,
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(signal ? { signal } : {}),
    };
  }

  /** Waits for a slot (bounded by the caller's signal), then sends unless the client is cooling off. */
  private async send(call: Call, endpoint: string, attempt: number, auth: UpstreamAttempt['auth'], request: OutgoingRequest): Promise<Answer> {
    const { coolOff, observer } = this.settings;
    if (coolOff.remainingMs > 0) {
      observer.rejected?.({ endpoint, reason: 'cooling_off' });
      throw new CoolingOffError(coolOff.remainingMs);
    }
    if (this.queue.size >= this.settings.maxQueued) {
      observer.rejected?.({ endpoint, reason: 'queue_full' });
      throw new ServiceBusyError();
    }
    const { signal } = request;
    // Without shared state (one process) the gate has nothing to do: no await on the hot path.
    const pass = this.gate.shared ? await this.enterLine(endpoint, signal) : OPEN_GATE;
    let answer: Answer | undefined;
    try {
      answer = await this.queue.run(() => this.exchange(call, endpoint, attempt, auth, request, pass.coolingOff), signal);
      return answer;
    } catch (e) {
      if (signal?.aborted) {
        if (!(e instanceof AbortedError)) observer.rejected?.({ endpoint, reason: 'queue_deadline' });
        throw e instanceof AbortedError ? e : new AbortedError(signal.reason);
      }
      throw e;
    } finally {
      if (this.gate.shared) {
        const retryAfterMs = answer?.throttled ? parseRetryAfter(headerValue(answer.res.headers, 'retry-after'), Date.now()) : undefined;
        await this.gate.report(pass, answer?.throttled, retryAfterMs);
      }
    }
  }

  /**
   * Waits for this call's turn in the deployment's line, its wait counted as the scope's wait in the line
   * (if it has one); with less than an attempt's time of its budget left, no wait: refused at once.
   */
  private async enterLine(endpoint: string, signal: AbortSignal | undefined): Promise<GatePass> {
    const wait = this.scope?.waitInLine?.(MIN_ATTEMPT_MS);
    try {
      return await this.gate.enter(this.scope?.priority ?? 'background', endpoint, signal, this.lineTerms(wait?.waitUntil));
    } finally {
      wait?.done();
    }
  }

  /**
   * What the shared line needs of this call: the latest its slot may start (the deadline less an
   * attempt, and no later than the scope's wait in the line allows), and whose it is.
   */
  private lineTerms(waitUntil = Infinity): { startBy?: number; person?: string } {
    const scope = this.scope;
    if (!scope) return {};
    return {
      ...(scope.deadlineAt !== undefined ? { startBy: Math.min(scope.deadlineAt - MIN_ATTEMPT_MS, waitUntil) } : {}),
      ...(scope.person !== undefined ? { person: scope.person } : {}),
    };
  }

  /** One exchange in a slot: refused while cooling off, cut short by the deadline, observed, and told to the cool-off. */
  private async exchange(
    call: Call,
    endpoint: string,
    attempt: number,
    auth: UpstreamAttempt['auth'],
    request: OutgoingRequest,
    deploymentCoolingOff: boolean,
  ): Promise<Answer> {
    const { coolOff, observer, timeoutMs: attemptMs, maxBodyBytes } = this.settings;
    throwIfAborted(request.signal);
    const gate = coolOff.tryAcquire();
    if (!gate.ok) {
      observer.rejected?.({ endpoint, reason: 'cooling_off' });
      throw new CoolingOffError(coolOff.remainingMs);
    }
    const timeoutMs = Math.max(1, Math.min(attemptMs, this.remainingMs()));
    // Cut short by the caller's deadline: running out of it is the caller's abort, not an upstream timeout.
    const cutByDeadline = timeoutMs < attemptMs;
    const started = performance.now();
    const base = { endpoint, method: call.method, attempt, auth };
    try {
      const res = await sendOnce(this.dispatcher, { ...request, timeoutMs, maxBodyBytes });
      observer.attempt?.({ ...base, status: res.status, durationMs: performance.now() - started });
      // A 403 on someone's list is a private list unless the service is throttling the deployment.
      const throttled = isThrottle(res, call.target.path, coolOff.active || deploymentCoolingOff);
      if (throttled) {
        const windowMs = coolOff.throttled(gate.ticket, parseRetryAfter(headerValue(res.headers, 'retry-after'), Date.now()));
        if (windowMs !== undefined) observer.coolOff?.({ ms: windowMs, status: res.status });
      } else {
        coolOff.succeeded(gate.ticket);
      }
      return { res, throttled };
    } catch (caught) {
      const e = cutByDeadline && caught instanceof UpstreamTimeoutError ? new AbortedError(caught) : caught;
      const aborted = e instanceof AbortedError;
      observer.attempt?.({
        ...base,
        status: e instanceof BodyTooLargeError ? e.status : undefined,
        durationMs: performance.now() - started,
        ...(aborted ? { aborted } : {}),
        error: e instanceof Error ? e.name : 'unknown',
      });
      throw e;
    } finally {
      coolOff.released(gate.ticket);
    }
  }
}

/** Failures where an earlier answer beats an error: the service is down, slow, throttling, or the user's deadline passed. */
function isOutage(error: unknown): boolean {
  return error instanceof UpstreamUnavailableError || error instanceof ThrottledError || error instanceof AbortedError;
}
