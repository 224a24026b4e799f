// Helpers for the end-to-end tests of login, tokens and the commands that act as the user.

import { expect } from 'vitest';
import type { InteractionHandle, RecordedMessage, Where, Who } from '../fake-discord/index.js';
import { loginAsPerson } from '../emulator/login.js';
import { DM, loginUrlOf, textOf, type Stack } from './harness.js';

const EPHEMERAL = 64;

export function isEphemeral(message: RecordedMessage): boolean {
  return ((message.flags ?? 0) & EPHEMERAL) !== 0;
}

export interface Answer {
  message: RecordedMessage;
  text: string;
  ephemeral: boolean;
}

/**
 * The final answer of an interaction: the original response, or — when a public deferral ended in an
 * error (placeholder deleted, ephemeral follow-up) — the last follow-up.
 */
export async function answerOf(handle: InteractionHandle, timeoutMs = 10_000): Promise<Answer> {
  const started = Date.now();
  let message: RecordedMessage | undefined;
  try {
    message = await handle.settled(timeoutMs);
  } catch (error) {
    while (message === undefined && Date.now() - started < timeoutMs) {
      message = handle.followUps().at(-1);
      if (message === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (message === undefined) throw error;
  }
  const followUp = handle.followUps().at(-1);
  if (followUp && handle.original() === undefined) message = followUp;
  return { message, text: textOf(message), ephemeral: isEphemeral(message) };
}

/** Asserts the interaction was answered, only to the user, with a message telling them to /login. */
export async function expectToldToLogin(handle: InteractionHandle): Promise<Answer> {
  const answer = await answerOf(handle);
  expect(answer.ephemeral).toBe(true);
  expect(answer.text).toContain('/login');
  expect(handle.errors()).toEqual([]);
  return answer;
}

export interface StartedLogin {
  handle: InteractionHandle;
  reply: RecordedMessage;
  /** The authorize URL of the link button. */
  url: URL;
  state: string;
  /** With `plain` PKCE the challenge in the URL is the verifier itself. */
  verifier: string;
}

/** Runs /login and returns its ephemeral reply and the authorize URL's parts. */
export async function beginLogin(stack: Stack, user: Who, where: Where = DM, locale?: string): Promise<StartedLogin> {
  const handle = stack.command({ name: 'login', user, where, ...(locale !== undefined ? { locale } : {}) });
  const reply = await handle.settled();
  const url = new URL(loginUrlOf(reply));
  return { handle, reply, url, state: url.searchParams.get('state') ?? '', verifier: url.searchParams.get('code_challenge') ?? '' };
}

/** What the person's browser gets back from the bot's callback after the emulator redirected there. */
export async function openCallback(stack: Stack, redirect: URL | string): Promise<{ status: number; body: string }> {
  const url = new URL(redirect);
  expect(`${url.origin}${url.pathname}`).toBe(stack.config.web.redirectUri);
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
}

/** The confirmation form's token on the page the callback showed (throws when there is no form). */
export function confirmTokenOf(page: { body: string }): string {
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  if (!token) throw new Error(`no confirmation form on the page: ${page.body.slice(0, 300)}`);
  return token;
}

/** Presses Confirm or Cancel on the confirmation page, as the browser would (same-origin form POST). */
export async function decideLink(
  stack: Stack,
  page: { body: string },
  action: 'confirm' | 'cancel' = 'confirm',
  token = confirmTokenOf(page),
): Promise<{ status: number; body: string }> {
  const res = await fetch(new URL('confirm', stack.config.web.redirectUri), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(stack.config.web.publicUrl).origin, 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ token, action }).toString(),
  });
  return { status: res.status, body: await res.text() };
}

/** Callback, then Confirm on the page it shows; returns the final page (the callback's when it was not a confirmation). */
export async function linkThrough(stack: Stack, redirect: URL | string): Promise<{ status: number; body: string }> {
  const page = await openCallback(stack, redirect);
  if (page.status !== 200) return page;
  return decideLink(stack, page);
}

/** The emulator's login form submitted for `started`, returning where the browser is sent next. */
export function authorize(started: StartedLogin, account: { name: string; password: string }, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  return loginAsPerson(started.url.toString(), account, decision);
}

/** A GET on the emulator's API as `account` (a token issued directly by the emulator, not the bot's). */
export async function serviceGet(stack: Stack, account: string, path: string): Promise<Record<string, unknown>> {
  const { access_token: token } = stack.emulator.issueTokensFor(account);
  const res = await fetch(`${stack.emulator.url}/v2${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body: unknown = await res.json();
  if (!res.ok || typeof body !== 'object' || body === null) throw new Error(`emulator GET ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body as Record<string, unknown>;
}

/** The account's list entry for one work, read from the emulator; undefined when not on the list. */
export async function myListStatus(stack: Stack, account: string, kind: 'anime' | 'manga', id: number): Promise<Record<string, unknown> | undefined> {
  const extras = kind === 'anime' ? 'num_times_rewatched,rewatch_value' : 'num_times_reread,reread_value';
  const work = await serviceGet(stack, account, `/${kind}/${id}?fields=my_list_status{priority,tags,comments,${extras}}`);
  const status = work.my_list_status;
  return typeof status === 'object' && status !== null ? (status as Record<string, unknown>) : undefined;
}

/** List writes the emulator received (PUT/PATCH/DELETE on my_list_status). */
export function listWrites(stack: Stack): number {
  return stack.emulator.requestLog.filter((r) => r.method !== 'GET' && r.path.endsWith('/my_list_status')).length;
}

/** Polls `read` until it gives a value (no fixed sleeps), bounded by `ms`. */
export async function eventually<T>(read: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
