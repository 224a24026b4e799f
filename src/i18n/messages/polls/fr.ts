// Textes français de `/server pick` et de son sondage (mêmes clés que en.ts).

import type { Messages } from '../../message-types.js';
import type { polls as en } from './en.js';

export const polls: Messages<typeof en> = {
  'polls.pick.title': '{kind, select, anime {Quoi regarder ensemble} other {Quoi lire ensemble}}',
  'polls.pick.intro':
    'Les titres {kind, select, anime {à regarder} other {à lire}} de {members, plural, one {# membre} other {# membres}} qu’aucun d’eux n’a terminés ni abandonnés, les plus demandés d’abord :',
  'polls.pick.row': '**{rank, number}.** {title} — {count, plural, one {# le veut} other {# le veulent}} : {who}',
  'polls.pick.hidden': '{count, plural, one {# titre} other {# titres}} NSFW laissés de côté (ce salon n’est pas soumis à une limite d’âge).',
  'polls.pick.footer': 'Voter : un sondage de {hours, plural, one {# heure} other {# heures}} dans ce salon, pour qui a lancé la sélection ou un membre avec « Gérer les événements ».',
  'polls.pick.noBot': 'Pas de vote ici : un sondage nécessite le bot dans ce serveur, et ici l’application n’est installée que sur ton compte (quelqu’un avec « Gérer le serveur » peut l’ajouter avec « Ajouter l’appli » sur le profil du bot).',
  'polls.pick.vote': 'Voter',
  'polls.pick.nothing.title': 'Rien à choisir',
  'polls.pick.nothing.text':
    'Aucun titre n’est sur la liste {kind, select, anime {« à regarder »} other {« à lire »}} de {members, plural, one {ce membre} other {ces # membres}} sans que l’un d’eux l’ait terminé ou abandonné{hidden, select, yes { (les titres NSFW sont laissés de côté hors des salons soumis à une limite d’âge)} other {}}.',
  'polls.error.noMembers.title': 'Personne n’a rejoint',
  'polls.error.noMembers.text': 'Personne ici n’a encore rejoint la communauté de listes de ce serveur. Les membres la rejoignent avec `/server join`.',
  'polls.error.pickGone.title': 'Sélection expirée',
  'polls.error.pickGone.text': 'Cette sélection est trop ancienne pour un vote. Relancez `/server pick`.',
  'polls.error.notYours.title': 'Pas à vous',
  'polls.error.notYours.text': 'Seul le membre qui a {what, select, vote {lancé cette sélection} other {lancé ce sondage}}, ou un membre avec « Gérer les événements », peut faire cela.',
  'polls.error.pollGone.title': 'Sondage inconnu',
  'polls.error.pollGone.text': 'Le bot ne connaît plus ce sondage (il s’est terminé il y a longtemps).',
  'polls.poll.question': '{kind, select, anime {Que regarde-t-on ?} other {Que lit-on ?}}',
  'polls.open.text': 'Le sondage est ouvert jusqu’au {end} ({relative}). Le résultat sera publié ici à la fin.',
  'polls.open.already': 'Un sondage de cette sélection est déjà ouvert dans ce salon.',
  'polls.end.button': 'Terminer le sondage',
  'polls.end.done': 'Le sondage est terminé. Le résultat suit ici d’ici une minute.',
  'polls.end.already': 'Ce sondage est déjà terminé.',
  'polls.refused.channelType': 'Discord n’autorise pas les sondages dans ce type de salon.',
  'polls.refused.other': 'Discord a refusé le sondage ({status} / {code}).',
  'polls.refused.end': 'Le bot ne peut plus terminer ce sondage : il n’a plus accès au salon.',
  'polls.permission.sendPolls': '« Créer des sondages »',
  'polls.permission.readHistory': '« Voir les anciens messages »',
  'polls.result.title': 'Le vote est terminé : {title}',
  'polls.result.text':
    '**{votes, plural, one {# voix} other {# voix}}** sur {total, number}. {wanters, plural, one {# membre prévoit} other {# membres prévoient}} de {kind, select, anime {le regarder} other {le lire}}.',
  'polls.result.tieMembers': 'Égalité de voix : il l’emporte parce que plus de membres le veulent.',
  'polls.result.tieOrder': 'Égalité de voix et de membres intéressés : il l’emporte parce qu’il était mieux classé dans la sélection.',
  'polls.result.none.title': 'Personne n’a voté',
  'polls.result.none.text': 'Le sondage s’est terminé sans aucun vote : pas de gagnant.',
  'polls.result.plan': 'Planifier une séance',
  'polls.result.page': 'Ouvrir sa page',
};
