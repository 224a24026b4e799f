// Structured logs on pino: JSON lines on stderr (pino-pretty in a terminal when it is installed).
// Every secret the bot handles is removed twice: pino's redaction paths for the places secrets are
// known to sit, and a walk that blanks values under secret-looking keys and masks credentials
// inside strings (Authorization values, `code=`/`state=`/token query parameters in URLs).

import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogContext = Record<string, unknown>;

export interface Logger {
  debug(message: string, context?: LogContext): void;
  info(message: string, context?: LogContext): void;
  warn(message: string, context?: LogContext): void;
  error(message: string, context?: LogContext): void;
  /** A logger whose every line also carries `bindings` (e.g. the interaction id). */
  child(bindings: LogContext): Logger;
}

export const REDACTED = '[redacted]';

const SECRET_KEY =
  /token|secret|password|verifier|authorization|cookie|^code$|^state$|challenge|^signature$|x-signature/i;
const CREDENTIAL_IN_TEXT = /\b(Bearer|Basic|Bot)\s+[A-Za-z0-9._~+/=-]{8,}/g;
const SECRET_IN_URL =
  /([?&#](?:code|state|code_verifier|code_challenge|access_token|refresh_token|id_token|token|client_secret)=)[^&#\s"'<>]+/gi;
/** Discord webhook/interaction callback paths carry the interaction token in the URL. */
const TOKEN_IN_PATH = /(\/(?:webhooks\/\d+|interactions\/\d+)\/)[A-Za-z0-9._-]{20,}/g;

/**
 * Known places of secrets, for pino's own redaction (fast, path-based). The recursive walk below
 * covers the same keys anywhere else.
 */
export const REDACT_PATHS = [
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'state',
  'codeVerifier',
  'code_verifier',
  'clientSecret',
  'client_secret',
  'token',
  'interactionToken',
  'authorization',
  'headers.authorization',
  'headers.cookie',
  '*.accessToken',
  '*.refreshToken',
  '*.access_token',
  '*.refresh_token',
  '*.state',
  '*.codeVerifier',
  '*.clientSecret',
  '*.token',
  '*.interactionToken',
  '*.authorization',
  '*.headers.authorization',
];

export function redactText(text: string): string {
  return text.replace(CREDENTIAL_IN_TEXT, `$1 ${REDACTED}`).replace(SECRET_IN_URL, `$1${REDACTED}`).replace(TOKEN_IN_PATH, `$1${REDACTED}`);
}

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value instanceof Error) {
    const out: Record<string, unknown> = { name: value.name, message: redactText(value.message) };
    const status = (value as { status?: unknown }).status;
    if (status !== undefined) out.status = status;
    const code = (value as { code?: unknown }).code;
    if (code !== undefined) out.code = code;
    if (value.stack) out.stack = redactText(value.stack.split('\n').slice(0, 6).join('\n'));
    if (value.cause !== undefined && depth < 3) out.cause = redact(value.cause, depth + 1);
    return out;
  }
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => redact(v, depth + 1));
  if (value instanceof URL) return redactText(value.href);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : redact(v, depth + 1);
  return out;
}

function redactContext(context: LogContext): LogContext {
  return redact(context) as LogContext;
}

/**
 * A child logger costs nothing until it writes: its pino child (bindings redacted and serialised)
 * is made on the first line at an enabled level. Most interactions write no line at info, so the
 * per-interaction child the router makes is then free.
 */
class PinoBacked implements Logger {
  private made: PinoLogger | undefined;

  /** `root` decides levels (children never change theirs); `make` builds this logger's pino instance. */
  constructor(
    private readonly root: PinoLogger,
    private readonly make: () => PinoLogger,
  ) {}

  private get p(): PinoLogger {
    return (this.made ??= this.make());
  }

  private emit(level: LogLevel, message: string, context: LogContext | undefined): void {
    if (!this.root.isLevelEnabled(level)) return;
    if (context) this.p[level](redactContext(context), redactText(message));
    else this.p[level](redactText(message));
  }

  debug(message: string, context?: LogContext): void {
    this.emit('debug', message, context);
  }
  info(message: string, context?: LogContext): void {
    this.emit('info', message, context);
  }
  warn(message: string, context?: LogContext): void {
    this.emit('warn', message, context);
  }
  error(message: string, context?: LogContext): void {
    this.emit('error', message, context);
  }
  child(bindings: LogContext): Logger {
    // A shallow copy (bindings are ids and names), redacted like every context when first needed.
    const copy = { ...bindings };
    return new PinoBacked(this.root, () => this.p.child(redactContext(copy)));
  }
}

export interface LoggerOptions {
  /** Where JSON lines go (one call per line, without the newline). Default: stderr. */
  write?: (line: string) => void;
  /** `pretty` needs pino-pretty (a dev dependency); default: pretty when stderr is a terminal and it is installed. */
  format?: 'json' | 'pretty';
}

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

function destination(o: LoggerOptions): DestinationStream {
  const { write } = o;
  if (write) return { write: (chunk: string) => write(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk) };
  const pretty = o.format === 'pretty' || (o.format === undefined && process.stderr.isTTY && prettyAvailable());
  if (pretty && prettyAvailable()) {
    return pino.transport({ target: 'pino-pretty', options: { destination: 2, translateTime: 'SYS:HH:MM:ss.l' } }) as DestinationStream;
  }
  return pino.destination({ dest: 2, sync: false });
}

export function createLogger(level: LogLevel = 'info', writeOrOptions?: ((line: string) => void) | LoggerOptions): Logger {
  const o: LoggerOptions = typeof writeOrOptions === 'function' ? { write: writeOrOptions } : (writeOrOptions ?? {});
  const p = pino(
    {
      level,
      base: { pid: process.pid },
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
    },
    destination(o),
  );
  return new PinoBacked(p, () => p);
}

let fallback: Logger | undefined;

/** The redacting logger (info, stderr), made on first use: where code given no logger of its own writes. */
export function fallbackLogger(): Logger {
  return (fallback ??= createLogger('info'));
}

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
export const silentLogger: Logger = silent;

export function parseLogLevel(value: string | undefined): LogLevel {
  return value === 'debug' || value === 'warn' || value === 'error' ? value : 'info';
}

const scope = new AsyncLocalStorage<Logger>();

/** Runs `fn` with `log` as the logger of everything it starts (e.g. one interaction's upstream calls). */
export function withLogScope<T>(log: Logger, fn: () => T): T {
  return scope.run(log, fn);
}

/** The logger of the work in progress (see withLogScope), or `fallback` outside any. */
export function scopedLogger(fallback: Logger): Logger {
  return scope.getStore() ?? fallback;
}
