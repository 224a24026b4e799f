import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { KEY_BYTES } from '../config/keys.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error(`encryption key must be ${KEY_BYTES} bytes`);
}

/**
 * AES-256-GCM with a fresh 12-byte IV. Output: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 * `aad` binds the ciphertext to its context (e.g. the record key), so a sealed value cannot be moved.
 */
export function seal(key: Buffer, plaintext: string, aad: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

const B64URL = /^[A-Za-z0-9_-]*$/;

/** The plaintext, or undefined when the value is tampered, malformed, or sealed with another key or AAD. */
export function open(key: Buffer, sealed: string, aad: string): string | undefined {
  if (typeof sealed !== 'string' || key.length !== KEY_BYTES) return undefined;
  const parts = sealed.split('.');
  if (parts.length !== 4) return undefined;
  const [version, ivText, tagText, ctText] = parts as [string, string, string, string];
  if (version !== VERSION) return undefined;
  if (!B64URL.test(ivText) || !B64URL.test(tagText) || !B64URL.test(ctText)) return undefined;
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  const ciphertext = Buffer.from(ctText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** A purpose-specific 32-byte subkey, so the same master key is never used for two algorithms. */
export function deriveKey(key: Buffer, purpose: string): Buffer {
  checkKey(key);
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `amls-bot ${purpose}`, KEY_BYTES));
}

/** Keyed hash (HMAC-SHA-256, base64url), for storing lookups by a secret without storing the secret. */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('base64url');
}
