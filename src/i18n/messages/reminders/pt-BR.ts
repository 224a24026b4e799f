import type { Messages } from '../../message-types.js';
import type { reminders as en } from './en.js';

export const reminders: Messages<typeof en> = {
  'reminders.added.title': 'Lembrete criado',
  'reminders.added.text': 'Você vai receber uma DM quando um novo episódio de **{title}** for esperado.',
  'reminders.next.episode': 'O próximo, episódio {episode}, é esperado em {time} ({relative}) pela exibição japonesa.',
  'reminders.next.unnumbered': 'O próximo é esperado em {time} ({relative}) pela exibição japonesa.',
  'reminders.removed.title': 'Lembretes desativados',
  'reminders.removed.text': 'Você não vai receber mais lembretes desse título.',
  'reminders.followList.on.title': 'Seguindo sua lista',
  'reminders.followList.on.text':
    'Agora você recebe lembretes {count, plural, one {do # título em exibição} other {dos # títulos em exibição}} nas suas listas "Assistindo" e "Planejo assistir". Mudanças na sua lista entram em poucas horas.',
  'reminders.followList.off.title': 'Você parou de seguir sua lista',
  'reminders.followList.off.text': 'Os títulos que você adicionou com `/remind add` continuam com os lembretes.',
  'reminders.delay.title': 'Atraso definido',
  'reminders.delay.text': 'Agora os lembretes chegam {minutes, plural, one {# minuto} other {# minutos}} depois da exibição japonesa prevista.',
  'reminders.resumed.title': 'Lembretes retomados',
  'reminders.resumed.text': 'O bot vai voltar a te mandar DMs. Deixe suas DMs abertas para ele.',
  'reminders.notPaused.title': 'Os lembretes não estavam pausados',
  'reminders.notPaused.text': 'Seus lembretes estão funcionando.',

  'reminders.channelAdded.title': 'Lembrete de canal criado',
  'reminders.channelAdded.text':
    'Quando um novo episódio de **{title}** for esperado, o bot vai postar{delay, plural, =0 {} one { # minuto depois da exibição japonesa} other { # minutos depois da exibição japonesa}} em {channel}{role, select, none {} other { mencionando {role}}}{thread, select, yes {, abrindo um tópico para o episódio em cada post} other {}}.',
  'reminders.channelRemoved.title': 'Lembretes do canal desativados',
  'reminders.channelRemoved.text': 'O bot não vai mais postar lembretes desse título em {channel}.',

  'reminders.error.nsfw.title': 'Conteúdo adulto',
  'reminders.error.nsfw.text': 'Esse título está marcado como conteúdo adulto: escolha um canal com restrição de idade para os lembretes dele.',
  'reminders.error.notFollowing.title': 'Você não segue',
  'reminders.error.notFollowing.text': 'Você não recebe lembretes desse título. Veja `/remind list`.',
  'reminders.error.notFollowingChannel.title': 'O canal não segue',
  'reminders.error.notFollowingChannel.text': 'Esse canal não recebe lembretes desse título. Veja `/remind channel list`.',

  'reminders.refused.notExpected': 'Nenhum episódio de {title} é esperado ({reason}), então não há nada para te lembrar.',
  'reminders.refused.notExpectedChannel': 'Nenhum episódio de {title} é esperado ({reason}), então não há nada para postar.',
  'reminders.refused.delay': 'O atraso precisa ser um número inteiro de minutos entre 0 e {max}.',
  'reminders.refused.tooMany': 'Você pode seguir no máximo {max} títulos.',
  'reminders.refused.tooManyChannel': 'Um servidor pode seguir no máximo {max} títulos somando todos os canais.',
  'reminders.refused.followListLogin': 'Seguir a lista lê suas listas "Assistindo" e "Planejo assistir": vincule sua conta com `/login` primeiro.',

  'reminders.inactive.finished': 'exibição encerrada',
  'reminders.inactive.noBroadcastTime': 'horário de exibição desconhecido',
  'reminders.inactive.noStartDate': 'data de estreia ainda desconhecida',
  'reminders.inactive.allAired': 'todos os episódios já foram exibidos',
  'reminders.inactive.none': 'nenhum episódio esperado',

  'reminders.access.cannotSee': 'O bot não consegue ver esse canal: dê a ele a permissão "Ver canal" lá.',
  'reminders.access.otherServer': 'Esse canal não é deste servidor.',
  'reminders.access.channelType': 'Escolha um canal de texto ou de anúncios.',
  'reminders.access.missing':
    'O bot não tem {permissions} nesse canal. Dê {count, plural, one {essa permissão} other {essas permissões}} a ele lá e tente de novo.',
  'reminders.access.roleNotInServer': 'Esse cargo não está neste servidor.',
  'reminders.access.everyone': 'Escolha um cargo para mencionar, não @everyone.',
  'reminders.access.roleNotMentionable':
    'O bot não consegue mencionar esse cargo: deixe o cargo mencionável ou dê ao bot "Mencionar @everyone, @here e todos os cargos" nesse canal.',
  'reminders.permission.viewChannel': '"Ver canal"',
  'reminders.permission.sendMessages': '"Enviar mensagens"',
  'reminders.permission.embedLinks': '"Inserir links"',
  'reminders.permission.createPublicThreads': '"Criar tópicos públicos"',
  'reminders.permission.attachFiles': 'Anexar arquivos',

  'reminders.post.headline': 'O episódio {episode} de {title} já deve ter saído',
  'reminders.post.headlineUnnumbered': 'Um novo episódio de {title} já deve ter saído',
  'reminders.post.expected': 'Previsto pela exibição japonesa às {time} ({relative}); o streaming pode chegar depois.',
  'reminders.post.late': '-# Atrasado: o bot estava offline quando este lembrete devia sair.',
  'reminders.post.button.addEpisode': '+1 episódio',
  'reminders.post.button.open': 'Abrir',
  'reminders.post.button.stop': 'Parar lembretes deste título',
  'reminders.post.button.discussion': 'Discussão do episódio {episode}',
  'reminders.thread.episode': 'Episódio {episode}',
  'reminders.thread.newEpisode': 'Novo episódio',

  'reminders.paused.title': 'Seus lembretes de episódios estão pausados',
  'reminders.paused.text':
    'O Discord não deixou o bot te mandar uma mensagem direta, então seus lembretes foram pausados. Permita mensagens diretas de membros deste servidor (ou de apps) nas suas configurações de privacidade e depois use `/remind resume`.',

  'reminders.failed.header': '⚠️ {count, plural, one {# lembrete não pôde ser entregue} other {# lembretes não puderam ser entregues}}:',
  'reminders.failed.item': '{title}: {reason} ({when})',
  'reminders.failed.itemEpisode': '{title} ep. {episode}: {reason} ({when})',
  'reminders.failed.reason.gone': 'o Discord recusou o post',
  'reminders.failed.reason.retry': 'o Discord não aceitou a tempo',

  'reminders.list.title': 'Seus lembretes de episódios',
  'reminders.list.followList': 'Seguir minha lista: **{state, select, on {ativado} other {desativado}}**',
  'reminders.list.delay': 'Atraso depois da exibição japonesa: **{minutes} min**',
  'reminders.list.paused': '⚠️ **Pausado**: o bot não conseguiu te mandar DM. Abra suas DMs e depois use `/remind resume`.',
  'reminders.list.fromList': 'da sua lista',
  'reminders.list.nextEpisode': 'ep. {episode} {time} {relative}',
  'reminders.list.next': '{time} {relative}',
  'reminders.list.empty': 'Você não segue nenhum título em exibição. Adicione um com `/remind add`.',
  'reminders.list.footer': 'Os horários são previstos, não confirmados: pausas e atrasos não são anunciados pelo serviço.',
  'reminders.list.choice': '{title} · ID {id}',

  'reminders.channelList.title': 'Lembretes de episódios neste servidor',
  'reminders.channelList.delay': '+{minutes} min',
  'reminders.channelList.thread': 'um tópico por episódio',
  'reminders.channelList.paused': '⚠️ pausado: o Discord recusou um post ({reason}). Corrija o acesso do bot e adicione de novo.',
  'reminders.channelList.noReason': 'nenhum motivo informado',
  'reminders.channelList.empty': 'Nenhum canal segue um título ainda. Adicione um com `/remind channel add`.',

  'reminders.stop.title': 'Lembretes desativados',
  'reminders.stop.text': 'Você não vai receber mais lembretes deste título. `/remind add` ativa de novo.',
  'reminders.stop.notFollowing.title': 'Você não segue',
  'reminders.stop.notFollowing.text': 'Você não estava recebendo lembretes deste título.',
};
