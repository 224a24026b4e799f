// Timing one interaction on the fake Discord, and finding buttons in the bot's messages.

import { performance } from 'node:perf_hooks';
import type { InteractionHandle, RecordedMessage } from '../fake-discord/index.js';

export interface Timed {
  /** Fake-clock ms from dispatch to the accepted first callback. */
  firstMs: number;
  /** Wall-clock ms from `interact()` to the final answer (settled message or autocomplete choices). */
  wallMs: number;
  handle: InteractionHandle;
  /** Rejected REST calls or an ephemeral (error) reply where a public one was expected. */
  problem?: string;
}

export const ANSWER_TIMEOUT_MS = 15_000;

export async function timeMessage(start: () => InteractionHandle, expectPublic = true): Promise<Timed & { message: RecordedMessage }> {
  const t0 = performance.now();
  const handle = start();
  const message = await handle.settled(ANSWER_TIMEOUT_MS);
  const wallMs = performance.now() - t0;
  const first = await handle.firstResponse(ANSWER_TIMEOUT_MS);
  return { firstMs: first.at, wallMs, handle, message, ...problemOf(handle, expectPublic) };
}

export async function timeAutocomplete(start: () => InteractionHandle): Promise<Timed & { choices: number }> {
  const t0 = performance.now();
  const handle = start();
  const choices = await handle.autocompleteChoices(ANSWER_TIMEOUT_MS);
  const wallMs = performance.now() - t0;
  const first = await handle.firstResponse(ANSWER_TIMEOUT_MS);
  return { firstMs: first.at, wallMs, handle, choices: choices.length, ...problemOf(handle, false) };
}

function problemOf(handle: InteractionHandle, expectPublic: boolean): { problem?: string } {
  const errors = handle.errors();
  if (errors.length > 0) return { problem: errors.map((e) => `${e.status} ${e.code} ${e.message}`).join('; ') };
  if (expectPublic && handle.ephemeral()) return { problem: `ephemeral reply: ${JSON.stringify(handle.original()?.embeds?.[0]?.title ?? '')}` };
  return {};
}

interface ComponentLike {
  type?: number;
  custom_id?: string;
  disabled?: boolean;
  options?: Array<{ value?: string }>;
  components?: ComponentLike[];
}

function allComponents(message: RecordedMessage): ComponentLike[] {
  const out: ComponentLike[] = [];
  const walk = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const c of list as ComponentLike[]) {
      out.push(c);
      walk(c.components);
    }
  };
  walk(message.components);
  return out;
}

/** The custom_id of the enabled pager "next" button (`pg|view|invoker|n|…`), if any. */
export function nextButton(message: RecordedMessage): string | undefined {
  return allComponents(message).find((c) => c.type === 2 && !c.disabled && c.custom_id?.split('|')[3] === 'n' && c.custom_id.startsWith('pg|'))
    ?.custom_id;
}

/** The open-details select (`op|…`) and its first option value, if any. */
export function openSelect(message: RecordedMessage): { customId: string; value: string } | undefined {
  const select = allComponents(message).find((c) => c.type === 3 && c.custom_id?.startsWith('op|'));
  const value = select?.options?.[0]?.value;
  return select?.custom_id && value ? { customId: select.custom_id, value } : undefined;
}
