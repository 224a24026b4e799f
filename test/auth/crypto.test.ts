import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey, keyedHash, open, seal } from '../../src/store/crypto.js';
import { parseEncryptionKey } from '../../src/config/keys.js';

const key = randomBytes(32);

describe('seal/open', () => {
  it('round-trips text, with a fresh IV each time', () => {
    const text = 'tokens: {"a":"ÿ 日本語 🎌"}';
    const a = seal(key, text, 'accounts/1');
    const b = seal(key, text, 'accounts/1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(open(key, a, 'accounts/1')).toBe(text);
    expect(open(key, b, 'accounts/1')).toBe(text);
    expect(open(key, seal(key, '', 'x'), 'x')).toBe('');
  });

  it('does not contain the plaintext', () => {
    const secret = 'very-secret-access-token-value';
    const sealed = seal(key, secret, 'aad');
    expect(sealed).not.toContain(secret);
    expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString('utf8')).not.toContain(secret);
  });

  it('rejects a tampered value in any part', () => {
    const sealed = seal(key, 'hello world, some text', 'aad');
    const parts = sealed.split('.');
    for (let i = 1; i < 4; i++) {
      const bytes = Buffer.from(parts[i] ?? '', 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      const changed = [...parts];
      changed[i] = bytes.toString('base64url');
      expect(open(key, changed.join('.'), 'aad')).toBeUndefined();
    }
    expect(open(key, sealed.slice(0, -2), 'aad')).toBeUndefined();
  });

  it('rejects the wrong key and the wrong AAD', () => {
    const sealed = seal(key, 'hello', 'accounts/111');
    expect(open(randomBytes(32), sealed, 'accounts/111')).toBeUndefined();
    expect(open(key, sealed, 'accounts/222')).toBeUndefined();
    expect(open(key, sealed, 'accounts/111')).toBe('hello');
  });

  it('returns undefined for garbage instead of throwing', () => {
    for (const junk of ['', 'v1', 'v1...', 'v2.a.b.c', 'v1.***.***.***', 'not sealed at all', `v1.${'A'.repeat(16)}.${'A'.repeat(22)}.`]) {
      expect(open(key, junk, 'aad')).toBeUndefined();
    }
    expect(open(Buffer.alloc(16), seal(key, 'x', 'aad'), 'aad')).toBeUndefined();
  });

  it('refuses to seal with a key of the wrong size', () => {
    expect(() => seal(Buffer.alloc(16), 'x', 'aad')).toThrow(/32 bytes/);
  });
});

describe('parseEncryptionKey', () => {
  it('accepts 32 bytes in base64 and base64url', () => {
    const raw = randomBytes(32);
    expect(parseEncryptionKey(raw.toString('base64')).equals(raw)).toBe(true);
    expect(parseEncryptionKey(raw.toString('base64url')).equals(raw)).toBe(true);
    expect(parseEncryptionKey(`  ${raw.toString('base64')}\n`).equals(raw)).toBe(true);
  });

  it('rejects other lengths and non-base64 with instructions, without echoing the value', () => {
    const cases = [
      randomBytes(16).toString('base64'),
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      randomBytes(64).toString('base64'),
      'this is not base64 at all!!',
      '',
    ];
    for (const value of cases) {
      let message = '';
      try {
        parseEncryptionKey(value);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('TOKEN_ENCRYPTION_KEY');
      expect(message).toContain('openssl rand -base64 32');
      expect(message).toContain("randomBytes(32).toString('base64')");
      if (value.length > 4) expect(message).not.toContain(value);
    }
    expect(() => parseEncryptionKey(randomBytes(16).toString('base64'))).toThrow(/16 bytes/);
  });
});

describe('deriveKey / keyedHash', () => {
  it('derives distinct stable subkeys and keyed hashes', () => {
    expect(deriveKey(key, 'a').equals(deriveKey(key, 'a'))).toBe(true);
    expect(deriveKey(key, 'a').equals(deriveKey(key, 'b'))).toBe(false);
    expect(deriveKey(key, 'a').equals(key)).toBe(false);
    const h = keyedHash(deriveKey(key, 'a'), 'state');
    expect(h).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keyedHash(deriveKey(key, 'b'), 'state')).not.toBe(h);
  });
});
