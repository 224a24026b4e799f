// Slash commands in Brazilian Portuguese, as Discord's command picker shows them. English is the
// definitions themselves (commands/*.ts); src/interactions/command-localizations.ts fills these
// texts in when the commands are registered.
//
// To add a command, subcommand, option or choice, add its texts to EVERY language's file here,
// keyed by its path of English names (`settings`, `settings language`, `settings language value`),
// with every choice value in `choices`; the full rules are at the top of ja.ts, and
// test/interactions/command-localizations.test.ts names each missing or leftover path.

import type { CommandTexts } from './types.js';

const TITLE = 'Escolha uma sugestão ou digite um título, um ID (40748) ou um link para a página dele';
const QUERY = 'Título a buscar (pelo menos 3 caracteres)';
const NSFW = 'Incluir títulos NSFW (só funciona em canais com restrição de idade)';
const KIND = 'Listas de anime (padrão) ou de mangá';
const KINDS = { anime: 'Anime', manga: 'Mangá' };
const ROLE = 'Cargo a mencionar em cada post (o bot precisa poder mencioná-lo)';
const ANIME_STATUSES = { watching: 'Assistindo', completed: 'Completo', on_hold: 'Em pausa', dropped: 'Dropado', plan_to_watch: 'Planejo assistir' };
const MANGA_STATUSES = { reading: 'Lendo', completed: 'Completo', on_hold: 'Em pausa', dropped: 'Dropado', plan_to_read: 'Planejo ler' };
const LIST_SORTS = { list_score: 'Por nota', list_updated_at: 'Última alteração' };
const CHART_SIZES = { '3x3': '3x3', '4x4': '4x4', '5x5': '5x5' };
const CHART_SORTS = { score: LIST_SORTS.list_score, recent: LIST_SORTS.list_updated_at };
const REMINDER_CHANNEL = 'Canal de texto ou de anúncios para postar os lembretes';
const FEED_CHANNEL = 'Canal de texto ou de anúncios para postar a atividade';

export const ptBR: CommandTexts = {
  anime: { name: 'anime', description: 'Buscar e explorar animes' },
  'anime search': { name: 'buscar', description: 'Buscar animes pelo título' },
  'anime search query': { name: 'título', description: QUERY },
  'anime search nsfw': { name: 'nsfw', description: NSFW },
  'anime info': { name: 'info', description: 'Detalhes de um anime' },
  'anime info title': { name: 'título', description: TITLE },
  'anime ranking': { name: 'ranking', description: 'Rankings de animes' },
  'anime ranking type': {
    name: 'tipo',
    description: 'Qual ranking',
    choices: {
      all: 'Top animes',
      airing: 'Top em exibição',
      upcoming: 'Top próximos lançamentos',
      tv: 'Top séries de TV',
      ova: 'Top OVAs',
      movie: 'Top filmes',
      special: 'Top especiais',
      bypopularity: 'Mais populares',
      favorite: 'Mais favoritados',
    },
  },
  'anime season': { name: 'temporada', description: 'Animes de uma temporada (padrão: a atual)' },
  'anime season year': { name: 'ano', description: 'Ano, ex.: 2024' },
  'anime season season': {
    name: 'temporada',
    description: 'Temporada',
    choices: { winter: 'Inverno', spring: 'Primavera', summer: 'Verão', fall: 'Outono' },
  },
  'anime season sort': {
    name: 'ordem',
    description: 'Ordem (padrão: por nota)',
    choices: { anime_score: 'Por nota', anime_num_list_users: 'Por número de membros' },
  },
  'anime schedule': { name: 'agenda', description: 'Os episódios previstos para esta semana, no seu horário local' },
  'anime schedule day': {
    name: 'dia',
    description: 'Só este dia de exibição (horário do Japão)',
    choices: {
      monday: 'Segunda-feira',
      tuesday: 'Terça-feira',
      wednesday: 'Quarta-feira',
      thursday: 'Quinta-feira',
      friday: 'Sexta-feira',
      saturday: 'Sábado',
      sunday: 'Domingo',
    },
  },
  'anime schedule mine': { name: 'minha-lista', description: 'Só títulos das suas listas Assistindo e Planejo assistir (requer /login)' },
  'anime suggestions': { name: 'sugestões', description: 'Animes sugeridos para você (requer /login)' },

  manga: { name: 'mangá', description: 'Buscar e explorar mangás' },
  'manga search': { name: 'buscar', description: 'Buscar mangás pelo título' },
  'manga search query': { name: 'título', description: QUERY },
  'manga search nsfw': { name: 'nsfw', description: NSFW },
  'manga info': { name: 'info', description: 'Detalhes de um mangá' },
  'manga info title': { name: 'título', description: TITLE },
  'manga ranking': { name: 'ranking', description: 'Rankings de mangás' },
  'manga ranking type': {
    name: 'tipo',
    description: 'Qual ranking',
    choices: {
      all: 'Todos',
      manga: 'Top mangás',
      novels: 'Top romances',
      oneshots: 'Top one-shots',
      doujin: 'Top doujinshi',
      manhwa: 'Top manhwas',
      manhua: 'Top manhuas',
      bypopularity: 'Mais populares',
      favorite: 'Mais favoritados',
    },
  },

  list: { name: 'lista', description: 'Listas de animes e mangás: veja as de qualquer pessoa, altere a sua' },
  'list anime': { name: 'anime', description: 'Listas de animes' },
  'list anime view': { name: 'ver', description: 'Mostrar uma lista de animes (padrão: a sua)' },
  'list anime view user': { name: 'usuário', description: 'Um nome de usuário do serviço (padrão: a sua lista)' },
  'list anime view status': { name: 'status', description: 'Só entradas com este status', choices: ANIME_STATUSES },
  'list anime view sort': {
    name: 'ordem',
    description: 'Ordem',
    choices: { ...LIST_SORTS, anime_title: 'Por título', anime_start_date: 'Por data de início', anime_id: 'Por ID' },
  },
  'list anime chart': { name: 'grade', description: 'Uma imagem das capas de uma lista de animes (padrão: a sua)' },
  'list anime chart user': { name: 'usuário', description: 'Um nome de usuário do serviço (padrão: a sua lista)' },
  'list anime chart size': { name: 'tamanho', description: 'Quantas capas (padrão: 3x3)', choices: CHART_SIZES },
  'list anime chart status': { name: 'status', description: 'Só entradas com este status (padrão: completo)', choices: ANIME_STATUSES },
  'list anime chart sort': { name: 'ordem', description: 'Ordem (padrão: por nota)', choices: CHART_SORTS },
  'list anime update': { name: 'atualizar', description: 'Adicionar um anime à sua lista ou alterar sua entrada' },
  'list anime update title': { name: 'título', description: TITLE },
  'list anime update status': { name: 'status', description: 'Seu status', choices: ANIME_STATUSES },
  'list anime update score': { name: 'nota', description: 'Sua nota, de 0 (nenhuma) a 10' },
  'list anime update episodes': { name: 'episódios', description: 'Episódios assistidos' },
  'list anime update rewatching': { name: 'reassistindo', description: 'Você está reassistindo?' },
  'list anime update times_rewatched': { name: 'vezes-reassistido', description: 'Quantas vezes você reassistiu' },
  'list anime update rewatch_value': { name: 'valor-reassistir', description: 'Valor de reassistir, de 0 a 5' },
  'list anime update priority': { name: 'prioridade', description: 'Prioridade: 0 baixa, 1 média, 2 alta' },
  'list anime update tags': { name: 'tags', description: 'Tags, separadas por vírgulas' },
  'list anime update comments': { name: 'comentários', description: 'Comentários' },
  'list anime remove': { name: 'remover', description: 'Remover um anime da sua lista' },
  'list anime remove title': { name: 'título', description: TITLE },
  'list manga': { name: 'mangá', description: 'Listas de mangás' },
  'list manga view': { name: 'ver', description: 'Mostrar uma lista de mangás (padrão: a sua)' },
  'list manga view user': { name: 'usuário', description: 'Um nome de usuário do serviço (padrão: a sua lista)' },
  'list manga view status': { name: 'status', description: 'Só entradas com este status', choices: MANGA_STATUSES },
  'list manga view sort': {
    name: 'ordem',
    description: 'Ordem',
    choices: { ...LIST_SORTS, manga_title: 'Por título', manga_start_date: 'Por data de início', manga_id: 'Por ID' },
  },
  'list manga chart': { name: 'grade', description: 'Uma imagem das capas de uma lista de mangás (padrão: a sua)' },
  'list manga chart user': { name: 'usuário', description: 'Um nome de usuário do serviço (padrão: a sua lista)' },
  'list manga chart size': { name: 'tamanho', description: 'Quantas capas (padrão: 3x3)', choices: CHART_SIZES },
  'list manga chart status': { name: 'status', description: 'Só entradas com este status (padrão: completo)', choices: MANGA_STATUSES },
  'list manga chart sort': { name: 'ordem', description: 'Ordem (padrão: por nota)', choices: CHART_SORTS },
  'list manga update': { name: 'atualizar', description: 'Adicionar um mangá à sua lista ou alterar sua entrada' },
  'list manga update title': { name: 'título', description: TITLE },
  'list manga update status': { name: 'status', description: 'Seu status', choices: MANGA_STATUSES },
  'list manga update score': { name: 'nota', description: 'Sua nota, de 0 (nenhuma) a 10' },
  'list manga update volumes': { name: 'volumes', description: 'Volumes lidos' },
  'list manga update chapters': { name: 'capítulos', description: 'Capítulos lidos' },
  'list manga update rereading': { name: 'relendo', description: 'Você está relendo?' },
  'list manga update times_reread': { name: 'vezes-relido', description: 'Quantas vezes você releu' },
  'list manga update reread_value': { name: 'valor-releitura', description: 'Valor de releitura, de 0 a 5' },
  'list manga update priority': { name: 'prioridade', description: 'Prioridade: 0 baixa, 1 média, 2 alta' },
  'list manga update tags': { name: 'tags', description: 'Tags, separadas por vírgulas' },
  'list manga update comments': { name: 'comentários', description: 'Comentários' },
  'list manga remove': { name: 'remover', description: 'Remover um mangá da sua lista' },
  'list manga remove title': { name: 'título', description: TITLE },

  forum: { name: 'fórum', description: 'Ler os fóruns do serviço' },
  'forum boards': { name: 'seções', description: 'Todas as seções do fórum' },
  'forum topics': { name: 'tópicos', description: 'Encontrar tópicos do fórum (informe uma seção, uma subseção ou um texto de busca)' },
  'forum topics board': { name: 'seção', description: 'ID da seção (veja /forum boards)' },
  'forum topics subboard': { name: 'subseção', description: 'ID da subseção (veja /forum boards)' },
  'forum topics query': { name: 'busca', description: 'Texto de busca (pelo menos 3 caracteres)' },
  'forum topics topic_user': { name: 'autor', description: 'Só tópicos criados por este usuário' },
  'forum topics user': { name: 'participante', description: 'Só tópicos em que este usuário postou' },
  'forum topic': { name: 'tópico', description: 'Ler um tópico' },
  'forum topic id': { name: 'id', description: 'ID do tópico' },

  profile: { name: 'perfil', description: 'Seu perfil no serviço e suas estatísticas de anime (requer /login)' },

  remind: { name: 'lembrete', description: 'Lembretes de episódios por mensagem direta ou em um canal do servidor' },
  'remind add': { name: 'adicionar', description: 'Receber uma mensagem direta quando um novo episódio de um anime em exibição for esperado' },
  'remind add title': { name: 'título', description: TITLE },
  'remind list': { name: 'lista', description: 'Seus lembretes e configurações' },
  'remind remove': { name: 'remover', description: 'Parar os lembretes de um título' },
  'remind remove title': { name: 'título', description: TITLE },
  'remind follow-list': { name: 'seguir-lista', description: 'Seguir todos os títulos em exibição das suas listas Assistindo e Planejo assistir (requer /login)' },
  'remind follow-list enabled': { name: 'ativar', description: 'Ativado para seguir sua lista, desativado para parar' },
  'remind delay': { name: 'atraso', description: 'Minutos após a exibição no Japão para lembrar você (o streaming costuma sair depois)' },
  'remind delay minutes': { name: 'minutos', description: 'De 0 a 1440' },
  'remind resume': { name: 'retomar', description: 'Retomar lembretes pausados porque o bot não conseguiu enviar mensagem direta para você' },
  'remind channel': { name: 'canal', description: 'Lembretes postados em um canal do servidor (requer Gerenciar servidor)' },
  'remind channel add': { name: 'adicionar', description: 'Postar em um canal quando um novo episódio de um anime em exibição for esperado' },
  'remind channel add title': { name: 'título', description: TITLE },
  'remind channel add channel': { name: 'canal', description: REMINDER_CHANNEL },
  'remind channel add role': { name: 'cargo', description: ROLE },
  'remind channel add delay': { name: 'atraso', description: 'Minutos após a exibição no Japão para postar (de 0 a 1440)' },
  'remind channel add thread': { name: 'tópico', description: 'Abrir um tópico em cada post para o episódio (requer Criar tópicos públicos)' },
  'remind channel list': { name: 'lista', description: 'Os lembretes em canais deste servidor' },
  'remind channel remove': { name: 'remover', description: 'Parar de postar lembretes de um título em um canal' },
  'remind channel remove title': { name: 'título', description: TITLE },
  'remind channel remove channel': { name: 'canal', description: REMINDER_CHANNEL },

  server: { name: 'servidor', description: 'A comunidade de listas deste servidor: entre para aparecer, saia para deixar de aparecer' },
  'server join': { name: 'entrar', description: 'Aparecer neste servidor: suas entradas, notas e progresso (requer /login)' },
  'server leave': { name: 'sair', description: 'Deixar de aparecer na comunidade de listas deste servidor' },
  'server leaderboard': { name: 'classificação', description: 'Classificar os membros participantes deste servidor pelas listas deles' },
  'server leaderboard by': {
    name: 'critério',
    description: 'Critério da classificação',
    choices: { episodes: 'Episódios assistidos (capítulos lidos)', days: 'Dias assistidos (anime)', completed: 'Títulos completos', mean_score: 'Nota média' },
  },
  'server leaderboard kind': { name: 'tipo', description: KIND, choices: KINDS },
  'server top': { name: 'populares', description: 'Os títulos que mais membros participantes têm aqui, com a nota média' },
  'server top kind': { name: 'tipo', description: KIND, choices: KINDS },
  'server top status': {
    name: 'status',
    description: 'Contar só títulos com este status nas listas',
    choices: { current: 'Assistindo / Lendo', completed: 'Completo', on_hold: 'Em pausa', dropped: 'Dropado', planned: 'Planejo assistir / Planejo ler' },
  },

  compare: { name: 'comparar', description: 'O quanto as listas de dois membros combinam (os dois precisam ter usado /server join)' },
  'compare member': { name: 'membro', description: 'O membro a comparar com você (ou com o outro membro)' },
  'compare other': { name: 'outro', description: 'Comparar o membro com este em vez de com você' },
  'compare kind': { name: 'tipo', description: KIND, choices: KINDS },

  feed: { name: 'atividade', description: 'A atividade do servidor: o que os membros participantes assistem e leem' },
  'feed channel': { name: 'canal', description: 'Canais onde a atividade é postada (alterações requerem Gerenciar servidor)' },
  'feed channel add': { name: 'adicionar', description: 'Postar a atividade em um canal (ou mudar o cargo, ou retomá-la após uma pausa)' },
  'feed channel add channel': { name: 'canal', description: FEED_CHANNEL },
  'feed channel add role': { name: 'cargo', description: ROLE },
  'feed channel list': { name: 'lista', description: 'Os canais de atividade deste servidor' },
  'feed channel remove': { name: 'remover', description: 'Parar de postar a atividade em um canal' },
  'feed channel remove channel': { name: 'canal', description: FEED_CHANNEL },

  login: { name: 'conectar', description: 'Vincular sua conta do serviço para usar suas listas pelo Discord' },
  logout: { name: 'desconectar', description: 'Desvincular sua conta do serviço e apagar os tokens dela deste bot' },
  settings: { name: 'configurações', description: 'Suas configurações deste bot: em que forma você vê os títulos' },
  'settings titles': { name: 'títulos', description: 'Escolha a forma dos títulos que você vê em todo lugar: romaji (título principal), inglês ou japonês' },
  'settings titles form': { name: 'forma', description: 'A forma dos títulos; uma obra sem título nessa forma mostra o título principal', choices: { romaji: 'Romaji (título principal)', english: 'Inglês', japanese: 'Japonês' } },
  'settings server-titles': { name: 'títulos-servidor', description: 'Forma padrão dos títulos do servidor, para quem não escolheu (Gerenciar servidor)' },
  'settings server-titles form': { name: 'forma', description: 'A forma padrão aqui, ou voltar ao título principal', choices: { romaji: 'Romaji (título principal)', english: 'Inglês', japanese: 'Japonês', reset: 'Redefinir (título principal)' } },
  'settings show': { name: 'ver', description: 'Mostra qual forma dos títulos vale para você aqui, e por quê' },
};
