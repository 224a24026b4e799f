// English messages of the server community: /server, /compare, leaderboards and the activity feed. The keys are the catalogue's; every other locale has exactly these.

export const social = {
  // ---- refusals
  'social.error.animeOnly.title': 'Anime only',
  'social.error.animeOnly.text': 'Days watched are counted from episode lengths, which only anime have. Pick another leaderboard for manga.',
  'social.error.sameMember.title': 'Pick someone else',
  'social.error.sameMember.text': '{withOther, select, yes {Pick two different members.} other {Compare yourself with another member.}}',
  'social.error.notJoined.title': 'Not joined here',
  'social.error.notJoined.text':
    "{you, select, alone {You have} with {You and {who} have} other {{who} {count, plural, one {has} other {have}}}} not joined this server's list community. Run `/server join` in this server first to be compared.",
  'social.error.notRead.title': 'List not read yet',
  'social.error.notRead.text':
    '{you, select, alone {Your} with {Your and {who}} other {{who}}} {kind, select, anime {anime} other {manga}} list has not been read yet. Try again in a few minutes.',
  'social.error.feedLimit.title': 'Too many feed channels',
  'social.error.feedLimit.text': 'A server can post its feed in at most {max, plural, one {# channel} other {# channels}}.',
  'social.error.noFeedThere.title': 'No feed there',
  'social.error.noFeedThere.text': 'The feed does not post in that channel. See `/feed channel list`.',
  'social.who.mention': '<@{id}>',
  'social.who.possessive': "<@{id}>'s",

  // ---- names and titles as shown to the server
  'social.member.unnamed': 'a member',
  'social.title.hidden': '🔞 (title hidden: not safe for work)',
  'social.title.untitled': 'Untitled',

  // ---- "In this server"
  'social.view.title': 'In this server',
  'social.view.titleOf': 'In this server: {title}',
  'social.view.progress.anime': '{progress, number}/{total, plural, one {# episode} other {# episodes}}',
  'social.view.progress.manga': '{progress, number}/{total, plural, one {# chapter} other {# chapters}}',
  'social.view.progressOnly.anime': '{progress, plural, one {# episode} other {# episodes}}',
  'social.view.progressOnly.manga': '{progress, plural, one {# chapter} other {# chapters}}',
  'social.view.scored': 'scored {score, number}',
  'social.view.statusCount': '{count, number} {status}',
  'social.view.noScore': 'Nobody here scored it yet',
  'social.view.mean': 'Their mean score: **{mean}** ({scored, plural, one {# score} other {# scores}})',
  'social.view.haveItHere': '{members, plural, one {# member has} other {# members have}} it here: {summary}',
  'social.view.haveIt': '{members, plural, one {# member has} other {# members have}} it: {summary}',
  'social.view.others': '…and {count, plural, one {# other member} other {# other members}}',
  'social.view.nobodyAnyMore': 'No member has it any more.',
  'social.view.noneOfJoined': "None of the {joined, plural, one {# member} other {# members}} who joined this server's list community has it on their list.",
  'social.view.seeAll': 'See all {members, plural, one {# member} other {# members}} here',

  // ---- /compare
  'social.compare.title': '{kind, select, anime {Anime taste compared} other {Manga taste compared}}',
  'social.compare.pair': '{a} and {b}',
  'social.compare.common':
    '**{share, number}%** of the titles on either list are on both: {common, plural, one {# title} other {# titles}} in common ({countA, number} and {countB, number} on their lists).',
  'social.compare.tooFew': 'Too few titles scored by both to tell ({basis, plural, one {# title} other {# titles}}; at least {min, number} needed).',
  'social.compare.noVariance': 'No correlation: one of you gave all {basis, plural, one {# title} other {# titles}} scored by both the same score.',
  'social.compare.correlation': '**{percent, number}%** correlation of scores, on {basis, plural, one {# title} other {# titles}} scored by both.',
  'social.compare.agree': 'Agree most on',
  'social.compare.disagree': 'Disagree most on',
  'social.compare.scoresLine': '{title} — {a} vs {b}',
  'social.compare.scoresBelow': '-# Scores below: {a} vs {b}',
  'social.comparePlot.caption': '{kind, select, anime {Anime scores} other {Manga scores}}: {a} and {b}',
  'social.comparePlot.axis': '{name}: score',
  'social.comparePlot.summary': '{basis, plural, one {# title} other {# titles}} scored by both · {correlation, select, value {correlation {percent, number}%} tooFew {too few to correlate} other {no correlation}}',
  'social.comparePlot.alt': 'Plot of the scores of titles both scored, {a} across and {b} up: {summary}. On the agreement line: {same, number}; {a} higher: {aHigher, number}; {b} higher: {bHigher, number}.',
  'social.serverChart.caption': '{kind, select, anime {Anime} other {Manga}} most held in this server · {status}',
  'social.serverChart.members': '{count, plural, one {# member} other {# members}}',
  'social.serverChart.altTile': '{title}, {count, plural, one {# member} other {# members}}{scored, select, yes {, mean score {mean}} other {}}',
  'social.serverChart.empty': '{caption}: no titles on the joined members\' lists yet.',

  // ---- /server leaderboard
  'social.leaderboard.metric.episodes': 'Episodes watched',
  'social.leaderboard.metric.chapters': 'Chapters read',
  'social.leaderboard.metric.days': 'Days watched',
  'social.leaderboard.metric.completed': 'Completed titles',
  'social.leaderboard.metric.meanScore': 'Mean score',
  'social.leaderboard.title': '{metric} — {kind, select, anime {anime} other {manga}} leaderboard',
  'social.leaderboard.episodes': '{count, plural, one {# episode} other {# episodes}}',
  'social.leaderboard.chapters': '{count, plural, one {# chapter} other {# chapters}}',
  'social.leaderboard.days': '{count, plural, one {# day} other {# days}}',
  'social.leaderboard.titles': '{count, plural, one {# title} other {# titles}}',
  'social.leaderboard.meanScore': '{mean} ({count, plural, one {# score} other {# scores}})',
  'social.leaderboard.you': '▶ {line} ← you',
  'social.leaderboard.notOn': 'You are not on this leaderboard.',
  'social.leaderboard.yourPlace': 'You are **#{rank}** with {value}.',
  'social.leaderboard.empty': 'Nobody here has anything to count yet.',
  'social.leaderboard.footer': "{count, plural, one {# member} other {# members}} of this server's list community ranked",

  // ---- /server top
  'social.top.title': '{kind, select, anime {Top anime in this server} other {Top manga in this server}}',
  'social.top.titleFiltered': '{kind, select, anime {Top anime in this server} other {Top manga in this server}} ({status})',
  'social.top.members': '{count, plural, one {# member} other {# members}}',
  'social.top.notScored': 'not scored',
  'social.top.mean': 'mean {mean}',
  'social.top.yours': '✓ you: {status}',
  'social.top.yoursScored': '✓ you: {status}, {score, number}',
  'social.top.empty': 'No {kind, select, anime {anime} other {manga}} is on the lists of {min, plural, one {# member} other {# members}} or more yet.',
  'social.top.footer': 'Titles at least {min, plural, one {# member has} other {# members have}}; ✓ marks those on your list',

  // ---- /server join | leave
  'social.join.title': 'Joined',
  'social.join.titleAlready': 'Already joined',
  'social.join.joined': "You joined this server's list community as {who}.",
  'social.join.already': "You had already joined this server's list community as {who}.",
  'social.join.canSee': 'Members of this server can now see:',
  'social.join.shown.info': 'your anime and manga list entries, each with its status, score and progress, in the "In this server" part of `/anime info` and `/manga info`',
  'social.join.shown.compare': "how alike your scores are to another member's, with `/compare`",
  'social.join.shown.boards': 'your place on `/server leaderboard` (episodes, days watched, completed titles, mean score) and your titles counted in `/server top`',
  'social.join.shown.feed': "posts in this server's activity feed, if it has one, when you start, complete, drop or score a title or watch or read more of it",
  'social.join.copy':
    'The bot keeps a copy of your lists ({anime, plural, one {# anime entry} other {# anime entries}} and {manga, plural, one {# manga entry} other {# manga entries}} now) and reads them again from the service regularly (more often while you are active, less while they stay the same); changes you make through the bot show at once. Other servers see nothing unless you join there too.',
  'social.join.undo':
    'To stop being shown here: `/server leave` in this server. `/logout` and "Also delete everything stored about me" removes every membership and the copy of your lists.',
  'social.leave.title': 'Left',
  'social.leave.text':
    "You left this server's list community: its members no longer see your lists, scores or progress here, and its activity feed no longer posts your changes. When you have left every server, the copy of your lists is deleted.",
  'social.leave.notJoined.title': 'Not joined',
  'social.leave.notJoined.text': "You had not joined this server's list community: nothing about you is shown here.",
  'social.join.leftMeanwhile.title': 'Not joined',
  'social.join.leftMeanwhile.text':
    "You left this server's list community, or asked for everything about you to be deleted, while joining: you are not a member, and nothing about you is shown here. Run `/server join` again to join.",

  // ---- activity feed posts
  'social.feed.hidden': '🔞 a title hidden here',
  'social.feed.watched': 'watched {count, plural, one {# episode} other {# episodes}}',
  'social.feed.read': 'read {count, plural, one {# chapter} other {# chapters}}',
  'social.feed.at': '{to, number}/{total, number}',
  'social.feed.atNoTotal': '{to, number}',
  'social.feed.progress': '{gained} ({at})',
  'social.feed.score': 'scored {score, number}/10',
  'social.feed.line.startedWatching': '▶️ started watching {name}',
  'social.feed.line.startedReading': '▶️ started reading {name}',
  'social.feed.line.completed': '✅ completed {name}',
  'social.feed.line.dropped': '⏹️ dropped {name}',
  'social.feed.line.progressed': '📈 {gained} of {name} (now {at})',
  'social.feed.line.scored': '⭐ scored {score, number}/10 {name}',
  'social.feed.line.scoredNoValue': '⭐ scored {name}',
  'social.feed.more': '…and {count, plural, one {# more title} other {# more titles}}',
  'social.feed.author': "{user}'s list",
  'social.feed.footer': 'Shown because they joined this server with /server join · managers: /feed channel remove turns the feed off',
  'social.feed.button.open': 'Open: {title}',
  'social.feed.button.add': 'Add to my list',
  'social.feed.alreadyOnList.title': 'Already on your list',
  'social.feed.alreadyOnList.text': '**{name}** is on your list as {status}; it was left as it is.',
  'social.feed.added.title': 'Added to your list',
  'social.feed.added.text': '**{name}** is on your list as {status}.',
  'social.feed.added.hidden': '-# The title is marked not safe for work, so it is not named here.',

  // ---- /feed channel add | list | remove
  'social.feedChannel.added': 'Feed channel added',
  'social.feedChannel.updated': 'Feed channel updated',
  'social.feedChannel.addedText':
    "The bot will post in <#{channel}>{hasRole, select, yes {, mentioning <@&{role}>} other {}} when members who joined with `/server join` start, complete, drop, score or advance a title (a member's changes within a couple of minutes make one post).",
  'social.feedChannel.hiddenNote': 'Titles marked not safe for work show as "a title hidden here" (they are named only in age-restricted channels).',
  'social.feedChannel.removed': 'Feed channel removed',
  'social.feedChannel.removedText': 'The bot will post no more feed posts in <#{channel}>.',
  'social.feedChannel.list.title': "This server's activity feed",
  'social.feedChannel.list.none': 'The feed posts in no channel. A member with Manage Server can start it with `/feed channel add`.',
  'social.feedChannel.list.head':
    'Posts in {count, plural, one {# channel} other {# channels}} what members who joined with `/server join` start, complete, drop, score or advance.',
  'social.feedChannel.list.mentioning': ', mentioning <@&{role}>',
  'social.feedChannel.list.adult': ' · age-restricted: not-safe-for-work titles are named',
  'social.feedChannel.paused':
    '\u2003⚠️ **paused**: Discord refused a post ({reason}). Give the bot View Channel, Send Messages and Embed Links in <#{channel}>, then run `/feed channel add` for it again.',
  'social.feedChannel.noReason': 'no reason given',
  'social.feedChannel.pausedWarning': '⚠️ The feed is paused in {count, plural, one {# channel} other {# channels}}:',
  'social.feedChannel.notice.title': 'The activity feed is paused in a channel',
  'social.feedChannel.notice.refused':
    "Discord refused the bot's feed post in <#{channel}> of **{server}** ({reason}), so the feed there is paused.",
  'social.feedChannel.notice.fix':
    'To fix it, give the bot View Channel, Send Messages and Embed Links in that channel{hasRole, select, yes { (and a way to mention its role)} other {}}, then run `/feed channel add` for it again in the server. To stop the feed there instead: `/feed channel remove`.',
  'social.feedChannel.notice.why': '-# You get this because you own the server; members with Manage Server see it in `/feed channel list`.',
  'social.feedChannel.notice.yourServer': 'your server',
} as const;
