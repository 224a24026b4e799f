// English messages of episode reminders: the /remind command, reminder lists and the reminder posts. The keys are the catalogue's; every other locale has exactly these.

export const reminders = {
  // /remind add, remove, follow-list, delay, resume
  'reminders.added.title': 'Reminder set',
  'reminders.added.text': 'You will get a DM when a new episode of **{title}** is expected.',
  'reminders.next.episode': 'The next one, episode {episode}, is expected {time} ({relative}) from the Japanese broadcast.',
  'reminders.next.unnumbered': 'The next one is expected {time} ({relative}) from the Japanese broadcast.',
  'reminders.removed.title': 'Reminders stopped',
  'reminders.removed.text': 'You will get no more reminders for that title.',
  'reminders.followList.on.title': 'Following your list',
  'reminders.followList.on.text':
    'You now get reminders for the {count, plural, one {# airing title} other {# airing titles}} on your Watching and Plan to Watch lists. Changes to your list are picked up within a few hours.',
  'reminders.followList.off.title': 'Stopped following your list',
  'reminders.followList.off.text': 'Titles you added with `/remind add` keep their reminders.',
  'reminders.delay.title': 'Delay set',
  'reminders.delay.text': 'Reminders now come {minutes, plural, one {# minute} other {# minutes}} after the expected Japanese broadcast.',
  'reminders.resumed.title': 'Reminders resumed',
  'reminders.resumed.text': 'The bot will DM you again. Keep your DMs open for it.',
  'reminders.notPaused.title': 'Reminders were not paused',
  'reminders.notPaused.text': 'Your reminders are running.',

  // /remind channel add, remove
  'reminders.channelAdded.title': 'Channel reminder set',
  'reminders.channelAdded.text':
    'The bot will post in {channel}{role, select, none {} other {, mentioning {role}}}{delay, plural, =0 {} one { # minute after the Japanese broadcast} other { # minutes after the Japanese broadcast}}{thread, select, yes {, opening a thread on each post for the episode} other {}} when a new episode of **{title}** is expected.',
  'reminders.channelRemoved.title': 'Channel reminders stopped',
  'reminders.channelRemoved.text': 'The bot will post no more reminders for that title in {channel}.',

  // Errors of /remind told as UserFacingError (title and text)
  'reminders.error.nsfw.title': 'Not safe for work',
  'reminders.error.nsfw.text': 'That title is marked not safe for work: pick an age-restricted channel for its reminders.',
  'reminders.error.notFollowing.title': 'Not following',
  'reminders.error.notFollowing.text': 'You get no reminders for that title. See `/remind list`.',
  'reminders.error.notFollowingChannel.title': 'Not following',
  'reminders.error.notFollowingChannel.text': 'That channel gets no reminders for that title. See `/remind channel list`.',

  // What a refused reminder request says (ReminderError), under error.reminder.title
  'reminders.refused.notExpected': 'No episode of {title} is expected ({reason}), so there is nothing to remind you of.',
  'reminders.refused.notExpectedChannel': 'No episode of {title} is expected ({reason}), so there is nothing to post.',
  'reminders.refused.delay': 'The delay must be a whole number of minutes from 0 to {max}.',
  'reminders.refused.tooMany': 'You can follow at most {max} titles.',
  'reminders.refused.tooManyChannel': 'A server can follow at most {max} titles across its channels.',
  'reminders.refused.followListLogin': 'Follow-list reads your Watching and Plan-to-watch lists: link your account with `/login` first.',

  // Why no episode is expected of a title
  'reminders.inactive.finished': 'finished airing',
  'reminders.inactive.noBroadcastTime': 'no broadcast time known',
  'reminders.inactive.noStartDate': 'no start date known yet',
  'reminders.inactive.allAired': 'all episodes aired',
  'reminders.inactive.none': 'no episode expected',

  // Why the bot cannot post in a channel (ChannelAccessError), under error.channelAccess.title
  'reminders.access.cannotSee': 'The bot cannot see that channel: give it the View Channel permission there.',
  'reminders.access.otherServer': 'That channel is not in this server.',
  'reminders.access.channelType': 'Pick a text or announcement channel.',
  'reminders.access.missing':
    'The bot lacks {permissions} in that channel. Give it {count, plural, one {that permission} other {those permissions}} there, then try again.',
  'reminders.access.roleNotInServer': 'That role is not in this server.',
  'reminders.access.everyone': 'Pick a role to mention, not @everyone.',
  'reminders.access.roleNotMentionable':
    'The bot cannot mention that role: make the role mentionable, or give the bot Mention @everyone, @here and All Roles in that channel.',
  // Discord's names of the permissions (as its settings show them)
  'reminders.permission.viewChannel': 'View Channel',
  'reminders.permission.sendMessages': 'Send Messages',
  'reminders.permission.embedLinks': 'Embed Links',
  'reminders.permission.createPublicThreads': 'Create Public Threads',
  'reminders.permission.attachFiles': 'Attach Files',

  // The reminder post (a DM, or a post in a server channel)
  'reminders.post.headline': 'Episode {episode} of {title} is expected to be out',
  'reminders.post.headlineUnnumbered': 'A new episode of {title} is expected to be out',
  'reminders.post.expected': 'Expected from the Japanese broadcast at {time} ({relative}); streams may come later.',
  'reminders.post.late': '-# Late: the bot was offline when this reminder was due.',
  'reminders.post.button.addEpisode': '+1 episode',
  'reminders.post.button.open': 'Open',
  'reminders.post.button.stop': 'Stop reminders for this title',
  'reminders.post.button.discussion': 'Episode {episode} discussion',
  'reminders.thread.episode': 'Episode {episode}',
  'reminders.thread.newEpisode': 'New episode',

  // The closed-DMs pause notice
  'reminders.paused.title': 'Your episode reminders are paused',
  'reminders.paused.text':
    "Discord did not let the bot send you a direct message, so your reminders are paused. Allow direct messages from this server's members (or from apps) in your privacy settings, then run `/remind resume`.",

  // Reminders that failed for good
  'reminders.failed.header': '⚠️ {count, plural, one {# reminder} other {# reminders}} could not be delivered:',
  'reminders.failed.item': '{title}: {reason} ({when})',
  'reminders.failed.itemEpisode': '{title} ep {episode}: {reason} ({when})',
  'reminders.failed.reason.gone': 'Discord refused the post',
  'reminders.failed.reason.retry': 'Discord did not take it in time',

  // /remind list
  'reminders.list.title': 'Your episode reminders',
  'reminders.list.followList': 'Follow my list: **{state, select, on {on} other {off}}**',
  'reminders.list.delay': 'Delay after the Japanese broadcast: **{minutes} min**',
  'reminders.list.paused': '⚠️ **Paused**: the bot could not DM you. Open your DMs, then run `/remind resume`.',
  'reminders.list.fromList': 'from your list',
  'reminders.list.nextEpisode': 'ep {episode} {time} {relative}',
  'reminders.list.next': '{time} {relative}',
  'reminders.list.empty': 'You follow no airing titles. Add one with `/remind add`.',
  'reminders.list.footer': 'Times are expected, not confirmed: breaks and delays are not announced through the service.',
  'reminders.list.choice': '{title} · ID {id}',

  // /remind channel list
  'reminders.channelList.title': 'Episode reminders in this server',
  'reminders.channelList.delay': '+{minutes} min',
  'reminders.channelList.thread': 'a thread per episode',
  'reminders.channelList.paused': "⚠️ paused: Discord refused a post ({reason}). Fix the bot's access, then add it again.",
  'reminders.channelList.noReason': 'no reason given',
  'reminders.channelList.empty': 'No channel follows a title yet. Add one with `/remind channel add`.',

  // The stop button of a DM reminder
  'reminders.stop.title': 'Reminders stopped',
  'reminders.stop.text': 'You will get no more reminders for this title. `/remind add` starts them again.',
  'reminders.stop.notFollowing.title': 'Not following',
  'reminders.stop.notFollowing.text': 'You were not getting reminders for this title.',
} as const;
