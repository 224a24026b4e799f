// The watch-party messages on their own: the ended post's +1 button and a poll result's Plan button
// carry their kinds' custom ids, and the cancel, plan-by-command and already-watched answers escape
// the title they name.

import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import { pollResultIds } from '../../src/render/poll-result.js';
import { alreadyWatchedMessage, watchPartyCanceledMessage, watchPartyCommandMessage, watchPartyEndedIds } from '../../src/render/watch-party.js';

describe('watch-party messages', () => {
  it('builds the buttons\' custom ids', () => {
    expect(watchPartyEndedIds.watched(52991, 7)).toBe('wp-watched|52991|7');
    expect(pollResultIds.planWatchParty(52991)).toBe('wp-plan|52991');
  });

  it('names the title, escaped, in each answer', () => {
    expect(watchPartyCanceledMessage(ENGLISH, 'a_b', 3).embeds?.[0]?.description).toContain('a\\_b');
    const plan = watchPartyCommandMessage(ENGLISH, 'a_b', 42).embeds?.[0];
    expect(plan?.title).toBe(ENGLISH.t('watchparty.plan.command.title'));
    expect(plan?.description).toBe(ENGLISH.t('watchparty.plan.command.text', { title: 'a\\_b', id: 42 }));
    expect(alreadyWatchedMessage(ENGLISH, 'a_b', 5).embeds?.[0]?.description).toBe(ENGLISH.t('watchparty.already.text', { title: 'a\\_b', watched: 5 }));
  });
});
