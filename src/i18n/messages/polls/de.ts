// Deutsche Texte von `/server pick` und seiner Umfrage (Schlüssel wie en.ts).

import type { Messages } from '../../message-types.js';
import type { polls as en } from './en.js';

export const polls: Messages<typeof en> = {
  'polls.pick.title': '{kind, select, anime {Was wir zusammen schauen könnten} other {Was wir zusammen lesen könnten}}',
  'polls.pick.intro':
    'Titel, die {members, plural, one {# Mitglied} other {# Mitglieder}} {kind, select, anime {schauen} other {lesen}} {members, plural, one {will} other {wollen}} und die keines von ihnen abgeschlossen oder abgebrochen hat, die gefragtesten zuerst:',
  'polls.pick.row': '**{rank, number}.** {title} — {count, plural, one {# will ihn} other {# wollen ihn}}: {who}',
  'polls.pick.hidden': '{count, plural, one {# NSFW-Titel} other {# NSFW-Titel}} ausgelassen (dieser Kanal hat keine Altersbeschränkung).',
  'polls.pick.footer': 'Abstimmen: eine Umfrage über {hours, plural, one {# Stunde} other {# Stunden}} in diesem Kanal, für wer die Auswahl gestartet hat oder Mitglieder mit „Events verwalten“.',
  'polls.pick.noBot': 'Keine Abstimmung hier: Eine Umfrage braucht den Bot auf diesem Server, hier ist die App aber nur für dein Konto installiert (jemand mit „Server verwalten“ kann ihn über „App hinzufügen“ im Profil des Bots hinzufügen).',
  'polls.pick.vote': 'Abstimmen',
  'polls.pick.nothing.title': 'Nichts zur Auswahl',
  'polls.pick.nothing.text':
    'Kein Titel steht auf der {kind, select, anime {„Geplant“-Liste} other {„Lesen geplant“-Liste}} {members, plural, one {dieses Mitglieds} other {dieser # Mitglieder}}, ohne dass eines von ihnen ihn abgeschlossen oder abgebrochen hat{hidden, select, yes { (NSFW-Titel werden außerhalb von Kanälen mit Altersbeschränkung ausgelassen)} other {}}.',
  'polls.error.noMembers.title': 'Noch niemand beigetreten',
  'polls.error.noMembers.text': 'Hier ist noch niemand der Listen-Community dieses Servers beigetreten. Mitglieder treten mit `/server join` bei.',
  'polls.error.pickGone.title': 'Auswahl abgelaufen',
  'polls.error.pickGone.text': 'Über diese Auswahl kann nicht mehr abgestimmt werden. Führ `/server pick` erneut aus.',
  'polls.error.notYours.title': 'Nicht deins',
  'polls.error.notYours.text': 'Nur das Mitglied, das {what, select, vote {diese Auswahl gestartet} other {diese Umfrage begonnen}} hat, oder ein Mitglied mit „Events verwalten“ kann das.',
  'polls.error.pollGone.title': 'Umfrage unbekannt',
  'polls.error.pollGone.text': 'Der Bot kennt diese Umfrage nicht mehr (sie ist längst beendet).',
  'polls.poll.question': '{kind, select, anime {Was sollen wir schauen?} other {Was sollen wir lesen?}}',
  'polls.open.text': 'Die Umfrage läuft bis {end} ({relative}). Das Ergebnis erscheint hier, wenn sie endet.',
  'polls.open.already': 'Zu dieser Auswahl läuft in diesem Kanal schon eine Umfrage.',
  'polls.end.button': 'Umfrage beenden',
  'polls.end.done': 'Die Umfrage ist beendet. Das Ergebnis folgt hier innerhalb einer Minute.',
  'polls.end.already': 'Diese Umfrage ist bereits beendet.',
  'polls.refused.channelType': 'Discord erlaubt in dieser Art von Kanal keine Umfragen.',
  'polls.refused.other': 'Discord hat die Umfrage abgelehnt ({status} / {code}).',
  'polls.refused.end': 'Der Bot kann diese Umfrage nicht mehr beenden: Er hat keinen Zugriff mehr auf den Kanal.',
  'polls.permission.sendPolls': '„Umfragen erstellen“',
  'polls.permission.readHistory': '„Nachrichtenverlauf anzeigen“',
  'polls.result.title': 'Abgestimmt: {title}',
  'polls.result.text':
    '**{votes, plural, one {# Stimme} other {# Stimmen}}** von {total, number}. {wanters, plural, one {# Mitglied will} other {# Mitglieder wollen}} ihn {kind, select, anime {schauen} other {lesen}}.',
  'polls.result.tieMembers': 'Gleichstand bei den Stimmen: Er gewinnt, weil mehr Mitglieder ihn wollen.',
  'polls.result.tieOrder': 'Gleichstand bei Stimmen und interessierten Mitgliedern: Er gewinnt, weil er in der Auswahl weiter oben stand.',
  'polls.result.none.title': 'Niemand hat abgestimmt',
  'polls.result.none.text': 'Die Umfrage endete ohne Stimme, also gibt es keinen Gewinner.',
  'polls.result.plan': 'Watchparty planen',
  'polls.result.page': 'Seite öffnen',
};
