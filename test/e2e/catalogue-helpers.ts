// Shared checks for the catalogue, forum, component and resilience end-to-end tests.

import { expect } from 'vitest';
import type { InteractionHandle, RecordedMessage, Where } from '../../fake-discord/index.js';
import type { RequestLogEntry } from '../../emulator/server.js';
import { CLIENT_ID, DM, GUILD, NSFW_CHANNEL, type Stack } from '../../local-stack/harness.js';

export const PLACES: ReadonlyArray<readonly [string, Where]> = [
  ['a server channel', GUILD],
  ['an age-restricted channel', NSFW_CHANNEL],
  ['a DM', DM],
];

const EPHEMERAL = 64;

/** No call rejected by the fake, and the message pings nobody. */
export function expectClean(handle: InteractionHandle, message: RecordedMessage): void {
  expect(handle.errors()).toEqual([]);
  expect(message.allowed_mentions).toEqual({ parse: [] });
}

export function isEphemeral(message: RecordedMessage): boolean {
  return ((message.flags ?? 0) & EPHEMERAL) !== 0;
}

export interface FoundComponent {
  type: number;
  custom_id?: string;
  label?: string;
  disabled?: boolean;
  options?: Array<{ label: string; value: string; description?: string }>;
}

/** Every component of a message (rows flattened). */
export function componentsOf(message: RecordedMessage): FoundComponent[] {
  const out: FoundComponent[] = [];
  for (const row of message.components ?? []) {
    for (const c of 'components' in row ? row.components : []) out.push(c as FoundComponent);
  }
  return out;
}

/** The button whose label contains `text`. */
export function buttonLabelled(message: RecordedMessage, text: string): FoundComponent {
  const found = componentsOf(message).find((c) => c.type === 2 && typeof c.label === 'string' && c.label.includes(text));
  if (!found) throw new Error(`no button "${text}" in ${JSON.stringify(message.components)}`);
  return found;
}

/** The first string select of a message. */
export function selectOf(message: RecordedMessage): FoundComponent & { custom_id: string } {
  const found = componentsOf(message).find((c) => c.type === 3);
  if (!found?.custom_id) throw new Error(`no select menu in ${JSON.stringify(message.components)}`);
  return found as FoundComponent & { custom_id: string };
}

/** The page label of a paged message, e.g. "Page 2". */
export function pageLabel(message: RecordedMessage): string {
  return buttonLabelled(message, 'Page').label ?? '';
}

/** /v2 requests the emulator saw since `from` (an index into requestLog) whose path starts with `prefix`. */
export function apiRequests(stack: Stack, prefix: string, from = 0): RequestLogEntry[] {
  return stack.emulator.requestLog.slice(from).filter((r) => r.path.startsWith(`/v2${prefix}`));
}

/** Asks the emulator directly (as the bot's client would, anonymously). */
export async function serviceGet(stack: Stack, pathAndQuery: string): Promise<unknown> {
  const response = await fetch(`${stack.emulator.url}/v2${pathAndQuery}`, { headers: { 'X-SERVICE-CLIENT-ID': CLIENT_ID } });
  if (!response.ok) throw new Error(`emulator answered ${response.status} to ${pathAndQuery}`);
  return response.json();
}

interface WorkNode {
  id: number;
  title: string;
  nsfw?: string;
}

/** Works (with their nsfw level) the emulator returns for a search with nsfw=true. */
export async function searchWithNsfw(stack: Stack, kind: 'anime' | 'manga', q: string): Promise<WorkNode[]> {
  const body = (await serviceGet(stack, `/${kind}?q=${encodeURIComponent(q)}&nsfw=true&limit=100&fields=nsfw`)) as {
    data: Array<{ node: WorkNode }>;
  };
  return body.data.map((d) => d.node);
}

/** Resolves when `promise` settles, with how long it took in ms of real time. */
export async function timed<T>(promise: Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await promise;
  return { value, ms: performance.now() - start };
}
