// `/wrapped` for a list whose reads do not fit the command's wait: the command reads what fits, keeps
// what the year needs of it with where its answer goes (src/store/recaps.ts, `recap:part:…`), says so
// at once, and queues a job (`recap-years`). The job — in whichever process is free — reads the rest at
// people's priority on the deployment's fair line, as the person's own request, computes and keeps the
// year, draws the cards, and puts them in place of the command's answer over Discord's REST API while
// the interaction's token lasts (the Discord side's interaction webhooks, given at construction). A failure (the list went
// private, the login was lost) replaces the answer with the error as the person would have read it.

import { randomBytes } from 'node:crypto';
import type { BackgroundRecaps, BaseContext, BotDeps, CommandContext } from '../interactions/context.js';
import { describeError } from '../interactions/user-errors.js';
import { translator, type Locale } from '../i18n/index.js';
import { LOCALES } from '../i18n/locales.js';
import { QueueOwner, queueWorker } from '../jobs/queue-owner.js';
import type { JobEngine, QueueSpec } from '../jobs/job-engine.js';
import type { Logger } from '../log/log.js';
import { errorMessage } from '../render/messages.js';
import { finalizeMessage, type RenderedMessage } from '../render/limits.js';
import type { InteractionWebhooks } from '../discord-api/discord-side.js';
import { WORK_KINDS, type WorkKind } from '../service/kinds.js';
import type { TokenManager } from '../service/token-source.js';
import type { RecapStore } from '../store/recaps.js';
import { renderWrapped, type ReadFrom, type WrappedRequest } from './wrapped.js';
import type { YearRead } from '../community/wrapped-year.js';

export const RECAP_QUEUE = 'recap-years';
/** An interaction token lasts 15 minutes; the cards are put in place until a little before. */
const ANSWER_FOR_MS = 14 * 60_000;
/** The job's own deadline for reading the rest and drawing the cards. */
const JOB_DEADLINE_MS = 4 * 60_000;

/** Where the cards go: the command's answer (its original response). */
export interface AnswerTarget {
  applicationId: string;
  token: string;
  /** Epoch ms after which the token no longer works. */
  until: number;
}

interface SavedPart {
  request: WrappedRequest;
  locale: Locale;
  guildId?: string;
  ageRestricted: boolean;
  offset: number;
  read: YearRead;
  target: AnswerTarget;
}

interface RecapJob {
  userId: string;
  id: string;
}

function parseJob(data: unknown): RecapJob | undefined {
  const d = data as Partial<RecapJob> | undefined;
  return typeof d?.userId === 'string' && typeof d.id === 'string' ? { userId: d.userId, id: d.id } : undefined;
}

function savedPart(value: Record<string, unknown> | undefined): SavedPart | undefined {
  const v = value as Partial<SavedPart> | undefined;
  const r = v?.request;
  const okRequest = r !== undefined && WORK_KINDS.includes(r.kind as WorkKind) && typeof r.year === 'number' && typeof r.private === 'boolean' && (r.user === undefined || typeof r.user === 'string');
  const okRead = typeof v?.read?.entries === 'number' && Array.isArray(v.read.items);
  const okTarget = typeof v?.target?.token === 'string' && typeof v.target.applicationId === 'string';
  return okRequest && okRead && okTarget && typeof v?.offset === 'number' && LOCALES.includes(v.locale as Locale) ? (v as SavedPart) : undefined;
}

export interface WrappedBackgroundOptions {
  jobs: JobEngine;
  recaps: RecapStore;
  tokens: TokenManager;
  /** The bot's services (the core's, read when a job runs). */
  deps: () => BotDeps;
  now: () => number;
  log: Logger;
  /** Where the cards go: the command's answer, edited through its webhook. */
  webhooks: Pick<InteractionWebhooks, 'edit'>;
}

export class WrappedBackground implements BackgroundRecaps {
  readonly queue: QueueOwner;

  constructor(private readonly o: WrappedBackgroundOptions) {
    this.queue = new QueueOwner(o.jobs, { specs: () => [this.spec], workers: [queueWorker(RECAP_QUEUE, parseJob, (job) => this.run(job))] });
  }

  private get spec(): QueueSpec {
    return { name: RECAP_QUEUE, attempts: 2, retryBaseMs: 5_000, leaseMs: JOB_DEADLINE_MS + 60_000, concurrency: 2, keepDoneMs: 60 * 60_000, keepFailedMs: 24 * 60 * 60_000 };
  }

  async handOver(ctx: CommandContext, request: WrappedRequest, from: ReadFrom): Promise<void> {
    const id = randomBytes(9).toString('base64url');
    const target: AnswerTarget = { applicationId: ctx.interaction.applicationId, token: ctx.interaction.token, until: ctx.interaction.createdTimestamp + ANSWER_FOR_MS };
    const part: SavedPart = { request, locale: ctx.t.locale, ...(ctx.guildId !== undefined ? { guildId: ctx.guildId } : {}), ageRestricted: ctx.where.ageRestricted, ...from, target };
    await this.o.recaps.savePart(ctx.userId, id, part, ANSWER_FOR_MS);
    await this.o.jobs.enqueue(RECAP_QUEUE, id, { userId: ctx.userId, id });
  }

  private context(job: RecapJob, part: SavedPart, signal: AbortSignal): BaseContext {
    const deps = this.o.deps();
    const deadlineAt = this.o.now() + JOB_DEADLINE_MS;
    // The person's own request, at people's priority on the fair line.
    const service = deps.service.scoped({ signal, deadlineAt, priority: 'interactive', person: job.userId });
    const auth = async () => this.o.tokens.sourceFor(job.userId);
    return {
      userId: job.userId,
      t: translator(part.locale),
      ...(part.guildId !== undefined ? { guildId: part.guildId } : {}),
      where: { place: part.guildId !== undefined ? 'guild' : 'bot_dm', ageRestricted: part.ageRestricted },
      deps: { ...deps, service },
      signal,
      deadlineAt,
      budgetEndsAt: () => deadlineAt,
      viewerAuth: auth,
      requireAuth: auth,
    };
  }

  private async run(job: RecapJob): Promise<void> {
    const part = savedPart(await this.o.recaps.part(job.userId, job.id));
    if (!part) return;
    const signal = AbortSignal.timeout(JOB_DEADLINE_MS);
    const ctx = this.context(job, part, signal);
    let message: RenderedMessage;
    try {
      message = await renderWrapped(ctx, part.request, { from: { offset: part.offset, read: part.read } });
    } catch (error) {
      const told = describeError(error, ctx.t);
      message = { ...errorMessage(told.title, told.text), ...(part.request.private ? { ephemeral: true } : {}) };
    }
    // An edit replaces the whole message: its placeholder text goes, the cards (uploaded with their alt text) come.
    if (part.target.until > this.o.now()) await this.o.webhooks.edit(part.target.applicationId, part.target.token, '@original', finalizeMessage(message), { clearContent: true });
    else this.o.log.warn('a /wrapped year was ready after its answer could no longer be changed');
    await this.o.recaps.dropPart(job.userId, job.id);
  }
}
