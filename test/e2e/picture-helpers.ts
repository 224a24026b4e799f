// What the fake Discord kept of a message's attachments, as Discord describes them.

import type { RecordedMessage } from '../../fake-discord/index.js';

export interface SentAttachment {
  filename: string;
  size: number;
  content_type?: string;
  description?: string;
  width?: number;
  height?: number;
}

export function attachmentsOf(message: RecordedMessage): SentAttachment[] {
  const list = (message as { attachments?: unknown }).attachments;
  return Array.isArray(list) ? (list as SentAttachment[]) : [];
}
