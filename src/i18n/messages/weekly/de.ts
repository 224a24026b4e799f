import type { Messages } from '../../message-types.js';
import type { weekly as en } from './en.js';

export const weekly: Messages<typeof en> = {
  'weekly.caption': 'Die Woche dieses Servers',
  'weekly.subtitle': '{from} – {to} · {kind, select, anime {Anime} manga {Manga} other {Anime und Manga}}',
  'weekly.fact.episodes': 'Folgen geschaut',
  'weekly.fact.chapters': 'Kapitel gelesen',
  'weekly.fact.completed': 'Titel abgeschlossen',
  'weekly.fact.joined': 'Neue Mitglieder',
  'weekly.top.heading': 'Diese Woche am meisten geschaut und gelesen',
  'weekly.top.value': '{members, plural, one {# Mitglied} other {# Mitglieder}}',
  'weekly.airing.heading': 'Läuft gerade, von den meisten geschaut',
  'weekly.finished.heading': 'Diese Woche abgeschlossen',
  'weekly.finished.line': '{user} hat {title} abgeschlossen',
  'weekly.finished.more': '…und {count, plural, one {# weiterer} other {# weitere}}',
  'weekly.text':
    '**Die Woche dieses Servers** ({from} – {to}): {episodes, plural, one {# Folge} other {# Folgen}} geschaut, {chapters, plural, one {# Kapitel} other {# Kapitel}} gelesen, {completed, plural, one {# Titel} other {# Titel}} abgeschlossen, {joined, plural, =0 {keine neuen Mitglieder} one {# neues Mitglied} other {# neue Mitglieder}}.',
  'weekly.text.top': 'Am meisten geschaut: {titles}.',
  'weekly.text.airing': 'Läuft gerade und wird von den meisten geschaut: {titles}.',
  'weekly.nsfw.hidden': '{count, plural, one {# NSFW-Titel wird} other {# NSFW-Titel werden}} mitgezählt, aber nicht genannt (nur in Kanälen mit Altersbeschränkung).',
  'weekly.seenSince': 'Der Bot merkt sich Listenänderungen der Mitglieder seit {date}: diese Woche ist erst ab dann erfasst.',
  'weekly.alt': 'Karte der Woche dieses Servers: {facts}.{titles}',
  'weekly.alt.titles': ' Am meisten geschaut: {titles}.',
  'weekly.kind': '{kind, select, anime {Anime} manga {Manga} other {Anime und Manga}}',
  'weekly.weekday': '{day, select, 0 {Sonntag} 1 {Montag} 2 {Dienstag} 3 {Mittwoch} 4 {Donnerstag} 5 {Freitag} other {Samstag}}',
  'weekly.preview.title': 'Vorschau: die letzten 7 Tage dieses Servers (nur du siehst das)',
  'weekly.preview.quiet': 'Über die letzten 7 Tage gibt es nichts zu sagen: nichts geschaut, gelesen oder abgeschlossen, niemand beigetreten. Ein Wochenrückblick würde ausgelassen.',
  'weekly.channel.added': 'Wochenrückblick hinzugefügt',
  'weekly.channel.updated': 'Wochenrückblick geändert',
  'weekly.channel.addedText':
    'Der Rückblick auf die Woche dieses Servers ({kind}) wird jeden {weekday} um {time} ({timeZone}) in <#{channel}> gepostet, in der Sprache dieses Servers. Nächster: <t:{next}:F>.',
  'weekly.channel.grant':
    'Der Rückblick ist ein Bild: der Bot braucht dort **Dateien anhängen**. Server, die den Bot hinzugefügt haben, bevor er Bilder postete, geben es in den Kanaleinstellungen → Berechtigungen → Rolle des Bots (oder laden ihn mit dem Link aus der README neu ein).',
  'weekly.channel.adultNote': 'NSFW-Titel werden mitgezählt, aber nur in Kanälen mit Altersbeschränkung genannt.',
  'weekly.channel.removed': 'Wochenrückblick entfernt',
  'weekly.channel.removedText': 'Keine Wochenrückblicke mehr in <#{channel}>.',
  'weekly.list.title': 'Der Wochenrückblick dieses Servers',
  'weekly.list.none': 'Der Wochenrückblick postet in keinem Kanal. Ein Mitglied mit „Server verwalten“ fügt einen mit `/recap channel add` hinzu.',
  'weekly.list.line': '<#{channel}> — jeden {weekday} um {time} ({timeZone}), {kind}',
  'weekly.list.next': 'nächster <t:{next}:F>',
  'weekly.list.posted': 'zuletzt gepostet <t:{at}:R>',
  'weekly.list.never': 'noch nicht gepostet',
  'weekly.list.skipped':
    'Woche vom {week} ausgelassen: {reason, select, quiet {nichts zu sagen (nichts geschaut, gelesen oder abgeschlossen, niemand beigetreten)} late {der Bot war mehr als 6 Stunden nach der Zeit nicht erreichbar} other {der Kanal ist pausiert}}',
  'weekly.list.paused':
    '⚠️ pausiert seit <t:{at}:R>: Discord hat den Post abgelehnt ({reason}). Gib dem Bot dort Kanal ansehen, Nachrichten senden, Links einbetten und Dateien anhängen, dann führe `/recap channel add` erneut aus.',
  'weekly.error.timeZone.title': 'Unbekannte Zeitzone',
  'weekly.error.timeZone.text': '„{zone}“ ist keine Zeitzone, die der Bot kennt. Nutze einen IANA-Namen wie `Europe/Berlin`, `America/New_York` oder `UTC`.',
  'weekly.error.time.title': 'Keine Uhrzeit',
  'weekly.error.time.text': '„{time}“ ist keine Uhrzeit: nutze HH:MM im 24-Stunden-Format (zum Beispiel 18:30).',
  'weekly.error.limit.title': 'Zu viele Rückblick-Kanäle',
  'weekly.error.limit.text': 'Ein Server kann den Wochenrückblick in höchstens {max} Kanälen haben. Entferne zuerst einen.',
  'weekly.error.notThere.title': 'Dort gibt es keinen Wochenrückblick',
  'weekly.error.notThere.text': 'Dieser Kanal hat keinen Wochenrückblick.',
  'weekly.notice.title': "Wochenrückblick in einem Kanal pausiert",
  'weekly.notice.refused':
    "Discord hat den Wochenrückblick des Bots in <#{channel}> auf **{server}** abgelehnt ({reason}), deshalb ist der Rückblick dort pausiert.",
  'weekly.notice.fix':
    "Gib dem Bot in diesem Kanal Kanal ansehen, Nachrichten senden, Links einbetten und Dateien anhängen, dann führe dort `/recap channel add` erneut aus.",
  'weekly.notice.why':
    "-# Du bekommst das, weil dir der Server gehört; Mitglieder mit „Server verwalten“ sehen es in `/recap channel list`.",
  'weekly.notice.yourServer': "deinem Server",
};
