/** Shared helpers for the emulator's own tests. */
import { loginAsPerson } from './login.js';
import { DEFAULT_CLIENT, type Emulator } from './server.js';

export const CLIENT_ID = DEFAULT_CLIENT.id;
export const CLIENT_SECRET = DEFAULT_CLIENT.secret ?? '';
export const REDIRECT_URI = DEFAULT_CLIENT.redirectUris[0] ?? '';
export const VERIFIER = 'v'.repeat(20) + '-._~0123456789ABCDEFGHIJabcdefghij';

export interface CallOptions {
  method?: string;
  token?: string;
  client?: string | false;
  form?: Record<string, string>;
  body?: string;
  contentType?: string;
}

/** Calls the API; by default with the default client's header unless a token is given. */
export async function call(emu: Emulator, path: string, opts: CallOptions = {}): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const headers: Record<string, string> = {};
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  else if (opts.client !== false) headers['x-service-client-id'] = opts.client ?? CLIENT_ID;
  let body: string | undefined = opts.body;
  if (opts.form) {
    body = new URLSearchParams(opts.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  if (opts.contentType !== undefined) headers['content-type'] = opts.contentType;
  const res = await fetch(path.startsWith('http') ? path : `${emu.url}/v2${path}`, { method: opts.method ?? 'GET', headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export function authorizeUrl(emu: Emulator, extra: Record<string, string> = {}, omit: string[] = []): string {
  const params = new URLSearchParams({
    response_type: 'code', client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, state: 'st-123', code_challenge: VERIFIER,
    code_challenge_method: 'plain', ...extra,
  });
  for (const k of omit) params.delete(k);
  return `${emu.url}/v1/oauth2/authorize?${params.toString()}`;
}

export async function tokenRequest(emu: Emulator, form: Record<string, string>, basic?: { id: string; secret: string }): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) headers.authorization = `Basic ${Buffer.from(`${basic.id}:${basic.secret}`).toString('base64')}`;
  const res = await fetch(`${emu.url}/v1/oauth2/token`, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
  return { status: res.status, json: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

export async function codeFor(emu: Emulator, user = 'alice', extra: Record<string, string> = {}, omit: string[] = []): Promise<string> {
  const location = await loginAsPerson(authorizeUrl(emu, extra, omit), { name: user, password: `${user}-password` });
  const code = location.searchParams.get('code');
  if (code === null) throw new Error(`no code in ${location.pathname}`);
  return code;
}

/** Full authorization-code flow with the default client (credentials in the body). */
export async function loginTokens(emu: Emulator, user = 'alice'): Promise<{ access_token: string; refresh_token: string }> {
  const code = await codeFor(emu, user);
  const res = await tokenRequest(emu, {
    grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, client_secret: CLIENT_SECRET,
  });
  if (res.status !== 200) throw new Error(`token exchange failed: ${res.status}`);
  return { access_token: String(res.json.access_token), refresh_token: String(res.json.refresh_token) };
}

export function record(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('expected a JSON object');
  return value as Record<string, unknown>;
}

export function items(value: unknown): Array<Record<string, unknown>> {
  const data = record(value).data;
  if (!Array.isArray(data)) throw new Error('expected data array');
  return data.map(record);
}

export function node(item: Record<string, unknown>): Record<string, unknown> {
  return record(item.node);
}
