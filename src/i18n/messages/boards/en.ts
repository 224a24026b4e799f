// English messages of the game boards (/game leaderboard) and of hiding oneself from every board
// (/settings boards). The keys are the catalogue's; every other locale has exactly these.

export const boards = {
  'games.board.title': '{game, select, cover {Cover rounds} daily {Daily streaks} other {Higher or lower}} · {kind, select, anime {anime · } manga {manga · } other {}}this server',
  'games.board.value': '{game, select, cover {{value, plural, one {# win} other {# wins}}} daily {streak **{value}** (best {best})} other {best run **{value}**}}',
  'games.board.you': '{line} ← you',
  'games.board.yourPlace': 'Your place: **#{rank}** · {value}',
  'games.board.notOn': '{game, select, cover {Win a cover round in one of this server’s channels to be on this board.} daily {Share a finished daily grid here (Share under `/game daily`) to be on this board.} other {End a `/game higher-lower` run here to be on this board.}}',
  'games.board.youHidden': 'You hide yourself from every board (`/settings boards`).',
  'games.board.empty': 'No one who played here has a place on this board yet.',
  'games.board.footer': '{count, plural, one {# player} other {# players}} who played here · people who hide themselves are not shown',

  'settings.boards.hidden.title': 'Hidden from every board',
  'settings.boards.hidden.text': 'You no longer appear on any board of any server. Your games and their records stay; `/settings boards` shows you again.',
  'settings.boards.shown.title': 'Shown on the boards',
  'settings.boards.shown.text': 'You appear again on the boards of the servers where you played.',
  'settings.show.boards': '{hidden, select, yes {You hide yourself from every board.} other {You are shown on the boards of the servers where you play.}}',
};
