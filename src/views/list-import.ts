// `/list anime|manga import` for either kind: the attachment read (Discord's attachment host only,
// limits while it streams), the person's current list read page by page (one read per 1 000
// entries), the plan kept in the shared store and shown as a preview with Import and Cancel; the
// buttons start the import's job or drop the preview; Stop cancels a running import.

import { ButtonStyle, ComponentType } from 'discord.js';
import type { BaseContext, CommandContext, ComponentHandler } from '../interactions/context.js';
import { BUDGET_GRACE_MS } from '../interactions/deadline.js';
import { encodeCustomId } from '../render/custom-ids.js';
import { encodeUserId } from '../interactions/invoker.js';
import type { Translator } from '../i18n/index.js';
import type { RenderedMessage } from '../render/limits.js';
import { previewMessage, type ImportPostIds } from '../render/import-messages.js';
import type { WorkKind } from '../service/kinds.js';
import type { TokenSource } from '../service/token-source.js';
import { AttachmentFetchError, MAX_FILE_BYTES } from '../list-files/attachment-fetch.js';
import { planImport, type ImportMode } from '../list-files/import-plan.js';
import { LockTimeoutError } from '../store/locks.js';
import type { ListImportDeps } from '../list-files/imports.js';
import { readCurrentEntries } from '../list-files/list-reader.js';
import { COMPONENT_KINDS } from '../render/component-kinds.js';

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

function notice(title: string, text: string): RenderedMessage {
  return { ephemeral: true, embeds: [{ title, description: text }], components: [] };
}

/** The Stop button of a running import (on the progress message and the started answer). */
export function stopButtonId(userId: string): string {
  return encodeCustomId(COMPONENT_KINDS.importStop, [encodeUserId(userId)]);
}

function previewButtons(t: Translator, userId: string) {
  return (previewId: string | undefined, canImport: boolean): RenderedMessage['components'] => [
    {
      type: ComponentType.ActionRow,
      components: [
        ...(canImport && previewId !== undefined
          ? [{ type: ComponentType.Button as const, style: ButtonStyle.Primary as const, custom_id: encodeCustomId(COMPONENT_KINDS.importStart, [encodeUserId(userId), previewId]), label: t.t('imports.button.import') }]
          : []),
        { type: ComponentType.Button as const, style: ButtonStyle.Secondary as const, custom_id: encodeCustomId(COMPONENT_KINDS.importDrop, [encodeUserId(userId), previewId]), label: t.t('imports.button.cancel') },
      ],
    },
  ];
}

/** The Stop button of the person's running import. */
function stopRow(t: Translator, userId: string): RenderedMessage['components'] {
  return [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Danger, custom_id: stopButtonId(userId), label: t.t('imports.button.stop') }] }];
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
    return notice(ctx.t.t('imports.preview.title', { kind }), ctx.t.t('imports.error.previewBusy'));
  }
}

async function readPreview(ctx: LinkedCommandContext, kind: WorkKind, file: AttachedFile, mode: ImportMode): Promise<RenderedMessage> {
  const { t } = ctx;
  const { imports, files } = importDeps(ctx);
  const auth = ctx.auth;
  // An import running: Stop right here (the progress message may be out of reach: DMs closed, follow-ups expired).
  const running = await imports.active(ctx.userId);
  if (running) {
    return { ...notice(t.t('imports.preview.title', { kind }), t.t('imports.error.busyStop', { done: running.done, total: running.planned })), components: stopRow(t, ctx.userId) };
  }
  // Discord says the size: a file over the limit is refused without fetching it.
  if (file.size > MAX_FILE_BYTES) return notice(t.t('imports.preview.title', { kind }), t.t('imports.error.file', { reason: 'tooLarge' }));
  let read;
  try {
    read = await files.read(kind, file.url, ctx.signal);
  } catch (error) {
    if (!(error instanceof AttachmentFetchError)) throw error;
    return notice(t.t('imports.preview.title', { kind }), t.t('imports.error.file', { reason: error.reason }));
  }
  const buttons = previewButtons(t, ctx.userId);
  if (read.fatal || read.problemCount > 0) return previewMessage(t, read, undefined, { buttons });
  const current = await readCurrentEntries(ctx.deps.service, kind, auth, new Set(read.entries.map((e) => e.id)));
  const plan = planImport(kind, mode, read.entries, current);
  const previewId = plan.writes.length > 0 ? await imports.savePreview(ctx.userId, plan, t.locale) : undefined;
  return previewMessage(t, read, plan, { ...(previewId !== undefined ? { previewId } : {}), buttons });
}

/** Import: the preview becomes a running import. */
export const importStartHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.importStart,
  mode: 'update',
  invokerField: 0,
  linked: true,
  async run(ctx, fields) {
    fields.string();
    const previewId = fields.string();
    const { t } = ctx;
    const interaction = { applicationId: ctx.interaction.applicationId, token: ctx.interaction.token, until: ctx.deps.now() + FOLLOWUP_MS };
    const started = await importDeps(ctx).imports.start(ctx.userId, previewId, interaction);
    if ('refused' in started && started.refused === 'busy') return { ...notice(t.t('imports.button.import'), t.t('imports.error.busy')), components: stopRow(t, ctx.userId) };
    if ('refused' in started) return notice(t.t('imports.button.import'), t.t('imports.error.expired'));
    return { ...notice(t.t('imports.started.title'), t.t('imports.started.text')), components: stopRow(t, ctx.userId) };
  },
};

/** Cancel under a preview: the preview goes, nothing was written. */
export const importDropHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.importDrop,
  mode: 'update',
  invokerField: 0,
  local: true,
  async run(ctx, fields) {
    fields.string();
    const previewId = fields.optionalString();
    if (previewId !== undefined) await importDeps(ctx).imports.dropPreview(ctx.userId, previewId);
    return notice(ctx.t.t('imports.cancelled.title'), ctx.t.t('imports.cancelled.text'));
  },
};

/** Stop: the running import stops before its next write; its report follows. */
export const importStopHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.importStop,
  mode: 'reply',
  invokerField: 0,
  local: true,
  async run(ctx) {
    const running = await importDeps(ctx).imports.cancel(ctx.userId);
    const { t } = ctx;
    return running ? notice(t.t('imports.stopping.title'), t.t('imports.stopping.text')) : notice(t.t('imports.button.stop'), t.t('imports.notRunning'));
  },
};

/** The custom id of the Stop button on an import's progress message (src/render/import-messages.ts's importRendering). */
export const importPostIds: ImportPostIds = { stop: stopButtonId };
