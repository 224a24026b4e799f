// Textos em português de `/server pick` e da sua enquete (as mesmas chaves de en.ts).

import type { Messages } from '../../message-types.js';
import type { polls as en } from './en.js';

export const polls: Messages<typeof en> = {
  'polls.pick.title': '{kind, select, anime {O que assistir juntos} other {O que ler juntos}}',
  'polls.pick.intro':
    'Títulos que {members, plural, one {# membro planeja} other {# membros planejam}} {kind, select, anime {assistir} other {ler}} e que nenhum deles completou nem abandonou, os mais desejados primeiro:',
  'polls.pick.row': '**{rank, number}.** {title} — {count, plural, one {# quer} other {# querem}}: {who}',
  'polls.pick.hidden': '{count, plural, one {# título} other {# títulos}} NSFW deixados de fora (este canal não tem restrição de idade).',
  'polls.pick.footer': 'Votar: uma enquete de {hours, plural, one {# hora} other {# horas}} neste canal, para quem fez a seleção ou um membro com "Gerenciar eventos".',
  'polls.pick.noBot': 'Sem votação aqui: uma enquete precisa do bot neste servidor, e aqui o app está instalado só na sua conta (alguém com Gerenciar Servidor pode adicioná-lo com Adicionar app no perfil do bot).',
  'polls.pick.vote': 'Votar',
  'polls.pick.nothing.title': 'Nada para escolher',
  'polls.pick.nothing.text':
    'Nenhum título está na lista {kind, select, anime {"planeja assistir"} other {"planeja ler"}} {members, plural, one {deste membro} other {destes # membros}} sem que algum deles o tenha completado ou abandonado{hidden, select, yes { (títulos NSFW ficam de fora fora de canais com restrição de idade)} other {}}.',
  'polls.error.noMembers.title': 'Ninguém entrou ainda',
  'polls.error.noMembers.text': 'Ninguém aqui entrou ainda na comunidade de listas deste servidor. Os membros entram com `/server join`.',
  'polls.error.pickGone.title': 'Seleção expirada',
  'polls.error.pickGone.text': 'Esta seleção é antiga demais para votar. Use `/server pick` de novo.',
  'polls.error.notYours.title': 'Não é sua',
  'polls.error.notYours.text': 'Só o membro que {what, select, vote {fez esta seleção} other {abriu esta enquete}}, ou um membro com "Gerenciar eventos", pode fazer isso.',
  'polls.error.pollGone.title': 'Enquete desconhecida',
  'polls.error.pollGone.text': 'O bot não conhece mais esta enquete (ela terminou há muito tempo).',
  'polls.poll.question': '{kind, select, anime {O que vamos assistir?} other {O que vamos ler?}}',
  'polls.open.text': 'A enquete fica aberta até {end} ({relative}). O resultado será publicado aqui quando ela terminar.',
  'polls.open.already': 'Já há uma enquete desta seleção aberta neste canal.',
  'polls.end.button': 'Encerrar enquete',
  'polls.end.done': 'A enquete foi encerrada. O resultado chega aqui em até um minuto.',
  'polls.end.already': 'Esta enquete já terminou.',
  'polls.refused.channelType': 'O Discord não permite enquetes neste tipo de canal.',
  'polls.refused.other': 'O Discord recusou a enquete ({status} / {code}).',
  'polls.refused.end': 'O bot não pode mais encerrar esta enquete: perdeu o acesso ao canal.',
  'polls.permission.sendPolls': '"Criar enquetes"',
  'polls.permission.readHistory': '"Ver histórico de mensagens"',
  'polls.result.title': 'Resultado da votação: {title}',
  'polls.result.text':
    '**{votes, plural, one {# voto} other {# votos}}** de {total, number}. {wanters, plural, one {# membro planeja} other {# membros planejam}} {kind, select, anime {assistir} other {ler}}.',
  'polls.result.tieMembers': 'Empatou em votos e venceu porque mais membros o querem.',
  'polls.result.tieOrder': 'Empatou em votos e em membros interessados, e venceu porque estava mais acima na seleção.',
  'polls.result.none.title': 'Ninguém votou',
  'polls.result.none.text': 'A enquete terminou sem votos, então não há vencedor.',
  'polls.result.plan': 'Planejar uma sessão',
  'polls.result.page': 'Abrir a página',
};
