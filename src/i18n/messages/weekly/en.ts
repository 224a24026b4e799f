// English messages of the server's weekly recap (/recap). The keys are the catalogue's; every other locale has exactly these.

export const weekly = {
  'weekly.caption': "This server's week",
  'weekly.subtitle': '{from} – {to} · {kind, select, anime {anime} manga {manga} other {anime and manga}}',
  'weekly.fact.episodes': 'Episodes watched',
  'weekly.fact.chapters': 'Chapters read',
  'weekly.fact.completed': 'Titles completed',
  'weekly.fact.joined': 'New members',
  'weekly.top.heading': 'Most watched and read this week',
  'weekly.top.value': '{members, plural, one {# member} other {# members}}',
  'weekly.airing.heading': 'Airing now, watched by most of you',
  'weekly.finished.heading': 'Finished this week',
  'weekly.finished.line': '{user} finished {title}',
  'weekly.finished.more': '…and {count, plural, one {# more} other {# more}}',
  'weekly.text':
    "**This server's week** ({from} – {to}): {episodes, plural, one {# episode} other {# episodes}} watched, {chapters, plural, one {# chapter} other {# chapters}} read, {completed, plural, one {# title} other {# titles}} completed, {joined, plural, =0 {no new members} one {# new member} other {# new members}}.",
  'weekly.text.top': 'Most watched: {titles}.',
  'weekly.text.airing': 'Airing and watched by most of you: {titles}.',
  'weekly.nsfw.hidden': '{count, plural, one {# title not safe for work is} other {# titles not safe for work are}} counted but not named (only in age-restricted channels).',
  'weekly.seenSince': 'The bot notes members’ list changes since {date}: this week is seen from then on.',
  'weekly.alt': "Card of this server's week: {facts}.{titles}",
  'weekly.alt.titles': ' Most watched: {titles}.',
  'weekly.kind': '{kind, select, anime {anime} manga {manga} other {anime and manga}}',
  'weekly.weekday': '{day, select, 0 {Sunday} 1 {Monday} 2 {Tuesday} 3 {Wednesday} 4 {Thursday} 5 {Friday} other {Saturday}}',
  'weekly.preview.title': 'Preview: the last 7 days of this server (only you see this)',
  'weekly.preview.quiet': 'Nothing to say about the last 7 days: nothing was watched, read or completed, and nobody joined. A weekly recap would be skipped.',
  'weekly.channel.added': 'Weekly recap added',
  'weekly.channel.updated': 'Weekly recap changed',
  'weekly.channel.addedText':
    'The recap of this server’s week ({kind}) will be posted in <#{channel}> every {weekday} at {time} ({timeZone}), in this server’s language. Next: <t:{next}:F>.',
  'weekly.channel.grant':
    'The recap is a picture: the bot needs **Attach Files** there. Servers that added the bot before it posted pictures give it in the channel’s settings → Permissions → the bot’s role (or re-invite it with the link in the README).',
  'weekly.channel.adultNote': 'Titles not safe for work are counted but not named unless the channel is age-restricted.',
  'weekly.channel.removed': 'Weekly recap removed',
  'weekly.channel.removedText': 'No more weekly recaps in <#{channel}>.',
  'weekly.list.title': "This server's weekly recap",
  'weekly.list.none': 'The weekly recap posts in no channel. A member with Manage Server adds one with `/recap channel add`.',
  'weekly.list.line': '<#{channel}> — every {weekday} at {time} ({timeZone}), {kind}',
  'weekly.list.next': 'next <t:{next}:F>',
  'weekly.list.posted': 'last posted <t:{at}:R>',
  'weekly.list.never': 'not posted yet',
  'weekly.list.skipped':
    'week of {week} skipped: {reason, select, quiet {nothing to say (nothing watched, read or completed, nobody joined)} late {the bot was down for more than 6 hours past the time} other {the channel is paused}}',
  'weekly.list.paused':
    '⚠️ paused since <t:{at}:R>: Discord refused the post ({reason}). Give the bot View Channel, Send Messages, Embed Links and Attach Files there, then run `/recap channel add` again.',
  'weekly.error.timeZone.title': 'Unknown time zone',
  'weekly.error.timeZone.text': '“{zone}” is not a time zone the bot knows. Use an IANA name such as `Europe/Berlin`, `America/New_York` or `UTC`.',
  'weekly.error.time.title': 'Not a time of day',
  'weekly.error.time.text': '“{time}” is not a time of day: use HH:MM, 24-hour (for example 18:30).',
  'weekly.error.limit.title': 'Too many recap channels',
  'weekly.error.limit.text': 'A server can have the weekly recap in at most {max} channels. Remove one first.',
  'weekly.error.notThere.title': 'No weekly recap there',
  'weekly.error.notThere.text': 'That channel does not have the weekly recap.',
  'weekly.notice.title': "Weekly recap paused in a channel",
  'weekly.notice.refused':
    "Discord refused the bot's weekly recap in <#{channel}> of **{server}** ({reason}), so the recap there is paused.",
  'weekly.notice.fix':
    "Give the bot View Channel, Send Messages, Embed Links and Attach Files in that channel, then run `/recap channel add` there again.",
  'weekly.notice.why':
    "-# You get this because you own the server; members with Manage Server see it in `/recap channel list`.",
  'weekly.notice.yourServer': "your server",
} as const;
