// The games' buttons and forms as render builds them: the Guess button, Share and the guess form name
// only the kind (and Share the day), higher or lower's buttons the round's nonce and a side, the cover
// round's Answer button and form the session; no custom id names a title. Share's post is the grid alone.

import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import { decodeCustomId } from '../../src/render/custom-ids.js';
import { gameGuessForm, gameGuessRow, gridMessage, sharedGridMessage } from '../../src/render/game.js';
import { coverAnswerForm, coverRoundIds } from '../../src/render/game-cover.js';
import { higherLowerEndMessage, higherLowerRoundMessage } from '../../src/render/game-higher-lower.js';
import type { MessageRow } from '../../src/render/limits.js';
import { poolTitle } from '../games/pool-fixture.js';

const ids = (rows: readonly MessageRow[] | undefined): string[] =>
  (rows ?? []).flatMap((r) => r.components.map((c) => ('custom_id' in c ? c.custom_id : '')));

describe('the games in render', () => {
  it('builds the Guess button, Share and the guess form with the kind and day only', () => {
    expect(ids(gameGuessRow(ENGLISH, 'manga'))).toEqual(['game-guess|manga']);
    const grid = { kind: 'anime' as const, day: '2026-03-04', rows: ['🟩🟨'], solved: true, max: 8 };
    const mine = gridMessage(ENGLISH, grid);
    expect(ids(mine.components)).toEqual(['game-share|anime|2026-03-04']);
    const shared = sharedGridMessage(ENGLISH, grid, '42');
    expect(shared.content).toBe(`${mine.content ?? ''}\n${ENGLISH.t('games.grid.by', { user: '<@42>' })}`);
    expect(shared.components).toBeUndefined();
    const form = gameGuessForm(ENGLISH, 'anime').modal;
    expect(form?.custom_id).toBe('game-guess-form|anime');
    expect(form?.components[0]).toMatchObject({ components: [{ custom_id: 'title', min_length: 1, max_length: 200, required: true }] });
  });

  it('builds the cover answer form and button id with the session only', () => {
    expect(coverRoundIds.answer('s1')).toBe('game-cover-answer|s1');
    expect(coverAnswerForm(ENGLISH, 's1').modal?.custom_id).toBe('game-cover-form|s1');
  });

  it("builds higher or lower's round with the nonce and a side, and its end without buttons", () => {
    const round = { nonce: 'n1', a: poolTitle('anime', 1), b: poolTitle('anime', 2), run: 3 };
    const m = higherLowerRoundMessage(ENGLISH, 'anime', round);
    expect(ids(m.components).map((id) => decodeCustomId(id).fields)).toEqual([
      ['anime', 'n1', 'a'],
      ['anime', 'n1', 'b'],
    ]);
    expect(m.ephemeral).toBe(true);
    const next = higherLowerRoundMessage(ENGLISH, 'anime', { ...round, nonce: 'n2' }, round);
    expect(next.embeds?.[0]?.description?.split('\n')[0]).toContain(round.a.title);
    const end = higherLowerEndMessage(ENGLISH, 'anime', { right: false, was: round, run: 3, best: 5 });
    expect(end.components).toEqual([]);
  });
});
