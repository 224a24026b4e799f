// Textes français des classements des jeux (/game leaderboard) et du masquage de soi sur tous les classements (/settings boards).

export const boards = {
  'games.board.title': '{game, select, cover {Manches de couvertures} daily {Séries quotidiennes} other {Plus ou moins}} · {kind, select, anime {anime · } manga {manga · } other {}}ce serveur',
  'games.board.value': '{game, select, cover {{value, plural, one {# victoire} other {# victoires}}} daily {série **{value}** (record {best})} other {meilleure série **{value}**}}',
  'games.board.you': '{line} ← toi',
  'games.board.yourPlace': 'Ta place : **#{rank}** · {value}',
  'games.board.notOn': '{game, select, cover {Gagne une manche de couvertures dans un salon de ce serveur pour figurer ici.} daily {Partage ici une grille du jour terminée (Partager sous `/game daily`) pour figurer ici.} other {Termine ici une partie de `/game higher-lower` pour figurer ici.}}',
  'games.board.youHidden': 'Tu te masques de tous les classements (`/settings boards`).',
  'games.board.empty': 'Personne ayant joué ici ne figure encore dans ce classement.',
  'games.board.footer': '{count, plural, one {# joueur} other {# joueurs}} ayant joué ici · les personnes masquées ne sont pas affichées',

  'settings.boards.hidden.title': 'Masqué de tous les classements',
  'settings.boards.hidden.text': 'Tu n’apparais plus dans aucun classement d’aucun serveur. Tes parties et leurs records restent ; `/settings boards` te réaffiche.',
  'settings.boards.shown.title': 'Affiché dans les classements',
  'settings.boards.shown.text': 'Tu apparais de nouveau dans les classements des serveurs où tu as joué.',
  'settings.show.boards': '{hidden, select, yes {Tu te masques de tous les classements.} other {Tu es affiché dans les classements des serveurs où tu joues.}}',
};
