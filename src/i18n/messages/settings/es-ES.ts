import type { Messages } from '../../message-types.js';
import type { settings as en } from './en.js';

export const settings: Messages<typeof en> = {
  'settings.form.romaji': 'título principal (normalmente en romaji)',
  'settings.form.english': 'inglés',
  'settings.form.japanese': 'japonés',
  'settings.titles.saved.title': 'Forma de los títulos guardada',
  'settings.titles.saved.text': 'Ahora, en todas partes donde uses el bot, ves los títulos así: **{form}**, sea cual sea la opción predeterminada de un servidor. Una obra sin título en esa forma muestra su título principal.',
  'settings.serverTitles.saved.title': 'Opción del servidor guardada',
  'settings.serverTitles.saved.text': 'En este servidor, los miembros que no han elegido una forma ahora ven los títulos así: **{form}**. Cada uno puede seguir eligiendo la suya con `/settings titles`.',
  'settings.serverTitles.reset.title': 'Opción del servidor restablecida',
  'settings.serverTitles.reset.text': 'En este servidor, los miembros que no han elegido una forma ahora ven el título principal de cada obra.',
  'settings.show.title': 'Tu forma de los títulos',
  'settings.show.user': 'Ves los títulos así: **{form}**, tu propia elección (`/settings titles`).',
  'settings.show.server': 'Ves los títulos así: **{form}**, la opción predeterminada de este servidor, porque tú no has elegido ninguna forma. Elige la tuya con `/settings titles`.',
  'settings.show.default': 'Ves el **título principal** de cada obra (normalmente en romaji): no has elegido ninguna forma y aquí no se aplica ninguna opción de servidor. Elige una con `/settings titles`.',
  'settings.show.serverDefault': 'Opción predeterminada de este servidor: **{form}**.',
  'settings.show.noServerDefault': 'Este servidor no tiene opción predeterminada: los miembros sin elección ven el título principal.',
  'settings.show.directMessages': 'La opción predeterminada de un servidor solo se aplica en ese servidor.',
  'settings.show.fallback': 'Una obra sin título en la forma que ves muestra su título principal.',
};
