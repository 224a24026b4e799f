// METRICS, METRICS_TOKEN, METRICS_PORT, METRICS_HOST → MetricsConfig. Metrics have their own
// listener, on loopback by default, so the public port (login callback, interactions) never serves
// them; METRICS_HOST opens it to a private network, where METRICS_TOKEN is then recommended.

import { isIP } from 'node:net';

export interface MetricsConfig {
  /** GET /metrics is served only when METRICS=on, on its own listener (never on PORT). */
  enabled: boolean;
  /** METRICS_TOKEN: scrapes must send it as a bearer token. */
  token?: string;
  /** METRICS_PORT (default 9464; 0 = any free port). */
  port: number;
  /** METRICS_HOST: the interface the metrics listener binds to (default 127.0.0.1). */
  host: string;
}
/** The port Prometheus exporters of this kind commonly use (OpenTelemetry's Prometheus exporter). */
export const DEFAULT_METRICS_PORT = 9464;
export const DEFAULT_METRICS_HOST = '127.0.0.1';

/** The parts of config.ts's environment reader used here. */
export interface MetricsEnvReader {
  readonly problems: string[];
  optional(name: string): string | undefined;
  port(name: string, fallback: number): number;
  onOff(name: string): boolean;
  secret(name: string, minLength: number): string | undefined;
}

export function readMetricsConfig(r: MetricsEnvReader, webPort: number): MetricsConfig {
  const token = r.secret('METRICS_TOKEN', 16);
  const enabled = r.onOff('METRICS');
  const port = r.port('METRICS_PORT', DEFAULT_METRICS_PORT);
  const host = r.optional('METRICS_HOST') ?? DEFAULT_METRICS_HOST;
  if (isIP(host) === 0 && !/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(host)) {
    r.problems.push(`METRICS_HOST must be an IP address or a host name, e.g. 127.0.0.1 or 0.0.0.0, got "${host}"`);
  }
  if (enabled && port !== 0 && port === webPort) {
    r.problems.push(`METRICS_PORT must differ from PORT (${webPort}): metrics have their own listener, off the public port`);
  }
  return { enabled, port, host, ...(token !== undefined ? { token } : {}) };
}
