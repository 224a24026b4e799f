// English messages of `/server pick` and its poll: the pick, the Vote and End poll buttons, the poll and
// its result. The keys are the catalogue's; every other locale has exactly these.

export const polls = {
  'polls.pick.title': '{kind, select, anime {What to watch together} other {What to read together}}',
  'polls.pick.intro':
    '{kind, select, anime {Plan-to-watch} other {Plan-to-read}} titles of {members, plural, one {# member} other {# members}} that none of them completed or dropped, the most wanted first:',
  'polls.pick.row': '**{rank, number}.** {title} — {count, plural, one {# wants it} other {# want it}}: {who}',
  'polls.pick.hidden': '{count, plural, one {# title} other {# titles}} not safe for work left out (this channel is not age-restricted).',
  'polls.pick.footer': 'Vote: a {hours, plural, one {#-hour} other {#-hour}} poll in this channel, for whoever ran the pick or a member with Manage Events.',
  'polls.pick.noBot': 'No Vote here: a poll needs the bot in this server, and here the app is only installed to your account (someone with Manage Server can add it with Add App on the bot’s profile).',
  'polls.pick.vote': 'Vote',
  'polls.pick.nothing.title': 'Nothing to pick',
  'polls.pick.nothing.text':
    '{kind, select, anime {No title is on the plan-to-watch list} other {No title is on the plan-to-read list}} of {members, plural, one {this member} other {these # members}} without one of them having completed or dropped it{hidden, select, yes { (titles not safe for work are left out outside age-restricted channels)} other {}}.',
  'polls.error.noMembers.title': 'Nobody joined yet',
  'polls.error.noMembers.text': "Nobody here has joined this server's list community yet. Members join with `/server join`.",
  'polls.error.pickGone.title': 'Pick expired',
  'polls.error.pickGone.text': 'This pick is too old to vote on. Run `/server pick` again.',
  'polls.error.notYours.title': 'Not yours',
  'polls.error.notYours.text': 'Only the member who {what, select, vote {ran this pick} other {started this poll}}, or a member with Manage Events, can do this.',
  'polls.error.pollGone.title': 'Poll unknown',
  'polls.error.pollGone.text': 'The bot no longer knows this poll (it ended long ago).',
  'polls.poll.question': '{kind, select, anime {What should we watch?} other {What should we read?}}',
  'polls.open.text': 'The poll is open until {end} ({relative}). The result is posted here when it ends.',
  'polls.open.already': 'A poll from this pick is already open in this channel.',
  'polls.end.button': 'End poll',
  'polls.end.done': 'The poll has ended. The result follows here within a minute.',
  'polls.end.already': 'This poll has already ended.',
  'polls.refused.channelType': 'Discord does not allow polls in this kind of channel.',
  'polls.refused.other': 'Discord refused the poll ({status} / {code}).',
  'polls.refused.end': 'The bot can no longer end this poll: it lost access to the channel.',
  'polls.permission.sendPolls': 'Send Polls',
  'polls.permission.readHistory': 'Read Message History',
  'polls.result.title': 'The vote is in: {title}',
  'polls.result.text':
    '**{votes, plural, one {# vote} other {# votes}}** of {total, plural, one {#} other {#}}. {wanters, plural, one {# member plans} other {# members plan}} to {kind, select, anime {watch} other {read}} it.',
  'polls.result.tieMembers': 'It tied on votes and won because more members want it.',
  'polls.result.tieOrder': 'It tied on votes and on members who want it, and won because it ranked higher in the pick.',
  'polls.result.none.title': 'Nobody voted',
  'polls.result.none.text': 'The poll ended without a vote, so there is no winner.',
  'polls.result.plan': 'Plan a watch party',
  'polls.result.page': 'Open its page',
} as const;
