import { describe, expect, test } from 'vitest';
import { BotMetrics } from '../../src/metrics/bot-metrics.js';
import { coverObserver } from '../../src/metrics/observers.js';
import { createLogger } from '../../src/log/log.js';

describe('cover observer', () => {
  test('counts every outcome and warns once per refused host per process', async () => {
    const lines: string[] = [];
    const metrics = new BotMetrics({ defaultMetrics: false });
    const observer = coverObserver(createLogger('debug', (line) => lines.push(line)), metrics);
    observer.cover?.('refused_host', 'pics.moved.example');
    observer.cover?.('refused_host', 'pics.moved.example');
    observer.cover?.('refused_host', 'other.example');
    observer.cover?.('fetched', 'cdn.myanimelist.net');
    const warnings = lines.filter((l) => l.includes('not in COVER_HOSTS'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('pics.moved.example');
    expect(warnings[0]).toMatch(/"level":"?(warn|40)/);
    const body = (await metrics.render()).body;
    expect(body).toContain('amls_bot_cover_fetches_total{outcome="refused_host"} 3');
    expect(body).toContain('amls_bot_cover_fetches_total{outcome="fetched"} 1');
    expect(body).toContain('amls_bot_cover_fetches_total{outcome="timeout"} 0');
  });
});
