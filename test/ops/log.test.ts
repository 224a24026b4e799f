import { describe, expect, it } from 'vitest';
import { createLogger, redact, redactText, scopedLogger, silentLogger, withLogScope } from '../../src/log/log.js';

function capture(level: Parameters<typeof createLogger>[0] = 'debug') {
  const lines: string[] = [];
  const log = createLogger(level, (line) => lines.push(line));
  return { log, entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>), lines };
}

describe('log', () => {
  it('writes one JSON object per line with level name, ISO time and message; honours the level', () => {
    const { log, entries } = capture('info');
    log.debug('hidden');
    log.info('shown', { n: 1 });
    const [entry, ...rest] = entries();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ level: 'info', msg: 'shown', n: 1 });
    expect(new Date(String(entry?.time)).toISOString()).toBe(entry?.time);
  });

  it('blanks values under secret keys at any depth, including pino paths and child bindings', () => {
    const { log, lines } = capture();
    const secrets = ['AT-0123456789', 'RT-0123456789', 'verifier-0123456789', 'state-0123456789', 'code-0123456789', 'cs-0123456789', 'itok-0123456789'];
    log
      .child({ interactionToken: secrets[6] })
      .info('x', {
        accessToken: secrets[0],
        nested: { refresh_token: secrets[1], deeper: { codeVerifier: secrets[2] } },
        state: secrets[3],
        code: secrets[4],
        headers: { authorization: `Basic ${secrets[5]}` },
      });
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
    expect(lines[0]).toContain('[redacted]');
  });

  it('masks credentials inside strings: Authorization values, secret query parameters, interaction tokens in paths', () => {
    expect(redactText('Authorization: Bearer abcdefghijklmnop')).toBe('Authorization: Bearer [redacted]');
    expect(redactText('GET /cb?code=abc123&state=xyz789&ok=1')).toBe('GET /cb?code=[redacted]&state=[redacted]&ok=1');
    expect(redactText('https://a/x?refresh_token=r1&client_secret=s1')).toBe('https://a/x?refresh_token=[redacted]&client_secret=[redacted]');
    expect(redactText('/webhooks/11/aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1/messages/@original')).toBe('/webhooks/11/[redacted]/messages/@original');
    expect(redactText('/interactions/22/aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1/callback')).toBe('/interactions/22/[redacted]/callback');
    const error = new Error('failed https://x/cb?code=secretcode1', { cause: new Error('Bearer innertoken123') });
    expect(JSON.stringify(redact({ error }))).not.toMatch(/secretcode1|innertoken123/);
  });

  it('a child is made when it first writes: bindings as they were at child(), nested children keep both, secrets blanked', () => {
    const { log, entries, lines } = capture('info');
    const bindings: Record<string, unknown> = { interactionId: '7', token: 'tok-0123456789abcdef' };
    const child = log.child(bindings);
    bindings.interactionId = 'changed';
    const grandchild = child.child({ command: 'anime search', note: 'Bearer abcdefghijklmnop' });
    grandchild.debug('below the level');
    expect(lines).toEqual([]);
    grandchild.info('answered');
    child.warn('slow');
    expect(entries().map((e) => [e.msg, e.interactionId, e.command, e.token])).toEqual([
      ['answered', '7', 'anime search', '[redacted]'],
      ['slow', '7', undefined, '[redacted]'],
    ]);
    expect(lines.join('\n')).not.toMatch(/tok-0123456789abcdef|abcdefghijklmnop/);
  });

  it('a scope makes its logger the one of everything started inside it', async () => {
    const { log, entries } = capture();
    const child = log.child({ interactionId: '42' });
    await withLogScope(child, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      scopedLogger(silentLogger).info('inside');
    });
    scopedLogger(log).info('outside');
    expect(entries().map((e) => [e.msg, e.interactionId])).toEqual([
      ['inside', '42'],
      ['outside', undefined],
    ]);
  });
});
