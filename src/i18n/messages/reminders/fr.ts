import type { Messages } from '../../message-types.js';
import type { reminders as en } from './en.js';

export const reminders: Messages<typeof en> = {
  'reminders.added.title': 'Rappel créé',
  'reminders.added.text': 'Tu recevras un MP quand un nouvel épisode de **{title}** sera attendu.',
  'reminders.next.episode': 'Le prochain, l’épisode {episode}, est attendu le {time} ({relative}) selon la diffusion japonaise.',
  'reminders.next.unnumbered': 'Le prochain est attendu le {time} ({relative}) selon la diffusion japonaise.',
  'reminders.removed.title': 'Rappels arrêtés',
  'reminders.removed.text': 'Tu ne recevras plus de rappels pour ce titre.',
  'reminders.followList.on.title': 'Ta liste est suivie',
  'reminders.followList.on.text':
    'Tu reçois maintenant des rappels pour {count, plural, one {le # titre en cours de diffusion} other {les # titres en cours de diffusion}} de tes listes « En cours » et « À voir ». Les changements de ta liste sont pris en compte en quelques heures.',
  'reminders.followList.off.title': 'Ta liste n’est plus suivie',
  'reminders.followList.off.text': 'Les titres que tu as ajoutés avec `/remind add` gardent leurs rappels.',
  'reminders.delay.title': 'Délai réglé',
  'reminders.delay.text': 'Les rappels arrivent désormais {minutes, plural, one {# minute} other {# minutes}} après la diffusion japonaise prévue.',
  'reminders.resumed.title': 'Rappels réactivés',
  'reminders.resumed.text': 'Le bot t’enverra de nouveau des MP. Garde tes MP ouverts pour lui.',
  'reminders.notPaused.title': 'Les rappels n’étaient pas en pause',
  'reminders.notPaused.text': 'Tes rappels fonctionnent.',

  'reminders.channelAdded.title': 'Rappel de salon créé',
  'reminders.channelAdded.text':
    'Quand un nouvel épisode de **{title}** sera attendu, le bot publiera{delay, plural, =0 {} one { # minute après la diffusion japonaise} other { # minutes après la diffusion japonaise}} dans {channel}{role, select, none {} other { en mentionnant {role}}}{thread, select, yes {, et ouvrira un fil pour l’épisode sous chaque publication} other {}}.',
  'reminders.channelRemoved.title': 'Rappels du salon arrêtés',
  'reminders.channelRemoved.text': 'Le bot ne publiera plus de rappels pour ce titre dans {channel}.',

  'reminders.error.nsfw.title': 'Contenu pour adultes',
  'reminders.error.nsfw.text': 'Ce titre est marqué comme réservé aux adultes : choisis un salon avec restriction d’âge pour ses rappels.',
  'reminders.error.notFollowing.title': 'Pas suivi',
  'reminders.error.notFollowing.text': 'Tu ne reçois aucun rappel pour ce titre. Regarde `/remind list`.',
  'reminders.error.notFollowingChannel.title': 'Pas suivi',
  'reminders.error.notFollowingChannel.text': 'Ce salon ne reçoit aucun rappel pour ce titre. Regarde `/remind channel list`.',

  'reminders.refused.notExpected': 'Aucun épisode de {title} n’est attendu ({reason}), il n’y a donc rien à te rappeler.',
  'reminders.refused.notExpectedChannel': 'Aucun épisode de {title} n’est attendu ({reason}), il n’y a donc rien à publier.',
  'reminders.refused.delay': 'Le délai doit être un nombre entier de minutes entre 0 et {max}.',
  'reminders.refused.tooMany': 'Tu peux suivre au maximum {max} titres.',
  'reminders.refused.tooManyChannel': 'Un serveur peut suivre au maximum {max} titres, tous salons confondus.',
  'reminders.refused.followListLogin': 'Le suivi de liste lit tes listes « En cours » et « À voir » : lie d’abord ton compte avec `/login`.',

  'reminders.inactive.finished': 'diffusion terminée',
  'reminders.inactive.noBroadcastTime': 'horaire de diffusion inconnu',
  'reminders.inactive.noStartDate': 'date de début encore inconnue',
  'reminders.inactive.allAired': 'tous les épisodes sont sortis',
  'reminders.inactive.none': 'aucun épisode attendu',

  'reminders.access.cannotSee': 'Le bot ne voit pas ce salon : donne-lui la permission « Voir le salon » là-bas.',
  'reminders.access.otherServer': 'Ce salon ne fait pas partie de ce serveur.',
  'reminders.access.channelType': 'Choisis un salon textuel ou d’annonces.',
  'reminders.access.missing':
    'Il manque au bot {permissions} dans ce salon. Donne-lui {count, plural, one {cette permission} other {ces permissions}} là-bas, puis réessaie.',
  'reminders.access.roleNotInServer': 'Ce rôle n’existe pas sur ce serveur.',
  'reminders.access.everyone': 'Choisis un rôle à mentionner, pas @everyone.',
  'reminders.access.roleNotMentionable':
    'Le bot ne peut pas mentionner ce rôle : rends le rôle mentionnable, ou donne au bot « Mentionner @everyone, @here et tous les rôles » dans ce salon.',
  'reminders.permission.viewChannel': '« Voir le salon »',
  'reminders.permission.sendMessages': '« Envoyer des messages »',
  'reminders.permission.embedLinks': '« Intégrer des liens »',
  'reminders.permission.createPublicThreads': '« Créer des fils publics »',
  'reminders.permission.attachFiles': 'Joindre des fichiers',

  'reminders.post.headline': 'L’épisode {episode} de {title} devrait être sorti',
  'reminders.post.headlineUnnumbered': 'Un nouvel épisode de {title} devrait être sorti',
  'reminders.post.expected': 'Attendu selon la diffusion japonaise à {time} ({relative}) ; le streaming peut arriver plus tard.',
  'reminders.post.late': '-# En retard : le bot était hors ligne quand ce rappel était prévu.',
  'reminders.post.button.addEpisode': '+1 épisode',
  'reminders.post.button.open': 'Ouvrir',
  'reminders.post.button.stop': 'Arrêter les rappels pour ce titre',
  'reminders.post.button.discussion': 'Discussion de l’épisode {episode}',
  'reminders.thread.episode': 'Épisode {episode}',
  'reminders.thread.newEpisode': 'Nouvel épisode',

  'reminders.paused.title': 'Tes rappels d’épisodes sont en pause',
  'reminders.paused.text':
    'Discord n’a pas laissé le bot t’envoyer de message privé, tes rappels sont donc en pause. Autorise les messages privés des membres de ce serveur (ou des applications) dans tes paramètres de confidentialité, puis lance `/remind resume`.',

  'reminders.failed.header': '⚠️ {count, plural, one {# rappel n’a pas pu être envoyé} other {# rappels n’ont pas pu être envoyés}} :',
  'reminders.failed.item': '{title} : {reason} ({when})',
  'reminders.failed.itemEpisode': '{title} ép. {episode} : {reason} ({when})',
  'reminders.failed.reason.gone': 'Discord a refusé la publication',
  'reminders.failed.reason.retry': 'Discord ne l’a pas acceptée à temps',

  'reminders.list.title': 'Tes rappels d’épisodes',
  'reminders.list.followList': 'Suivre ma liste : **{state, select, on {oui} other {non}}**',
  'reminders.list.delay': 'Délai après la diffusion japonaise : **{minutes} min**',
  'reminders.list.paused': '⚠️ **En pause** : le bot n’a pas pu t’envoyer de MP. Ouvre tes MP, puis lance `/remind resume`.',
  'reminders.list.fromList': 'depuis ta liste',
  'reminders.list.nextEpisode': 'ép. {episode} {time} {relative}',
  'reminders.list.next': '{time} {relative}',
  'reminders.list.empty': 'Tu ne suis aucun titre en cours de diffusion. Ajoutes-en un avec `/remind add`.',
  'reminders.list.footer': 'Les horaires sont prévus, pas confirmés : les pauses et les reports ne sont pas annoncés par le service.',
  'reminders.list.choice': '{title} · ID {id}',

  'reminders.channelList.title': 'Rappels d’épisodes sur ce serveur',
  'reminders.channelList.delay': '+{minutes} min',
  'reminders.channelList.thread': 'un fil par épisode',
  'reminders.channelList.paused': '⚠️ en pause : Discord a refusé une publication ({reason}). Corrige l’accès du bot, puis ajoute-le de nouveau.',
  'reminders.channelList.noReason': 'aucune raison donnée',
  'reminders.channelList.empty': 'Aucun salon ne suit encore de titre. Ajoutes-en un avec `/remind channel add`.',

  'reminders.stop.title': 'Rappels arrêtés',
  'reminders.stop.text': 'Tu ne recevras plus de rappels pour ce titre. `/remind add` les relance.',
  'reminders.stop.notFollowing.title': 'Pas suivi',
  'reminders.stop.notFollowing.text': 'Tu ne recevais pas de rappels pour ce titre.',
};
