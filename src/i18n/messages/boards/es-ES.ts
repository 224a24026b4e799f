// Textos en español de las clasificaciones de los juegos (/game leaderboard) y de ocultarse de todas ellas (/settings boards).

export const boards = {
  'games.board.title': '{game, select, cover {Rondas de portadas} daily {Rachas diarias} other {Mayor o menor}} · {kind, select, anime {anime · } manga {manga · } other {}}este servidor',
  'games.board.value': '{game, select, cover {{value, plural, one {# victoria} other {# victorias}}} daily {racha **{value}** (mejor {best})} other {mejor racha **{value}**}}',
  'games.board.you': '{line} ← tú',
  'games.board.yourPlace': 'Tu puesto: **#{rank}** · {value}',
  'games.board.notOn': '{game, select, cover {Gana una ronda de portadas en un canal de este servidor para aparecer aquí.} daily {Comparte aquí una cuadrícula diaria terminada (Compartir bajo `/game daily`) para aparecer aquí.} other {Termina aquí una partida de `/game higher-lower` para aparecer aquí.}}',
  'games.board.youHidden': 'Te ocultas de todas las clasificaciones (`/settings boards`).',
  'games.board.empty': 'Nadie que haya jugado aquí aparece todavía en esta clasificación.',
  'games.board.footer': '{count, plural, one {# jugador} other {# jugadores}} que jugaron aquí · quienes se ocultan no se muestran',

  'settings.boards.hidden.title': 'Oculto de todas las clasificaciones',
  'settings.boards.hidden.text': 'Ya no apareces en ninguna clasificación de ningún servidor. Tus partidas y sus récords se quedan; `/settings boards` te vuelve a mostrar.',
  'settings.boards.shown.title': 'Visible en las clasificaciones',
  'settings.boards.shown.text': 'Vuelves a aparecer en las clasificaciones de los servidores donde jugaste.',
  'settings.show.boards': '{hidden, select, yes {Te ocultas de todas las clasificaciones.} other {Apareces en las clasificaciones de los servidores donde juegas.}}',
};
