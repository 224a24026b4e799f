import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

const KEY_HELP =
  'Generate one with: node -e "console.log(require(\'crypto\').randomBytes(32).toString(\'base64\'))" ' +
  'or: openssl rand -base64 32';

/**
 * Decodes the token encryption key (standard or URL-safe base64 of exactly 32 bytes).
 * Throws an error that says how to make a key; the message never contains the given value.
 */
export function parseEncryptionKey(base64: string, name = 'TOKEN_ENCRYPTION_KEY'): Buffer {
  const text = base64.trim();
  if (text === '') {
    throw new Error(`${name} is not set. It must be 32 random bytes, base64-encoded. ${KEY_HELP}`);
  }
  // Buffer.from(..., 'base64') silently skips invalid characters, so check the alphabet first.
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    throw new Error(`${name} is not valid base64. It must be 32 random bytes, base64-encoded. ${KEY_HELP}`);
  }
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `${name} decodes to ${key.length} bytes; it must be exactly ${KEY_BYTES} random bytes, base64-encoded. ${KEY_HELP}`,
    );
  }
  return key;
}

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
