// Textos en español de `/server pick` y su encuesta (las mismas claves que en.ts).

import type { Messages } from '../../message-types.js';
import type { polls as en } from './en.js';

export const polls: Messages<typeof en> = {
  'polls.pick.title': '{kind, select, anime {Qué ver juntos} other {Qué leer juntos}}',
  'polls.pick.intro':
    'Títulos que {members, plural, one {# miembro planea} other {# miembros planean}} {kind, select, anime {ver} other {leer}} y que ninguno ha completado ni abandonado, los más deseados primero:',
  'polls.pick.row': '**{rank, number}.** {title} — {count, plural, one {# lo quiere} other {# lo quieren}}: {who}',
  'polls.pick.hidden': '{count, plural, one {# título} other {# títulos}} NSFW omitidos (este canal no tiene restricción de edad).',
  'polls.pick.footer': 'Votar: una encuesta de {hours, plural, one {# hora} other {# horas}} en este canal, para quien hizo la selección o un miembro con «Gestionar eventos».',
  'polls.pick.noBot': 'Aquí no hay votación: una encuesta necesita el bot en este servidor, y aquí la aplicación solo está instalada en tu cuenta (alguien con «Gestionar servidor» puede añadirla con «Añadir aplicación» en el perfil del bot).',
  'polls.pick.vote': 'Votar',
  'polls.pick.nothing.title': 'Nada que elegir',
  'polls.pick.nothing.text':
    'Ningún título está en la lista {kind, select, anime {«planeado para ver»} other {«planeado para leer»}} de {members, plural, one {este miembro} other {estos # miembros}} sin que alguno lo haya completado o abandonado{hidden, select, yes { (los títulos NSFW se omiten fuera de los canales con restricción de edad)} other {}}.',
  'polls.error.noMembers.title': 'Nadie se ha unido',
  'polls.error.noMembers.text': 'Aquí nadie se ha unido todavía a la comunidad de listas de este servidor. Los miembros se unen con `/server join`.',
  'polls.error.pickGone.title': 'Selección caducada',
  'polls.error.pickGone.text': 'Esta selección es demasiado antigua para votarla. Vuelve a usar `/server pick`.',
  'polls.error.notYours.title': 'No es tuya',
  'polls.error.notYours.text': 'Solo el miembro que {what, select, vote {hizo esta selección} other {abrió esta encuesta}}, o un miembro con «Gestionar eventos», puede hacer esto.',
  'polls.error.pollGone.title': 'Encuesta desconocida',
  'polls.error.pollGone.text': 'El bot ya no conoce esta encuesta (terminó hace tiempo).',
  'polls.poll.question': '{kind, select, anime {¿Qué vemos?} other {¿Qué leemos?}}',
  'polls.open.text': 'La encuesta está abierta hasta el {end} ({relative}). El resultado se publicará aquí cuando termine.',
  'polls.open.already': 'Ya hay una encuesta abierta de esta selección en este canal.',
  'polls.end.button': 'Terminar encuesta',
  'polls.end.done': 'La encuesta ha terminado. El resultado llegará aquí en menos de un minuto.',
  'polls.end.already': 'Esta encuesta ya ha terminado.',
  'polls.refused.channelType': 'Discord no permite encuestas en este tipo de canal.',
  'polls.refused.other': 'Discord rechazó la encuesta ({status} / {code}).',
  'polls.refused.end': 'El bot ya no puede terminar esta encuesta: ha perdido el acceso al canal.',
  'polls.permission.sendPolls': '«Crear encuestas»',
  'polls.permission.readHistory': '«Leer el historial de mensajes»',
  'polls.result.title': 'Votación cerrada: {title}',
  'polls.result.text':
    '**{votes, plural, one {# voto} other {# votos}}** de {total, number}. {wanters, plural, one {# miembro planea} other {# miembros planean}} {kind, select, anime {verlo} other {leerlo}}.',
  'polls.result.tieMembers': 'Empató en votos y gana porque más miembros lo quieren.',
  'polls.result.tieOrder': 'Empató en votos y en miembros interesados, y gana porque estaba más arriba en la selección.',
  'polls.result.none.title': 'Nadie votó',
  'polls.result.none.text': 'La encuesta terminó sin votos, así que no hay ganador.',
  'polls.result.plan': 'Planear una sesión',
  'polls.result.page': 'Abrir su página',
};
