// Discord user ids (snowflakes) written compactly in base 36 inside custom_ids: render writes the
// invoker's field of a button it builds, the router reads it back (src/interactions/router.ts).

export function encodeUserId(snowflake: string): string {
  return BigInt(snowflake).toString(36);
}

export function decodeUserId(encoded: string): string | undefined {
  if (!/^[0-9a-z]{1,14}$/.test(encoded)) return undefined;
  let value = 0n;
  for (const char of encoded) value = value * 36n + BigInt(parseInt(char, 36));
  return value.toString();
}
