// Reads a stream to its end, at most `maxBytes` of it: the service client reads answers with it, the
// web server request bodies. Event-driven rather than `for await`, which costs a promise per chunk.

import type { Readable } from 'node:stream';

/** The whole body, or `undefined` when more than the cap arrived (reading stopped there). */
export type CappedBody = { body: Buffer; bytes: number } | { body: undefined; bytes: number };

export interface ReadCappedOptions {
  /** Keep the chunks (false: count and drop them, for a body nobody reads). Default true. */
  keep?: boolean;
  /** What stops the stream once the cap is passed: destroying it drops the connection, pausing leaves it for an answer. */
  overflow: 'destroy' | 'pause';
  /** The error for a stream closed before its end. */
  closedEarly: () => Error;
}

export function readCapped(stream: Readable, maxBytes: number, o: ReadCappedOptions): Promise<CappedBody> {
  const keep = o.keep ?? true;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const cleanup = (): void => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        cleanup();
        if (o.overflow === 'destroy') {
          // The destroyed stream errors (request aborted): that is expected, not unhandled.
          stream.on('error', ignore);
          stream.destroy();
        } else {
          stream.pause();
        }
        resolve({ body: undefined, bytes });
        return;
      }
      if (keep) chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve({ body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, keep ? bytes : 0), bytes });
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    // Closed without 'end' or 'error' (destroyed without a reason): the body is incomplete.
    const onClose = (): void => {
      cleanup();
      reject(o.closedEarly());
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}

function ignore(): void {}
