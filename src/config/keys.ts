// The shapes of the two keys the bot is configured with, and of a picture host, checked when the
// config is read.

/** Bytes of the AES-256-GCM key that seals tokens at rest. */
export const KEY_BYTES = 32;

const HEX_PUBLIC_KEY = /^[0-9a-fA-F]{64}$/;

/** Whether `value` is an application public key as the Developer Portal shows it (64 hex characters). */
export function isPublicKeyHex(value: string): boolean {
  return HEX_PUBLIC_KEY.test(value);
}

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

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/i;

/** A COVER_HOSTS entry: a host name (reached over HTTPS) or an http(s) origin with nothing after it. */
export function isCoverHost(entry: string): boolean {
  if (!/^https?:\/\//i.test(entry)) return HOST_NAME.test(entry);
  try {
    const url = new URL(entry);
    return !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash && `${url.origin}` === entry.replace(/\/$/, '').toLowerCase();
  } catch {
    return false;
  }
}
