// The reminder renderer on its own: the post uses the custom ids it is given, masks a not-safe-for-work
// title outside an age-restricted channel, and the Stop answer says whether anything was stopped.

import { ButtonStyle, ComponentType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import type { QueuedReminder } from '../../src/reminders/records.js';
import type { ChannelFollowView } from '../../src/reminders/types.js';
import { channelListMessage, reminderDoneMessage, reminderMessage, reminderPostIds, reminderStoppedMessage, reminderThreadName } from '../../src/render/reminders.js';
import { maskedTitle } from '../../src/render/masked-title.js';

const AT = Date.UTC(2026, 0, 8, 16, 0);
const IDS = { addEpisode: 'add-id', open: 'open-id', stop: 'stop-id' };
const dm: QueuedReminder = { id: 'r1', target: { kind: 'dm', userId: '1' }, titleId: 5, title: 'Frieren', episode: 7, atMs: AT, dueMs: AT, late: false };
const inChannel = (ageRestricted: boolean): QueuedReminder => ({
  ...dm,
  nsfw: 'black',
  target: { kind: 'channel', guildId: '2', channelId: '3', ageRestricted, thread: false },
});

describe('reminder renderer', () => {
  it('puts the given custom ids on the DM buttons, Stop last and red', () => {
    const row = reminderMessage(ENGLISH, dm, IDS).components?.[0];
    expect(row?.type).toBe(ComponentType.ActionRow);
    const buttons = row && 'components' in row ? row.components : [];
    expect(buttons.map((b) => ('custom_id' in b ? b.custom_id : undefined))).toEqual(['add-id', 'open-id', 'stop-id']);
    expect(buttons.at(-1)).toMatchObject({ style: ButtonStyle.Danger, label: ENGLISH.t('reminders.post.button.stop') });
  });

  it('masks a not-safe-for-work title in an ordinary channel and shows it in an age-restricted one', () => {
    const masked = ENGLISH.t('works.nsfw.maskedTitle');
    expect(reminderMessage(ENGLISH, inChannel(false), IDS).embeds?.[0]?.title).toContain(masked);
    expect(reminderMessage(ENGLISH, inChannel(true), IDS).embeds?.[0]?.title).toContain('Frieren');
    expect(reminderThreadName(ENGLISH, inChannel(false))).toBe(`${masked} – Episode 7`);
    expect(maskedTitle(ENGLISH, undefined, 'white', false)).toBe(ENGLISH.t('works.untitled'));
  });

  it('lists a channel follow with its title masked by the channel it is shown in', () => {
    const view: ChannelFollowView = { follow: { titleId: 5, channelId: '3', delayMinutes: 0, ageRestricted: false }, info: { id: 5, title: 'Secret', nsfw: 'black', fetchedAt: AT } };
    expect(channelListMessage(ENGLISH, [view], false).embeds?.[0]?.description).not.toContain('Secret');
    expect(channelListMessage(ENGLISH, [view], true).embeds?.[0]?.description).toContain('Secret');
  });

  it('says whether Stop stopped anything', () => {
    expect(reminderStoppedMessage(ENGLISH, true).embeds?.[0]?.title).toBe(ENGLISH.t('reminders.stop.title'));
    expect(reminderStoppedMessage(ENGLISH, false).embeds?.[0]?.title).toBe(ENGLISH.t('reminders.stop.notFollowing.title'));
  });

  it("names a post's buttons for the title: +1 episode as the details' quick button, Open and Stop", () => {
    expect(reminderPostIds.buttons(5)).toEqual({ addEpisode: 'qa|a|5|ep', open: 'ro|5', stop: 'rs|5' });
    expect(reminderMessage(ENGLISH, dm)).toEqual(reminderMessage(ENGLISH, dm, reminderPostIds.buttons(dm.titleId)));
  });
});

describe('/remind answers', () => {
  it('escapes and clips the title, and says when the next episode is expected', () => {
    const added = reminderDoneMessage(ENGLISH, { done: 'added', title: `*Bold*${'x'.repeat(200)}`, next: { episode: 5, atMs: Date.UTC(2026, 0, 1) } });
    const text = added.embeds?.[0]?.description ?? '';
    expect(text).toContain('\\*Bold\\*');
    expect(text).not.toContain('x'.repeat(160));
    expect(text).toContain('episode 5');
    expect(text).toContain(`<t:${Date.UTC(2026, 0, 1) / 1000}:R>`);
  });

  it('names the channel and the role of a channel reminder, and nothing else when there is none', () => {
    const added = reminderDoneMessage(ENGLISH, { done: 'channelAdded', title: 'T', channelId: '1', roleId: '2', delayMinutes: 0, thread: false, next: undefined });
    expect(added.embeds?.[0]?.description).toBe('The bot will post in <#1>, mentioning <@&2> when a new episode of **T** is expected.');
    expect(reminderDoneMessage(ENGLISH, { done: 'notPaused' }).embeds?.[0]?.title).toBeTruthy();
  });
});

