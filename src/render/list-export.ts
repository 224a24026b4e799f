// The messages of a list export (`/list anime export`, `/list manga export`): the reading's progress,
// that the list is empty, and the answer carrying the XML file (named after the list and its owner,
// gzipped when large, with alt text saying whose list and how many entries). Private answers: the
// person's own list carries their comments and tags. Pure: the caller passes the written file.

import type { Translator } from '../i18n/index.js';
import { KINDS, type WorkKind } from '../service/kinds.js';
import type { RenderedMessage } from './limits.js';

/** Whose list is exported: the caller's own (`user` undefined) or a named user's. */
export function exportCaption(t: Translator, kind: WorkKind, user: string | undefined): string {
  return user === undefined ? t.t('lists.userList.title.own', { kind }) : t.t('lists.userList.title.other', { kind, user });
}

/** How far the reading got (shown every few seconds while it reads). */
export function exportProgressMessage(t: Translator, caption: string, pages: number, entries: number): RenderedMessage {
  return { content: t.t('lists.export.progress', { caption, pages, entries }) };
}

export function listExportEmptyMessage(t: Translator, caption: string): RenderedMessage {
  return { content: t.t('lists.export.empty', { caption }), ephemeral: true };
}

export interface ExportedFile {
  kind: WorkKind;
  caption: string;
  /** The list owner's service name ('' when unknown). */
  owner: string;
  count: number;
  data: Buffer;
  gzipped: boolean;
}

/** The answer with the file: `animelist-<owner>.xml` (or `.xml.gz`). */
export function listExportMessage(t: Translator, f: ExportedFile): RenderedMessage {
  const stem = `${KINDS[f.kind].paths.list}-${f.owner.replace(/[^A-Za-z0-9_-]/g, '') || 'me'}`;
  return {
    content: t.t('lists.export.done', { caption: f.caption, count: f.count, gzipped: f.gzipped ? 'yes' : 'no' }),
    ephemeral: true,
    files: [
      {
        name: f.gzipped ? `${stem}.xml.gz` : `${stem}.xml`,
        data: f.data,
        contentType: f.gzipped ? 'application/gzip' : 'application/xml',
        description: t.t('lists.export.fileAlt', { caption: f.caption, count: f.count }),
      },
    ],
  };
}
