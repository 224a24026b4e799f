// The texts of /game leaderboard and /settings boards in each language (spread into that language's
// file), kept apart so the boards add one line to each.

import type { CommandTexts } from './types.js';

export const gameBoardsJa = {
  'game leaderboard': { name: 'ランキング', description: 'ここで遊んだ人の中でのこのサーバーのベスト' },
  'game leaderboard game': { name: 'ゲーム', description: 'どのゲーム', choices: { cover: 'カバーラウンド：勝利数', daily: 'デイリーパズル：連続記録', 'higher-lower': 'ハイ＆ロー：最高記録' } },
  'game leaderboard kind': { name: '種類', description: 'アニメ（既定）またはマンガ。カバーラウンドは両方を数える', choices: { anime: 'アニメ', manga: 'マンガ' } },
  'settings boards': { name: 'ランキング', description: 'すべてのランキングから自分を隠す、または再び表示する' },
  'settings boards visibility': { name: '表示', description: 'ランキングに表示するかどうか', choices: { hidden: 'すべてのランキングから隠す', shown: '表示する（既定）' } },
} satisfies CommandTexts;

export const gameBoardsDe = {
  'game leaderboard': { name: 'bestenliste', description: 'Die Besten dieses Servers unter denen, die hier gespielt haben' },
  'game leaderboard game': { name: 'spiel', description: 'Welches Spiel', choices: { cover: 'Cover-Runden: Siege', daily: 'Tagesrätsel: Serien', 'higher-lower': 'Höher oder niedriger: bester Lauf' } },
  'game leaderboard kind': { name: 'art', description: 'Anime (Standard) oder Manga; Cover-Runden zählen beides', choices: { anime: 'Anime', manga: 'Manga' } },
  'settings boards': { name: 'bestenlisten', description: 'Dich aus allen Bestenlisten ausblenden oder wieder zeigen' },
  'settings boards visibility': { name: 'sichtbarkeit', description: 'Ob du auf Bestenlisten erscheinst', choices: { hidden: 'Aus allen Bestenlisten ausblenden', shown: 'Zeigen (Standard)' } },
} satisfies CommandTexts;

export const gameBoardsFr = {
  'game leaderboard': { name: 'classement', description: 'Les meilleurs de ce serveur parmi ceux qui y ont joué' },
  'game leaderboard game': { name: 'jeu', description: 'Quel jeu', choices: { cover: 'Manches de couvertures : victoires', daily: 'Énigme du jour : séries', 'higher-lower': 'Plus ou moins : meilleure série' } },
  'game leaderboard kind': { name: 'type', description: 'Anime (par défaut) ou manga ; les manches de couvertures comptent les deux', choices: { anime: 'Anime', manga: 'Manga' } },
  'settings boards': { name: 'classements', description: 'Te masquer de tous les classements, ou t’y afficher de nouveau' },
  'settings boards visibility': { name: 'visibilite', description: 'Apparaître ou non dans les classements', choices: { hidden: 'Masqué de tous les classements', shown: 'Affiché (par défaut)' } },
} satisfies CommandTexts;

export const gameBoardsEs = {
  'game leaderboard': { name: 'clasificacion', description: 'Lo mejor de este servidor entre quienes jugaron aquí' },
  'game leaderboard game': { name: 'juego', description: 'Qué juego', choices: { cover: 'Rondas de portadas: victorias', daily: 'Reto diario: rachas', 'higher-lower': 'Mayor o menor: mejor racha' } },
  'game leaderboard kind': { name: 'tipo', description: 'Anime (por defecto) o manga; las rondas de portadas cuentan ambos', choices: { anime: 'Anime', manga: 'Manga' } },
  'settings boards': { name: 'clasificaciones', description: 'Ocultarte de todas las clasificaciones o volver a mostrarte' },
  'settings boards visibility': { name: 'visibilidad', description: 'Si apareces en las clasificaciones', choices: { hidden: 'Oculto de todas las clasificaciones', shown: 'Visible (por defecto)' } },
} satisfies CommandTexts;

export const gameBoardsPt = {
  'game leaderboard': { name: 'placar', description: 'Os melhores deste servidor entre quem jogou aqui' },
  'game leaderboard game': { name: 'jogo', description: 'Qual jogo', choices: { cover: 'Rodadas de capas: vitórias', daily: 'Desafio diário: sequências', 'higher-lower': 'Maior ou menor: melhor sequência' } },
  'game leaderboard kind': { name: 'tipo', description: 'Anime (padrão) ou mangá; as rodadas de capas contam os dois', choices: { anime: 'Anime', manga: 'Mangá' } },
  'settings boards': { name: 'placares', description: 'Ocultar você de todos os placares ou mostrar de novo' },
  'settings boards visibility': { name: 'visibilidade', description: 'Se você aparece nos placares', choices: { hidden: 'Oculto de todos os placares', shown: 'Visível (padrão)' } },
} satisfies CommandTexts;
