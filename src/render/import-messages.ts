// What a list import shows: the preview (counts, the fields that change with a few examples, the
// problems found with their entry and element) with Import and Cancel, the short answers (with Stop
// while an import runs), the one progress message (a bar, done/total, failures, the time left at the
// current pace) and the report with the failed entries as a file. The buttons' custom ids are built
// here (their handlers: commands/components/list.ts).

import { ButtonStyle, ComponentType } from 'discord.js';
import { translator, type MessageKey, type Translator } from '../i18n/index.js';
import type { ImportRendering } from '../list-files/discord-delivery.js';
import type { ImportPlan } from '../list-files/import-plan.js';
import type { FailedEntry } from '../list-files/import-records.js';
import type { ImportProgress } from '../list-files/imports.js';
import type { FileProblem, FileRead } from '../list-files/xml-reader.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import { finalizeMessage, type MessageRow, type RenderedMessage } from './limits.js';
import { escapeMarkdown } from './text.js';
import { escapeDiscordObjects } from './untrusted.js';
import { encodeUserId } from './user-ids.js';

const PROBLEMS_SHOWN = 10;
const EXAMPLES_SHOWN = 5;
const BAR_CELLS = 20;
/** The report's file of failed entries (one per line: id, title, why). */
const FAILURES_FILE = 'import-failures.txt';

const FIELD_KEYS: Readonly<Record<string, MessageKey>> = {
  status: 'lists.entry.field.status',
  score: 'lists.entry.field.score',
  num_watched_episodes: 'lists.entry.field.episodes',
  num_volumes_read: 'lists.entry.field.volumes',
  num_chapters_read: 'lists.entry.field.chapters',
  is_rewatching: 'lists.entry.field.rewatching',
  num_times_rewatched: 'lists.entry.field.timesRewatched',
  rewatch_value: 'lists.entry.field.rewatchValue',
  is_rereading: 'lists.entry.field.rereading',
  num_times_reread: 'lists.entry.field.timesReread',
  reread_value: 'lists.entry.field.rereadValue',
  priority: 'lists.entry.field.priority',
  tags: 'lists.entry.field.tags',
  comments: 'lists.entry.field.comments',
};

const fieldName = (t: Translator, field: string): string => {
  const key = FIELD_KEYS[field];
  return key ? t.t(key) : field;
};

const untrusted = (text: string): string => escapeDiscordObjects(escapeMarkdown(text));

/** One problem as a line: where (entry, element), the value, and what is wrong. */
export function problemLine(t: Translator, kind: FileRead['kind'], p: FileProblem): string {
  const where: string[] = [];
  if (p.index !== undefined) where.push(t.t('imports.problem.entry', { index: String(p.index), hasId: p.id !== undefined ? 'yes' : 'no', id: String(p.id ?? '') }));
  if (p.element !== undefined) where.push(`\`${t.t('imports.problem.element', { element: p.element })}\``);
  if (p.value !== undefined && p.code !== 'malformed' && p.code !== 'tooManyEntries' && p.code !== 'tooDeep') where.push(untrusted(t.t('imports.problem.value', { value: p.value })));
  const what = t.t(`imports.problem.${p.code}` as MessageKey, {
    hasLine: p.line !== undefined ? 'yes' : 'no',
    line: String(p.line ?? ''),
    kind,
    max: t.number(Number(p.value ?? 0)),
  });
  return where.length > 0 ? `- ${where.join(' ')}: ${what}` : `- ${what}`;
}

/** The Stop button of a person's running import (on the progress message and the answers that offer it). */
export function importStopId(userId: string): string {
  return encodeCustomId(COMPONENT_KINDS.importStop, [encodeUserId(userId)]);
}

function stopRows(t: Translator, stopId: string): MessageRow[] {
  return [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Danger, custom_id: stopId, label: t.t('imports.button.stop') }] }];
}

/** A short answer about an import (a title and a line); with the person's Stop button when `stopFor` (their user id) is given. */
export function importNotice(t: Translator, title: string, text: string, stopFor?: string): RenderedMessage {
  return { ephemeral: true, embeds: [{ title, description: text }], components: stopFor === undefined ? [] : stopRows(t, importStopId(stopFor)) };
}

/** Import (only when `canImport` and the preview was kept) and Cancel under a preview, for its person only. */
function previewButtons(t: Translator, userId: string, previewId: string | undefined, canImport: boolean): MessageRow[] {
  const invoker = encodeUserId(userId);
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        ...(canImport && previewId !== undefined
          ? [{ type: ComponentType.Button as const, style: ButtonStyle.Primary as const, custom_id: encodeCustomId(COMPONENT_KINDS.importStart, [invoker, previewId]), label: t.t('imports.button.import') }]
          : []),
        { type: ComponentType.Button as const, style: ButtonStyle.Secondary as const, custom_id: encodeCustomId(COMPONENT_KINDS.importDrop, [invoker, previewId]), label: t.t('imports.button.cancel') },
      ],
    },
  ];
}

/** The preview: counts, fields, examples and problems; Import only when there is something to write and no problem. */
export function previewMessage(t: Translator, read: FileRead, plan: ImportPlan | undefined, ids: { userId: string; previewId?: string }): RenderedMessage {
  const problems = read.fatal ? [read.fatal] : read.problems;
  const problemCount = read.fatal ? 1 : read.problemCount;
  const lines: string[] = [];
  if (plan) {
    lines.push(t.t('imports.preview.mode', { mode: plan.mode }), '');
    lines.push(t.t('imports.preview.read', { count: plan.read }));
    lines.push(t.t('imports.preview.added', { count: plan.added }));
    lines.push(t.t('imports.preview.changed', { count: plan.changed }));
    lines.push(t.t('imports.preview.unchanged', { count: plan.unchanged }));
    const fields = Object.entries(plan.fieldCounts).sort((a, b) => b[1] - a[1]);
    if (fields.length > 0) lines.push(t.t('imports.preview.fields', { fields: fields.map(([f, n]) => `${fieldName(t, f)} (${t.number(n)})`).join(t.t('lists.separator')) }));
    const examples = plan.writes.filter((w) => !w.added).slice(0, EXAMPLES_SHOWN);
    if (examples.length > 0) {
      lines.push('', t.t('imports.preview.examples'));
      for (const w of examples) {
        const title = w.title !== undefined ? untrusted(w.title.slice(0, 80)) : `#${w.id}`;
        lines.push(`- ${title}: ${Object.keys(w.update).map((f) => fieldName(t, f)).join(t.t('lists.separator'))}`);
      }
    }
    if (read.hasDates) lines.push('', t.t('imports.preview.dates'));
    if (plan.writes.length === 0 && problemCount === 0) lines.push('', t.t('imports.preview.nothing'));
  }
  if (problemCount > 0) {
    lines.push('', `**${t.t('imports.preview.problems', { count: problemCount })}**`);
    for (const p of problems.slice(0, PROBLEMS_SHOWN)) lines.push(problemLine(t, read.kind, p));
    if (problemCount > PROBLEMS_SHOWN) lines.push(t.t('imports.preview.moreProblems', { count: problemCount - PROBLEMS_SHOWN }));
  }
  const canImport = plan !== undefined && problemCount === 0 && plan.writes.length > 0;
  if (canImport) lines.push('', t.t('imports.preview.expires'));
  return {
    ephemeral: true,
    embeds: [{ title: t.t('imports.preview.title', { kind: read.kind }), description: lines.join('\n') }],
    components: previewButtons(t, ids.userId, ids.previewId, canImport),
  };
}

/** A bar of BAR_CELLS cells. */
function bar(done: number, total: number): string {
  const filled = total > 0 ? Math.round((done / total) * BAR_CELLS) : BAR_CELLS;
  return `\`${'█'.repeat(filled)}${'░'.repeat(BAR_CELLS - filled)}\``;
}

/** The one progress message, edited while the import runs; `stop` is the Stop button's custom id. */
export function progressMessage(t: Translator, p: ImportProgress, stop: string): RenderedMessage {
  const processed = p.done + p.failed + (p.kept ?? 0);
  const lines = [bar(processed, p.total), t.t('imports.progress.line', { done: p.done, total: p.total, failed: p.failed })];
  if (p.etaMs !== undefined) lines.push(t.t('imports.progress.eta', { minutes: Math.max(1, Math.ceil(p.etaMs / 60_000)) }));
  if (p.via === 'followup') lines.push('', t.t('imports.progress.followups'));
  return {
    embeds: [{ title: t.t('imports.progress.title', { kind: p.kind }), description: lines.join('\n') }],
    components: stopRows(t, stop),
  };
}

const REPORT_TITLES: Readonly<Record<ImportProgress['phase'], MessageKey>> = {
  running: 'imports.report.done',
  done: 'imports.report.done',
  cancelled: 'imports.report.cancelled',
  loginLost: 'imports.report.loginLost',
  failed: 'imports.report.failed',
};

/**
 * The end: what the service received and what not (a partial end is never called finished), why it
 * ended early, and the failed entries with why as a text file (the first few hundred; their count).
 */
export function reportMessage(t: Translator, p: ImportProgress, failed: readonly FailedEntry[]): RenderedMessage {
  const lines = [bar(p.done + p.failed + (p.kept ?? 0), p.total), t.t('imports.report.text', { done: p.done, total: p.total, failed: p.failed })];
  const kept = p.kept ?? 0;
  if (kept > 0) lines.push(t.t('imports.report.kept', { count: kept }));
  const left = p.total - p.done - p.failed - kept;
  if (left > 0) lines.push(t.t('imports.report.left', { count: left }));
  if (p.phase === 'loginLost' || p.phase === 'failed') lines.push('', t.t('imports.report.why', { phase: p.phase }));
  const title = t.t(REPORT_TITLES[p.phase]);
  if (failed.length === 0) return { embeds: [{ title, description: lines.join('\n') }], components: [] };
  lines.push('', t.t('imports.report.file'));
  if (p.failed > failed.length) lines.push(t.t('imports.report.moreFailures', { kept: failed.length, count: p.failed }));
  const text = failed.map((f) => `${f.id}\t${(f.title ?? '').replace(/\s+/g, ' ')}\t${t.t(`imports.report.reason.${f.reason}` as MessageKey)}`).join('\n');
  return {
    embeds: [{ title, description: lines.join('\n') }],
    components: [],
    files: [{ name: FAILURES_FILE, data: Buffer.from(`${text}\n`, 'utf8'), contentType: 'text/plain', description: t.t('imports.report.file') }],
  };
}

/** The custom id of the Stop button on a person's progress message. */
export interface ImportPostIds {
  stop(userId: string): string;
}

/** The import posts' button ids (the composition root hands them to importRendering). */
export const importPostIds: ImportPostIds = { stop: importStopId };

/** How imports render the messages they send on their own, in the person's language (handed to them by the composition root). */
export function importRendering(ids: ImportPostIds): ImportRendering {
  return {
    progress: (userId, p, via) => finalizeMessage(progressMessage(translator(p.locale), { ...p, via }, ids.stop(userId))),
    report: (p, failed) => finalizeMessage(reportMessage(translator(p.locale), p, failed)),
  };
}
