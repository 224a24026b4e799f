// What the page holds: the sandbox's world (places, users, server, commands), where and as whom the
// page acts, the timeline as rendered (with its long poll), the command being composed and the
// ephemeral messages dismissed in this client, how far the sandbox's clock is ahead of real time, and
// the acting user's Discord language (`locale`) and the server's (`guild_locale`).

export const state = { world: null, place: 'general', user: null, etag: '', rendered: new Map(), poll: null, command: null, dismissed: new Set(), clockOffset: 0, locale: 'en-US', guildLocale: 'en-US' };
