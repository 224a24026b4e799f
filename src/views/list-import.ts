// `/list anime|manga import` for either kind: the attachment read (Discord's attachment host only,
// limits while it streams), the person's current list read page by page (one read per 1 000
// entries), the plan kept in the shared store and shown as a preview with Import and Cancel; the
// buttons start the import's job or drop the preview; Stop cancels a running import. The messages and
// buttons are built in src/render/import-messages.ts, the buttons' handlers are in
// commands/components/list.ts.

import type { BaseContext, CommandContext, ComponentContext } from '../interactions/context.js';
import { BUDGET_GRACE_MS } from '../interactions/deadline.js';
import type { RenderedMessage } from '../render/limits.js';
import { importNotice, previewMessage } from '../render/import-messages.js';
import type { WorkKind } from '../service/kinds.js';
import type { TokenSource } from '../service/token-source.js';
import { AttachmentFetchError, MAX_FILE_BYTES } from '../list-files/attachment-fetch.js';
import { planImport, type ImportMode } from '../list-files/import-plan.js';
import { LockTimeoutError } from '../store/locks.js';
import type { ListImportDeps } from '../list-files/imports.js';
import { readCurrentEntries } from '../list-files/list-reader.js';

/** The interaction token of the Import click lasts 15 minutes; its follow-ups stop a little before. */
const FOLLOWUP_MS = 14 * 60_000;

/** The attachment option as Discord resolved it. */
export interface AttachedFile {
  url: string;
  size: number;
}

function importDeps(ctx: BaseContext): ListImportDeps {
  const deps = ctx.deps.listImports;
  if (!deps) throw new Error('list imports are not set up in this process');
  return deps;
}

/** A command's context with the login its rule checked (`linked: true`). */
export type LinkedCommandContext = CommandContext & { auth: TokenSource };

/**
 * The preview of importing `file` into the caller's list of `kind`; nothing is written. One preview per
 * person at a time across every process (the shared store's lock, leased until the interaction's
 * deadline): a second one while the first is read is answered at once, so repeating the command never
 * multiplies the files read and the list reads.
 */
export async function importPreview(ctx: LinkedCommandContext, kind: WorkKind, file: AttachedFile, mode: ImportMode): Promise<RenderedMessage> {
  let held = false;
  try {
    return await ctx.deps.locks.run(`list-import-preview:${ctx.userId}`, { untilMs: ctx.deadlineAt, graceMs: BUDGET_GRACE_MS, waitMs: 0, signal: ctx.signal }, () => {
      held = true;
      return readPreview(ctx, kind, file, mode);
    });
  } catch (error) {
    if (held || !(error instanceof LockTimeoutError)) throw error;
    return importNotice(ctx.t, ctx.t.t('imports.preview.title', { kind }), ctx.t.t('imports.error.previewBusy'));
  }
}

async function readPreview(ctx: LinkedCommandContext, kind: WorkKind, file: AttachedFile, mode: ImportMode): Promise<RenderedMessage> {
  const { t } = ctx;
  const { imports, files } = importDeps(ctx);
  const auth = ctx.auth;
  // An import running: Stop right here (the progress message may be out of reach: DMs closed, follow-ups expired).
  const running = await imports.active(ctx.userId);
  if (running) {
    return importNotice(t, t.t('imports.preview.title', { kind }), t.t('imports.error.busyStop', { done: running.done, total: running.planned }), ctx.userId);
  }
  // Discord says the size: a file over the limit is refused without fetching it.
  if (file.size > MAX_FILE_BYTES) return importNotice(t, t.t('imports.preview.title', { kind }), t.t('imports.error.file', { reason: 'tooLarge' }));
  let read;
  try {
    read = await files.read(kind, file.url, ctx.signal);
  } catch (error) {
    if (!(error instanceof AttachmentFetchError)) throw error;
    return importNotice(t, t.t('imports.preview.title', { kind }), t.t('imports.error.file', { reason: error.reason }));
  }
  if (read.fatal || read.problemCount > 0) return previewMessage(t, read, undefined, { userId: ctx.userId });
  const current = await readCurrentEntries(ctx.deps.service, kind, auth, new Set(read.entries.map((e) => e.id)));
  const plan = planImport(kind, mode, read.entries, current);
  const previewId = plan.writes.length > 0 ? await imports.savePreview(ctx.userId, plan, t.locale) : undefined;
  return previewMessage(t, read, plan, { userId: ctx.userId, ...(previewId !== undefined ? { previewId } : {}) });
}

/** Import: the preview becomes a running import (its follow-ups through the click's interaction token). */
export async function startImport(ctx: ComponentContext, previewId: string): Promise<RenderedMessage> {
  const { t } = ctx;
  const interaction = { applicationId: ctx.interaction.applicationId, token: ctx.interaction.token, until: ctx.deps.now() + FOLLOWUP_MS };
  const started = await importDeps(ctx).imports.start(ctx.userId, previewId, interaction);
  if ('refused' in started && started.refused === 'busy') return importNotice(t, t.t('imports.button.import'), t.t('imports.error.busy'), ctx.userId);
  if ('refused' in started) return importNotice(t, t.t('imports.button.import'), t.t('imports.error.expired'));
  return importNotice(t, t.t('imports.started.title'), t.t('imports.started.text'), ctx.userId);
}

/** Cancel under a preview: the preview goes, nothing was written. */
export async function dropImportPreview(ctx: BaseContext, previewId: string | undefined): Promise<RenderedMessage> {
  if (previewId !== undefined) await importDeps(ctx).imports.dropPreview(ctx.userId, previewId);
  return importNotice(ctx.t, ctx.t.t('imports.cancelled.title'), ctx.t.t('imports.cancelled.text'));
}

/** Stop: the running import stops before its next write; its report follows. */
export async function stopImport(ctx: BaseContext): Promise<RenderedMessage> {
  const running = await importDeps(ctx).imports.cancel(ctx.userId);
  const { t } = ctx;
  return running ? importNotice(t, t.t('imports.stopping.title'), t.t('imports.stopping.text')) : importNotice(t, t.t('imports.button.stop'), t.t('imports.notRunning'));
}
