// One send to Discord bounded by a deadline: the send gets an abort signal, and whichever comes first —
// its answer, its error, or the deadline — is the result ("retry" for the last two). Reminders and the
// activity feed end each attempt by half their job's lease with it.

export type RetryResult = { ok: false; reason: 'retry'; detail: string };

export async function boundedSend<R>(deadlineMs: number, send: (signal: AbortSignal) => Promise<R>): Promise<R | RetryResult> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<RetryResult>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve({ ok: false, reason: 'retry', detail: 'Discord did not answer in time' });
    }, deadlineMs);
  });
  try {
    return await Promise.race([
      send(abort.signal).catch((error: unknown): RetryResult => ({ ok: false, reason: 'retry', detail: error instanceof Error ? error.message : String(error) })),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
