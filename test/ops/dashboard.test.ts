// deploy/grafana-dashboard.json queries only metrics the bot exports, and every bot metric is on it.

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BotMetrics, METRIC_PREFIX } from '../../src/metrics/bot-metrics.js';

interface Dashboard {
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
}

/** Every series name the registry can expose (histograms as _bucket, _sum and _count). */
async function exportedNames(): Promise<{ series: Set<string>; ours: Array<{ name: string; histogram: boolean }> }> {
  const metrics = new BotMetrics();
  const series = new Set<string>();
  const ours: Array<{ name: string; histogram: boolean }> = [];
  for (const m of await metrics.registry.getMetricsAsJSON()) {
    const histogram = String(m.type) === 'histogram';
    series.add(m.name);
    if (histogram) for (const suffix of ['_bucket', '_sum', '_count']) series.add(`${m.name}${suffix}`);
    if (m.name.startsWith(METRIC_PREFIX)) ours.push({ name: m.name, histogram });
  }
  metrics.registry.clear();
  return { series, ours };
}

const PROMQL_WORDS = new Set(['sum', 'by', 'rate', 'increase', 'histogram_quantile', 'topk', 'le', 'job', 'instance']);

describe('Grafana dashboard', () => {
  it('references only exported metric names, and shows every amls_bot_ metric', async () => {
    const dashboard = JSON.parse(await readFile(new URL('../../deploy/grafana-dashboard.json', import.meta.url), 'utf8')) as Dashboard;
    const { series, ours } = await exportedNames();
    const used = new Set<string>();
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets) {
        // Metric names: identifiers followed by a selector, outside label matchers and quoted strings.
        const withoutStrings = expr.replace(/"[^"]*"/g, '""').replace(/\{[^}]*\}/g, '{}');
        for (const match of withoutStrings.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{/g)) {
          const name = match[1] ?? '';
          if (!PROMQL_WORDS.has(name)) used.add(name);
        }
      }
    }
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect(series.has(name), `${name} is not exported by the bot`).toBe(true);
    expect(ours.length).toBe(24);
    for (const { name, histogram } of ours) {
      expect(used.has(histogram ? `${name}_bucket` : name), `${name} is not on the dashboard`).toBe(true);
    }
  });
});
