// Slash commands in French, as Discord's command picker shows them. English is the definitions
// themselves (commands/*.ts); src/interactions/command-localizations.ts fills these texts in when
// the commands are registered.
//
// To add a command, subcommand, option or choice, add its texts to EVERY language's file here,
// keyed by its path of English names (`settings`, `settings language`, `settings language value`),
// with every choice value in `choices`; the full rules are at the top of ja.ts, and
// test/interactions/command-localizations.test.ts names each missing or leftover path.

import type { CommandTexts } from './types.js';

const TITLE = 'Choisis une suggestion, ou tape un titre, un ID (40748) ou un lien vers sa page';
const QUERY = 'Titre à chercher (3 caractères minimum)';
const NSFW = 'Inclure les titres NSFW (ne marche que dans les salons avec restriction d’âge)';
const KIND = 'Listes d’animes (par défaut) ou de mangas';
const KINDS = { anime: 'Anime', manga: 'Manga' };
const ROLE = 'Rôle à mentionner dans chaque message (le bot doit pouvoir le mentionner)';
const ANIME_STATUSES = { watching: 'En cours', completed: 'Terminé', on_hold: 'En pause', dropped: 'Abandonné', plan_to_watch: 'À voir' };
const MANGA_STATUSES = { reading: 'En cours de lecture', completed: 'Terminé', on_hold: 'En pause', dropped: 'Abandonné', plan_to_read: 'À lire' };
const LIST_SORTS = { list_score: 'Par note', list_updated_at: 'Dernière modification' };
const CHART_SIZES = { '3x3': '3x3', '4x4': '4x4', '5x5': '5x5' };
const CHART_SORTS = { score: LIST_SORTS.list_score, recent: LIST_SORTS.list_updated_at };
const REMINDER_CHANNEL = 'Salon textuel ou d’annonces où publier les rappels';
const FEED_CHANNEL = 'Salon textuel ou d’annonces où publier le flux';

export const fr: CommandTexts = {
  anime: { name: 'anime', description: 'Chercher et parcourir des animes' },
  'anime search': { name: 'recherche', description: 'Chercher des animes par titre' },
  'anime search query': { name: 'titre', description: QUERY },
  'anime search nsfw': { name: 'nsfw', description: NSFW },
  'anime info': { name: 'infos', description: 'Détails d’un anime' },
  'anime info title': { name: 'titre', description: TITLE },
  'anime ranking': { name: 'classement', description: 'Classements des animes' },
  'anime ranking type': {
    name: 'type',
    description: 'Quel classement',
    choices: {
      all: 'Top des animes',
      airing: 'Top en cours de diffusion',
      upcoming: 'Top à venir',
      tv: 'Top des séries TV',
      ova: 'Top des OVA',
      movie: 'Top des films',
      special: 'Top des spéciaux',
      bypopularity: 'Les plus populaires',
      favorite: 'Les plus mis en favori',
    },
  },
  'anime season': { name: 'saison', description: 'Les animes d’une saison (par défaut : celle en cours)' },
  'anime season year': { name: 'année', description: 'Année, par ex. 2024' },
  'anime season season': { name: 'saison', description: 'Saison', choices: { winter: 'Hiver', spring: 'Printemps', summer: 'Été', fall: 'Automne' } },
  'anime season sort': {
    name: 'tri',
    description: 'Ordre (par défaut : par note)',
    choices: { anime_score: 'Par note', anime_num_list_users: 'Par nombre de membres' },
  },
  'anime schedule': { name: 'planning', description: 'Les épisodes attendus cette semaine, à ton heure locale' },
  'anime schedule day': {
    name: 'jour',
    description: 'Seulement ce jour de diffusion (heure du Japon)',
    choices: { monday: 'Lundi', tuesday: 'Mardi', wednesday: 'Mercredi', thursday: 'Jeudi', friday: 'Vendredi', saturday: 'Samedi', sunday: 'Dimanche' },
  },
  'anime schedule mine': { name: 'ma-liste', description: 'Seulement les titres de tes listes En cours et À voir (nécessite /login)' },
  'anime suggestions': { name: 'suggestions', description: 'Des animes suggérés pour toi (nécessite /login)' },

  manga: { name: 'manga', description: 'Chercher et parcourir des mangas' },
  'manga search': { name: 'recherche', description: 'Chercher des mangas par titre' },
  'manga search query': { name: 'titre', description: QUERY },
  'manga search nsfw': { name: 'nsfw', description: NSFW },
  'manga info': { name: 'infos', description: 'Détails d’un manga' },
  'manga info title': { name: 'titre', description: TITLE },
  'manga ranking': { name: 'classement', description: 'Classements des mangas' },
  'manga ranking type': {
    name: 'type',
    description: 'Quel classement',
    choices: {
      all: 'Tous',
      manga: 'Top des mangas',
      novels: 'Top des romans',
      oneshots: 'Top des one-shots',
      doujin: 'Top des doujinshi',
      manhwa: 'Top des manhwa',
      manhua: 'Top des manhua',
      bypopularity: 'Les plus populaires',
      favorite: 'Les plus mis en favori',
    },
  },

  list: { name: 'liste', description: 'Listes d’animes et de mangas : consulte celles de tout le monde, modifie la tienne' },
  'list anime': { name: 'anime', description: 'Listes d’animes' },
  'list anime view': { name: 'voir', description: 'Afficher une liste d’animes (par défaut : la tienne)' },
  'list anime view user': { name: 'utilisateur', description: 'Un nom d’utilisateur du service (par défaut : ta propre liste)' },
  'list anime view status': { name: 'statut', description: 'Seulement les entrées avec ce statut', choices: ANIME_STATUSES },
  'list anime view sort': {
    name: 'tri',
    description: 'Ordre',
    choices: { ...LIST_SORTS, anime_title: 'Par titre', anime_start_date: 'Par date de début', anime_id: 'Par ID' },
  },
  'list anime chart': { name: 'grille', description: 'Une image des couvertures d’une liste d’animes (par défaut : la tienne)' },
  'list anime chart user': { name: 'utilisateur', description: 'Un nom d’utilisateur du service (par défaut : ta propre liste)' },
  'list anime chart size': { name: 'taille', description: 'Combien de couvertures (par défaut : 3x3)', choices: CHART_SIZES },
  'list anime chart status': { name: 'statut', description: 'Seulement les entrées avec ce statut (par défaut : terminé)', choices: ANIME_STATUSES },
  'list anime chart sort': { name: 'tri', description: 'Ordre (par défaut : par note)', choices: CHART_SORTS },
  'list anime update': { name: 'modifier', description: 'Ajouter un anime à ta liste ou modifier ton entrée' },
  'list anime update title': { name: 'titre', description: TITLE },
  'list anime update status': { name: 'statut', description: 'Ton statut', choices: ANIME_STATUSES },
  'list anime update score': { name: 'note', description: 'Ta note, de 0 (aucune) à 10' },
  'list anime update episodes': { name: 'épisodes', description: 'Épisodes vus' },
  'list anime update rewatching': { name: 'revisionnage', description: 'Tu le revois en ce moment ?' },
  'list anime update times_rewatched': { name: 'nb-revisionnages', description: 'Combien de fois tu l’as revu' },
  'list anime update rewatch_value': { name: 'valeur-revisionnage', description: 'Valeur de revisionnage, de 0 à 5' },
  'list anime update priority': { name: 'priorité', description: 'Priorité : 0 basse, 1 moyenne, 2 haute' },
  'list anime update tags': { name: 'tags', description: 'Tags, séparés par des virgules' },
  'list anime update comments': { name: 'commentaires', description: 'Commentaires' },
  'list anime remove': { name: 'retirer', description: 'Retirer un anime de ta liste' },
  'list anime remove title': { name: 'titre', description: TITLE },
  'list manga': { name: 'manga', description: 'Listes de mangas' },
  'list manga view': { name: 'voir', description: 'Afficher une liste de mangas (par défaut : la tienne)' },
  'list manga view user': { name: 'utilisateur', description: 'Un nom d’utilisateur du service (par défaut : ta propre liste)' },
  'list manga view status': { name: 'statut', description: 'Seulement les entrées avec ce statut', choices: MANGA_STATUSES },
  'list manga view sort': {
    name: 'tri',
    description: 'Ordre',
    choices: { ...LIST_SORTS, manga_title: 'Par titre', manga_start_date: 'Par date de début', manga_id: 'Par ID' },
  },
  'list manga chart': { name: 'grille', description: 'Une image des couvertures d’une liste de mangas (par défaut : la tienne)' },
  'list manga chart user': { name: 'utilisateur', description: 'Un nom d’utilisateur du service (par défaut : ta propre liste)' },
  'list manga chart size': { name: 'taille', description: 'Combien de couvertures (par défaut : 3x3)', choices: CHART_SIZES },
  'list manga chart status': { name: 'statut', description: 'Seulement les entrées avec ce statut (par défaut : terminé)', choices: MANGA_STATUSES },
  'list manga chart sort': { name: 'tri', description: 'Ordre (par défaut : par note)', choices: CHART_SORTS },
  'list manga update': { name: 'modifier', description: 'Ajouter un manga à ta liste ou modifier ton entrée' },
  'list manga update title': { name: 'titre', description: TITLE },
  'list manga update status': { name: 'statut', description: 'Ton statut', choices: MANGA_STATUSES },
  'list manga update score': { name: 'note', description: 'Ta note, de 0 (aucune) à 10' },
  'list manga update volumes': { name: 'tomes', description: 'Tomes lus' },
  'list manga update chapters': { name: 'chapitres', description: 'Chapitres lus' },
  'list manga update rereading': { name: 'relecture', description: 'Tu le relis en ce moment ?' },
  'list manga update times_reread': { name: 'nb-relectures', description: 'Combien de fois tu l’as relu' },
  'list manga update reread_value': { name: 'valeur-relecture', description: 'Valeur de relecture, de 0 à 5' },
  'list manga update priority': { name: 'priorité', description: 'Priorité : 0 basse, 1 moyenne, 2 haute' },
  'list manga update tags': { name: 'tags', description: 'Tags, séparés par des virgules' },
  'list manga update comments': { name: 'commentaires', description: 'Commentaires' },
  'list manga remove': { name: 'retirer', description: 'Retirer un manga de ta liste' },
  'list manga remove title': { name: 'titre', description: TITLE },

  forum: { name: 'forum', description: 'Lire les forums du service' },
  'forum boards': { name: 'sections', description: 'Toutes les sections du forum' },
  'forum topics': { name: 'sujets', description: 'Trouver des sujets du forum (donne une section, une sous-section ou un texte à chercher)' },
  'forum topics board': { name: 'section', description: 'ID de la section (voir /forum boards)' },
  'forum topics subboard': { name: 'sous-section', description: 'ID de la sous-section (voir /forum boards)' },
  'forum topics query': { name: 'texte', description: 'Texte à chercher (3 caractères minimum)' },
  'forum topics topic_user': { name: 'auteur', description: 'Seulement les sujets lancés par cet utilisateur' },
  'forum topics user': { name: 'participant', description: 'Seulement les sujets où cet utilisateur a posté' },
  'forum topic': { name: 'sujet', description: 'Lire un sujet' },
  'forum topic id': { name: 'id', description: 'ID du sujet' },

  profile: { name: 'profil', description: 'Ton profil sur le service et tes statistiques d’anime (nécessite /login)' },

  remind: { name: 'rappel', description: 'Rappels de nouveaux épisodes, en message privé ou dans un salon du serveur' },
  'remind add': { name: 'ajouter', description: 'Recevoir un MP quand un nouvel épisode d’un anime en cours de diffusion est attendu' },
  'remind add title': { name: 'titre', description: TITLE },
  'remind list': { name: 'liste', description: 'Tes rappels et tes réglages' },
  'remind remove': { name: 'retirer', description: 'Arrêter les rappels pour un titre' },
  'remind remove title': { name: 'titre', description: TITLE },
  'remind follow-list': { name: 'suivre-liste', description: 'Suivre tous les titres en diffusion de tes listes En cours et À voir (nécessite /login)' },
  'remind follow-list enabled': { name: 'activer', description: 'Activé pour suivre ta liste, désactivé pour arrêter' },
  'remind delay': { name: 'délai', description: 'Minutes après la diffusion japonaise avant ton rappel (le streaming arrive souvent plus tard)' },
  'remind delay minutes': { name: 'minutes', description: 'De 0 à 1440' },
  'remind resume': { name: 'reprendre', description: 'Reprendre les rappels mis en pause parce que le bot ne pouvait pas t’envoyer de MP' },
  'remind channel': { name: 'salon', description: 'Rappels publiés dans un salon du serveur (nécessite Gérer le serveur)' },
  'remind channel add': { name: 'ajouter', description: 'Publier dans un salon quand un nouvel épisode d’un anime en diffusion est attendu' },
  'remind channel add title': { name: 'titre', description: TITLE },
  'remind channel add channel': { name: 'salon', description: REMINDER_CHANNEL },
  'remind channel add role': { name: 'rôle', description: ROLE },
  'remind channel add delay': { name: 'délai', description: 'Minutes après la diffusion japonaise avant de publier (de 0 à 1440)' },
  'remind channel add thread': { name: 'fil', description: 'Ouvrir un fil sur chaque message pour l’épisode (nécessite Créer des fils publics)' },
  'remind channel list': { name: 'liste', description: 'Les rappels dans les salons de ce serveur' },
  'remind channel remove': { name: 'retirer', description: 'Arrêter de publier les rappels d’un titre dans un salon' },
  'remind channel remove title': { name: 'titre', description: TITLE },
  'remind channel remove channel': { name: 'salon', description: REMINDER_CHANNEL },

  server: { name: 'serveur', description: 'La communauté de listes de ce serveur : rejoins-la pour y apparaître, quitte-la pour arrêter' },
  'server join': { name: 'rejoindre', description: 'Apparaître sur ce serveur : tes entrées, tes notes et ta progression (nécessite /login)' },
  'server leave': { name: 'quitter', description: 'Ne plus apparaître dans la communauté de listes de ce serveur' },
  'server leaderboard': { name: 'classement', description: 'Classer les membres inscrits de ce serveur selon leurs listes' },
  'server leaderboard by': {
    name: 'critère',
    description: 'Critère du classement',
    choices: { episodes: 'Épisodes vus (chapitres lus)', days: 'Jours de visionnage (anime)', completed: 'Titres terminés', mean_score: 'Note moyenne' },
  },
  'server leaderboard kind': { name: 'type', description: KIND, choices: KINDS },
  'server top': { name: 'populaires', description: 'Les titres qu’ont le plus de membres inscrits ici, avec leur note moyenne' },
  'server top kind': { name: 'type', description: KIND, choices: KINDS },
  'server top status': {
    name: 'statut',
    description: 'Ne compter que les titres avec ce statut dans les listes',
    choices: { current: 'En cours', completed: 'Terminé', on_hold: 'En pause', dropped: 'Abandonné', planned: 'À voir / À lire' },
  },

  compare: { name: 'comparer', description: 'À quel point les listes de deux membres se ressemblent (tous deux doivent avoir fait /server join)' },
  'compare member': { name: 'membre', description: 'Le membre à comparer avec toi (ou avec l’autre membre)' },
  'compare other': { name: 'autre', description: 'Comparer le membre avec celui-ci plutôt qu’avec toi' },
  'compare kind': { name: 'type', description: KIND, choices: KINDS },

  feed: { name: 'flux', description: 'Le flux d’activité du serveur : ce que regardent et lisent les membres inscrits' },
  'feed channel': { name: 'salon', description: 'Salons où le flux d’activité publie (les changements nécessitent Gérer le serveur)' },
  'feed channel add': { name: 'ajouter', description: 'Publier le flux d’activité dans un salon (ou changer son rôle, ou le reprendre après une pause)' },
  'feed channel add channel': { name: 'salon', description: FEED_CHANNEL },
  'feed channel add role': { name: 'rôle', description: ROLE },
  'feed channel list': { name: 'liste', description: 'Les salons du flux de ce serveur' },
  'feed channel remove': { name: 'retirer', description: 'Arrêter de publier le flux d’activité dans un salon' },
  'feed channel remove channel': { name: 'salon', description: FEED_CHANNEL },

  login: { name: 'connexion', description: 'Lier ton compte du service pour utiliser tes listes depuis Discord' },
  logout: { name: 'déconnexion', description: 'Délier ton compte du service et supprimer ses jetons de ce bot' },
  settings: { name: 'réglages', description: 'Tes réglages pour ce bot : la forme des titres que tu vois' },
  'settings titles': { name: 'titres', description: 'Choisis la forme des titres que tu vois partout : romaji (titre principal), anglais ou japonais' },
  'settings titles form': { name: 'forme', description: 'La forme des titres ; une œuvre sans titre sous cette forme affiche son titre principal', choices: { romaji: 'Romaji (titre principal)', english: 'Anglais', japanese: 'Japonais' } },
  'settings server-titles': { name: 'titres-serveur', description: 'Forme des titres par défaut du serveur, pour les membres sans choix (Gérer le serveur)' },
  'settings server-titles form': { name: 'forme', description: 'La forme par défaut ici, ou le retour au titre principal', choices: { romaji: 'Romaji (titre principal)', english: 'Anglais', japanese: 'Japonais', reset: 'Réinitialiser (titre principal)' } },
  'settings show': { name: 'afficher', description: 'Affiche la forme des titres qui s’applique à toi ici, et pourquoi' },
};
