// Deutsche Texte der Spiel-Bestenlisten (/game leaderboard) und des Ausblendens aus allen Bestenlisten (/settings boards).

export const boards = {
  'games.board.title': '{game, select, cover {Cover-Runden} daily {Tägliche Serien} other {Höher oder niedriger}} · {kind, select, anime {Anime · } manga {Manga · } other {}}dieser Server',
  'games.board.value': '{game, select, cover {{value, plural, one {# Sieg} other {# Siege}}} daily {Serie **{value}** (beste {best})} other {bester Lauf **{value}**}}',
  'games.board.you': '{line} ← du',
  'games.board.yourPlace': 'Dein Platz: **#{rank}** · {value}',
  'games.board.notOn': '{game, select, cover {Gewinne eine Cover-Runde in einem Kanal dieses Servers, um hier zu stehen.} daily {Teile hier ein fertiges Tagesraster (Teilen unter `/game daily`), um hier zu stehen.} other {Beende hier einen Lauf von `/game higher-lower`, um hier zu stehen.}}',
  'games.board.youHidden': 'Du blendest dich aus allen Bestenlisten aus (`/settings boards`).',
  'games.board.empty': 'Noch niemand, der hier gespielt hat, steht auf dieser Bestenliste.',
  'games.board.footer': '{count, plural, one {# Person} other {# Personen}} hat hier gespielt · wer sich ausblendet, wird nicht gezeigt',

  'settings.boards.hidden.title': 'Aus allen Bestenlisten ausgeblendet',
  'settings.boards.hidden.text': 'Du erscheinst auf keiner Bestenliste eines Servers mehr. Deine Spiele und Rekorde bleiben; `/settings boards` zeigt dich wieder.',
  'settings.boards.shown.title': 'Auf den Bestenlisten sichtbar',
  'settings.boards.shown.text': 'Du erscheinst wieder auf den Bestenlisten der Server, auf denen du gespielt hast.',
  'settings.show.boards': '{hidden, select, yes {Du blendest dich aus allen Bestenlisten aus.} other {Du wirst auf den Bestenlisten der Server gezeigt, auf denen du spielst.}}',
};
