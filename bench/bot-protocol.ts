// Messages between the memory benchmark and the bot process it measures (bench/bot-process.ts).

import type { BotConfig } from '../src/config/types.js';

export interface MemorySample {
  heapUsed: number;
  heapTotal: number;
  rss: number;
  external: number;
  /** Entry counts; null when the structure could not be reached. */
  caches: CacheSizes;
}

export interface CacheSizes {
  users: number;
  channels: number;
  guilds: number;
  responseCache: number | null;
  titleCache: number | null;
  restHandlers: number;
  restHashes: number;
}

export type ToBot = { type: 'start'; config: BotConfig } | { type: 'sample' } | { type: 'stop' };
export type FromBot = { type: 'ready' } | { type: 'sample'; sample: MemorySample } | { type: 'stopped' } | { type: 'error'; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function asToBot(value: unknown): ToBot | undefined {
  if (!isRecord(value)) return undefined;
  if (value.type === 'start' && isRecord(value.config)) return { type: 'start', config: value.config as unknown as BotConfig };
  if (value.type === 'sample' || value.type === 'stop') return { type: value.type };
  return undefined;
}

export function asFromBot(value: unknown): FromBot | undefined {
  if (!isRecord(value)) return undefined;
  if (value.type === 'ready' || value.type === 'stopped') return { type: value.type };
  if (value.type === 'error' && typeof value.message === 'string') return { type: 'error', message: value.message };
  if (value.type === 'sample' && isRecord(value.sample)) return { type: 'sample', sample: value.sample as unknown as MemorySample };
  return undefined;
}
