import type { Messages } from '../../message-types.js';
import type { settings as en } from './en.js';

export const settings: Messages<typeof en> = {
  'settings.form.romaji': 'título principal (geralmente em romaji)',
  'settings.form.english': 'inglês',
  'settings.form.japanese': 'japonês',
  'settings.titles.saved.title': 'Forma dos títulos salva',
  'settings.titles.saved.text': 'Agora, em todo lugar onde você usa o bot, você vê os títulos assim: **{form}**, seja qual for o padrão de um servidor. Uma obra sem título nessa forma mostra o título principal.',
  'settings.serverTitles.saved.title': 'Padrão do servidor salvo',
  'settings.serverTitles.saved.text': 'Neste servidor, membros que não escolheram uma forma agora veem os títulos assim: **{form}**. Cada um ainda pode escolher a sua com `/settings titles`.',
  'settings.serverTitles.reset.title': 'Padrão do servidor redefinido',
  'settings.serverTitles.reset.text': 'Neste servidor, membros que não escolheram uma forma agora veem o título principal de cada obra.',
  'settings.show.title': 'Sua forma dos títulos',
  'settings.show.user': 'Você vê os títulos assim: **{form}**, sua própria escolha (`/settings titles`).',
  'settings.show.server': 'Você vê os títulos assim: **{form}**, o padrão deste servidor, já que você não escolheu uma forma. Escolha a sua com `/settings titles`.',
  'settings.show.default': 'Você vê o **título principal** de cada obra (geralmente em romaji): você não escolheu uma forma e nenhum padrão de servidor vale aqui. Escolha uma com `/settings titles`.',
  'settings.show.serverDefault': 'Padrão deste servidor: **{form}**.',
  'settings.show.noServerDefault': 'Este servidor não tem padrão: membros sem escolha veem o título principal.',
  'settings.show.directMessages': 'O padrão de um servidor vale só naquele servidor.',
  'settings.show.fallback': 'Uma obra sem título na forma que você vê mostra o título principal.',
};
