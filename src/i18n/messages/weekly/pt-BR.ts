import type { Messages } from '../../message-types.js';
import type { weekly as en } from './en.js';

export const weekly: Messages<typeof en> = {
  'weekly.caption': 'A semana deste servidor',
  'weekly.subtitle': '{from} – {to} · {kind, select, anime {anime} manga {mangá} other {anime e mangá}}',
  'weekly.fact.episodes': 'Episódios assistidos',
  'weekly.fact.chapters': 'Capítulos lidos',
  'weekly.fact.completed': 'Títulos concluídos',
  'weekly.fact.joined': 'Novos membros',
  'weekly.top.heading': 'Mais assistidos e lidos nesta semana',
  'weekly.top.value': '{members, plural, one {# membro} other {# membros}}',
  'weekly.airing.heading': 'Em exibição, assistidos pela maioria',
  'weekly.finished.heading': 'Concluídos nesta semana',
  'weekly.finished.line': '{user} concluiu {title}',
  'weekly.finished.more': '…e mais {count, plural, one {#} other {#}}',
  'weekly.text':
    '**A semana deste servidor** ({from} – {to}): {episodes, plural, one {# episódio assistido} other {# episódios assistidos}}, {chapters, plural, one {# capítulo lido} other {# capítulos lidos}}, {completed, plural, one {# título concluído} other {# títulos concluídos}}, {joined, plural, =0 {nenhum membro novo} one {# membro novo} other {# membros novos}}.',
  'weekly.text.top': 'Mais assistidos: {titles}.',
  'weekly.text.airing': 'Em exibição e assistidos pela maioria: {titles}.',
  'weekly.nsfw.hidden': '{count, plural, one {# título impróprio é contado} other {# títulos impróprios são contados}} mas não nomeados (só em canais com restrição de idade).',
  'weekly.seenSince': 'O bot registra as mudanças nas listas dos membros desde {date}: esta semana só é vista a partir daí.',
  'weekly.alt': 'Cartão da semana deste servidor: {facts}.{titles}',
  'weekly.alt.titles': ' Mais assistidos: {titles}.',
  'weekly.kind': '{kind, select, anime {anime} manga {mangá} other {anime e mangá}}',
  'weekly.weekday': '{day, select, 0 {domingo} 1 {segunda-feira} 2 {terça-feira} 3 {quarta-feira} 4 {quinta-feira} 5 {sexta-feira} other {sábado}}',
  'weekly.preview.title': 'Prévia: os últimos 7 dias deste servidor (só você vê isto)',
  'weekly.preview.quiet': 'Nada a dizer dos últimos 7 dias: nada assistido, lido ou concluído, e ninguém entrou. Um resumo semanal seria pulado.',
  'weekly.channel.added': 'Resumo semanal adicionado',
  'weekly.channel.updated': 'Resumo semanal alterado',
  'weekly.channel.addedText':
    'O resumo da semana deste servidor ({kind}) será publicado em <#{channel}> toda {weekday} às {time} ({timeZone}), no idioma deste servidor. Próximo: <t:{next}:F>.',
  'weekly.channel.grant':
    'O resumo é uma imagem: o bot precisa de **Anexar arquivos** ali. Servidores que adicionaram o bot antes de ele publicar imagens concedem isso nas configurações do canal → Permissões → o cargo do bot (ou o convidam de novo com o link do README).',
  'weekly.channel.adultNote': 'Títulos impróprios são contados, mas só nomeados em canais com restrição de idade.',
  'weekly.channel.removed': 'Resumo semanal removido',
  'weekly.channel.removedText': 'Sem mais resumos semanais em <#{channel}>.',
  'weekly.list.title': 'O resumo semanal deste servidor',
  'weekly.list.none': 'O resumo semanal não é publicado em nenhum canal. Um membro com Gerenciar servidor adiciona um com `/recap channel add`.',
  'weekly.list.line': '<#{channel}> — toda {weekday} às {time} ({timeZone}), {kind}',
  'weekly.list.next': 'próximo <t:{next}:F>',
  'weekly.list.posted': 'última publicação <t:{at}:R>',
  'weekly.list.never': 'ainda não publicado',
  'weekly.list.skipped':
    'semana de {week} pulada: {reason, select, quiet {nada a dizer (nada assistido, lido ou concluído, ninguém entrou)} late {o bot ficou fora do ar por mais de 6 horas após o horário} other {o canal está pausado}}',
  'weekly.list.paused':
    '⚠️ pausado desde <t:{at}:R>: o Discord recusou a publicação ({reason}). Dê ao bot Ver canal, Enviar mensagens, Inserir links e Anexar arquivos ali e use `/recap channel add` de novo.',
  'weekly.error.timeZone.title': 'Fuso horário desconhecido',
  'weekly.error.timeZone.text': '“{zone}” não é um fuso horário que o bot conheça. Use um nome IANA como `America/Sao_Paulo`, `Europe/Lisbon` ou `UTC`.',
  'weekly.error.time.title': 'Horário inválido',
  'weekly.error.time.text': '“{time}” não é um horário: use HH:MM em 24 horas (por exemplo, 18:30).',
  'weekly.error.limit.title': 'Canais de resumo demais',
  'weekly.error.limit.text': 'Um servidor pode ter o resumo semanal em no máximo {max} canais. Remova um primeiro.',
  'weekly.error.notThere.title': 'Não há resumo semanal ali',
  'weekly.error.notThere.text': 'Esse canal não tem o resumo semanal.',
  'weekly.notice.title': "Resumo semanal pausado em um canal",
  'weekly.notice.refused':
    "O Discord recusou o resumo semanal do bot em <#{channel}> de **{server}** ({reason}), então o resumo lá está pausado.",
  'weekly.notice.fix':
    "Dê ao bot Ver canal, Enviar mensagens, Inserir links e Anexar arquivos nesse canal e use `/recap channel add` lá de novo.",
  'weekly.notice.why':
    "-# Você recebeu isto porque é dono do servidor; membros com Gerenciar servidor veem isso em `/recap channel list`.",
  'weekly.notice.yourServer': "seu servidor",
};
