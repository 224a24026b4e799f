// Slash commands in German, as Discord's command picker shows them. English is the definitions
// themselves (commands/*.ts); src/interactions/command-localizations.ts fills these texts in when
// the commands are registered.
//
// To add a command, subcommand, option or choice, add its texts to EVERY language's file here,
// keyed by its path of English names (`settings`, `settings language`, `settings language value`),
// with every choice value in `choices`; the full rules are at the top of ja.ts, and
// test/interactions/command-localizations.test.ts names each missing or leftover path.

import type { CommandTexts } from './types.js';

const TITLE = 'Wähl einen Vorschlag oder gib einen Titel, eine ID (40748) oder einen Link zu seiner Seite ein';
const QUERY = 'Gesuchter Titel (mindestens 3 Zeichen)';
const NSFW = 'Auch NSFW-Titel zeigen (klappt nur in Kanälen mit Altersbeschränkung)';
const KIND = 'Anime- (Standard) oder Mangalisten';
const KINDS = { anime: 'Anime', manga: 'Manga' };
const ROLE = 'Rolle, die in jedem Post erwähnt wird (der Bot muss sie erwähnen können)';
const ANIME_STATUSES = { watching: 'Am Schauen', completed: 'Abgeschlossen', on_hold: 'Pausiert', dropped: 'Abgebrochen', plan_to_watch: 'Geplant' };
const MANGA_STATUSES = { reading: 'Am Lesen', completed: 'Abgeschlossen', on_hold: 'Pausiert', dropped: 'Abgebrochen', plan_to_read: 'Lesen geplant' };
const LIST_SORTS = { list_score: 'Nach Wertung', list_updated_at: 'Zuletzt geändert' };
const CHART_SIZES = { '3x3': '3x3', '4x4': '4x4', '5x5': '5x5' };
const CHART_SORTS = { score: LIST_SORTS.list_score, recent: LIST_SORTS.list_updated_at };
const REMINDER_CHANNEL = 'Text- oder Ankündigungskanal für die Erinnerungen';
const FEED_CHANNEL = 'Text- oder Ankündigungskanal für den Feed';

export const de: CommandTexts = {
  anime: { name: 'anime', description: 'Animes suchen und entdecken' },
  'anime search': { name: 'suche', description: 'Animes nach Titel suchen' },
  'anime search query': { name: 'titel', description: QUERY },
  'anime search nsfw': { name: 'nsfw', description: NSFW },
  'anime info': { name: 'info', description: 'Details zu einem Anime' },
  'anime info title': { name: 'titel', description: TITLE },
  'anime ranking': { name: 'rangliste', description: 'Anime-Bestenlisten' },
  'anime ranking type': {
    name: 'art',
    description: 'Welche Rangliste',
    choices: {
      all: 'Top-Animes',
      airing: 'Top laufende Animes',
      upcoming: 'Top kommende Animes',
      tv: 'Top-TV-Serien',
      ova: 'Top-OVAs',
      movie: 'Top-Filme',
      special: 'Top-Specials',
      bypopularity: 'Am beliebtesten',
      favorite: 'Am häufigsten favorisiert',
    },
  },
  'anime season': { name: 'saison', description: 'Animes einer Saison (Standard: die aktuelle)' },
  'anime season year': { name: 'jahr', description: 'Jahr, z. B. 2024' },
  'anime season season': {
    name: 'jahreszeit',
    description: 'Jahreszeit',
    choices: { winter: 'Winter', spring: 'Frühling', summer: 'Sommer', fall: 'Herbst' },
  },
  'anime season sort': {
    name: 'sortierung',
    description: 'Reihenfolge (Standard: nach Wertung)',
    choices: { anime_score: 'Nach Wertung', anime_num_list_users: 'Nach Mitgliederzahl' },
  },
  'anime schedule': { name: 'sendeplan', description: 'Die erwarteten Folgen dieser Woche, in deiner Ortszeit' },
  'anime schedule day': {
    name: 'tag',
    description: 'Nur dieser Sendetag (japanische Zeit)',
    choices: { monday: 'Montag', tuesday: 'Dienstag', wednesday: 'Mittwoch', thursday: 'Donnerstag', friday: 'Freitag', saturday: 'Samstag', sunday: 'Sonntag' },
  },
  'anime schedule mine': { name: 'meine-liste', description: 'Nur Titel auf deinen Listen „Am Schauen“ und „Geplant“ (braucht /login)' },
  'anime suggestions': { name: 'empfehlungen', description: 'Anime-Empfehlungen für dich (braucht /login)' },

  manga: { name: 'manga', description: 'Mangas suchen und entdecken' },
  'manga search': { name: 'suche', description: 'Mangas nach Titel suchen' },
  'manga search query': { name: 'titel', description: QUERY },
  'manga search nsfw': { name: 'nsfw', description: NSFW },
  'manga info': { name: 'info', description: 'Details zu einem Manga' },
  'manga info title': { name: 'titel', description: TITLE },
  'manga ranking': { name: 'rangliste', description: 'Manga-Bestenlisten' },
  'manga ranking type': {
    name: 'art',
    description: 'Welche Rangliste',
    choices: {
      all: 'Alle',
      manga: 'Top-Mangas',
      novels: 'Top-Romane',
      oneshots: 'Top-One-Shots',
      doujin: 'Top-Doujinshi',
      manhwa: 'Top-Manhwa',
      manhua: 'Top-Manhua',
      bypopularity: 'Am beliebtesten',
      favorite: 'Am häufigsten favorisiert',
    },
  },

  list: { name: 'liste', description: 'Anime- und Mangalisten: alle ansehen, deine bearbeiten' },
  'list anime': { name: 'anime', description: 'Animelisten' },
  'list anime view': { name: 'anzeigen', description: 'Eine Animeliste zeigen (Standard: deine)' },
  'list anime view user': { name: 'nutzer', description: 'Ein Nutzername beim Dienst (Standard: deine eigene Liste)' },
  'list anime view status': { name: 'status', description: 'Nur Einträge mit diesem Status', choices: ANIME_STATUSES },
  'list anime view sort': {
    name: 'sortierung',
    description: 'Reihenfolge',
    choices: { ...LIST_SORTS, anime_title: 'Nach Titel', anime_start_date: 'Nach Startdatum', anime_id: 'Nach ID' },
  },
  'list anime chart': { name: 'raster', description: 'Ein Bild aus Covern einer Animeliste (Standard: deine)' },
  'list anime chart user': { name: 'nutzer', description: 'Ein Nutzername beim Dienst (Standard: deine eigene Liste)' },
  'list anime chart size': { name: 'größe', description: 'Wie viele Cover (Standard: 3x3)', choices: CHART_SIZES },
  'list anime chart status': { name: 'status', description: 'Nur Einträge mit diesem Status (Standard: abgeschlossen)', choices: ANIME_STATUSES },
  'list anime chart sort': { name: 'sortierung', description: 'Reihenfolge (Standard: nach Wertung)', choices: CHART_SORTS },
  'list anime update': { name: 'eintragen', description: 'Einen Anime zu deiner Liste hinzufügen oder deinen Eintrag ändern' },
  'list anime update title': { name: 'titel', description: TITLE },
  'list anime update status': { name: 'status', description: 'Dein Status', choices: ANIME_STATUSES },
  'list anime update score': { name: 'wertung', description: 'Deine Wertung, 0 (keine) bis 10' },
  'list anime update episodes': { name: 'folgen', description: 'Gesehene Folgen' },
  'list anime update rewatching': { name: 'erneut-schauen', description: 'Schaust du ihn gerade noch einmal?' },
  'list anime update times_rewatched': { name: 'wie-oft-erneut', description: 'Wie oft du ihn noch einmal geschaut hast' },
  'list anime update rewatch_value': { name: 'wiederschauwert', description: 'Wiederschauwert, 0 bis 5' },
  'list anime update priority': { name: 'priorität', description: 'Priorität: 0 niedrig, 1 mittel, 2 hoch' },
  'list anime update tags': { name: 'tags', description: 'Tags, durch Kommas getrennt' },
  'list anime update comments': { name: 'kommentar', description: 'Kommentar' },
  'list anime remove': { name: 'entfernen', description: 'Einen Anime von deiner Liste entfernen' },
  'list anime remove title': { name: 'titel', description: TITLE },
  'list manga': { name: 'manga', description: 'Mangalisten' },
  'list manga view': { name: 'anzeigen', description: 'Eine Mangaliste zeigen (Standard: deine)' },
  'list manga view user': { name: 'nutzer', description: 'Ein Nutzername beim Dienst (Standard: deine eigene Liste)' },
  'list manga view status': { name: 'status', description: 'Nur Einträge mit diesem Status', choices: MANGA_STATUSES },
  'list manga view sort': {
    name: 'sortierung',
    description: 'Reihenfolge',
    choices: { ...LIST_SORTS, manga_title: 'Nach Titel', manga_start_date: 'Nach Startdatum', manga_id: 'Nach ID' },
  },
  'list manga chart': { name: 'raster', description: 'Ein Bild aus Covern einer Mangaliste (Standard: deine)' },
  'list manga chart user': { name: 'nutzer', description: 'Ein Nutzername beim Dienst (Standard: deine eigene Liste)' },
  'list manga chart size': { name: 'größe', description: 'Wie viele Cover (Standard: 3x3)', choices: CHART_SIZES },
  'list manga chart status': { name: 'status', description: 'Nur Einträge mit diesem Status (Standard: abgeschlossen)', choices: MANGA_STATUSES },
  'list manga chart sort': { name: 'sortierung', description: 'Reihenfolge (Standard: nach Wertung)', choices: CHART_SORTS },
  'list manga update': { name: 'eintragen', description: 'Einen Manga zu deiner Liste hinzufügen oder deinen Eintrag ändern' },
  'list manga update title': { name: 'titel', description: TITLE },
  'list manga update status': { name: 'status', description: 'Dein Status', choices: MANGA_STATUSES },
  'list manga update score': { name: 'wertung', description: 'Deine Wertung, 0 (keine) bis 10' },
  'list manga update volumes': { name: 'bände', description: 'Gelesene Bände' },
  'list manga update chapters': { name: 'kapitel', description: 'Gelesene Kapitel' },
  'list manga update rereading': { name: 'erneut-lesen', description: 'Liest du ihn gerade noch einmal?' },
  'list manga update times_reread': { name: 'wie-oft-erneut', description: 'Wie oft du ihn noch einmal gelesen hast' },
  'list manga update reread_value': { name: 'wiederlesewert', description: 'Wiederlesewert, 0 bis 5' },
  'list manga update priority': { name: 'priorität', description: 'Priorität: 0 niedrig, 1 mittel, 2 hoch' },
  'list manga update tags': { name: 'tags', description: 'Tags, durch Kommas getrennt' },
  'list manga update comments': { name: 'kommentar', description: 'Kommentar' },
  'list manga remove': { name: 'entfernen', description: 'Einen Manga von deiner Liste entfernen' },
  'list manga remove title': { name: 'titel', description: TITLE },

  forum: { name: 'forum', description: 'Die Foren des Dienstes lesen' },
  'forum boards': { name: 'bereiche', description: 'Alle Forenbereiche' },
  'forum topics': { name: 'themen', description: 'Forenthemen finden (gib einen Bereich, einen Unterbereich oder einen Suchtext an)' },
  'forum topics board': { name: 'bereich', description: 'ID des Bereichs (siehe /forum boards)' },
  'forum topics subboard': { name: 'unterbereich', description: 'ID des Unterbereichs (siehe /forum boards)' },
  'forum topics query': { name: 'suchtext', description: 'Suchtext (mindestens 3 Zeichen)' },
  'forum topics topic_user': { name: 'ersteller', description: 'Nur Themen, die diese Person begonnen hat' },
  'forum topics user': { name: 'nutzer', description: 'Nur Themen, in denen diese Person geschrieben hat' },
  'forum topic': { name: 'thema', description: 'Ein Thema lesen' },
  'forum topic id': { name: 'id', description: 'ID des Themas' },

  profile: { name: 'profil', description: 'Dein Profil beim Dienst und deine Anime-Statistiken (braucht /login)' },

  remind: { name: 'erinnerung', description: 'Erinnerungen an neue Folgen per Direktnachricht oder in einem Serverkanal' },
  'remind add': { name: 'hinzufügen', description: 'Eine DM bekommen, wenn eine neue Folge eines laufenden Animes erwartet wird' },
  'remind add title': { name: 'titel', description: TITLE },
  'remind list': { name: 'liste', description: 'Deine Erinnerungen und Einstellungen' },
  'remind remove': { name: 'entfernen', description: 'Erinnerungen für einen Titel beenden' },
  'remind remove title': { name: 'titel', description: TITLE },
  'remind follow-list': { name: 'liste-folgen', description: 'Allen laufenden Titeln auf deinen Listen „Am Schauen“ und „Geplant“ folgen (braucht /login)' },
  'remind follow-list enabled': { name: 'aktiv', description: 'An, um deiner Liste zu folgen, aus, um aufzuhören' },
  'remind delay': { name: 'verzögerung', description: 'Minuten nach der Ausstrahlung in Japan bis zur Erinnerung (Streams kommen oft später)' },
  'remind delay minutes': { name: 'minuten', description: '0 bis 1440' },
  'remind resume': { name: 'fortsetzen', description: 'Erinnerungen fortsetzen, die pausiert wurden, weil der Bot dir keine DM schicken konnte' },
  'remind channel': { name: 'kanal', description: 'Erinnerungen in einem Serverkanal (braucht „Server verwalten“)' },
  'remind channel add': { name: 'hinzufügen', description: 'In einem Kanal posten, wenn eine neue Folge eines laufenden Animes erwartet wird' },
  'remind channel add title': { name: 'titel', description: TITLE },
  'remind channel add channel': { name: 'kanal', description: REMINDER_CHANNEL },
  'remind channel add role': { name: 'rolle', description: ROLE },
  'remind channel add delay': { name: 'verzögerung', description: 'Minuten nach der Ausstrahlung in Japan bis zum Post (0 bis 1440)' },
  'remind channel add thread': { name: 'thread', description: 'Zu jedem Post einen Thread für die Folge öffnen (braucht „Öffentliche Threads erstellen“)' },
  'remind channel list': { name: 'liste', description: 'Die Kanal-Erinnerungen dieses Servers' },
  'remind channel remove': { name: 'entfernen', description: 'Erinnerungen für einen Titel in einem Kanal beenden' },
  'remind channel remove title': { name: 'titel', description: TITLE },
  'remind channel remove channel': { name: 'kanal', description: REMINDER_CHANNEL },

  server: { name: 'server', description: 'Die Listen-Community dieses Servers: tritt bei, um gezeigt zu werden, oder verlass sie wieder' },
  'server join': { name: 'beitreten', description: 'Auf diesem Server gezeigt werden: deine Einträge, Wertungen und Fortschritte (braucht /login)' },
  'server leave': { name: 'verlassen', description: 'Nicht mehr in der Listen-Community dieses Servers gezeigt werden' },
  'server leaderboard': { name: 'bestenliste', description: 'Die beigetretenen Mitglieder dieses Servers nach ihren Listen ranken' },
  'server leaderboard by': {
    name: 'nach',
    description: 'Wonach gerankt wird',
    choices: { episodes: 'Gesehene Folgen (gelesene Kapitel)', days: 'Geschaute Tage (Anime)', completed: 'Abgeschlossene Titel', mean_score: 'Durchschnittswertung' },
  },
  'server leaderboard kind': { name: 'art', description: KIND, choices: KINDS },
  'server top': { name: 'top-titel', description: 'Die Titel, die die meisten beigetretenen Mitglieder haben, mit ihrer Durchschnittswertung' },
  'server top kind': { name: 'art', description: KIND, choices: KINDS },
  'server top status': {
    name: 'status',
    description: 'Nur Titel mit diesem Status auf den Listen zählen',
    choices: { current: 'Am Schauen / Am Lesen', completed: 'Abgeschlossen', on_hold: 'Pausiert', dropped: 'Abgebrochen', planned: 'Geplant / Lesen geplant' },
  },

  compare: { name: 'vergleichen', description: 'Wie ähnlich sich die Listen zweier Mitglieder sind (beide brauchen /server join)' },
  'compare member': { name: 'mitglied', description: 'Das Mitglied, das mit dir (oder mit dem anderen Mitglied) verglichen wird' },
  'compare other': { name: 'anderes', description: 'Das Mitglied mit diesem hier statt mit dir vergleichen' },
  'compare kind': { name: 'art', description: KIND, choices: KINDS },

  feed: { name: 'feed', description: 'Der Aktivitätsfeed des Servers: was beigetretene Mitglieder schauen und lesen' },
  'feed channel': { name: 'kanal', description: 'Kanäle, in denen der Aktivitätsfeed postet (Änderungen brauchen „Server verwalten“)' },
  'feed channel add': { name: 'hinzufügen', description: 'Den Aktivitätsfeed in einem Kanal posten (auch: Rolle ändern, nach einer Pause fortsetzen)' },
  'feed channel add channel': { name: 'kanal', description: FEED_CHANNEL },
  'feed channel add role': { name: 'rolle', description: ROLE },
  'feed channel list': { name: 'liste', description: 'Die Feed-Kanäle dieses Servers' },
  'feed channel remove': { name: 'entfernen', description: 'Den Aktivitätsfeed in einem Kanal beenden' },
  'feed channel remove channel': { name: 'kanal', description: FEED_CHANNEL },

  login: { name: 'anmelden', description: 'Dein Konto beim Dienst verknüpfen, um deine Listen von Discord aus zu nutzen' },
  logout: { name: 'abmelden', description: 'Die Verknüpfung deines Kontos lösen und seine Tokens aus diesem Bot löschen' },
  settings: { name: 'einstellungen', description: 'Deine Einstellungen für diesen Bot: in welcher Form du Titel siehst' },
  'settings titles': { name: 'titel', description: 'Wähle, in welcher Form du Titel überall siehst: Romaji (Haupttitel), Englisch oder Japanisch' },
  'settings titles form': { name: 'form', description: 'Die Titelform; ein Werk ohne Titel in dieser Form zeigt seinen Haupttitel', choices: { romaji: 'Romaji (Haupttitel)', english: 'Englisch', japanese: 'Japanisch' } },
  'settings server-titles': { name: 'server-titel', description: 'Standard-Titelform dieses Servers für Mitglieder ohne eigene Wahl (Server verwalten)' },
  'settings server-titles form': { name: 'form', description: 'Die Standard-Titelform hier, oder zurück zum Haupttitel', choices: { romaji: 'Romaji (Haupttitel)', english: 'Englisch', japanese: 'Japanisch', reset: 'Zurücksetzen (Haupttitel)' } },
  'settings show': { name: 'anzeigen', description: 'Zeigt, welche Titelform hier für dich gilt und warum' },
};
