// Slash commands in Spanish (Spain; Latin American clients are shown the same), as Discord's
// command picker shows them. English is the definitions themselves (commands/*.ts);
// src/interactions/command-localizations.ts fills these texts in when the commands are registered.
//
// To add a command, subcommand, option or choice, add its texts to EVERY language's file here,
// keyed by its path of English names (`settings`, `settings language`, `settings language value`),
// with every choice value in `choices`; the full rules are at the top of ja.ts, and
// test/interactions/command-localizations.test.ts names each missing or leftover path.

import type { CommandTexts } from './types.js';

const TITLE = 'Elige una sugerencia o escribe un título, un ID (40748) o un enlace a su página';
const QUERY = 'Título que buscar (mínimo 3 caracteres)';
const NSFW = 'Incluir títulos NSFW (solo funciona en canales con restricción de edad)';
const KIND = 'Listas de anime (por defecto) o de manga';
const KINDS = { anime: 'Anime', manga: 'Manga' };
const ROLE = 'Rol que mencionar en cada publicación (el bot debe poder mencionarlo)';
const ANIME_STATUSES = { watching: 'Viendo', completed: 'Completado', on_hold: 'En pausa', dropped: 'Abandonado', plan_to_watch: 'Pendiente' };
const MANGA_STATUSES = { reading: 'Leyendo', completed: 'Completado', on_hold: 'En pausa', dropped: 'Abandonado', plan_to_read: 'Pendiente de leer' };
const LIST_SORTS = { list_score: 'Por puntuación', list_updated_at: 'Última modificación' };
const CHART_SIZES = { '3x3': '3x3', '4x4': '4x4', '5x5': '5x5' };
const CHART_SORTS = { score: LIST_SORTS.list_score, recent: LIST_SORTS.list_updated_at };
const REMINDER_CHANNEL = 'Canal de texto o de anuncios donde publicar los recordatorios';
const FEED_CHANNEL = 'Canal de texto o de anuncios donde publicar la actividad';

export const esES: CommandTexts = {
  anime: { name: 'anime', description: 'Buscar y explorar anime' },
  'anime search': { name: 'buscar', description: 'Buscar anime por título' },
  'anime search query': { name: 'título', description: QUERY },
  'anime search nsfw': { name: 'nsfw', description: NSFW },
  'anime info': { name: 'info', description: 'Detalles de un anime' },
  'anime info title': { name: 'título', description: TITLE },
  'anime ranking': { name: 'ranking', description: 'Rankings de anime' },
  'anime ranking type': {
    name: 'tipo',
    description: 'Qué ranking',
    choices: {
      all: 'Top anime',
      airing: 'Top en emisión',
      upcoming: 'Top próximos estrenos',
      tv: 'Top series de TV',
      ova: 'Top OVA',
      movie: 'Top películas',
      special: 'Top especiales',
      bypopularity: 'Más populares',
      favorite: 'Más veces en favoritos',
    },
  },
  'anime season': { name: 'temporada', description: 'Anime de una temporada (por defecto: la actual)' },
  'anime season year': { name: 'año', description: 'Año, p. ej. 2024' },
  'anime season season': {
    name: 'temporada',
    description: 'Temporada',
    choices: { winter: 'Invierno', spring: 'Primavera', summer: 'Verano', fall: 'Otoño' },
  },
  'anime season sort': {
    name: 'orden',
    description: 'Orden (por defecto: por puntuación)',
    choices: { anime_score: 'Por puntuación', anime_num_list_users: 'Por número de miembros' },
  },
  'anime schedule': { name: 'horario', description: 'Los episodios previstos esta semana, en tu hora local' },
  'anime schedule day': {
    name: 'día',
    description: 'Solo este día de emisión (hora de Japón)',
    choices: { monday: 'Lunes', tuesday: 'Martes', wednesday: 'Miércoles', thursday: 'Jueves', friday: 'Viernes', saturday: 'Sábado', sunday: 'Domingo' },
  },
  'anime schedule mine': { name: 'mi-lista', description: 'Solo títulos de tus listas Viendo y Pendiente (requiere /login)' },
  'anime suggestions': { name: 'sugerencias', description: 'Anime recomendado para ti (requiere /login)' },

  manga: { name: 'manga', description: 'Buscar y explorar manga' },
  'manga search': { name: 'buscar', description: 'Buscar manga por título' },
  'manga search query': { name: 'título', description: QUERY },
  'manga search nsfw': { name: 'nsfw', description: NSFW },
  'manga info': { name: 'info', description: 'Detalles de un manga' },
  'manga info title': { name: 'título', description: TITLE },
  'manga ranking': { name: 'ranking', description: 'Rankings de manga' },
  'manga ranking type': {
    name: 'tipo',
    description: 'Qué ranking',
    choices: {
      all: 'Todos',
      manga: 'Top manga',
      novels: 'Top novelas',
      oneshots: 'Top one-shots',
      doujin: 'Top doujinshi',
      manhwa: 'Top manhwa',
      manhua: 'Top manhua',
      bypopularity: 'Más populares',
      favorite: 'Más veces en favoritos',
    },
  },

  list: { name: 'lista', description: 'Listas de anime y manga: mira las de cualquiera, cambia la tuya' },
  'list anime': { name: 'anime', description: 'Listas de anime' },
  'list anime view': { name: 'ver', description: 'Mostrar una lista de anime (por defecto: la tuya)' },
  'list anime view user': { name: 'usuario', description: 'Un nombre de usuario del servicio (por defecto: tu propia lista)' },
  'list anime view status': { name: 'estado', description: 'Solo entradas con este estado', choices: ANIME_STATUSES },
  'list anime view sort': {
    name: 'orden',
    description: 'Orden',
    choices: { ...LIST_SORTS, anime_title: 'Por título', anime_start_date: 'Por fecha de inicio', anime_id: 'Por ID' },
  },
  'list anime chart': { name: 'cuadricula', description: 'Una imagen de portadas de una lista de anime (por defecto: la tuya)' },
  'list anime chart user': { name: 'usuario', description: 'Un nombre de usuario del servicio (por defecto: tu propia lista)' },
  'list anime chart size': { name: 'tamaño', description: 'Cuántas portadas (por defecto: 3x3)', choices: CHART_SIZES },
  'list anime chart status': { name: 'estado', description: 'Solo entradas con este estado (por defecto: completado)', choices: ANIME_STATUSES },
  'list anime chart sort': { name: 'orden', description: 'Orden (por defecto: por puntuación)', choices: CHART_SORTS },
  'list anime update': { name: 'actualizar', description: 'Añadir un anime a tu lista o cambiar tu entrada' },
  'list anime update title': { name: 'título', description: TITLE },
  'list anime update status': { name: 'estado', description: 'Tu estado', choices: ANIME_STATUSES },
  'list anime update score': { name: 'puntuación', description: 'Tu puntuación, de 0 (ninguna) a 10' },
  'list anime update episodes': { name: 'episodios', description: 'Episodios vistos' },
  'list anime update rewatching': { name: 'reviendo', description: '¿Lo estás volviendo a ver?' },
  'list anime update times_rewatched': { name: 'veces-revisto', description: 'Cuántas veces lo has vuelto a ver' },
  'list anime update rewatch_value': { name: 'valor-revisionado', description: 'Valor de revisionado, de 0 a 5' },
  'list anime update priority': { name: 'prioridad', description: 'Prioridad: 0 baja, 1 media, 2 alta' },
  'list anime update tags': { name: 'etiquetas', description: 'Etiquetas, separadas por comas' },
  'list anime update comments': { name: 'comentarios', description: 'Comentarios' },
  'list anime remove': { name: 'quitar', description: 'Quitar un anime de tu lista' },
  'list anime remove title': { name: 'título', description: TITLE },
  'list manga': { name: 'manga', description: 'Listas de manga' },
  'list manga view': { name: 'ver', description: 'Mostrar una lista de manga (por defecto: la tuya)' },
  'list manga view user': { name: 'usuario', description: 'Un nombre de usuario del servicio (por defecto: tu propia lista)' },
  'list manga view status': { name: 'estado', description: 'Solo entradas con este estado', choices: MANGA_STATUSES },
  'list manga view sort': {
    name: 'orden',
    description: 'Orden',
    choices: { ...LIST_SORTS, manga_title: 'Por título', manga_start_date: 'Por fecha de inicio', manga_id: 'Por ID' },
  },
  'list manga chart': { name: 'cuadricula', description: 'Una imagen de portadas de una lista de manga (por defecto: la tuya)' },
  'list manga chart user': { name: 'usuario', description: 'Un nombre de usuario del servicio (por defecto: tu propia lista)' },
  'list manga chart size': { name: 'tamaño', description: 'Cuántas portadas (por defecto: 3x3)', choices: CHART_SIZES },
  'list manga chart status': { name: 'estado', description: 'Solo entradas con este estado (por defecto: completado)', choices: MANGA_STATUSES },
  'list manga chart sort': { name: 'orden', description: 'Orden (por defecto: por puntuación)', choices: CHART_SORTS },
  'list manga update': { name: 'actualizar', description: 'Añadir un manga a tu lista o cambiar tu entrada' },
  'list manga update title': { name: 'título', description: TITLE },
  'list manga update status': { name: 'estado', description: 'Tu estado', choices: MANGA_STATUSES },
  'list manga update score': { name: 'puntuación', description: 'Tu puntuación, de 0 (ninguna) a 10' },
  'list manga update volumes': { name: 'tomos', description: 'Tomos leídos' },
  'list manga update chapters': { name: 'capítulos', description: 'Capítulos leídos' },
  'list manga update rereading': { name: 'releyendo', description: '¿Lo estás releyendo?' },
  'list manga update times_reread': { name: 'veces-releído', description: 'Cuántas veces lo has releído' },
  'list manga update reread_value': { name: 'valor-relectura', description: 'Valor de relectura, de 0 a 5' },
  'list manga update priority': { name: 'prioridad', description: 'Prioridad: 0 baja, 1 media, 2 alta' },
  'list manga update tags': { name: 'etiquetas', description: 'Etiquetas, separadas por comas' },
  'list manga update comments': { name: 'comentarios', description: 'Comentarios' },
  'list manga remove': { name: 'quitar', description: 'Quitar un manga de tu lista' },
  'list manga remove title': { name: 'título', description: TITLE },

  forum: { name: 'foro', description: 'Leer los foros del servicio' },
  'forum boards': { name: 'secciones', description: 'Todas las secciones del foro' },
  'forum topics': { name: 'temas', description: 'Buscar temas del foro (indica una sección, una subsección o un texto)' },
  'forum topics board': { name: 'sección', description: 'ID de la sección (mira /forum boards)' },
  'forum topics subboard': { name: 'subsección', description: 'ID de la subsección (mira /forum boards)' },
  'forum topics query': { name: 'texto', description: 'Texto que buscar (mínimo 3 caracteres)' },
  'forum topics topic_user': { name: 'autor', description: 'Solo temas que abrió este usuario' },
  'forum topics user': { name: 'participante', description: 'Solo temas en los que ha escrito este usuario' },
  'forum topic': { name: 'tema', description: 'Leer un tema' },
  'forum topic id': { name: 'id', description: 'ID del tema' },

  profile: { name: 'perfil', description: 'Tu perfil del servicio y tus estadísticas de anime (requiere /login)' },

  remind: { name: 'recordatorio', description: 'Recordatorios de episodios por mensaje directo o en un canal del servidor' },
  'remind add': { name: 'añadir', description: 'Recibir un MD cuando se espera un nuevo episodio de un anime en emisión' },
  'remind add title': { name: 'título', description: TITLE },
  'remind list': { name: 'lista', description: 'Tus recordatorios y ajustes' },
  'remind remove': { name: 'quitar', description: 'Dejar de recibir recordatorios de un título' },
  'remind remove title': { name: 'título', description: TITLE },
  'remind follow-list': { name: 'seguir-lista', description: 'Seguir todos los títulos en emisión de tus listas Viendo y Pendiente (requiere /login)' },
  'remind follow-list enabled': { name: 'activar', description: 'Activado para seguir tu lista, desactivado para dejar de seguirla' },
  'remind delay': { name: 'retraso', description: 'Minutos tras la emisión japonesa para avisarte (el streaming suele llegar más tarde)' },
  'remind delay minutes': { name: 'minutos', description: 'De 0 a 1440' },
  'remind resume': { name: 'reanudar', description: 'Reanudar los recordatorios pausados porque el bot no pudo enviarte MD' },
  'remind channel': { name: 'canal', description: 'Recordatorios publicados en un canal del servidor (requiere Gestionar servidor)' },
  'remind channel add': { name: 'añadir', description: 'Publicar en un canal cuando se espera un nuevo episodio de un anime en emisión' },
  'remind channel add title': { name: 'título', description: TITLE },
  'remind channel add channel': { name: 'canal', description: REMINDER_CHANNEL },
  'remind channel add role': { name: 'rol', description: ROLE },
  'remind channel add delay': { name: 'retraso', description: 'Minutos tras la emisión japonesa para publicar (de 0 a 1440)' },
  'remind channel add thread': { name: 'hilo', description: 'Abrir un hilo en cada publicación para el episodio (requiere Crear hilos públicos)' },
  'remind channel list': { name: 'lista', description: 'Los recordatorios en canales de este servidor' },
  'remind channel remove': { name: 'quitar', description: 'Dejar de publicar recordatorios de un título en un canal' },
  'remind channel remove title': { name: 'título', description: TITLE },
  'remind channel remove channel': { name: 'canal', description: REMINDER_CHANNEL },

  server: { name: 'servidor', description: 'La comunidad de listas de este servidor: únete para aparecer, sal para dejar de aparecer' },
  'server join': { name: 'unirse', description: 'Aparecer en este servidor: tus entradas, puntuaciones y progreso (requiere /login)' },
  'server leave': { name: 'salir', description: 'Dejar de aparecer en la comunidad de listas de este servidor' },
  'server leaderboard': { name: 'clasificación', description: 'Clasificar a los miembros unidos de este servidor según sus listas' },
  'server leaderboard by': {
    name: 'criterio',
    description: 'Criterio de la clasificación',
    choices: { episodes: 'Episodios vistos (capítulos leídos)', days: 'Días vistos (anime)', completed: 'Títulos completados', mean_score: 'Puntuación media' },
  },
  'server leaderboard kind': { name: 'tipo', description: KIND, choices: KINDS },
  'server top': { name: 'populares', description: 'Los títulos que más miembros unidos tienen aquí, con su puntuación media' },
  'server top kind': { name: 'tipo', description: KIND, choices: KINDS },
  'server top status': {
    name: 'estado',
    description: 'Contar solo títulos con este estado en las listas',
    choices: { current: 'Viendo / Leyendo', completed: 'Completado', on_hold: 'En pausa', dropped: 'Abandonado', planned: 'Pendiente / Pendiente de leer' },
  },

  compare: { name: 'comparar', description: 'Cuánto se parecen las listas de dos miembros (ambos deben haber usado /server join)' },
  'compare member': { name: 'miembro', description: 'El miembro que comparar contigo (o con el otro miembro)' },
  'compare other': { name: 'otro', description: 'Comparar al miembro con este en lugar de contigo' },
  'compare kind': { name: 'tipo', description: KIND, choices: KINDS },

  feed: { name: 'actividad', description: 'La actividad del servidor: lo que ven y leen los miembros unidos' },
  'feed channel': { name: 'canal', description: 'Canales donde se publica la actividad (los cambios requieren Gestionar servidor)' },
  'feed channel add': { name: 'añadir', description: 'Publicar la actividad en un canal (o cambiar su rol, o reanudarla tras una pausa)' },
  'feed channel add channel': { name: 'canal', description: FEED_CHANNEL },
  'feed channel add role': { name: 'rol', description: ROLE },
  'feed channel list': { name: 'lista', description: 'Los canales de actividad de este servidor' },
  'feed channel remove': { name: 'quitar', description: 'Dejar de publicar la actividad en un canal' },
  'feed channel remove channel': { name: 'canal', description: FEED_CHANNEL },

  login: { name: 'iniciar-sesión', description: 'Vincular tu cuenta del servicio para usar tus listas desde Discord' },
  logout: { name: 'cerrar-sesión', description: 'Desvincular tu cuenta del servicio y borrar sus tokens de este bot' },
  settings: { name: 'ajustes', description: 'Tus ajustes de este bot: en qué forma ves los títulos' },
  'settings titles': { name: 'títulos', description: 'Elige en qué forma ves los títulos en todas partes: romaji (título principal), inglés o japonés' },
  'settings titles form': { name: 'forma', description: 'La forma de los títulos; una obra sin título en esa forma muestra su título principal', choices: { romaji: 'Romaji (título principal)', english: 'Inglés', japanese: 'Japonés' } },
  'settings server-titles': { name: 'títulos-servidor', description: 'Forma predeterminada de los títulos del servidor, para quien no eligió (Gestionar servidor)' },
  'settings server-titles form': { name: 'forma', description: 'La forma predeterminada aquí, o volver al título principal', choices: { romaji: 'Romaji (título principal)', english: 'Inglés', japanese: 'Japonés', reset: 'Restablecer (título principal)' } },
  'settings show': { name: 'ver', description: 'Muestra qué forma de los títulos se te aplica aquí y por qué' },
};
