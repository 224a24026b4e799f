// The buttons under a work's details, built in render: the quick "+1" buttons of each kind's units and
// the status menu, "Check N more" only when references are left unchecked, and the custom ids the
// handlers (commands/components/works.ts) read.

import { ComponentType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import { addEpisodeButtonId, checkMoreRows, detailsMessage, quickActionRows } from '../../src/render/details-actions.js';
import { anotherPickId } from '../../src/render/random-pick.js';
import { serverDetailsPartOf } from '../../src/render/social.js';

const idsOf = (rows: ReturnType<typeof quickActionRows>) => rows.flatMap((r) => r.components.map((c) => ('custom_id' in c ? c.custom_id : '')));

describe('details buttons', () => {
  it('gives anime one "+1 episode" button and manga chapters then volumes, with the status menu', () => {
    expect(idsOf(quickActionRows(ENGLISH, 'anime', 7))).toEqual(['qa|a|7|ep', 'qs|a|7']);
    expect(idsOf(quickActionRows(ENGLISH, 'manga', 9))).toEqual(['qa|m|9|ch', 'qa|m|9|vol', 'qs|m|9']);
    const menu = quickActionRows(ENGLISH, 'anime', 7)[1]?.components[0];
    expect(menu).toMatchObject({ type: ComponentType.StringSelect, placeholder: ENGLISH.t('works.quick.statusPlaceholder') });
  });

  it('builds the reminder posts\' "+1 episode" id as the details build it', () => {
    expect(addEpisodeButtonId(42)).toBe('qa|a|42|ep');
  });

  it('offers "Check N more" only when references are unchecked', () => {
    expect(checkMoreRows(ENGLISH, 'anime', 7, 0)).toEqual([]);
    const [row] = checkMoreRows(ENGLISH, 'manga', 7, 3);
    expect(row?.components[0]).toMatchObject({ custom_id: 'rv|m|7', label: ENGLISH.t('works.details.checkMore', { count: 3 }) });
  });

  it('puts the server part after the details and its button after the quick buttons', () => {
    const m = detailsMessage(ENGLISH, 'anime', 7, { title: 'X' }, 2, { embeds: [{ title: 'here' }], components: [{ type: ComponentType.ActionRow, components: [] }] });
    expect(m.embeds?.map((e) => e.title)).toEqual(['X', 'here']);
    expect(m.components).toHaveLength(4);
  });

  it('lists every member behind a button only when more have the title than are shown', () => {
    const line = { discordUserId: '1', serviceUser: 'u', status: 'watching', score: 0, progress: 0, total: 0 };
    const view = (members: number) => ({ kind: 'anime' as const, id: 5, members, byStatus: [], meanScore: undefined, scored: 0, lines: Array.from({ length: members }, () => line) });
    expect(serverDetailsPartOf(ENGLISH, view(3), 4).components).toEqual([]);
    expect(serverDetailsPartOf(ENGLISH, view(6), 6).components[0]?.components[0]).toMatchObject({ custom_id: 'sv|a|5' });
    expect(serverDetailsPartOf(ENGLISH, view(0), 2).embeds[0]?.description).toBe(ENGLISH.t('social.view.noneOfJoined', { joined: 2 }));
  });

  it("writes Another's invoker in base 36", () => {
    expect(anotherPickId('80351110224678912', 'manga', 's1')).toBe('rr|lz63ag7l4ao|m|s1');
  });
});
