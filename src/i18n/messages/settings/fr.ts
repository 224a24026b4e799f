import type { Messages } from '../../message-types.js';
import type { settings as en } from './en.js';

export const settings: Messages<typeof en> = {
  'settings.form.romaji': 'titre principal (en général en romaji)',
  'settings.form.english': 'anglais',
  'settings.form.japanese': 'japonais',
  'settings.titles.saved.title': 'Forme des titres enregistrée',
  'settings.titles.saved.text': 'Partout où tu utilises le bot, tu vois désormais les titres ainsi : **{form}**, quel que soit le réglage par défaut d’un serveur. Une œuvre sans titre sous cette forme affiche son titre principal.',
  'settings.serverTitles.saved.title': 'Réglage du serveur enregistré',
  'settings.serverTitles.saved.text': 'Sur ce serveur, les membres qui n’ont pas choisi de forme voient désormais les titres ainsi : **{form}**. Chacun peut toujours choisir la sienne avec `/settings titles`.',
  'settings.serverTitles.reset.title': 'Réglage du serveur réinitialisé',
  'settings.serverTitles.reset.text': 'Sur ce serveur, les membres qui n’ont pas choisi de forme voient désormais le titre principal de chaque œuvre.',
  'settings.show.title': 'Ta forme des titres',
  'settings.show.user': 'Tu vois les titres ainsi : **{form}**, ton propre choix (`/settings titles`).',
  'settings.show.server': 'Tu vois les titres ainsi : **{form}**, le réglage par défaut de ce serveur, car tu n’as pas choisi de forme toi-même. Choisis la tienne avec `/settings titles`.',
  'settings.show.default': 'Tu vois le **titre principal** de chaque œuvre (en général en romaji) : tu n’as pas choisi de forme et aucun réglage de serveur ne s’applique ici. Choisis-en une avec `/settings titles`.',
  'settings.show.serverDefault': 'Réglage par défaut de ce serveur : **{form}**.',
  'settings.show.noServerDefault': 'Ce serveur n’a pas de réglage par défaut : les membres sans choix voient le titre principal.',
  'settings.show.directMessages': 'Le réglage par défaut d’un serveur ne s’applique que sur ce serveur.',
  'settings.show.fallback': 'Une œuvre sans titre sous la forme que tu vois affiche son titre principal.',
};
