// The /recap command's texts in each language (spread into that language's file), kept apart so the
// weekly recap adds one line to each.

import type { CommandTexts } from './types.js';

export const recapJa = {
  recap: { name: 'まとめ', description: 'このサーバーの週間まとめ：参加メンバーが観て読んだもの' },
  'recap channel': { name: 'チャンネル', description: '週間まとめを投稿するチャンネル（変更には「サーバー管理」が必要）' },
  'recap channel add': { name: '追加', description: 'チャンネルに週間まとめを投稿する（時刻の変更、一時停止からの再開も）' },
  'recap channel add channel': { name: 'チャンネル', description: '週間まとめを投稿するテキストチャンネルまたはアナウンスチャンネル' },
  'recap channel add weekday': {
    name: '曜日',
    description: '投稿する曜日',
    choices: { sunday: '日曜日', monday: '月曜日', tuesday: '火曜日', wednesday: '水曜日', thursday: '木曜日', friday: '金曜日', saturday: '土曜日' },
  },
  'recap channel add time': { name: '時刻', description: '投稿する現地時刻 HH:MM（24時間制、例：18:00）' },
  'recap channel add timezone': { name: 'タイムゾーン', description: 'その時刻のIANAタイムゾーン（例：Asia/Tokyo、既定：UTC）' },
  'recap channel add kind': { name: '種類', description: 'アニメ、マンガ、または両方（既定）', choices: { anime: 'アニメ', manga: 'マンガ', both: '両方' } },
  'recap channel list': { name: '一覧', description: 'このサーバーの週間まとめのチャンネル：日時、前回、次回' },
  'recap channel remove': { name: '削除', description: 'チャンネルへの週間まとめの投稿をやめる' },
  'recap channel remove channel': { name: 'チャンネル', description: '週間まとめを投稿するテキストチャンネルまたはアナウンスチャンネル' },
  'recap now': { name: '今すぐ', description: '直近7日間をまとめの形でプレビュー（あなたにだけ表示）' },
  'recap now kind': { name: '種類', description: 'アニメ、マンガ、または両方（既定）', choices: { anime: 'アニメ', manga: 'マンガ', both: '両方' } },
} satisfies CommandTexts;

export const recapDe = {
  recap: { name: 'rückblick', description: 'Der Wochenrückblick dieses Servers: was beigetretene Mitglieder schauten und lasen' },
  'recap channel': { name: 'kanal', description: 'Kanäle, in denen der Wochenrückblick erscheint (Änderungen brauchen „Server verwalten“)' },
  'recap channel add': { name: 'hinzufügen', description: 'Den Wochenrückblick in einem Kanal posten (auch: Zeit ändern, nach einer Pause fortsetzen)' },
  'recap channel add channel': { name: 'kanal', description: 'Text- oder Ankündigungskanal für den Wochenrückblick' },
  'recap channel add weekday': {
    name: 'wochentag',
    description: 'Der Wochentag, an dem gepostet wird',
    choices: { sunday: 'Sonntag', monday: 'Montag', tuesday: 'Dienstag', wednesday: 'Mittwoch', thursday: 'Donnerstag', friday: 'Freitag', saturday: 'Samstag' },
  },
  'recap channel add time': { name: 'uhrzeit', description: 'Ortszeit des Posts, HH:MM (24 Stunden), z. B. 18:00' },
  'recap channel add timezone': { name: 'zeitzone', description: 'IANA-Zeitzone dieser Uhrzeit, z. B. Europe/Berlin (Standard: UTC)' },
  'recap channel add kind': { name: 'art', description: 'Anime, Manga oder beides (Standard)', choices: { anime: 'Anime', manga: 'Manga', both: 'Beides' } },
  'recap channel list': { name: 'liste', description: 'Die Rückblick-Kanäle dieses Servers: wann, zuletzt, nächster' },
  'recap channel remove': { name: 'entfernen', description: 'Den Wochenrückblick in einem Kanal beenden' },
  'recap channel remove channel': { name: 'kanal', description: 'Text- oder Ankündigungskanal für den Wochenrückblick' },
  'recap now': { name: 'jetzt', description: 'Die letzten 7 Tage als Rückblick ansehen (nur du siehst es)' },
  'recap now kind': { name: 'art', description: 'Anime, Manga oder beides (Standard)', choices: { anime: 'Anime', manga: 'Manga', both: 'Beides' } },
} satisfies CommandTexts;

export const recapFr = {
  recap: { name: 'récap', description: 'Le récap hebdomadaire de ce serveur : ce que ses membres ont regardé et lu' },
  'recap channel': { name: 'salon', description: 'Salons où le récap hebdomadaire est publié (modifier demande Gérer le serveur)' },
  'recap channel add': { name: 'ajouter', description: 'Publier le récap hebdomadaire dans un salon (ou changer l’heure, ou reprendre après une pause)' },
  'recap channel add channel': { name: 'salon', description: 'Salon textuel ou d’annonces où publier le récap' },
  'recap channel add weekday': {
    name: 'jour',
    description: 'Le jour de la semaine de publication',
    choices: { sunday: 'Dimanche', monday: 'Lundi', tuesday: 'Mardi', wednesday: 'Mercredi', thursday: 'Jeudi', friday: 'Vendredi', saturday: 'Samedi' },
  },
  'recap channel add time': { name: 'heure', description: 'Heure locale de publication, HH:MM (24 h), p. ex. 18:00' },
  'recap channel add timezone': { name: 'fuseau', description: 'Fuseau horaire IANA de cette heure, p. ex. Europe/Paris (par défaut : UTC)' },
  'recap channel add kind': { name: 'type', description: 'Anime, manga ou les deux (par défaut)', choices: { anime: 'Anime', manga: 'Manga', both: 'Les deux' } },
  'recap channel list': { name: 'liste', description: 'Les salons du récap de ce serveur : quand, dernier, prochain' },
  'recap channel remove': { name: 'retirer', description: 'Arrêter le récap hebdomadaire dans un salon' },
  'recap channel remove channel': { name: 'salon', description: 'Salon textuel ou d’annonces où publier le récap' },
  'recap now': { name: 'maintenant', description: 'Aperçu des 7 derniers jours comme le récap les montrerait (visible par vous seul)' },
  'recap now kind': { name: 'type', description: 'Anime, manga ou les deux (par défaut)', choices: { anime: 'Anime', manga: 'Manga', both: 'Les deux' } },
} satisfies CommandTexts;

export const recapEs = {
  recap: { name: 'resumen', description: 'El resumen semanal de este servidor: lo que vieron y leyeron sus miembros' },
  'recap channel': { name: 'canal', description: 'Canales donde se publica el resumen semanal (cambiarlos requiere Gestionar servidor)' },
  'recap channel add': { name: 'añadir', description: 'Publicar el resumen semanal en un canal (o cambiar la hora, o reanudarlo tras una pausa)' },
  'recap channel add channel': { name: 'canal', description: 'Canal de texto o de anuncios donde publicar el resumen' },
  'recap channel add weekday': {
    name: 'día',
    description: 'El día de la semana en que se publica',
    choices: { sunday: 'Domingo', monday: 'Lunes', tuesday: 'Martes', wednesday: 'Miércoles', thursday: 'Jueves', friday: 'Viernes', saturday: 'Sábado' },
  },
  'recap channel add time': { name: 'hora', description: 'Hora local de publicación, HH:MM (24 h), p. ej. 18:00' },
  'recap channel add timezone': { name: 'zona', description: 'Zona horaria IANA de esa hora, p. ej. Europe/Madrid (por defecto: UTC)' },
  'recap channel add kind': { name: 'tipo', description: 'Anime, manga o ambos (por defecto)', choices: { anime: 'Anime', manga: 'Manga', both: 'Ambos' } },
  'recap channel list': { name: 'lista', description: 'Los canales del resumen de este servidor: cuándo, último, próximo' },
  'recap channel remove': { name: 'quitar', description: 'Dejar de publicar el resumen semanal en un canal' },
  'recap channel remove channel': { name: 'canal', description: 'Canal de texto o de anuncios donde publicar el resumen' },
  'recap now': { name: 'ahora', description: 'Vista previa de los últimos 7 días como los mostraría el resumen (solo tú)' },
  'recap now kind': { name: 'tipo', description: 'Anime, manga o ambos (por defecto)', choices: { anime: 'Anime', manga: 'Manga', both: 'Ambos' } },
} satisfies CommandTexts;

export const recapPt = {
  recap: { name: 'resumo', description: 'O resumo semanal deste servidor: o que os membros assistiram e leram' },
  'recap channel': { name: 'canal', description: 'Canais onde o resumo semanal é publicado (mudar exige Gerenciar servidor)' },
  'recap channel add': { name: 'adicionar', description: 'Publicar o resumo semanal em um canal (ou mudar o horário, ou retomar após uma pausa)' },
  'recap channel add channel': { name: 'canal', description: 'Canal de texto ou de anúncios para publicar o resumo' },
  'recap channel add weekday': {
    name: 'dia',
    description: 'O dia da semana da publicação',
    choices: { sunday: 'Domingo', monday: 'Segunda-feira', tuesday: 'Terça-feira', wednesday: 'Quarta-feira', thursday: 'Quinta-feira', friday: 'Sexta-feira', saturday: 'Sábado' },
  },
  'recap channel add time': { name: 'horário', description: 'Horário local da publicação, HH:MM (24 h), ex.: 18:00' },
  'recap channel add timezone': { name: 'fuso', description: 'Fuso horário IANA desse horário, ex.: America/Sao_Paulo (padrão: UTC)' },
  'recap channel add kind': { name: 'tipo', description: 'Anime, mangá ou ambos (padrão)', choices: { anime: 'Anime', manga: 'Mangá', both: 'Ambos' } },
  'recap channel list': { name: 'lista', description: 'Os canais do resumo deste servidor: quando, último, próximo' },
  'recap channel remove': { name: 'remover', description: 'Parar de publicar o resumo semanal em um canal' },
  'recap channel remove channel': { name: 'canal', description: 'Canal de texto ou de anúncios para publicar o resumo' },
  'recap now': { name: 'agora', description: 'Prévia dos últimos 7 dias como o resumo mostraria (só você vê)' },
  'recap now kind': { name: 'tipo', description: 'Anime, mangá ou ambos (padrão)', choices: { anime: 'Anime', manga: 'Mangá', both: 'Ambos' } },
} satisfies CommandTexts;
