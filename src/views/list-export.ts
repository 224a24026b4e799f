// A list as the list sites' XML file (`/list anime export`, `/list manga export`): every entry, read
// in pages of 1000 (the service's most) through the interaction's service client, so through the
// shared budget, at most one list read per 1000 entries; each page becomes the file's text at once
// (src/list-files/xml-writer.ts) and the reply shows how far the reading got every few seconds. The
// file is sent privately: the person's own list carries their comments and tags. Titles not safe for
// work are included (the person's own or a public list, sent only to them).

import { BUDGET_GRACE_MS } from '../interactions/deadline.js';
import type { ProgressReporter, BaseContext } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import { LockTimeoutError } from '../store/locks.js';
import { ATTACHMENT_LIMITS, type RenderedMessage } from '../render/limits.js';
import { exportCaption, exportProgressMessage, listExportEmptyMessage, listExportMessage } from '../render/list-export.js';
import { MAX_LIMIT } from '../service/endpoint-options.js';
import { fields, nested, type ListStatusField } from '../service/fields.js';
import { KINDS, type WorkKind } from '../service/kinds.js';
import { ListXmlWriter } from '../list-files/xml-writer.js';

/** Entries per list read: the service's most for a user's list. */
export const EXPORT_PAGE = MAX_LIMIT.userList;
/** Pages read at most: 100 000 entries, past any real list; a longer one is refused, not cut. */
export const EXPORT_MAX_PAGES = 100;
/** How often the reply shows the reading's progress. */
export const EXPORT_PROGRESS_EVERY_MS = 3_000;

/** What the file holds of each entry: every list field the service gives its owner, and the work's type and totals. */
function exportFields(kind: WorkKind): string {
  const spec = KINDS[kind];
  const reads = spec.progress.map((unit) => unit.read as ListStatusField);
  const repeat = spec.repeat as { flag: ListStatusField; times: ListStatusField; value: ListStatusField };
  const row = nested('list_status', 'status', 'score', ...reads, repeat.flag, 'start_date', 'finish_date', 'priority', repeat.times, repeat.value, 'tags', 'comments', 'updated_at');
  return fields(row, ...spec.progress.map((unit) => unit.total), ...(kind === 'anime' ? (['media_type'] as const) : []));
}
const EXPORT_FIELDS: { readonly [K in WorkKind]: string } = { anime: exportFields('anime'), manga: exportFields('manga') };

export interface ExportOptions {
  progressEveryMs?: number;
}

type ExportContext = BaseContext & { progress: ProgressReporter };

/**
 * One export per person at a time across every process (the shared store's lock, leased until the
 * interaction's deadline): a second one waits for the first, so repeating the command never multiplies
 * the list reads in the shared budget.
 */
export async function exportList<K extends WorkKind>(ctx: ExportContext, kind: K, user: string | undefined, o: ExportOptions = {}): Promise<RenderedMessage> {
  try {
    return await ctx.deps.locks.run(`list-export:${ctx.userId}`, { untilMs: ctx.deadlineAt, graceMs: BUDGET_GRACE_MS, signal: ctx.signal }, () => readAndWrite(ctx, kind, user, o));
  } catch (error) {
    if (!(error instanceof LockTimeoutError)) throw error;
    throw new UserFacingError('lists.export.busy');
  }
}

async function readAndWrite<K extends WorkKind>(ctx: ExportContext, kind: K, user: string | undefined, o: ExportOptions): Promise<RenderedMessage> {
  const { t, deps } = ctx;
  // Conditional login (not a declared rule): only one's own list needs it; another's public list does not.
  const auth = user === undefined ? await ctx.requireAuth() : undefined;
  const owner = user ?? (await deps.accounts.linkedAs(ctx.userId)) ?? '';
  const caption = exportCaption(t, kind, user);
  const every = o.progressEveryMs ?? EXPORT_PROGRESS_EVERY_MS;
  const writer = new ListXmlWriter(kind);
  let shownAt = deps.now();
  let pages = 0;
  for (;;) {
    if (pages >= EXPORT_MAX_PAGES) throw new UserFacingError('lists.export.tooLarge', { max: t.number(EXPORT_MAX_PAGES * EXPORT_PAGE) });
    const page = await deps.service.userList(
      kind,
      user ?? '@me',
      { limit: EXPORT_PAGE, offset: pages * EXPORT_PAGE, nsfw: true, fields: EXPORT_FIELDS[kind] },
      auth ? { auth } : {},
    );
    pages++;
    writer.add(page.data);
    if (page.paging.next === undefined) break;
    if (deps.now() - shownAt >= every) {
      shownAt = deps.now();
      ctx.progress(exportProgressMessage(t, caption, pages, writer.entries));
    }
  }
  const count = writer.entries;
  if (count === 0) return listExportEmptyMessage(t, caption);
  const { data, gzipped } = await writer.file(owner, new Date(deps.now()));
  if (data.length > ATTACHMENT_LIMITS.fileBytes) throw new UserFacingError('lists.export.tooLarge', { max: t.number(count - 1) });
  return listExportMessage(t, { kind, caption, owner, count, data, gzipped });
}
