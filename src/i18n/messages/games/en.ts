// English messages of the games (/game): the daily puzzle, its clues and grid, stats. The keys are the
// catalogue's; every other locale has exactly these.

export const games = {
  'games.pool.waiting': 'The game is still getting its titles ready (they are read in the background, a few requests a week). Come back {time} ({relative}).',

  // ---- /game daily
  'games.daily.title': 'Daily {kind, select, anime {anime} other {manga}} puzzle · {day}',
  'games.daily.intro': "Guess today's secret {kind, select, anime {anime} other {manga}} in {max} tries with `/game guess title:`; each guess shows how the secret compares. Everyone has the same secret today; a new one comes {reset}.",
  'games.daily.progress': '{used, plural, =0 {No guess yet.} one {# guess used of {max}.} other {# guesses used of {max}.}}',
  'games.daily.over': 'Your puzzle for today is over. A new one comes {reset}.',

  // ---- a guess
  'games.guess.title': 'Guess {n} of {max}: {title}',
  'games.guess.solved': 'Solved in {n, plural, one {# guess} other {# guesses}}! Your streak: {streak}.',
  'games.guess.lost': 'No guesses left. The answer was **{title}** (only you see this).',
  'games.guess.left': '{left, plural, one {# guess left.} other {# guesses left.}}',
  'games.guess.notInPool': '“{input}” is not one of the game’s titles, so it does not count.',
  'games.guess.closest': 'Closest titles: {titles}',
  'games.guess.noneClose': 'No title looks close; pick one of the suggestions while typing.',
  'games.guess.repeated': 'You guessed **{title}** already; it does not count again.',

  // ---- clues
  'games.clue.year': 'Start year',
  'games.clue.season': 'Season',
  'games.clue.mediaType': 'Type',
  'games.clue.episodes': 'Episodes',
  'games.clue.score': 'Score',
  'games.clue.studios': 'Studios',
  'games.clue.genres': 'Genres',
  'games.clue.source': 'Source',
  'games.clue.volumes': 'Volumes',
  'games.clue.chapters': 'Chapters',
  'games.clue.authors': 'Authors',
  'games.clue.serialization': 'Serialization',
  'games.verdict':
    '{verdict, select, match {same as the secret} partial {some shared} miss {not the secret’s} unknown {unknown for one of them} higher {{scale, select, time {the secret is later} count {the secret has more} other {the secret is higher}}} other {{scale, select, time {the secret is earlier} count {the secret has fewer} other {the secret is lower}}}}',
  'games.verdict.shared': 'shared: {names}',
  'games.value.unknown': 'unknown',
  'games.value.none': 'none',

  // ---- the grid and Share
  'games.grid.title': '{kind, select, anime {Anime} other {Manga}} puzzle {day}: {solved, select, yes {{n}/{max}} other {X/{max}}}',
  'games.grid.by': 'Played by {user}',
  'games.share': 'Share',
  'games.error.noShare.title': "Nothing to share yet",
  'games.error.noShare.text': 'Nothing to share yet: finish today’s puzzle first.',

  // ---- /game stats
  'games.stats.title': 'Your {kind, select, anime {anime} other {manga}} games',
  'games.stats.text': 'Streak: **{streak}** (best {best}) · days solved: **{solved}** · missed: {lost}',
  'games.stats.distribution': 'Guesses to solve',
  'games.stats.none': 'No daily puzzle finished yet. Start one with `/game daily`.',
  'games.stats.higherLower': 'Higher or lower, best run: **{best}**',
  'games.hl.title': "Higher or lower · {kind, select, anime {anime} other {manga}}",
  'games.hl.question': "Which has the higher score?",
  'games.hl.run': "Run: {run}",
  'games.hl.right': "Right! **{a}**: {sa} · **{b}**: {sb}",
  'games.hl.wrong': "Wrong: **{a}**: {sa} · **{b}**: {sb}. Your run: **{run}** (best {best}). Play again with `/game higher-lower`.",
  'games.hl.finished': "No more titles to compare: your run ends at **{run}** (best {best}).",
  'games.hl.tooFew': "The game pool has too few scored titles to play; come back after its next read.",
  'games.error.hlEnded.title': "This round is over",
  'games.error.hlEnded.text': "This round was answered already or has ended. Start again with `/game higher-lower`.",
  'games.guessButton': "Guess",
  'games.modal.title': "Guess today’s {kind, select, anime {anime} other {manga}}",
  'games.modal.label': "Title, ID or link",

  // ---- cover rounds (/game cover, /game answer)
  'games.cover.title': "Cover round {n} of {total}",
  'games.cover.prompt': "Name this {kind, select, anime {anime} other {manga}} from its cover! It sharpens every 10 seconds until {end}. Answer with `/game answer title:` or the **Answer** button; the first right answer wins.",
  'games.cover.frame': "Sharpness {frame} of {frames}",
  'games.cover.alt': "A {kind, select, anime {anime} other {manga}} cover in coarse coloured blocks, sharpness {frame} of {frames}",
  'games.cover.resultAlt': "The cover of {title}",
  'games.cover.wonTitle': "Round {n} of {total}: {title}",
  'games.cover.won': "{user} named it in {seconds} s!",
  'games.cover.nobody': "No one named it in time.",
  'games.cover.more': "The next round starts now.",
  'games.cover.over': "That was the last round. Play again with `/game cover`.",
  'games.cover.closed': "This round is over.",
  'games.cover.started': "{rounds, plural, one {A cover round starts} other {# cover rounds start}} in this channel now. Name the cover with `/game answer title:` or the **Answer** button.",
  'games.cover.running': "A cover round is already running here: {link}. Answer it, or start again once it ends.",
  'games.cover.answer.won': "Right! You won round {n} in {seconds} s.",
  'games.cover.answer.wrong': "Not this one. Keep looking at the cover.",
  'games.cover.answer.taken': "Too late: round {n} was won by {user} ({title}).",
  'games.cover.answer.takenNobody': "Round {n} is over: no one named {title}.",
  'games.cover.answer.none': "No cover round is running in this channel. Start one with `/game cover`.",
  'games.cover.answer.stale': "Those rounds have ended. Start new ones with `/game cover`.",
  'games.cover.answerButton': "Answer",
  'games.cover.modal.title': "Name the cover",
  'games.cover.modal.label': "Title (any form) or ID",
  'games.cover.empty': "The game pool has no covers to play with yet; come back after its next read.",
  'games.cover.linkRound': "round {n}",
};
