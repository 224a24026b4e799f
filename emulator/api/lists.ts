import { ANIME_LIST_STATUSES, MANGA_LIST_STATUSES, type ListEntry, type WorkCore, type WorkKind } from '../catalogue/types.js';
import { findUser, type UserRecord } from '../state.js';
import { requireUser, viewer } from './caller.js';
import { ok, type ApiContext, type Answer } from './context.js';
import { badRequest, notFound } from './errors.js';
import { paginate } from './paging.js';
import { oneOf, parseFieldsParam, parseInteger, parseLimit, parseNsfw, parseOffset } from './params.js';
import { renderFullListStatus, renderListStatus } from './render.js';

const SORTS: Record<WorkKind, readonly string[]> = {
  anime: ['list_score', 'list_updated_at', 'anime_title', 'anime_start_date', 'anime_id'],
  manga: ['list_score', 'list_updated_at', 'manga_title', 'manga_start_date', 'manga_id'],
};

function statuses(kind: WorkKind): readonly string[] {
  return kind === 'anime' ? ANIME_LIST_STATUSES : MANGA_LIST_STATUSES;
}

function titleKey(w: WorkCore): string {
  return w.title.toLowerCase();
}

function compareTitle(a: WorkCore, b: WorkCore): number {
  const x = titleKey(a);
  const y = titleKey(b);
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}

function listOwner(ctx: ApiContext): UserRecord {
  const name = ctx.params.user ?? '';
  if (name === '@me') return requireUser(ctx.caller);
  const user = findUser(ctx.state, name);
  if (!user) throw notFound();
  return user;
}

/** GET /users/{name}/animelist|mangalist. Without `sort`, entries come by title (as seen on the real service). */
export function userList(kind: WorkKind) {
  return (ctx: ApiContext): Answer => {
    const owner = listOwner(ctx);
    const status = oneOf(ctx.query.get('status'), statuses(kind), 'status');
    const sort = oneOf(ctx.query.get('sort'), SORTS[kind], 'sort');
    const limit = parseLimit(ctx.query, 1000);
    const offset = parseOffset(ctx.query);
    const fields = parseFieldsParam(ctx.query);
    const nsfw = parseNsfw(ctx.query);
    const store = kind === 'anime' ? ctx.state.catalogue.anime : ctx.state.catalogue.manga;
    const rows: Array<{ work: WorkCore; entry: ListEntry }> = [];
    for (const [id, entry] of owner.lists[kind]) {
      const work = store.byId.get(id);
      if (work && (status === undefined || entry.status === status)) rows.push({ work, entry });
    }
    switch (sort) {
      case 'list_score':
        rows.sort((a, b) => b.entry.score - a.entry.score || compareTitle(a.work, b.work));
        break;
      case 'list_updated_at':
        rows.sort((a, b) => b.entry.updatedAt - a.entry.updatedAt || a.work.id - b.work.id);
        break;
      case 'anime_start_date':
      case 'manga_start_date':
        rows.sort((a, b) => {
          const x = a.work.start_date ?? '';
          const y = b.work.start_date ?? '';
          return x > y ? -1 : x < y ? 1 : a.work.id - b.work.id;
        });
        break;
      case 'anime_id':
      case 'manga_id':
        rows.sort((a, b) => a.work.id - b.work.id);
        break;
      default:
        rows.sort((a, b) => compareTitle(a.work, b.work));
    }
    const listStatusFields = fields.get('list_status');
    const nodeFields = new Map(fields);
    nodeFields.delete('list_status');
    const who = viewer(ctx.caller);
    return ok(
      paginate(ctx.req, rows, offset, limit, (r) => nsfw || r.work.nsfw === 'white', (r) => {
        const node = kind === 'anime'
          ? ctx.renderer.anime(r.work as Parameters<typeof ctx.renderer.anime>[0], nodeFields, who)
          : ctx.renderer.manga(r.work as Parameters<typeof ctx.renderer.manga>[0], nodeFields, who);
        return listStatusFields === undefined ? { node } : { node, list_status: renderListStatus(kind, r.entry, listStatusFields) };
      }),
    );
  };
}

/** Form-encoded body of a write; anything else is a 400. Repeated keys are rejected. */
function formBody(ctx: ApiContext): Map<string, string> {
  if (!ctx.req.is('application/x-www-form-urlencoded')) throw badRequest('content type');
  const raw: unknown = ctx.req.body;
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : '';
  const out = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(text)) {
    if (out.has(k)) throw badRequest(k);
    out.set(k, v);
  }
  return out;
}

const NON_NEGATIVE = /^\d{1,9}$/;

function intField(form: Map<string, string>, name: string, max?: number): number | undefined {
  const v = form.get(name);
  if (v === undefined) return undefined;
  if (!NON_NEGATIVE.test(v)) throw badRequest(name);
  const n = Number(v);
  if (max !== undefined && n > max) throw badRequest(name);
  return n;
}

function boolField(form: Map<string, string>, name: string): boolean | undefined {
  const v = form.get(name);
  if (v === undefined) return undefined;
  if (v !== 'true' && v !== 'false') throw badRequest(name);
  return v === 'true';
}

/** PUT/PATCH .../my_list_status: validates everything first, then changes only the supplied values. */
export function updateListStatus(kind: WorkKind) {
  return (ctx: ApiContext): Answer => {
    const user = requireUser(ctx.caller);
    ctx.state.writes.note(user.name, kind, 'put');
    const id = parseInteger(ctx.params.id ?? '', `${kind}_id`);
    const store = kind === 'anime' ? ctx.state.catalogue.anime : ctx.state.catalogue.manga;
    if (!store.byId.has(id)) throw notFound();
    const form = formBody(ctx);
    ctx.state.writes.record(user.name, { kind, id, fields: Object.fromEntries(form) });
    const status = oneOf(form.get('status'), statuses(kind), 'status');
    const score = intField(form, 'score', 10);
    const priority = intField(form, 'priority', 2);
    const repeating = boolField(form, kind === 'anime' ? 'is_rewatching' : 'is_rereading');
    const episodes = kind === 'anime' ? intField(form, 'num_watched_episodes') : undefined;
    const volumes = kind === 'manga' ? intField(form, 'num_volumes_read') : undefined;
    const chapters = kind === 'manga' ? intField(form, 'num_chapters_read') : undefined;
    const times = intField(form, kind === 'anime' ? 'num_times_rewatched' : 'num_times_reread');
    const value = intField(form, kind === 'anime' ? 'rewatch_value' : 'reread_value', 5);
    const tags = form.get('tags');
    const comments = form.get('comments');

    const list = user.lists[kind];
    const entry: ListEntry = list.get(id) ?? {
      score: 0, episodes: 0, volumes: 0, chapters: 0, repeating: false, updatedAt: 0, priority: 0, timesRepeated: 0,
      repeatValue: 0, tags: [], comments: '',
    };
    if (status !== undefined) entry.status = status;
    if (score !== undefined) entry.score = score;
    if (priority !== undefined) entry.priority = priority;
    if (repeating !== undefined) entry.repeating = repeating;
    if (episodes !== undefined) entry.episodes = episodes;
    if (volumes !== undefined) entry.volumes = volumes;
    if (chapters !== undefined) entry.chapters = chapters;
    if (times !== undefined) entry.timesRepeated = times;
    if (value !== undefined) entry.repeatValue = value;
    if (tags !== undefined) entry.tags = tags.split(',').map((t) => t.trim()).filter((t) => t !== '');
    if (comments !== undefined) entry.comments = comments;
    entry.updatedAt = ctx.state.now();
    list.set(id, entry);
    return ok(renderFullListStatus(kind, entry));
  };
}

export function deleteListStatus(kind: WorkKind) {
  return (ctx: ApiContext): Answer => {
    const user = requireUser(ctx.caller);
    ctx.state.writes.note(user.name, kind, 'delete');
    const id = parseInteger(ctx.params.id ?? '', `${kind}_id`);
    const store = kind === 'anime' ? ctx.state.catalogue.anime : ctx.state.catalogue.manga;
    if (!store.byId.has(id)) throw notFound();
    if (!user.lists[kind].delete(id)) throw notFound();
    return ok(null);
  };
}
