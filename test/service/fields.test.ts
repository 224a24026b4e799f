import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../../src/service/errors.js';
import { animeFields, fields, mangaFields, nested, raw, userFields } from '../../src/service/fields.js';

describe('fields builder', () => {
  it('renders flat and nested fields', () => {
    expect(
      fields(
        'id',
        'title',
        nested('my_list_status', 'status', 'score', 'comments'),
        nested('authors', 'first_name', 'last_name'),
      ),
    ).toBe('id,title,my_list_status{status,score,comments},authors{first_name,last_name}');
  });

  it('nests more than one level and accepts raw names', () => {
    expect(animeFields('id', nested('related_anime', nested('node', raw('title'), raw('num_episodes'))))).toBe(
      'id,related_anime{node{title,num_episodes}}',
    );
    expect(mangaFields('num_volumes', nested('serialization', 'name'), 'list_status')).toBe(
      'num_volumes,serialization{name},list_status',
    );
    expect(userFields('anime_statistics', 'time_zone')).toBe('anime_statistics,time_zone');
  });

  it('rejects unsafe names', () => {
    expect(() => raw('a,b')).toThrow(InvalidOptionError);
    expect(() => raw('a{b}')).toThrow(InvalidOptionError);
    expect(() => fields('id', 'bad name' as 'id')).toThrow(InvalidOptionError);
    expect(() => nested('my_list_status')).toThrow(InvalidOptionError);
  });

  it('typos are compile errors', () => {
    // The @ts-expect-error lines fail `tsc` if these ever become accepted.
    // @ts-expect-error unknown anime field
    animeFields('num_episode');
    // @ts-expect-error manga-only field on anime
    animeFields('authors');
    // @ts-expect-error unknown list status sub-field
    nested('my_list_status', 'scroe');
    // @ts-expect-error unknown top-level nested field
    fields(nested('my_lst_status', raw('status')));
    expect(true).toBe(true);
  });
});
