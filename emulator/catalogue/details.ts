import { Prng, mixSeed } from '../prng.js';
import { makePicture } from './common.js';
import { KNOWN_ANIME, KNOWN_MANGA } from './known.js';
import {
  type AnimeCore, type AnimeDetails, type MangaAuthor, type MangaCore, type MangaDetails, type Recommendation,
  type Relation, type WorkCore, type WorkDetails,
} from './types.js';
import { FIRST_NAMES, LAST_NAMES, MAGAZINES, STUDIOS, SYNOPSIS_SENTENCES } from './words.js';

const RELATION_NAMES: Record<string, string> = {
  sequel: 'Sequel',
  prequel: 'Prequel',
  side_story: 'Side story',
  parent_story: 'Parent story',
  alternative_version: 'Alternative version',
  adaptation: 'Adaptation',
};

function relation(id: number, type: string): Relation {
  return { id, relation_type: type, relation_type_formatted: RELATION_NAMES[type] ?? type };
}

export interface Links {
  franchises: Map<number, number[]>;
  /** cross links anime↔manga (adaptations), by id of this kind */
  cross: Map<number, number[]>;
}

function franchiseRelations(id: number, links: Links): Relation[] {
  const family = links.franchises.get(id) ?? [];
  const own = family.indexOf(id);
  const out: Relation[] = [];
  family.forEach((other, j) => {
    if (other === id) return;
    if (j === own - 1) out.push(relation(other, 'prequel'));
    else if (j === own + 1) out.push(relation(other, 'sequel'));
    else if (j === 0) out.push(relation(other, 'parent_story'));
    else out.push(relation(other, j > own ? 'side_story' : 'alternative_version'));
  });
  return out;
}

function recommendations(rng: Prng, self: number, pool: readonly WorkCore[]): Recommendation[] {
  const picks = rng.sample(pool.slice(0, 2000), rng.int(0, 6)).filter((w) => w.id !== self);
  return picks
    .map((w) => ({ id: w.id, num_recommendations: rng.int(1, 40) }))
    .sort((a, b) => b.num_recommendations - a.num_recommendations || a.id - b.id);
}

function commonDetails(rng: Prng, core: WorkCore, kind: 'anime' | 'manga', synopsis: string | undefined): WorkDetails {
  const sentences = rng.sample(SYNOPSIS_SENTENCES, rng.int(2, 4)).join(' ');
  const pictures = core.main_picture ? [core.main_picture, ...Array.from({ length: rng.int(0, 3) }, () => makePicture(rng, kind))] : [];
  return {
    synopsis: synopsis ?? (rng.chance(0.5) ? `${sentences}\n\n[Written by MAL Rewrite]` : sentences),
    background: rng.chance(0.5) ? '' : `${core.title} was ${rng.pick(['nominated for', 'awarded'])} the ${rng.int(1990, 2024)} Tokyo Anime Award.`,
    pictures,
    related_anime: [],
    related_manga: [],
    recommendations: [],
  };
}

export function makeAnimeDetails(core: AnimeCore, seed: number, links: Links, pool: readonly AnimeCore[]): AnimeDetails {
  const rng = new Prng(mixSeed(seed, 11, core.id));
  const known = KNOWN_ANIME.find((k) => k.id === core.id);
  const base = commonDetails(rng, core, 'anime', known?.synopsis);
  const studios = known ? known.studios : rng.sample(STUDIOS, rng.int(1, 2)).map((s) => ({ id: s.id, name: s.name }));
  const n = core.num_list_users;
  const shares = [0.08 + rng.next() * 0.1, 0.4 + rng.next() * 0.3, 0.03, 0.05];
  const watching = Math.round(n * (shares[0] ?? 0));
  const completed = Math.round(n * (shares[1] ?? 0));
  const onHold = Math.round(n * (shares[2] ?? 0));
  const dropped = Math.round(n * (shares[3] ?? 0));
  const planned = Math.max(0, n - watching - completed - onHold - dropped);
  return {
    ...base,
    related_anime: franchiseRelations(core.id, links),
    related_manga: (links.cross.get(core.id) ?? []).map((id) => relation(id, 'adaptation')),
    recommendations: recommendations(rng, core.id, pool),
    studios,
    statistics: {
      status: {
        watching: String(watching), completed: String(completed), on_hold: String(onHold), dropped: String(dropped),
        plan_to_watch: String(planned),
      },
      num_list_users: n,
    },
  };
}

export function makeMangaDetails(core: MangaCore, seed: number, links: Links, pool: readonly MangaCore[]): MangaDetails {
  const rng = new Prng(mixSeed(seed, 12, core.id));
  const known = KNOWN_MANGA.find((k) => k.id === core.id);
  const base = commonDetails(rng, core, 'manga', known?.synopsis);
  let authors: MangaAuthor[];
  let serialization: MangaDetails['serialization'];
  if (known) {
    authors = known.authors.map((a) => ({ node: { id: a.id, first_name: a.first_name, last_name: a.last_name }, role: a.role }));
    serialization = known.serialization.map((m) => ({ node: { ...m } }));
  } else {
    const person = (): MangaAuthor['node'] => {
      const i = rng.int(0, FIRST_NAMES.length * LAST_NAMES.length - 1);
      return {
        id: 10_000 + i,
        first_name: FIRST_NAMES[i % FIRST_NAMES.length] ?? '',
        last_name: LAST_NAMES[Math.floor(i / FIRST_NAMES.length)] ?? '',
      };
    };
    authors = rng.chance(0.6)
      ? [{ node: person(), role: 'Story & Art' }]
      : [{ node: person(), role: 'Story' }, { node: person(), role: 'Art' }];
    serialization = [];
    if (rng.chance(0.7)) {
      const m = rng.pick(MAGAZINES);
      serialization.push(rng.chance(0.2) ? { node: { id: m.id, name: m.name }, role: '' } : { node: { id: m.id, name: m.name } });
    }
  }
  return {
    ...base,
    related_manga: franchiseRelations(core.id, links),
    related_anime: (links.cross.get(core.id) ?? []).map((id) => relation(id, 'adaptation')),
    recommendations: recommendations(rng, core.id, pool),
    authors,
    serialization,
  };
}
