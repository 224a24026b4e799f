// The store layer's reports (compare-and-set give-ups, malformed records) as the composition root
// observes them: warn lines kept for the test and a metrics registry of their own.
import { BotMetrics } from '../../src/metrics/bot-metrics.js';
import { observeStoreRecords } from '../../src/metrics/observers.js';
import type { Logger } from '../../src/log/log.js';

export interface ObservedRecords {
  metrics: BotMetrics;
  /** The fields of each warn line. */
  lines: unknown[];
  /** The exposition text of the metrics. */
  text(): Promise<string>;
  stop(): void;
}

export function observeRecords(): ObservedRecords {
  const metrics = new BotMetrics({ defaultMetrics: false });
  const lines: unknown[] = [];
  const log = { warn: (_m: string, fields?: unknown) => lines.push(fields), info() {}, debug() {}, error() {}, child: () => log } as unknown as Logger;
  const stop = observeStoreRecords(log, metrics);
  return { metrics, lines, text: () => metrics.registry.metrics(), stop };
}
