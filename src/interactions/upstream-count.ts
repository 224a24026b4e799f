// How many requests each interaction sent to the service: the router runs every interaction inside
// a counter, and whatever reports a real upstream request (the service client's observer, wired in
// the composition root) adds to the counter of the interaction it runs for. Work outside any
// interaction (reminders, syncs) is not counted here.

import { AsyncLocalStorage } from 'node:async_hooks';

const counters = new AsyncLocalStorage<{ requests: number }>();

/** Runs `work` with a fresh counter; returns what it returned and how many upstream requests it made. */
export async function countingUpstream<T>(work: () => Promise<T>): Promise<{ value: T; requests: number }> {
  const counter = { requests: 0 };
  const value = await counters.run(counter, work);
  return { value, requests: counter.requests };
}

/** One real request went upstream for the interaction this runs in (if any). */
export function noteUpstreamRequest(): void {
  const counter = counters.getStore();
  if (counter) counter.requests++;
}
