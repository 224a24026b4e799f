import type { Messages } from '../../message-types.js';
import type { settings as en } from './en.js';

export const settings: Messages<typeof en> = {
  'settings.form.romaji': 'Haupttitel (meist Romaji)',
  'settings.form.english': 'Englisch',
  'settings.form.japanese': 'Japanisch',
  'settings.titles.saved.title': 'Titelform gespeichert',
  'settings.titles.saved.text': 'Überall, wo du den Bot benutzt, siehst du Titel jetzt so: **{form}** – egal, was ein Server als Standard eingestellt hat. Hat ein Werk keinen Titel in dieser Form, siehst du seinen Haupttitel.',
  'settings.serverTitles.saved.title': 'Server-Standard gespeichert',
  'settings.serverTitles.saved.text': 'Mitglieder, die selbst keine Titelform gewählt haben, sehen Titel auf diesem Server jetzt so: **{form}**. Jeder kann mit `/settings titles` weiterhin eine eigene wählen.',
  'settings.serverTitles.reset.title': 'Server-Standard zurückgesetzt',
  'settings.serverTitles.reset.text': 'Mitglieder, die selbst keine Titelform gewählt haben, sehen auf diesem Server jetzt den Haupttitel jedes Werks.',
  'settings.show.title': 'Deine Titelform',
  'settings.show.user': 'Du siehst Titel so: **{form}** – deine eigene Wahl (`/settings titles`).',
  'settings.show.server': 'Du siehst Titel so: **{form}** – der Standard dieses Servers, weil du selbst keine Titelform gewählt hast. Wähle mit `/settings titles` deine eigene.',
  'settings.show.default': 'Du siehst den **Haupttitel** jedes Werks (meist Romaji): Du hast keine Titelform gewählt, und hier gilt kein Server-Standard. Wähle eine mit `/settings titles`.',
  'settings.show.serverDefault': 'Standard dieses Servers: **{form}**.',
  'settings.show.noServerDefault': 'Dieser Server hat keinen Standard: Mitglieder ohne eigene Wahl sehen den Haupttitel.',
  'settings.show.directMessages': 'Der Standard eines Servers gilt nur auf diesem Server.',
  'settings.show.fallback': 'Hat ein Werk keinen Titel in der Form, die du siehst, wird sein Haupttitel angezeigt.',
};
