// Ed25519 verification of Discord's HTTP interactions: the signature in `X-Signature-Ed25519`
// covers `X-Signature-Timestamp` followed by the raw request body, checked against the
// application's public key (64 hex characters, as the Developer Portal shows it).

import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { isPublicKeyHex } from '../config/keys.js';

// DER prefix of an Ed25519 SubjectPublicKeyInfo; the 32 raw key bytes follow it.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const HEX_SIGNATURE = /^[0-9a-fA-F]{128}$/;

/** Parses the portal's hex public key; throws with a clear message when it is not 64 hex characters. */
export function parsePublicKey(hex: string): KeyObject {
  if (!isPublicKeyHex(hex)) throw new Error('DISCORD_PUBLIC_KEY must be 64 hexadecimal characters');
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

/** Whether `signatureHex` is a valid signature of timestamp + body. Never throws. */
export function verifyInteractionSignature(
  key: KeyObject,
  signatureHex: string | undefined,
  timestamp: string | undefined,
  body: Buffer,
): boolean {
  if (signatureHex === undefined || timestamp === undefined || timestamp === '' || !HEX_SIGNATURE.test(signatureHex)) return false;
  try {
    return verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), key, Buffer.from(signatureHex, 'hex'));
  } catch {
    return false;
  }
}
