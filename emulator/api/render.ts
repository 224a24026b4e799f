import { type FieldTree } from '../fields.js';
import { type Catalogue } from '../catalogue/index.js';
import { isoSeconds } from '../time.js';
import {
  type AnimeCore, type ListEntry, type MangaCore, type Recommendation, type Relation, type WorkCore, type WorkKind,
} from '../catalogue/types.js';
import { type UserRecord } from '../state.js';

type Json = Record<string, unknown>;

const COMMON_FIELDS = [
  'alternative_titles', 'start_date', 'end_date', 'synopsis', 'mean', 'rank', 'popularity', 'num_list_users',
  'num_scoring_users', 'nsfw', 'created_at', 'updated_at', 'media_type', 'status', 'genres', 'my_list_status',
  'pictures', 'background', 'related_anime', 'related_manga', 'recommendations',
];
const ANIME_FIELDS = new Set([
  ...COMMON_FIELDS, 'num_episodes', 'start_season', 'broadcast', 'source', 'average_episode_duration', 'rating', 'studios',
  'statistics',
]);
const MANGA_FIELDS = new Set([...COMMON_FIELDS, 'num_volumes', 'num_chapters', 'authors', 'serialization']);

/** Extras of a list entry that appear only when named inside list_status{...} / my_list_status{...}. */
const LIST_EXTRAS: Record<WorkKind, string[]> = {
  anime: ['start_date', 'finish_date', 'priority', 'num_times_rewatched', 'rewatch_value', 'tags', 'comments'],
  manga: ['start_date', 'finish_date', 'priority', 'num_times_reread', 'reread_value', 'tags', 'comments'],
};

function baseListStatus(kind: WorkKind, e: ListEntry): Json {
  const out: Json = {};
  if (e.status !== undefined) out.status = e.status;
  if (kind === 'anime') {
    out.score = e.score;
    out.num_episodes_watched = e.episodes;
    out.is_rewatching = e.repeating;
  } else {
    out.is_rereading = e.repeating;
    out.num_volumes_read = e.volumes;
    out.num_chapters_read = e.chapters;
    out.score = e.score;
  }
  out.updated_at = isoSeconds(e.updatedAt);
  return out;
}

function listExtra(kind: WorkKind, e: ListEntry, name: string): unknown {
  switch (name) {
    case 'start_date':
      return e.start_date;
    case 'finish_date':
      return e.finish_date;
    case 'priority':
      return e.priority;
    case 'tags':
      return [...e.tags];
    case 'comments':
      return e.comments;
    default:
      if (name === (kind === 'anime' ? 'num_times_rewatched' : 'num_times_reread')) return e.timesRepeated;
      if (name === (kind === 'anime' ? 'rewatch_value' : 'reread_value')) return e.repeatValue;
      return undefined;
  }
}

/** A list entry as list_status / my_list_status with the requested sub-fields. */
export function renderListStatus(kind: WorkKind, e: ListEntry, sub: FieldTree): Json {
  const out = baseListStatus(kind, e);
  for (const name of sub.keys()) {
    if (!LIST_EXTRAS[kind].includes(name)) continue;
    const v = listExtra(kind, e, name);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** The whole entry, as answered by PUT/PATCH my_list_status. */
export function renderFullListStatus(kind: WorkKind, e: ListEntry): Json {
  return renderListStatus(kind, e, new Map(LIST_EXTRAS[kind].map((n) => [n, new Map()])));
}

function nodeOf(work: WorkCore | undefined, id: number): Json {
  const out: Json = { id, title: work?.title ?? '' };
  if (work?.main_picture) out.main_picture = { ...work.main_picture };
  return out;
}

export class Renderer {
  constructor(private readonly catalogue: Catalogue) {}

  private relations(kind: WorkKind, rel: Relation[]): Json[] {
    const store = kind === 'anime' ? this.catalogue.anime : this.catalogue.manga;
    return rel.map((r) => ({ node: nodeOf(store.byId.get(r.id), r.id), relation_type: r.relation_type, relation_type_formatted: r.relation_type_formatted }));
  }

  private recommendations(kind: WorkKind, recs: Recommendation[]): Json[] {
    const store = kind === 'anime' ? this.catalogue.anime : this.catalogue.manga;
    return recs.map((r) => ({ node: nodeOf(store.byId.get(r.id), r.id), num_recommendations: r.num_recommendations }));
  }

  anime(work: AnimeCore, fields: FieldTree, viewer: UserRecord | undefined): Json {
    const out = nodeOf(work, work.id);
    for (const [name, sub] of fields) {
      if (!ANIME_FIELDS.has(name) || name in out) continue;
      const value = this.animeField(work, name, sub, viewer);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  manga(work: MangaCore, fields: FieldTree, viewer: UserRecord | undefined): Json {
    const out = nodeOf(work, work.id);
    for (const [name, sub] of fields) {
      if (!MANGA_FIELDS.has(name) || name in out) continue;
      const value = this.mangaField(work, name, sub, viewer);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  private commonField(kind: WorkKind, work: WorkCore, name: string, sub: FieldTree, viewer: UserRecord | undefined): unknown {
    const details = () =>
      kind === 'anime' ? this.catalogue.anime.details(work as AnimeCore) : this.catalogue.manga.details(work as MangaCore);
    switch (name) {
      case 'my_list_status': {
        const entry = viewer?.lists[kind].get(work.id);
        return entry ? renderListStatus(kind, entry, sub) : undefined;
      }
      case 'alternative_titles':
        return { synonyms: [...work.alternative_titles.synonyms], en: work.alternative_titles.en, ja: work.alternative_titles.ja };
      case 'genres':
        return work.genres?.map((g) => ({ ...g }));
      case 'synopsis':
        return details().synopsis;
      case 'background':
        return details().background;
      case 'pictures':
        return details().pictures.map((p) => ({ ...p }));
      case 'related_anime':
        return this.relations('anime', details().related_anime);
      case 'related_manga':
        return this.relations('manga', details().related_manga);
      case 'recommendations':
        return this.recommendations(kind, details().recommendations);
      default: {
        const value: unknown = (work as unknown as Record<string, unknown>)[name];
        return value !== null && typeof value === 'object' ? structuredClone(value) : value;
      }
    }
  }

  private animeField(work: AnimeCore, name: string, sub: FieldTree, viewer: UserRecord | undefined): unknown {
    if (name === 'studios') return this.catalogue.anime.details(work).studios.map((s) => ({ ...s }));
    if (name === 'statistics') return structuredClone(this.catalogue.anime.details(work).statistics);
    return this.commonField('anime', work, name, sub, viewer);
  }

  private mangaField(work: MangaCore, name: string, sub: FieldTree, viewer: UserRecord | undefined): unknown {
    if (name === 'authors') {
      return this.catalogue.manga.details(work).authors.map((a) => {
        const node: Json = { id: a.node.id };
        for (const k of sub.keys()) if (k === 'first_name' || k === 'last_name') node[k] = a.node[k];
        return { node, role: a.role };
      });
    }
    if (name === 'serialization') {
      return this.catalogue.manga.details(work).serialization.map((s) => {
        const node: Json = { id: s.node.id };
        if (sub.has('name')) node.name = s.node.name;
        return s.role === undefined ? { node } : { node, role: s.role };
      });
    }
    return this.commonField('manga', work, name, sub, viewer);
  }
}
