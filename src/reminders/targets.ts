// Who a reminder is for, as the follower index and reminder ids spell it: a user id, or
// `c:<guild>:<channel>` for a server channel.

/** Index entries: a title and who is reminded of it (a user id, or `c:<guild>:<channel>`). */
export type Follower = readonly [titleId: number, target: string];

export const channelTarget = (guildId: string, channelId: string): string => `c:${guildId}:${channelId}`;

export function parseChannelTarget(target: string): { guildId: string; channelId: string } | undefined {
  if (!target.startsWith('c:')) return undefined;
  const [c, guildId, channelId] = target.split(':');
  return c === 'c' && guildId !== undefined && channelId !== undefined ? { guildId, channelId } : undefined;
}

/** One reminder per follower (a user id or a channel target), title and episode air time. */
export function reminderId(follower: string, titleId: number, atMs: number): string {
  return `${follower}:${titleId}:${atMs}`;
}
