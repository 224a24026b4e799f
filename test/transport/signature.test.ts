import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parsePublicKey, verifyInteractionSignature } from '../../src/transport/signature.js';
import { isPublicKeyHex } from '../../src/config/keys.js';

function keyPair(): { privateKey: KeyObject; hex: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, hex: publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex') };
}

const signer = keyPair();
const key = parsePublicKey(signer.hex);
const body = Buffer.from('{"id":"1100000000000000100","type":2,"token":"t","version":1}');
const timestamp = '1763900000';
const signature = sign(null, Buffer.concat([Buffer.from(timestamp), body]), signer.privateKey).toString('hex');

describe('Ed25519 interaction signatures', () => {
  it('accepts a valid request (also with the key in upper case)', () => {
    expect(verifyInteractionSignature(key, signature, timestamp, body)).toBe(true);
    expect(verifyInteractionSignature(parsePublicKey(signer.hex.toUpperCase()), signature.toUpperCase(), timestamp, body)).toBe(true);
  });

  it('refuses a tampered body or timestamp', () => {
    const tampered = Buffer.from(body.toString().replace('"type":2', '"type":3'));
    expect(verifyInteractionSignature(key, signature, timestamp, tampered)).toBe(false);
    expect(verifyInteractionSignature(key, signature, '1763900001', body)).toBe(false);
    const flipped = (signature.startsWith('0') ? '1' : '0') + signature.slice(1);
    expect(verifyInteractionSignature(key, flipped, timestamp, body)).toBe(false);
  });

  it('refuses a signature made with another key', () => {
    const other = keyPair();
    const forged = sign(null, Buffer.concat([Buffer.from(timestamp), body]), other.privateKey).toString('hex');
    expect(verifyInteractionSignature(key, forged, timestamp, body)).toBe(false);
    expect(verifyInteractionSignature(parsePublicKey(other.hex), signature, timestamp, body)).toBe(false);
  });

  it('refuses missing or malformed headers without throwing', () => {
    expect(verifyInteractionSignature(key, undefined, timestamp, body)).toBe(false);
    expect(verifyInteractionSignature(key, signature, undefined, body)).toBe(false);
    expect(verifyInteractionSignature(key, signature, '', body)).toBe(false);
    expect(verifyInteractionSignature(key, 'zz', timestamp, body)).toBe(false);
    expect(verifyInteractionSignature(key, signature.slice(2), timestamp, body)).toBe(false);
  });

  it('takes only a 64-hex public key', () => {
    expect(isPublicKeyHex(signer.hex)).toBe(true);
    expect(isPublicKeyHex(signer.hex.slice(1))).toBe(false);
    expect(isPublicKeyHex(`${signer.hex.slice(1)}g`)).toBe(false);
    expect(() => parsePublicKey('abc')).toThrow(/64 hexadecimal/);
  });
});
