// A small structured logger. Context values under secret-looking keys are redacted, and
// Bearer/Basic credentials inside strings are masked, so a token never reaches the log.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const SECRET_KEY = /token|secret|password|verifier|authorization|cookie|^code$|^state$|challenge/i;
const CREDENTIAL_IN_TEXT = /\b(Bearer|Basic|Bot)\s+[A-Za-z0-9._~+/=-]{8,}/g;

export type LogContext = Record<string, unknown>;

export interface Logger {
  debug(message: string, context?: LogContext): void;
  info(message: string, context?: LogContext): void;
  warn(message: string, context?: LogContext): void;
  error(message: string, context?: LogContext): void;
}

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(CREDENTIAL_IN_TEXT, '$1 [redacted]');
  if (value instanceof Error) {
    const out: Record<string, unknown> = { name: value.name, message: redact(value.message, depth + 1) };
    const status = (value as { status?: unknown }).status;
    if (status !== undefined) out.status = status;
    const code = (value as { code?: unknown }).code;
    if (code !== undefined) out.code = code;
    if (value.stack) out.stack = redact(value.stack.split('\n').slice(0, 6).join('\n'), depth + 1);
    return out;
  }
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

export function createLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const emit = (lvl: LogLevel, message: string, context?: LogContext): void => {
    if (ORDER[lvl] < ORDER[level]) return;
    const entry = { time: new Date().toISOString(), level: lvl, msg: redact(message), ...(context ? (redact(context) as object) : {}) };
    write(JSON.stringify(entry));
  };
  return {
    debug: (m, c) => emit('debug', m, c),
    info: (m, c) => emit('info', m, c),
    warn: (m, c) => emit('warn', m, c),
    error: (m, c) => emit('error', m, c),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

export function parseLogLevel(value: string | undefined): LogLevel {
  return value === 'debug' || value === 'warn' || value === 'error' ? value : 'info';
}
