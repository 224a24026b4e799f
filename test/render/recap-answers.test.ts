// /wrapped's Share row and /recap's channel answers as render builds them: Share names the asker (as
// encoded), the kind, the year and whose list; the channel list says when each posts next, or that a
// channel is paused (and then shows the warning colour).

import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import { recapChannelAddedMessage, recapChannelsMessage } from '../../src/render/recap-channels.js';
import { COLORS } from '../../src/render/theme.js';
import { wrappedShareRow } from '../../src/render/wrapped-cards.js';
import type { RecapChannel } from '../../src/server-recaps/channels.js';

describe('recap answers in render', () => {
  it("builds /wrapped's Share with the asker, the kind, the year and whose list", () => {
    const id = (user: string | undefined) => {
      const button = wrappedShareRow(ENGLISH, { invoker: 'abc', kind: 'manga', year: 2025, user })[0]?.components[0];
      return button && 'custom_id' in button ? button.custom_id : undefined;
    };
    expect(id(undefined)).toBe('wrs|abc|manga|2025');
    expect(id('someone')).toBe('wrs|abc|manga|2025|someone');
  });

  it('lists the channels with their next post, a paused one in the warning colour', () => {
    const channel: RecapChannel = { channelId: '7', weekday: 1, minuteOfDay: 18 * 60, timeZone: 'UTC', kind: 'both', ageRestricted: false, addedAt: 0 };
    const running = recapChannelsMessage(ENGLISH, [{ channel, nextAtMs: 1_000_000 }]).embeds?.[0];
    expect(running?.description).toContain('<t:1000:');
    expect(running?.color).toBe(COLORS.brand);
    const paused = recapChannelsMessage(ENGLISH, [{ channel: { ...channel, pausedAt: 5_000, pausedReason: 'gone' }, nextAtMs: 1_000_000 }]).embeds?.[0];
    expect(paused?.color).toBe(COLORS.warning);
    expect(recapChannelsMessage(ENGLISH, []).embeds?.[0]?.description).toBe(ENGLISH.t('weekly.list.none'));
    const added = recapChannelAddedMessage(ENGLISH, { added: true, channelId: '7', schedule: channel, nextAtMs: 1_000_000, ageRestricted: true }).embeds?.[0];
    expect(added?.title).toBe(ENGLISH.t('weekly.channel.added'));
    expect(added?.description).not.toContain(ENGLISH.t('weekly.channel.adultNote'));
  });
});
