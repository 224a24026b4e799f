// Files sent with a message (pictures), checked against Discord's limits for message attachments:
// at most 10 per message (`files[0]`…`files[9]` of the multipart body), a filename of 1–1024
// characters, alt text (`description`) of at most 1024, and the upload size a bot may send.

import { clipPlain } from './text.js';
import { removeHiddenCharacters } from './untrusted.js';

export const ATTACHMENT_LIMITS = {
  filesPerMessage: 10,
  description: 1024,
  /** Discord's upload limit for a message without boosts (10 MiB). */
  fileBytes: 10 * 1024 * 1024,
} as const;

/** A file a handler attaches to its answer. Pictures must say what they show (alt text). */
export interface MessageFile {
  /** Simple file name with an extension (`chart.png`): embeds may point to it as `attachment://chart.png`. */
  name: string;
  data: Buffer;
  contentType: string;
  /** Alt text, read by screen readers and shown when the picture does not load. */
  description: string;
}

/** The file as it is sent: name and type checked, alt text cleaned and clipped to Discord's limit. */
export type FinalFile = MessageFile;

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,98}\.[A-Za-z0-9]{1,8}$/;
const CONTENT_TYPE = /^[a-z]+\/[a-z0-9.+-]+$/;

/**
 * Checks the files of one message. A bad name, a duplicate, a missing alt text, too many files or one
 * too large is a bug in the renderer, never user data: it throws. Alt text from untrusted titles is
 * cleaned and clipped like any other plain text.
 */
export function finalizeFiles(files: readonly MessageFile[]): FinalFile[] {
  if (files.length > ATTACHMENT_LIMITS.filesPerMessage) {
    throw new Error(`a message carries at most ${ATTACHMENT_LIMITS.filesPerMessage} files (got ${files.length})`);
  }
  const names = new Set<string>();
  return files.map((file) => {
    if (!FILE_NAME.test(file.name)) throw new Error(`attachment name must be a simple file name with an extension (${JSON.stringify(file.name.slice(0, 40))})`);
    if (names.has(file.name)) throw new Error(`duplicate attachment name in one message: ${file.name}`);
    names.add(file.name);
    if (!CONTENT_TYPE.test(file.contentType)) throw new Error(`attachment ${file.name} has no valid content type`);
    if (file.data.length === 0) throw new Error(`attachment ${file.name} is empty`);
    if (file.data.length > ATTACHMENT_LIMITS.fileBytes) {
      throw new Error(`attachment ${file.name} is ${file.data.length} bytes, over Discord's ${ATTACHMENT_LIMITS.fileBytes}`);
    }
    const description = clipPlain(file.description, ATTACHMENT_LIMITS.description);
    if (removeHiddenCharacters(description).trim() === '') throw new Error(`attachment ${file.name} needs alt text (description)`);
    return { name: file.name, data: file.data, contentType: file.contentType, description };
  });
}
