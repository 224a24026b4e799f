import type { Messages } from '../../message-types.js';
import type { weekly as en } from './en.js';

export const weekly: Messages<typeof en> = {
  'weekly.caption': 'La semaine de ce serveur',
  'weekly.subtitle': '{from} – {to} · {kind, select, anime {anime} manga {manga} other {anime et manga}}',
  'weekly.fact.episodes': 'Épisodes regardés',
  'weekly.fact.chapters': 'Chapitres lus',
  'weekly.fact.completed': 'Titres terminés',
  'weekly.fact.joined': 'Nouveaux membres',
  'weekly.top.heading': 'Les plus regardés et lus cette semaine',
  'weekly.top.value': '{members, plural, one {# membre} other {# membres}}',
  'weekly.airing.heading': 'En diffusion, suivis par la plupart d’entre vous',
  'weekly.finished.heading': 'Terminés cette semaine',
  'weekly.finished.line': '{user} a terminé {title}',
  'weekly.finished.more': '…et {count, plural, one {# autre} other {# autres}}',
  'weekly.text':
    '**La semaine de ce serveur** ({from} – {to}) : {episodes, plural, one {# épisode regardé} other {# épisodes regardés}}, {chapters, plural, one {# chapitre lu} other {# chapitres lus}}, {completed, plural, one {# titre terminé} other {# titres terminés}}, {joined, plural, =0 {aucun nouveau membre} one {# nouveau membre} other {# nouveaux membres}}.',
  'weekly.text.top': 'Les plus regardés : {titles}.',
  'weekly.text.airing': 'En diffusion et suivis par la plupart d’entre vous : {titles}.',
  'weekly.nsfw.hidden': '{count, plural, one {# titre réservé aux adultes est compté} other {# titres réservés aux adultes sont comptés}} mais non nommés (seulement dans les salons avec limite d’âge).',
  'weekly.seenSince': 'Le bot note les changements des listes des membres depuis le {date} : cette semaine n’est vue qu’à partir de là.',
  'weekly.alt': 'Carte de la semaine de ce serveur : {facts}.{titles}',
  'weekly.alt.titles': ' Les plus regardés : {titles}.',
  'weekly.kind': '{kind, select, anime {anime} manga {manga} other {anime et manga}}',
  'weekly.weekday': '{day, select, 0 {dimanche} 1 {lundi} 2 {mardi} 3 {mercredi} 4 {jeudi} 5 {vendredi} other {samedi}}',
  'weekly.preview.title': 'Aperçu : les 7 derniers jours de ce serveur (visible par vous seul)',
  'weekly.preview.quiet': 'Rien à dire des 7 derniers jours : rien de regardé, lu ou terminé, personne n’a rejoint. Un récap hebdomadaire serait sauté.',
  'weekly.channel.added': 'Récap hebdomadaire ajouté',
  'weekly.channel.updated': 'Récap hebdomadaire modifié',
  'weekly.channel.addedText':
    'Le récap de la semaine de ce serveur ({kind}) sera publié dans <#{channel}> chaque {weekday} à {time} ({timeZone}), dans la langue de ce serveur. Prochain : <t:{next}:F>.',
  'weekly.channel.grant':
    'Le récap est une image : le bot a besoin de **Joindre des fichiers** dans ce salon. Les serveurs qui ont ajouté le bot avant qu’il publie des images le lui donnent dans les paramètres du salon → Permissions → le rôle du bot (ou le réinvitent avec le lien du README).',
  'weekly.channel.adultNote': 'Les titres réservés aux adultes sont comptés mais nommés seulement dans un salon avec limite d’âge.',
  'weekly.channel.removed': 'Récap hebdomadaire retiré',
  'weekly.channel.removedText': 'Plus de récap hebdomadaire dans <#{channel}>.',
  'weekly.list.title': 'Le récap hebdomadaire de ce serveur',
  'weekly.list.none': 'Le récap hebdomadaire n’est publié dans aucun salon. Un membre avec Gérer le serveur en ajoute un avec `/recap channel add`.',
  'weekly.list.line': '<#{channel}> — chaque {weekday} à {time} ({timeZone}), {kind}',
  'weekly.list.next': 'prochain <t:{next}:F>',
  'weekly.list.posted': 'dernière publication <t:{at}:R>',
  'weekly.list.never': 'pas encore publié',
  'weekly.list.skipped':
    'semaine du {week} sautée : {reason, select, quiet {rien à dire (rien de regardé, lu ou terminé, personne n’a rejoint)} late {le bot était arrêté plus de 6 heures après l’heure prévue} other {le salon est en pause}}',
  'weekly.list.paused':
    '⚠️ en pause depuis <t:{at}:R> : Discord a refusé la publication ({reason}). Donnez au bot Voir le salon, Envoyer des messages, Intégrer des liens et Joindre des fichiers, puis relancez `/recap channel add`.',
  'weekly.error.timeZone.title': 'Fuseau horaire inconnu',
  'weekly.error.timeZone.text': '« {zone} » n’est pas un fuseau horaire connu du bot. Utilisez un nom IANA comme `Europe/Paris`, `America/New_York` ou `UTC`.',
  'weekly.error.time.title': 'Heure invalide',
  'weekly.error.time.text': '« {time} » n’est pas une heure : utilisez HH:MM sur 24 heures (par exemple 18:30).',
  'weekly.error.limit.title': 'Trop de salons de récap',
  'weekly.error.limit.text': 'Un serveur peut avoir le récap hebdomadaire dans {max} salons au plus. Retirez-en un d’abord.',
  'weekly.error.notThere.title': 'Pas de récap hebdomadaire ici',
  'weekly.error.notThere.text': 'Ce salon n’a pas le récap hebdomadaire.',
  'weekly.notice.title': "Récapitulatif hebdomadaire en pause dans un salon",
  'weekly.notice.refused':
    "Discord a refusé le récapitulatif hebdomadaire du bot dans <#{channel}> sur **{server}** ({reason}), le récapitulatif y est donc en pause.",
  'weekly.notice.fix':
    "Donnez au bot Voir le salon, Envoyer des messages, Intégrer des liens et Joindre des fichiers dans ce salon, puis relancez `/recap channel add` là-bas.",
  'weekly.notice.why':
    "-# Tu reçois ce message parce que tu possèdes le serveur ; les membres avec « Gérer le serveur » le voient dans `/recap channel list`.",
  'weekly.notice.yourServer': "ton serveur",
};
