import { randomBytes } from 'node:crypto';

const DISCORD_EPOCH = 1_420_070_400_000n;
let increment = 0n;

/** A realistic Discord snowflake (18–19 digits) for the current wall-clock time. */
export function snowflake(): string {
  increment = (increment + 1n) & 0xfffn;
  const ms = BigInt(Date.now()) - DISCORD_EPOCH;
  return ((ms << 22n) | (1n << 17n) | (1n << 12n) | increment).toString();
}

/** An opaque interaction token shaped like Discord's (base64url, ~170 chars). */
export function interactionToken(interactionId: string): string {
  const head = Buffer.from(`interaction:${interactionId}:`).toString('base64url');
  return head + randomBytes(96).toString('base64url');
}
