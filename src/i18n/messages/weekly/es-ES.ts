import type { Messages } from '../../message-types.js';
import type { weekly as en } from './en.js';

export const weekly: Messages<typeof en> = {
  'weekly.caption': 'La semana de este servidor',
  'weekly.subtitle': '{from} – {to} · {kind, select, anime {anime} manga {manga} other {anime y manga}}',
  'weekly.fact.episodes': 'Episodios vistos',
  'weekly.fact.chapters': 'Capítulos leídos',
  'weekly.fact.completed': 'Títulos completados',
  'weekly.fact.joined': 'Miembros nuevos',
  'weekly.top.heading': 'Lo más visto y leído esta semana',
  'weekly.top.value': '{members, plural, one {# miembro} other {# miembros}}',
  'weekly.airing.heading': 'En emisión, lo que ve la mayoría',
  'weekly.finished.heading': 'Terminados esta semana',
  'weekly.finished.line': '{user} terminó {title}',
  'weekly.finished.more': '…y {count, plural, one {# más} other {# más}}',
  'weekly.text':
    '**La semana de este servidor** ({from} – {to}): {episodes, plural, one {# episodio visto} other {# episodios vistos}}, {chapters, plural, one {# capítulo leído} other {# capítulos leídos}}, {completed, plural, one {# título completado} other {# títulos completados}}, {joined, plural, =0 {ningún miembro nuevo} one {# miembro nuevo} other {# miembros nuevos}}.',
  'weekly.text.top': 'Lo más visto: {titles}.',
  'weekly.text.airing': 'En emisión y visto por la mayoría: {titles}.',
  'weekly.nsfw.hidden': '{count, plural, one {# título no apto para todos los públicos se cuenta} other {# títulos no aptos para todos los públicos se cuentan}} pero no se nombran (solo en canales con restricción de edad).',
  'weekly.seenSince': 'El bot registra los cambios en las listas de los miembros desde el {date}: esta semana solo se ve desde entonces.',
  'weekly.alt': 'Tarjeta de la semana de este servidor: {facts}.{titles}',
  'weekly.alt.titles': ' Lo más visto: {titles}.',
  'weekly.kind': '{kind, select, anime {anime} manga {manga} other {anime y manga}}',
  'weekly.weekday': '{day, select, 0 {domingo} 1 {lunes} 2 {martes} 3 {miércoles} 4 {jueves} 5 {viernes} other {sábado}}',
  'weekly.preview.title': 'Vista previa: los últimos 7 días de este servidor (solo tú lo ves)',
  'weekly.preview.quiet': 'Nada que contar de los últimos 7 días: nada visto, leído ni completado, y nadie se unió. Un resumen semanal se omitiría.',
  'weekly.channel.added': 'Resumen semanal añadido',
  'weekly.channel.updated': 'Resumen semanal cambiado',
  'weekly.channel.addedText':
    'El resumen de la semana de este servidor ({kind}) se publicará en <#{channel}> cada {weekday} a las {time} ({timeZone}), en el idioma de este servidor. Próximo: <t:{next}:F>.',
  'weekly.channel.grant':
    'El resumen es una imagen: el bot necesita **Adjuntar archivos** ahí. Los servidores que añadieron el bot antes de que publicara imágenes se lo dan en los ajustes del canal → Permisos → el rol del bot (o lo vuelven a invitar con el enlace del README).',
  'weekly.channel.adultNote': 'Los títulos no aptos para todos los públicos se cuentan, pero solo se nombran en canales con restricción de edad.',
  'weekly.channel.removed': 'Resumen semanal quitado',
  'weekly.channel.removedText': 'No habrá más resúmenes semanales en <#{channel}>.',
  'weekly.list.title': 'El resumen semanal de este servidor',
  'weekly.list.none': 'El resumen semanal no se publica en ningún canal. Un miembro con Gestionar servidor añade uno con `/recap channel add`.',
  'weekly.list.line': '<#{channel}> — cada {weekday} a las {time} ({timeZone}), {kind}',
  'weekly.list.next': 'próximo <t:{next}:F>',
  'weekly.list.posted': 'última publicación <t:{at}:R>',
  'weekly.list.never': 'aún sin publicar',
  'weekly.list.skipped':
    'semana del {week} omitida: {reason, select, quiet {nada que contar (nada visto, leído ni completado, nadie se unió)} late {el bot estuvo caído más de 6 horas después de la hora} other {el canal está en pausa}}',
  'weekly.list.paused':
    '⚠️ en pausa desde <t:{at}:R>: Discord rechazó la publicación ({reason}). Dale al bot Ver canal, Enviar mensajes, Insertar enlaces y Adjuntar archivos ahí y vuelve a usar `/recap channel add`.',
  'weekly.error.timeZone.title': 'Zona horaria desconocida',
  'weekly.error.timeZone.text': '«{zone}» no es una zona horaria que el bot conozca. Usa un nombre IANA como `Europe/Madrid`, `America/New_York` o `UTC`.',
  'weekly.error.time.title': 'Hora no válida',
  'weekly.error.time.text': '«{time}» no es una hora: usa HH:MM en formato de 24 horas (por ejemplo, 18:30).',
  'weekly.error.limit.title': 'Demasiados canales de resumen',
  'weekly.error.limit.text': 'Un servidor puede tener el resumen semanal en {max} canales como máximo. Quita uno primero.',
  'weekly.error.notThere.title': 'No hay resumen semanal ahí',
  'weekly.error.notThere.text': 'Ese canal no tiene el resumen semanal.',
  'weekly.notice.title': "Resumen semanal en pausa en un canal",
  'weekly.notice.refused':
    "Discord rechazó el resumen semanal del bot en <#{channel}> de **{server}** ({reason}), así que el resumen está en pausa allí.",
  'weekly.notice.fix':
    "Dale al bot Ver canal, Enviar mensajes, Insertar enlaces y Adjuntar archivos en ese canal y vuelve a usar `/recap channel add` allí.",
  'weekly.notice.why':
    "-# Recibes esto porque eres el propietario del servidor; los miembros con Gestionar servidor lo ven en `/recap channel list`.",
  'weekly.notice.yourServer': "tu servidor",
};
