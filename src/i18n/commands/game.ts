// The /game command's texts in each language (spread into that language's file), kept apart so the
// games add one line to each.

import type { CommandTexts } from './types.js';

export const gameJa = {
  game: { name: 'ゲーム', description: '毎日のタイトル当てパズルなど、カタログで遊ぶゲーム' },
  'game daily': { name: 'デイリー', description: '今日のひみつのタイトルを8回以内に当てる（全員共通、毎日UTCで更新）' },
  'game daily kind': { name: '種類', description: 'アニメ（既定）またはマンガ', choices: { anime: 'アニメ', manga: 'マンガ' } },
  'game guess': { name: '回答', description: '今日のパズルにタイトルで回答する（あなたにだけ表示）' },
  'game guess title': { name: 'タイトル', description: '候補から選ぶか、タイトル・IDを入力' },
  'game guess kind': { name: '種類', description: 'アニメ（既定）またはマンガのパズル', choices: { anime: 'アニメ', manga: 'マンガ' } },
  'game stats': { name: '成績', description: '連続記録、正解した日数、回答回数の分布' },
  'game stats kind': { name: '種類', description: 'アニメ（既定）またはマンガ', choices: { anime: 'アニメ', manga: 'マンガ' } },
  'game higher-lower': { name: 'ハイアンドロー', description: 'どちらのスコアが高い？ 間違えるまで続く（あなたにだけ表示）' },
  'game higher-lower kind': { name: '種類', description: 'アニメ（既定）またはマンガ', choices: { anime: 'アニメ', manga: 'マンガ' } },
  'game cover': { name: 'カバー', description: 'チャンネルのみんなで遊ぶ: ぼかしたカバーが鮮明になる前にタイトルを当てる' },
  'game cover kind': { name: '種類', description: 'アニメ（既定）またはマンガ', choices: { anime: 'アニメ', manga: 'マンガ' } },
  'game cover rounds': { name: 'ラウンド数', description: '続けて遊ぶラウンド数（1〜10、既定は1）' },
  'game answer': { name: '答える', description: 'このチャンネルのカバーラウンドにタイトルで答える' },
  'game answer title': { name: 'タイトル', description: '候補から選ぶか、タイトル・IDを入力' },
} satisfies CommandTexts;

export const gameDe = {
  game: { name: 'spiel', description: 'Spiele mit dem Katalog: das tägliche Titelrätsel und mehr' },
  'game daily': { name: 'täglich', description: 'Errate den geheimen Titel des Tages in 8 Versuchen (für alle gleich, neu jeden UTC-Tag)' },
  'game daily kind': { name: 'art', description: 'Anime (Standard) oder Manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game guess': { name: 'tipp', description: 'Einen Titel für das heutige Rätsel tippen (nur du siehst die Antwort)' },
  'game guess title': { name: 'titel', description: 'Wähl einen Vorschlag oder gib Titel oder ID ein' },
  'game guess kind': { name: 'art', description: 'Das Anime- (Standard) oder Manga-Rätsel', choices: { anime: 'Anime', manga: 'Manga' } },
  'game stats': { name: 'statistik', description: 'Deine Serie, gelöste Tage und wie viele Tipps du brauchst' },
  'game stats kind': { name: 'art', description: 'Anime (Standard) oder Manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game higher-lower': { name: 'höher-niedriger', description: 'Welcher Titel hat die höhere Wertung? Bis zum ersten Fehler (nur für dich)' },
  'game higher-lower kind': { name: 'art', description: 'Anime (Standard) oder Manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game cover': { name: 'cover', description: 'Für den ganzen Kanal: Errate den Titel, bevor das verpixelte Cover scharf wird' },
  'game cover kind': { name: 'art', description: 'Anime (Standard) oder Manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game cover rounds': { name: 'runden', description: 'Wie viele Runden nacheinander (1–10, Standard 1)' },
  'game answer': { name: 'antwort', description: 'Die Cover-Runde in diesem Kanal mit einem Titel beantworten' },
  'game answer title': { name: 'titel', description: 'Wähl einen Vorschlag oder gib Titel oder ID ein' },
} satisfies CommandTexts;

export const gameFr = {
  game: { name: 'jeu', description: 'Des jeux avec le catalogue : l’énigme du titre du jour et plus' },
  'game daily': { name: 'du-jour', description: 'Devine le titre secret du jour en 8 essais (le même pour tous, nouveau chaque jour UTC)' },
  'game daily kind': { name: 'type', description: 'Anime (par défaut) ou manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game guess': { name: 'essai', description: 'Proposer un titre pour l’énigme du jour (toi seul vois la réponse)' },
  'game guess title': { name: 'titre', description: 'Choisis une suggestion, ou tape titre ou ID' },
  'game guess kind': { name: 'type', description: 'L’énigme anime (par défaut) ou manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game stats': { name: 'stats', description: 'Ta série, les jours trouvés et le nombre d’essais' },
  'game stats kind': { name: 'type', description: 'Anime (par défaut) ou manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game higher-lower': { name: 'plus-ou-moins', description: 'Lequel a la meilleure note ? Jusqu’à la première erreur (toi seul le vois)' },
  'game higher-lower kind': { name: 'type', description: 'Anime (par défaut) ou manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game cover': { name: 'couverture', description: 'Pour tout le salon : trouve le titre avant que la couverture pixelisée soit nette' },
  'game cover kind': { name: 'type', description: 'Anime (par défaut) ou manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game cover rounds': { name: 'manches', description: 'Combien de manches à la suite (1–10, 1 par défaut)' },
  'game answer': { name: 'reponse', description: 'Répondre à la manche de couverture de ce salon par un titre' },
  'game answer title': { name: 'titre', description: 'Choisis une suggestion, ou tape titre ou ID' },
} satisfies CommandTexts;

export const gameEs = {
  game: { name: 'juego', description: 'Juegos con el catálogo: el reto diario del título y más' },
  'game daily': { name: 'diario', description: 'Adivina el título secreto del día en 8 intentos (igual para todos, nuevo cada día UTC)' },
  'game daily kind': { name: 'tipo', description: 'Anime (por defecto) o manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game guess': { name: 'intento', description: 'Probar un título en el reto de hoy (solo tú ves la respuesta)' },
  'game guess title': { name: 'titulo', description: 'Elige una sugerencia o escribe título o ID' },
  'game guess kind': { name: 'tipo', description: 'El reto de anime (por defecto) o de manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game stats': { name: 'estadisticas', description: 'Tu racha, los días resueltos y cuántos intentos necesitas' },
  'game stats kind': { name: 'tipo', description: 'Anime (por defecto) o manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game higher-lower': { name: 'mayor-o-menor', description: '¿Cuál tiene la nota más alta? Hasta el primer fallo (solo tú lo ves)' },
  'game higher-lower kind': { name: 'tipo', description: 'Anime (por defecto) o manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game cover': { name: 'portada', description: 'Para todo el canal: adivina el título antes de que la portada pixelada se aclare' },
  'game cover kind': { name: 'tipo', description: 'Anime (por defecto) o manga', choices: { anime: 'Anime', manga: 'Manga' } },
  'game cover rounds': { name: 'rondas', description: 'Cuántas rondas seguidas (1–10, 1 por defecto)' },
  'game answer': { name: 'respuesta', description: 'Responder a la ronda de portadas de este canal con un título' },
  'game answer title': { name: 'titulo', description: 'Elige una sugerencia o escribe título o ID' },
} satisfies CommandTexts;

export const gamePt = {
  game: { name: 'jogo', description: 'Jogos com o catálogo: o desafio diário do título e mais' },
  'game daily': { name: 'diario', description: 'Adivinhe o título secreto do dia em 8 tentativas (o mesmo para todos, novo a cada dia UTC)' },
  'game daily kind': { name: 'tipo', description: 'Anime (padrão) ou mangá', choices: { anime: 'Anime', manga: 'Mangá' } },
  'game guess': { name: 'palpite', description: 'Dar um palpite no desafio de hoje (só você vê a resposta)' },
  'game guess title': { name: 'titulo', description: 'Escolha uma sugestão ou digite título ou ID' },
  'game guess kind': { name: 'tipo', description: 'O desafio de anime (padrão) ou de mangá', choices: { anime: 'Anime', manga: 'Mangá' } },
  'game stats': { name: 'estatisticas', description: 'Sua sequência, dias resolvidos e quantos palpites você precisa' },
  'game stats kind': { name: 'tipo', description: 'Anime (padrão) ou mangá', choices: { anime: 'Anime', manga: 'Mangá' } },
  'game higher-lower': { name: 'maior-ou-menor', description: 'Qual tem a nota mais alta? Até o primeiro erro (só você vê)' },
  'game higher-lower kind': { name: 'tipo', description: 'Anime (padrão) ou mangá', choices: { anime: 'Anime', manga: 'Mangá' } },
  'game cover': { name: 'capa', description: 'Para todo o canal: adivinhe o título antes que a capa pixelada fique nítida' },
  'game cover kind': { name: 'tipo', description: 'Anime (padrão) ou mangá', choices: { anime: 'Anime', manga: 'Mangá' } },
  'game cover rounds': { name: 'rodadas', description: 'Quantas rodadas seguidas (1–10, padrão 1)' },
  'game answer': { name: 'resposta', description: 'Responder à rodada de capas deste canal com um título' },
  'game answer title': { name: 'titulo', description: 'Escolha uma sugestão ou digite título ou ID' },
} satisfies CommandTexts;
