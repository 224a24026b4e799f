// English messages of watch parties: /watchparty, the scheduled event the bot creates, and the
// "watched it?" post when it ends. The keys are the catalogue's; every other locale has exactly these.

export const watchparty = {
  // ---- the event as Discord shows it (in the server's language)
  'watchparty.event.name': '{title} · Episode {episode}',
  'watchparty.event.intro': 'Watch party: episode {episode} of {title}.',
  'watchparty.event.prequel': 'Synopsis left out: this title has a prequel, and it could spoil it.',
  'watchparty.event.hidden': 'Synopsis left out: this server hides synopses in what the bot posts.',
  'watchparty.event.more': 'Details: {url}',

  // ---- /watchparty create
  'watchparty.created.title': 'Watch party planned',
  'watchparty.created.text': '**{name}** starts {time} ({relative}) and ends {end}. {place, select, here {It takes place in this channel.} other {It takes place in {place}.}}',
  'watchparty.created.zone': 'Start read in {zone, select, UTC {UTC} other {{zone}}}{given, select, no { (the default; give `timezone` for yours)} other {}}.',
  'watchparty.created.airing': 'The start is the next expected broadcast of episode {episode} in Japan.',
  'watchparty.created.after': 'When it ends, the bot asks here who watched it.',
  'watchparty.created.open': 'Open the event',

  // ---- /watchparty list and cancel
  'watchparty.list.title': 'Watch parties in this server',
  'watchparty.list.empty': 'No watch party is planned. Plan one with `/watchparty create`.',
  'watchparty.list.item':
    '**{name}** · {time} ({relative}) · {active, select, yes {on now} other {planned}} · {count, plural, one {# interested} other {# interested}} · by {creator}',
  'watchparty.canceled.title': 'Watch party canceled',
  'watchparty.canceled.text': '**{name}** is canceled.',

  // ---- the post when it ends (in the server's language)
  'watchparty.ended.title': 'Episode {episode} of {title}: watched it?',
  'watchparty.ended.interested': '{count, plural, =0 {No one marked themselves interested.} one {# person was interested.} other {# people were interested.}}',
  'watchparty.ended.press': 'Press **+1 on my list** to set your progress to episode {episode} (needs `/login`).',
  'watchparty.button.watched': '+1 on my list',

  // ---- the button's answers
  'watchparty.already.title': 'Already there',
  'watchparty.already.text': 'Your list has **{title}** at episode {watched} already.',

  // ---- "Plan a watch party" on a poll result
  'watchparty.plan.command.title': 'Plan it with a command',
  'watchparty.plan.command.text': '**{title}** does not air on a schedule the bot knows, so it needs a start. Run `/watchparty create title:{id} start:YYYY-MM-DD HH:MM` (add `timezone` for yours).',

  // ---- refusals
  'watchparty.error.userPermission.title': 'Missing permission',
  'watchparty.error.userPermission.text': 'You need the **Create Events** or **Manage Events** permission in this server to {action, select, cancel {cancel a watch party you did not plan} other {plan a watch party}}.',
  'watchparty.error.botPermission.title': 'The bot is missing a permission',
  'watchparty.error.botPermission.text': 'The bot needs the **Create Events** permission in this server (or **Manage Events**) to create the event. Ask a moderator to give it to the bot.',
  'watchparty.error.notCreator.title': 'Not yours to cancel',
  'watchparty.error.notCreator.text': 'Only the member who planned it, or a member with **Manage Events**, can cancel this watch party.',
  'watchparty.error.startRequired.title': 'Give a start',
  'watchparty.error.startRequired.text': '**{title}** does not air on a schedule the bot knows. Give `start` as YYYY-MM-DD HH:MM.',
  'watchparty.error.startFormat.title': 'Start not understood',
  'watchparty.error.startFormat.text': 'Write `start` as YYYY-MM-DD HH:MM, for example 2026-12-24 20:30.',
  'watchparty.error.startPast.title': 'Start has passed',
  'watchparty.error.startPast.text': 'That start ({time}) has passed. Pick a time in the future.',
  'watchparty.error.timezone.title': 'Unknown time zone',
  'watchparty.error.timezone.text': 'The bot does not know the time zone `{zone}`. Pick one from the list, for example Europe/Berlin.',
  'watchparty.error.episode.title': 'No such episode',
  'watchparty.error.episode.text': '**{title}** has {count, plural, one {# episode} other {# episodes}}.',
  'watchparty.error.nsfw.title': 'Not for a watch party',
  'watchparty.error.nsfw.text': 'Everyone in the server sees its events, so titles not safe for work get no watch party.',
  'watchparty.error.tooMany.title': 'Too many events',
  'watchparty.error.tooMany.text': 'This server has the most scheduled events Discord allows (100). Cancel or end one first.',
  'watchparty.error.refused.title': 'Discord refused the event',
  'watchparty.error.refused.text':
    'The bot lacks a permission Discord asks for this event. In a voice channel it needs **View Channel** and **Connect** there; for a stage, **Manage Channels**, **Mute Members** and **Move Members**.',
  'watchparty.error.invalid.title': 'Discord refused the event',
  'watchparty.error.invalid.text': 'Discord did not take the event: {detail}',
  'watchparty.error.unknown.title': 'No such watch party',
  'watchparty.error.unknown.text': 'This server has no watch party planned by the bot with that id. Pick one from the list.',
} as const;
