import type { Messages } from '../../message-types.js';
import type { reminders as en } from './en.js';

export const reminders: Messages<typeof en> = {
  'reminders.added.title': 'Erinnerung eingerichtet',
  'reminders.added.text': 'Du bekommst eine DM, sobald eine neue Folge von **{title}** erwartet wird.',
  'reminders.next.episode': 'Die nächste, Folge {episode}, wird laut japanischer Ausstrahlung am {time} ({relative}) erwartet.',
  'reminders.next.unnumbered': 'Die nächste wird laut japanischer Ausstrahlung am {time} ({relative}) erwartet.',
  'reminders.removed.title': 'Erinnerungen beendet',
  'reminders.removed.text': 'Für diesen Titel bekommst du keine Erinnerungen mehr.',
  'reminders.followList.on.title': 'Deine Liste wird verfolgt',
  'reminders.followList.on.text':
    'Du bekommst jetzt Erinnerungen für {count, plural, one {den # laufenden Titel} other {die # laufenden Titel}} auf deinen Listen „Am Schauen“ und „Geplant“. Änderungen an deiner Liste werden innerhalb weniger Stunden übernommen.',
  'reminders.followList.off.title': 'Deine Liste wird nicht mehr verfolgt',
  'reminders.followList.off.text': 'Titel, die du mit `/remind add` hinzugefügt hast, behalten ihre Erinnerungen.',
  'reminders.delay.title': 'Verzögerung eingestellt',
  'reminders.delay.text': 'Erinnerungen kommen jetzt {minutes, plural, one {# Minute} other {# Minuten}} nach der erwarteten japanischen Ausstrahlung.',
  'reminders.resumed.title': 'Erinnerungen fortgesetzt',
  'reminders.resumed.text': 'Der Bot schickt dir wieder DMs. Lass deine DMs dafür offen.',
  'reminders.notPaused.title': 'Erinnerungen waren nicht pausiert',
  'reminders.notPaused.text': 'Deine Erinnerungen laufen.',

  'reminders.channelAdded.title': 'Kanal-Erinnerung eingerichtet',
  'reminders.channelAdded.text':
    'Sobald eine neue Folge von **{title}** erwartet wird, postet der Bot{delay, plural, =0 {} one { # Minute nach der japanischen Ausstrahlung} other { # Minuten nach der japanischen Ausstrahlung}} in {channel}{role, select, none {} other { und erwähnt dabei {role}}}{thread, select, yes {; zu jedem Post öffnet er einen Thread für die Folge} other {}}.',
  'reminders.channelRemoved.title': 'Kanal-Erinnerungen beendet',
  'reminders.channelRemoved.text': 'Der Bot postet in {channel} keine Erinnerungen mehr für diesen Titel.',

  'reminders.error.nsfw.title': 'Nicht jugendfrei',
  'reminders.error.nsfw.text': 'Dieser Titel ist als nicht jugendfrei markiert: Wähle für seine Erinnerungen einen Kanal mit Altersbeschränkung.',
  'reminders.error.notFollowing.title': 'Nicht verfolgt',
  'reminders.error.notFollowing.text': 'Für diesen Titel bekommst du keine Erinnerungen. Sieh in `/remind list` nach.',
  'reminders.error.notFollowingChannel.title': 'Nicht verfolgt',
  'reminders.error.notFollowingChannel.text': 'Dieser Kanal bekommt keine Erinnerungen für diesen Titel. Sieh in `/remind channel list` nach.',

  'reminders.refused.notExpected': 'Von {title} wird keine Folge erwartet ({reason}), also gibt es nichts, woran du erinnert werden könntest.',
  'reminders.refused.notExpectedChannel': 'Von {title} wird keine Folge erwartet ({reason}), also gibt es nichts zu posten.',
  'reminders.refused.delay': 'Die Verzögerung muss eine ganze Zahl von Minuten zwischen 0 und {max} sein.',
  'reminders.refused.tooMany': 'Du kannst höchstens {max} Titel verfolgen.',
  'reminders.refused.tooManyChannel': 'Ein Server kann über alle seine Kanäle höchstens {max} Titel verfolgen.',
  'reminders.refused.followListLogin': 'Die Listen-Verfolgung liest deine Listen „Am Schauen“ und „Geplant“: Verknüpfe zuerst dein Konto mit `/login`.',

  'reminders.inactive.finished': 'Ausstrahlung beendet',
  'reminders.inactive.noBroadcastTime': 'keine Sendezeit bekannt',
  'reminders.inactive.noStartDate': 'noch kein Startdatum bekannt',
  'reminders.inactive.allAired': 'alle Folgen ausgestrahlt',
  'reminders.inactive.none': 'keine Folge erwartet',

  'reminders.access.cannotSee': 'Der Bot kann diesen Kanal nicht sehen: Gib ihm dort die Berechtigung „Kanal ansehen“.',
  'reminders.access.otherServer': 'Dieser Kanal gehört nicht zu diesem Server.',
  'reminders.access.channelType': 'Wähle einen Text- oder Ankündigungskanal.',
  'reminders.access.missing':
    '{count, plural, one {Dem Bot fehlt} other {Dem Bot fehlen}} in diesem Kanal {permissions}. Gib ihm dort {count, plural, one {diese Berechtigung} other {diese Berechtigungen}} und versuch es dann noch einmal.',
  'reminders.access.roleNotInServer': 'Diese Rolle gibt es auf diesem Server nicht.',
  'reminders.access.everyone': 'Wähle eine Rolle zum Erwähnen, nicht @everyone.',
  'reminders.access.roleNotMentionable':
    'Der Bot kann diese Rolle nicht erwähnen: Mach die Rolle erwähnbar oder gib dem Bot in diesem Kanal „Erwähnung von @everyone, @here und allen Rollen“.',
  'reminders.permission.viewChannel': '„Kanal ansehen“',
  'reminders.permission.sendMessages': '„Nachrichten senden“',
  'reminders.permission.embedLinks': '„Links einbetten“',
  'reminders.permission.createPublicThreads': '„Öffentliche Threads erstellen“',
  'reminders.permission.attachFiles': 'Dateien anhängen',

  'reminders.post.headline': 'Folge {episode} von {title} ist voraussichtlich draußen',
  'reminders.post.headlineUnnumbered': 'Eine neue Folge von {title} ist voraussichtlich draußen',
  'reminders.post.expected': 'Erwartet zur japanischen Ausstrahlung um {time} ({relative}); Streams kommen oft später.',
  'reminders.post.late': '-# Verspätet: Der Bot war offline, als diese Erinnerung fällig war.',
  'reminders.post.button.addEpisode': '+1 Folge',
  'reminders.post.button.open': 'Öffnen',
  'reminders.post.button.stop': 'Keine Erinnerungen mehr für diesen Titel',
  'reminders.post.button.discussion': 'Diskussion zu Folge {episode}',
  'reminders.thread.episode': 'Folge {episode}',
  'reminders.thread.newEpisode': 'Neue Folge',

  'reminders.paused.title': 'Deine Folgen-Erinnerungen sind pausiert',
  'reminders.paused.text':
    'Discord hat den Bot keine Direktnachricht an dich schicken lassen, deshalb sind deine Erinnerungen pausiert. Erlaube in deinen Privatsphäre-Einstellungen Direktnachrichten von Mitgliedern dieses Servers (oder von Apps) und führe dann `/remind resume` aus.',

  'reminders.failed.header': '⚠️ {count, plural, one {# Erinnerung konnte} other {# Erinnerungen konnten}} nicht zugestellt werden:',
  'reminders.failed.item': '{title}: {reason} ({when})',
  'reminders.failed.itemEpisode': '{title} Folge {episode}: {reason} ({when})',
  'reminders.failed.reason.gone': 'Discord hat den Post abgelehnt',
  'reminders.failed.reason.retry': 'Discord hat ihn nicht rechtzeitig angenommen',

  'reminders.list.title': 'Deine Folgen-Erinnerungen',
  'reminders.list.followList': 'Meine Liste verfolgen: **{state, select, on {an} other {aus}}**',
  'reminders.list.delay': 'Verzögerung nach der japanischen Ausstrahlung: **{minutes} Min.**',
  'reminders.list.paused': '⚠️ **Pausiert**: Der Bot konnte dir keine DM schicken. Öffne deine DMs und führe dann `/remind resume` aus.',
  'reminders.list.fromList': 'von deiner Liste',
  'reminders.list.nextEpisode': 'Folge {episode} {time} {relative}',
  'reminders.list.next': '{time} {relative}',
  'reminders.list.empty': 'Du verfolgst keine laufenden Titel. Füge einen mit `/remind add` hinzu.',
  'reminders.list.footer': 'Die Zeiten sind erwartet, nicht bestätigt: Pausen und Verschiebungen werden über den Dienst nicht angekündigt.',
  'reminders.list.choice': '{title} · ID {id}',

  'reminders.channelList.title': 'Folgen-Erinnerungen auf diesem Server',
  'reminders.channelList.delay': '+{minutes} Min.',
  'reminders.channelList.thread': 'ein Thread pro Folge',
  'reminders.channelList.paused': '⚠️ pausiert: Discord hat einen Post abgelehnt ({reason}). Korrigiere den Zugriff des Bots und füge die Erinnerung dann neu hinzu.',
  'reminders.channelList.noReason': 'kein Grund angegeben',
  'reminders.channelList.empty': 'Noch folgt kein Kanal einem Titel. Füge einen mit `/remind channel add` hinzu.',

  'reminders.stop.title': 'Erinnerungen beendet',
  'reminders.stop.text': 'Für diesen Titel bekommst du keine Erinnerungen mehr. Mit `/remind add` startest du sie wieder.',
  'reminders.stop.notFollowing.title': 'Nicht verfolgt',
  'reminders.stop.notFollowing.text': 'Für diesen Titel hast du keine Erinnerungen bekommen.',
};
