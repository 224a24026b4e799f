import type { Messages } from '../../message-types.js';
import type { reminders as en } from './en.js';

export const reminders: Messages<typeof en> = {
  'reminders.added.title': 'Recordatorio creado',
  'reminders.added.text': 'Recibirás un MD cuando se espere un nuevo episodio de **{title}**.',
  'reminders.next.episode': 'El siguiente, el episodio {episode}, se espera el {time} ({relative}) según la emisión japonesa.',
  'reminders.next.unnumbered': 'El siguiente se espera el {time} ({relative}) según la emisión japonesa.',
  'reminders.removed.title': 'Recordatorios detenidos',
  'reminders.removed.text': 'Ya no recibirás recordatorios de ese título.',
  'reminders.followList.on.title': 'Siguiendo tu lista',
  'reminders.followList.on.text':
    'Ahora recibes recordatorios de {count, plural, one {el # título en emisión} other {los # títulos en emisión}} de tus listas «Viendo» y «Pendiente». Los cambios en tu lista se aplican en unas pocas horas.',
  'reminders.followList.off.title': 'Ya no sigues tu lista',
  'reminders.followList.off.text': 'Los títulos que añadiste con `/remind add` mantienen sus recordatorios.',
  'reminders.delay.title': 'Retraso configurado',
  'reminders.delay.text': 'Ahora los recordatorios llegan {minutes, plural, one {# minuto} other {# minutos}} después de la emisión japonesa prevista.',
  'reminders.resumed.title': 'Recordatorios reanudados',
  'reminders.resumed.text': 'El bot volverá a enviarte MD. Mantén tus MD abiertos para él.',
  'reminders.notPaused.title': 'Los recordatorios no estaban en pausa',
  'reminders.notPaused.text': 'Tus recordatorios están activos.',

  'reminders.channelAdded.title': 'Recordatorio de canal creado',
  'reminders.channelAdded.text':
    'Cuando se espere un nuevo episodio de **{title}**, el bot publicará{delay, plural, =0 {} one { # minuto después de la emisión japonesa} other { # minutos después de la emisión japonesa}} en {channel}{role, select, none {} other { mencionando a {role}}}{thread, select, yes {, y abrirá un hilo para el episodio en cada publicación} other {}}.',
  'reminders.channelRemoved.title': 'Recordatorios del canal detenidos',
  'reminders.channelRemoved.text': 'El bot ya no publicará recordatorios de ese título en {channel}.',

  'reminders.error.nsfw.title': 'Contenido para adultos',
  'reminders.error.nsfw.text': 'Ese título está marcado como contenido para adultos: elige un canal con restricción de edad para sus recordatorios.',
  'reminders.error.notFollowing.title': 'No lo sigues',
  'reminders.error.notFollowing.text': 'No recibes recordatorios de ese título. Consulta `/remind list`.',
  'reminders.error.notFollowingChannel.title': 'Ese canal no lo sigue',
  'reminders.error.notFollowingChannel.text': 'Ese canal no recibe recordatorios de ese título. Consulta `/remind channel list`.',

  'reminders.refused.notExpected': 'No se espera ningún episodio de {title} ({reason}), así que no hay nada que recordarte.',
  'reminders.refused.notExpectedChannel': 'No se espera ningún episodio de {title} ({reason}), así que no hay nada que publicar.',
  'reminders.refused.delay': 'El retraso debe ser un número entero de minutos entre 0 y {max}.',
  'reminders.refused.tooMany': 'Puedes seguir como máximo {max} títulos.',
  'reminders.refused.tooManyChannel': 'Un servidor puede seguir como máximo {max} títulos entre todos sus canales.',
  'reminders.refused.followListLogin': 'Seguir tu lista lee tus listas «Viendo» y «Pendiente»: primero vincula tu cuenta con `/login`.',

  'reminders.inactive.finished': 'emisión finalizada',
  'reminders.inactive.noBroadcastTime': 'sin hora de emisión conocida',
  'reminders.inactive.noStartDate': 'aún sin fecha de estreno conocida',
  'reminders.inactive.allAired': 'ya se emitieron todos los episodios',
  'reminders.inactive.none': 'ningún episodio previsto',

  'reminders.access.cannotSee': 'El bot no puede ver ese canal: dale allí el permiso «Ver canal».',
  'reminders.access.otherServer': 'Ese canal no es de este servidor.',
  'reminders.access.channelType': 'Elige un canal de texto o de anuncios.',
  'reminders.access.missing':
    'El bot no tiene {permissions} en ese canal. Dale {count, plural, one {ese permiso} other {esos permisos}} allí y vuelve a intentarlo.',
  'reminders.access.roleNotInServer': 'Ese rol no está en este servidor.',
  'reminders.access.everyone': 'Elige un rol para mencionar, no @everyone.',
  'reminders.access.roleNotMentionable':
    'El bot no puede mencionar ese rol: haz que el rol se pueda mencionar o dale al bot «Mencionar @everyone, @here y todos los roles» en ese canal.',
  'reminders.permission.viewChannel': '«Ver canal»',
  'reminders.permission.sendMessages': '«Enviar mensajes»',
  'reminders.permission.embedLinks': '«Insertar enlaces»',
  'reminders.permission.createPublicThreads': '«Crear hilos públicos»',
  'reminders.permission.attachFiles': 'Adjuntar archivos',

  'reminders.post.headline': 'El episodio {episode} de {title} debería estar disponible',
  'reminders.post.headlineUnnumbered': 'Un nuevo episodio de {title} debería estar disponible',
  'reminders.post.expected': 'Previsto según la emisión japonesa a las {time} ({relative}); el streaming puede llegar más tarde.',
  'reminders.post.late': '-# Con retraso: el bot estaba desconectado cuando tocaba este recordatorio.',
  'reminders.post.button.addEpisode': '+1 episodio',
  'reminders.post.button.open': 'Abrir',
  'reminders.post.button.stop': 'Dejar de recordar este título',
  'reminders.post.button.discussion': 'Debate del episodio {episode}',
  'reminders.thread.episode': 'Episodio {episode}',
  'reminders.thread.newEpisode': 'Nuevo episodio',

  'reminders.paused.title': 'Tus recordatorios de episodios están en pausa',
  'reminders.paused.text':
    'Discord no dejó que el bot te enviara un mensaje directo, así que tus recordatorios están en pausa. Permite los mensajes directos de los miembros de este servidor (o de las aplicaciones) en tus ajustes de privacidad y luego ejecuta `/remind resume`.',

  'reminders.failed.header': '⚠️ {count, plural, one {# recordatorio no se pudo entregar} other {# recordatorios no se pudieron entregar}}:',
  'reminders.failed.item': '{title}: {reason} ({when})',
  'reminders.failed.itemEpisode': '{title} ep. {episode}: {reason} ({when})',
  'reminders.failed.reason.gone': 'Discord rechazó la publicación',
  'reminders.failed.reason.retry': 'Discord no la aceptó a tiempo',

  'reminders.list.title': 'Tus recordatorios de episodios',
  'reminders.list.followList': 'Seguir mi lista: **{state, select, on {sí} other {no}}**',
  'reminders.list.delay': 'Retraso tras la emisión japonesa: **{minutes} min**',
  'reminders.list.paused': '⚠️ **En pausa**: el bot no pudo enviarte un MD. Abre tus MD y luego ejecuta `/remind resume`.',
  'reminders.list.fromList': 'de tu lista',
  'reminders.list.nextEpisode': 'ep. {episode} {time} {relative}',
  'reminders.list.next': '{time} {relative}',
  'reminders.list.empty': 'No sigues ningún título en emisión. Añade uno con `/remind add`.',
  'reminders.list.footer': 'Las horas son previstas, no confirmadas: los descansos y retrasos no se anuncian a través del servicio.',
  'reminders.list.choice': '{title} · ID {id}',

  'reminders.channelList.title': 'Recordatorios de episodios en este servidor',
  'reminders.channelList.delay': '+{minutes} min',
  'reminders.channelList.thread': 'un hilo por episodio',
  'reminders.channelList.paused': '⚠️ en pausa: Discord rechazó una publicación ({reason}). Arregla el acceso del bot y vuelve a añadirlo.',
  'reminders.channelList.noReason': 'sin motivo indicado',
  'reminders.channelList.empty': 'Ningún canal sigue un título todavía. Añade uno con `/remind channel add`.',

  'reminders.stop.title': 'Recordatorios detenidos',
  'reminders.stop.text': 'Ya no recibirás recordatorios de este título. `/remind add` los vuelve a activar.',
  'reminders.stop.notFollowing.title': 'No lo sigues',
  'reminders.stop.notFollowing.text': 'No recibías recordatorios de este título.',
};
