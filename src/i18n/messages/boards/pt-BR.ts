// Textos em português dos placares dos jogos (/game leaderboard) e de se ocultar de todos os placares (/settings boards).

export const boards = {
  'games.board.title': '{game, select, cover {Rodadas de capas} daily {Sequências diárias} other {Maior ou menor}} · {kind, select, anime {anime · } manga {mangá · } other {}}este servidor',
  'games.board.value': '{game, select, cover {{value, plural, one {# vitória} other {# vitórias}}} daily {sequência **{value}** (melhor {best})} other {melhor sequência **{value}**}}',
  'games.board.you': '{line} ← você',
  'games.board.yourPlace': 'Sua posição: **#{rank}** · {value}',
  'games.board.notOn': '{game, select, cover {Vença uma rodada de capas em um canal deste servidor para aparecer aqui.} daily {Compartilhe aqui uma grade diária terminada (Compartilhar sob `/game daily`) para aparecer aqui.} other {Termine aqui uma partida de `/game higher-lower` para aparecer aqui.}}',
  'games.board.youHidden': 'Você se oculta de todos os placares (`/settings boards`).',
  'games.board.empty': 'Ninguém que jogou aqui está neste placar ainda.',
  'games.board.footer': '{count, plural, one {# jogador} other {# jogadores}} que jogaram aqui · quem se oculta não é mostrado',

  'settings.boards.hidden.title': 'Oculto de todos os placares',
  'settings.boards.hidden.text': 'Você não aparece mais em nenhum placar de nenhum servidor. Seus jogos e recordes continuam; `/settings boards` mostra você de novo.',
  'settings.boards.shown.title': 'Visível nos placares',
  'settings.boards.shown.text': 'Você aparece de novo nos placares dos servidores onde jogou.',
  'settings.show.boards': '{hidden, select, yes {Você se oculta de todos os placares.} other {Você aparece nos placares dos servidores onde joga.}}',
};
