// Security headers from helmet on every answer (413 included), HSTS only for an https PUBLIC_URL,
// and TRUST_PROXY deciding which client address is logged.

import { request } from 'node:http';
import { connect } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp, MAX_REQUEST_BODY_BYTES, type AccessLogEntry, type WebAppOptions } from '../../src/web/app.js';
import { startWebServer, type RunningWebServer } from '../../src/web/server.js';
import { startStack, type Stack } from '../../local-stack/harness.js';

const login: WebAppOptions['login'] = {
  finishLogin: async () => ({ ok: false, reason: 'invalid_state', status: 400, message: 'unknown state' }),
  confirmLink: async () => undefined,
  cancelLink: async () => undefined,
};

async function serve(o: Partial<WebAppOptions> = {}): Promise<{ server: RunningWebServer; entries: AccessLogEntry[] }> {
  const entries: AccessLogEntry[] = [];
  const server = await startWebServer(createWebApp({ login, accessLog: (e) => entries.push(e), ...o }), 0, '127.0.0.1');
  return { server, entries };
}

function expectSecurityHeaders(headers: Headers): void {
  expect(headers.get('content-security-policy')).toBe(
    "default-src 'none';style-src 'unsafe-inline';base-uri 'none';form-action 'none';frame-ancestors 'none'",
  );
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('x-powered-by')).toBeNull();
}

/** A raw request with a declared body size (fetch would refuse a lying Content-Length). */
function postDeclaring(url: string, bytes: number): Promise<{ status: number; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/oauth/callback`, { method: 'POST', headers: { 'content-length': String(bytes), 'content-type': 'text/plain' } }, (res) => {
      res.resume();
      const headers = new Headers();
      for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
      resolve({ status: res.statusCode ?? 0, headers });
    });
    req.on('error', reject);
    req.write('x'.repeat(Math.min(bytes, 1024)));
  });
}

describe('web hardening', () => {
  it('every answer carries the security headers, including 404 and 413 for an oversized request', async () => {
    const { server } = await serve();
    try {
      for (const path of ['/oauth/callback?state=x', '/healthz', '/nowhere']) {
        const res = await fetch(`${server.url}${path}`);
        await res.text();
        expectSecurityHeaders(res.headers);
        expect(res.headers.get('strict-transport-security')).toBeNull();
      }
      const big = await postDeclaring(server.url, MAX_REQUEST_BODY_BYTES + 1);
      expect(big.status).toBe(413);
      expectSecurityHeaders(big.headers);
    } finally {
      await server.close();
    }
  });

  it('an extra route with its own body limit (the HTTP interactions endpoint) gets bodies up to it, 413 with our headers beyond', async () => {
    const route = express.Router();
    route.post('/interactions', express.raw({ type: () => true, limit: '1mb' }), (req, res) => {
      res.json({ bytes: (req.body as Buffer).length });
    });
    const { server } = await serve({ routes: [route] });
    try {
      const ok = await fetch(`${server.url}/interactions`, { method: 'POST', body: 'x'.repeat(200_000) });
      expect(await ok.json()).toEqual({ bytes: 200_000 });
      const big = await fetch(`${server.url}/interactions`, { method: 'POST', body: 'x'.repeat(1_100_000) });
      expect(big.status).toBe(413);
      expectSecurityHeaders(big.headers);
    } finally {
      await server.close();
    }
  });

  it('requests Node refuses itself (headers over 16 KB, malformed) still get security headers', async () => {
    const { server } = await serve();
    try {
      const res = await fetch(`${server.url}/healthz`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
      expect(res.status).toBe(431);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(server.port, '127.0.0.1', () => socket.write('NONSENSE\r\n\r\n'));
        let text = '';
        socket.on('data', (d: Buffer) => (text += d.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 400 /);
      expect(raw).toContain('X-Frame-Options: DENY');
    } finally {
      await server.close();
    }
  });

  it('HSTS when asked for (https public URL), absent otherwise', async () => {
    const { server } = await serve({ hsts: true });
    try {
      const res = await fetch(`${server.url}/healthz`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=15552000');
    } finally {
      await server.close();
    }
  });

  it('X-Forwarded-For is believed only from a trusted proxy', async () => {
    const plain = await serve();
    const proxied = await serve({ trustProxy: 'loopback' });
    try {
      const forwarded = { 'x-forwarded-for': '203.0.113.7' };
      await (await fetch(`${plain.server.url}/healthz`, { headers: forwarded })).text();
      await (await fetch(`${proxied.server.url}/healthz`, { headers: forwarded })).text();
      expect(plain.entries[0]).toMatchObject({ method: 'GET', path: '/healthz', status: 200, client: '127.0.0.1' });
      expect(proxied.entries[0]).toMatchObject({ path: '/healthz', client: '203.0.113.7' });
    } finally {
      await Promise.all([plain.server.close(), proxied.server.close()]);
    }
  });
});

describe('the bot sends HSTS from PUBLIC_URL', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('absent for http, present after a restart with an https PUBLIC_URL', async () => {
    const before = await fetch(`${stack.webUrl}/healthz`);
    expect(before.headers.get('strict-transport-security')).toBeNull();
    stack.config.web.publicUrl = stack.config.web.publicUrl.replace(/^http:/, 'https:');
    await stack.restartBot();
    const after = await fetch(`${stack.webUrl}/healthz`);
    expect(after.headers.get('strict-transport-security')).toBe('max-age=15552000');
    expectSecurityHeaders(after.headers);
  });
});
