// Changing one's own list from `/list <kind> update|remove`, for either kind: the title resolved,
// progress checked against the work's totals before anything is written, the change sent, the
// server mirror told, and the answer built.

import type { BaseContext } from '../interactions/context.js';
import type { ArgumentValues } from '../interactions/command-types.js';
import { renameOption, UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { escapeMarkdown } from '../render/text.js';
import { ServiceHttpError } from '../service/errors.js';
import type { AnyWork, UpdateOf, WorkKind } from '../service/kinds.js';
import type { TokenSource } from '../service/token-source.js';
import { KIND_FIELDS } from './kind-views.js';
import { listEntryMessage, removedMessage } from '../render/entries.js';
import { LIST_WRITES } from './list-options.js';
import { mirrorListChange } from './mirror-hook.js';
import { maskTitle } from './nsfw.js';
import { checkProgressWithinTotals, setsProgress } from './progress-bounds.js';
import { resolveTitle } from './titles.js';

/** The options given, under the service's names; the client checks every value's range and type. */
function changesFrom(args: ArgumentValues, writes: Readonly<Record<string, string>>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [option, field] of Object.entries(writes)) {
    const given = args[option];
    if (given === undefined) continue;
    changes[field] =
      field === 'tags'
        ? String(given)
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : given;
  }
  return changes;
}

/** Service field → option name, so a range error names what the user typed. */
function optionNames(writes: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(writes).map(([option, field]) => [field, option]));
}

/** The title as it may be shown here: not-safe-for-work titles stay hidden outside age-restricted channels. */
function shown<W extends AnyWork>(ctx: BaseContext, work: W): W {
  return { ...work, title: maskTitle(ctx.t, work.title, work.nsfw, ctx.where) };
}

/** Adds the title named by `title` to the caller's list, or changes their entry, with the options given in `args`. */
export async function updateEntry<K extends WorkKind>(ctx: BaseContext, auth: TokenSource, kind: K, title: string, args: ArgumentValues): Promise<RenderedMessage> {
  const writes = LIST_WRITES[kind];
  const changes = changesFrom(args, writes);
  if (Object.keys(changes).length === 0) {
    throw new UserFacingError('lists.update.nothing');
  }
  const id = await resolveTitle(ctx, kind, title, { exact: true });
  // The work's facts only decorate the answer: a failed read must not report a failed write.
  const facts = ctx.deps.service.getWork(kind, id, { fields: `${KIND_FIELDS[kind].totals},nsfw` });
  facts.catch(() => undefined);
  if (setsProgress(changes)) {
    // A count past the known total is refused before anything is written.
    const work = await facts.catch(() => undefined);
    if (work) checkProgressWithinTotals(changes, shown(ctx, work));
  }
  let updated;
  try {
    updated = await ctx.deps.service.updateListStatus(kind, id, changes as UpdateOf<K>, { auth });
  } catch (error) {
    throw renameOption(error, optionNames(writes));
  }
  const work = await facts.catch(() => undefined);
  // The mirror keeps the service's facts; only the reply names an unread title in the reader's language.
  await mirrorListChange(ctx, kind, work ?? { id, title: `${kind} #${id}` }, updated);
  return listEntryMessage(ctx.t, kind, shown(ctx, work ?? { id, title: ctx.t.t('lists.workFallback', { kind, id: String(id) }) }), updated, 'yourList');
}

/** Removes the title named by `title` from the caller's list. */
export async function removeEntry(ctx: BaseContext, auth: TokenSource, kind: WorkKind, title: string): Promise<RenderedMessage> {
  const id = await resolveTitle(ctx, kind, title, { exact: true });
  const work = shown(ctx, await ctx.deps.service.getWork(kind, id, { fields: 'nsfw' }));
  try {
    await ctx.deps.service.deleteListStatus(kind, id, { auth });
  } catch (error) {
    if (error instanceof ServiceHttpError && error.status === 404) {
      throw new UserFacingError('lists.remove.notOnList', { hasTitle: work.title ? 'yes' : 'no', title: work.title ? escapeMarkdown(work.title) : '', kind });
    }
    throw error;
  }
  await mirrorListChange(ctx, kind, { id }, undefined);
  return removedMessage(ctx.t, kind, work.title ? escapeMarkdown(work.title) : ctx.t.t('lists.workFallback', { kind, id: String(id) }));
}
