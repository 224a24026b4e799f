// The random pick renderer on its own: Another joins the first row of the details' buttons when it
// has room, else takes a row of its own; "nothing fits" names the filter that emptied the pool.

import { ButtonStyle, ComponentType, type APIButtonComponent } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import type { RenderedMessage } from '../../src/render/limits.js';
import { nothingFitsMessage, pickMessage } from '../../src/render/random-pick.js';

const button = (id: string): APIButtonComponent => ({ type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: id, label: id });
const row = (...ids: string[]) => ({ type: ComponentType.ActionRow as const, components: ids.map(button) });

describe('random pick renderer', () => {
  it('puts Another beside the first row of buttons, disabled when nothing is left', () => {
    const details: RenderedMessage = { embeds: [{ title: 'X' }], components: [row('a', 'b')] };
    const m = pickMessage(ENGLISH, details, { anotherId: 'another', shown: 3, count: 3 });
    expect(m.content).toBe(ENGLISH.t('picks.header', { shown: 3, count: 3 }));
    expect(m.components?.[0]?.components.at(-1)).toMatchObject({ custom_id: 'another', disabled: true, label: ENGLISH.t('picks.another', { left: 0 }) });
    expect(m.embeds).toEqual(details.embeds);
  });

  it('gives Another a row of its own when the first row is full, keeping at most five rows', () => {
    const full = row('1', '2', '3', '4', '5');
    const m = pickMessage(ENGLISH, { components: [full, full, full, full, full] }, { anotherId: 'another', shown: 1, count: 4 });
    expect(m.components).toHaveLength(5);
    expect(m.components?.[0]?.components).toEqual([expect.objectContaining({ custom_id: 'another', disabled: false })]);
  });

  it('says which filter emptied the pool', () => {
    const m = nothingFitsMessage(ENGLISH, { kind: 'anime', from: 'season', user: undefined, genre: 'Drama' }, { total: 9, steps: [{ filter: 'nsfw', kept: 9 }, { filter: 'genre', kept: 0 }] });
    const genre = ENGLISH.t('picks.filter.genre', { genre: 'Drama' });
    expect(m.embeds?.[0]?.description?.split('\n').at(-1)).toBe(ENGLISH.t('picks.empty.emptiedBy', { filter: genre }));
  });
});
