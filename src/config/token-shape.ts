// The shape of a Discord bot token, checked before anything is opened: three dot-separated base64url
// parts (the bot's user ID, a timestamp, an HMAC). It catches a truncated paste, a placeholder or a
// token copied with its `Bot ` prefix before the bot logs in; a well-shaped token Discord rejects
// is reported at login (see ../start-failure.ts).

const PART = '[A-Za-z0-9_-]+';
const TOKEN = new RegExp(`^${PART}\\.${PART}\\.${PART}$`);

/** Why `value` cannot be a bot token, or undefined when it has a token's shape. */
export function discordTokenProblem(value: string): string | undefined {
  if (/^Bot\s/i.test(value)) return 'must be the token alone, without the "Bot " prefix';
  if (/\s/.test(value)) return 'must not contain spaces';
  if (!TOKEN.test(value)) return 'does not look like a bot token (three parts separated by dots, e.g. MTEx….GhIj….KlMn…)';
  return undefined;
}
