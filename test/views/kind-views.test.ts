// The views' table of kinds (src/views/kind-views.ts): the fields each view asks the service for are
// built from the service's table, and must stay what the views asked for when each kind had its own
// code (cached answers and the service's request budget depend on the exact query).

import { describe, expect, it } from 'vitest';
import { MalformedCustomIdError } from '../../src/interactions/custom-id.js';
import { fields } from '../../src/service/fields.js';
import { KINDS, WORK_KINDS } from '../../src/service/kinds.js';
import { QUICK_BUTTONS } from '../../src/render/details-actions.js';
import { KIND_FIELDS, kindOfCode, QUICK_UNITS, workIn } from '../../src/views/kind-views.js';
import { FieldReader } from '../../src/interactions/custom-id.js';
import { kindCode } from '../../src/render/kind-codes.js';

const COMMON = 'alternative_titles,start_date,end_date,synopsis,mean,rank,popularity,num_list_users,num_scoring_users,nsfw,media_type,status,genres,related_anime,related_manga,recommendations';

describe('fields asked for, by kind', () => {
  it('are the fields each view asked for before', () => {
    expect(KIND_FIELDS.anime.details).toBe(`${COMMON},num_episodes,start_season,broadcast,source,average_episode_duration,rating,studios,statistics`);
    expect(KIND_FIELDS.manga.details).toBe(`${COMMON},num_volumes,num_chapters,authors{first_name,last_name},serialization{name}`);
    expect(fields(KIND_FIELDS.anime.myStatus)).toBe('my_list_status{status,score,num_episodes_watched,is_rewatching,priority,num_times_rewatched,rewatch_value,tags,comments,updated_at}');
    expect(fields(KIND_FIELDS.manga.myStatus)).toBe('my_list_status{status,score,num_volumes_read,num_chapters_read,is_rereading,priority,num_times_reread,reread_value,tags,comments,updated_at}');
    expect(KIND_FIELDS.anime.listRow).toBe('mean,media_type,num_episodes,start_season,nsfw,status');
    expect(KIND_FIELDS.manga.listRow).toBe('mean,media_type,num_volumes,num_chapters,start_date,nsfw,status');
    expect(KIND_FIELDS.anime.userListRow).toBe('list_status{status,score,num_episodes_watched,is_rewatching,updated_at},num_episodes,media_type,nsfw');
    expect(KIND_FIELDS.manga.userListRow).toBe('list_status{status,score,num_volumes_read,num_chapters_read,is_rereading,updated_at},num_volumes,num_chapters,media_type,nsfw');
    expect(KIND_FIELDS.anime.suggestion).toBe('media_type,start_season,alternative_titles,status');
    expect(KIND_FIELDS.manga.suggestionById).toBe('media_type,start_date,nsfw,status');
    expect(KIND_FIELDS.manga.totals).toBe('num_volumes,num_chapters');
  });
});

describe('codes and quick buttons, by kind', () => {
  it('a kind and its custom-id code go both ways; an unknown code is a malformed id', () => {
    for (const kind of WORK_KINDS) expect(kindOfCode(kindCode(kind))).toBe(kind);
    expect(kindCode('anime')).toBe('a');
    expect(kindCode('manga')).toBe('m');
    expect(() => kindOfCode('x')).toThrow(MalformedCustomIdError);
  });

  it('reads a work from a custom id as its kind code then its id, refusing either malformed', () => {
    expect(workIn(new FieldReader(['m', '42', 'rest']))).toEqual({ kind: 'manga', id: 42 });
    expect(() => workIn(new FieldReader(['a', 'x']))).toThrow(MalformedCustomIdError);
    expect(() => workIn(new FieldReader(['z', '1']))).toThrow(MalformedCustomIdError);
  });

  it('every quick button counts a unit its kind has, each with its own action', () => {
    for (const kind of WORK_KINDS) {
      const units = KINDS[kind].progress.map((unit) => unit.unit);
      expect([...QUICK_BUTTONS[kind]].sort()).toEqual([...units].sort());
    }
    const actions = Object.values(QUICK_UNITS).map((unit) => unit.action);
    expect(new Set(actions).size).toBe(actions.length);
  });
});
