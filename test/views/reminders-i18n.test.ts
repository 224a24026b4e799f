// The reminder views and reminder errors give the catalogue's text in the reader's language (compared
// with the catalogue itself, never with copies of translations), and English as before.

import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { discordTime } from '../../src/airing/air-times.js';
import { ChannelAccessError, checkReminderChannel } from '../../src/discord-api/channel-access.js';
import { inviteLinks } from '../../src/discord-api/invite.js';
import { ENGLISH, translator } from '../../src/i18n/index.js';
import { describeError } from '../../src/interactions/user-errors.js';
import type { QueuedReminder, UserReminders } from '../../src/reminders/records.js';
import { Reminders } from '../../src/reminders/reminders.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { silentLogger } from '../../src/log/log.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import { ReminderError } from '../../src/reminders/types.js';
import { failedNote, pauseNotice, reminderListMessage, reminderMessage, reminderThreadName } from '../../src/render/reminders.js';
import { channelListMessage, followedChoices } from '../../src/views/reminders.js';
import type { RenderedMessage } from '../../src/render/limits.js';

const AT = Date.UTC(2026, 0, 8, 16, 0);
const CHANNEL = '300000000000000001';
const ROLE = '400000000000000001';

const dmReminder: QueuedReminder = { id: 'r1', target: { kind: 'dm', userId: '1' }, titleId: 5, title: 'Frieren', episode: 7, atMs: AT, dueMs: AT, late: true };
const channelReminder: QueuedReminder = {
  ...dmReminder,
  target: { kind: 'channel', guildId: '2', channelId: CHANNEL, roleId: ROLE, ageRestricted: false, thread: true },
  late: false,
  discussion: { topicId: 9, url: 'https://example.test/forum/?topicid=9' },
};
const user: UserReminders = { titles: [5], excluded: [], followList: true, listTitles: [], delayMinutes: 15, pausedAt: AT };

const labels = (m: RenderedMessage) => (m.components ?? []).flatMap((row) => ('components' in row ? row.components : [])).map((c) => ('label' in c ? c.label : undefined));
const text = (m: RenderedMessage) => (m.embeds ?? []).map((e) => [e.title, e.description, e.footer?.text].join('\n')).join('\n');

describe('reminder posts in the destination\'s language', () => {
  for (const locale of ['ja', 'de', 'fr', 'es-ES', 'pt-BR'] as const) {
    const t = translator(locale);
    it(`a DM reminder in ${locale}`, () => {
      const m = reminderMessage(t, dmReminder);
      expect(m.embeds?.[0]?.title).toBe(t.t('reminders.post.headline', { episode: 7, title: 'Frieren' }));
      expect(m.embeds?.[0]?.description).toBe(
        [t.t('reminders.post.expected', { time: discordTime(AT, 't'), relative: discordTime(AT, 'R') }), t.t('reminders.post.late')].join('\n'),
      );
      expect(labels(m)).toEqual([t.t('reminders.post.button.addEpisode'), t.t('reminders.post.button.open'), t.t('reminders.post.button.stop')]);
    });
    it(`a channel post and its thread in ${locale}`, () => {
      const m = reminderMessage(t, channelReminder);
      expect(m.content).toBe(`<@&${ROLE}>`);
      expect(labels(m)).toEqual([t.t('reminders.post.button.addEpisode'), t.t('reminders.post.button.open'), t.t('reminders.post.button.discussion', { episode: 7 })]);
      expect(reminderThreadName(t, channelReminder)).toBe(`Frieren – ${t.t('reminders.thread.episode', { episode: 7 })}`);
      expect(reminderThreadName(t, { ...channelReminder, episode: undefined } as QueuedReminder)).toBe(`Frieren – ${t.t('reminders.thread.newEpisode')}`);
    });
  }

  it('English reads as before', () => {
    const m = reminderMessage(ENGLISH, channelReminder);
    expect(m.embeds?.[0]?.title).toBe('Episode 7 of Frieren is expected to be out');
    expect(labels(m)).toEqual(['+1 episode', 'Open', 'Episode 7 discussion']);
    expect(reminderThreadName(ENGLISH, channelReminder)).toBe('Frieren – Episode 7');
    expect(text(pauseNotice(ENGLISH))).toContain('Your episode reminders are paused');
  });
});

describe('reminder lists and notices in the reader\'s language', () => {
  const t = translator('ja');
  const failed = [
    { titleId: 5, title: 'Frieren', episode: 7, reason: 'Missing Access', atMs: AT },
    { titleId: 6, title: 'Dungeon Meshi', reason: 'gone', atMs: AT },
  ];

  it('/remind list', () => {
    const m = reminderListMessage(t, user, [{ info: { id: 5, title: 'Frieren', fetchedAt: AT }, fromList: true, inactive: 'finished' }], failed);
    const s = text(m);
    expect(m.embeds?.[0]?.title).toBe(t.t('reminders.list.title'));
    for (const expected of [
      t.t('reminders.list.followList', { state: 'on' }),
      t.t('reminders.list.delay', { minutes: 15 }),
      t.t('reminders.list.paused'),
      t.t('reminders.list.fromList'),
      t.t('reminders.inactive.finished'),
      t.t('reminders.failed.header', { count: 2 }),
      t.t('reminders.failed.itemEpisode', { title: 'Frieren', episode: 7, reason: 'Missing Access', when: discordTime(AT, 'R') }),
      t.t('reminders.failed.item', { title: 'Dungeon Meshi', reason: t.t('reminders.failed.reason.gone'), when: discordTime(AT, 'R') }),
      t.t('reminders.list.footer'),
    ]) {
      expect(s).toContain(expected);
    }
    expect(text(reminderListMessage(t, { ...user, pausedAt: undefined }, []))).toContain(t.t('reminders.list.empty'));
  });

  it('/remind channel list', () => {
    const follow = { titleId: 5, channelId: CHANNEL, delayMinutes: 20, ageRestricted: false, thread: true, pausedAt: AT };
    const s = text(channelListMessage(t, [{ follow, info: { id: 5, title: 'Frieren', fetchedAt: AT } }], { place: 'guild', ageRestricted: false }));
    expect(s).toContain(t.t('reminders.channelList.title'));
    expect(s).toContain(t.t('reminders.channelList.delay', { minutes: 20 }));
    expect(s).toContain(t.t('reminders.channelList.thread'));
    expect(s).toContain(t.t('reminders.channelList.paused', { reason: t.t('reminders.channelList.noReason') }));
    expect(text(channelListMessage(t, [], { place: 'guild', ageRestricted: false }))).toContain(t.t('reminders.channelList.empty'));
  });

  it('failed notes, autocomplete choices and the pause notice', () => {
    expect(failedNote(t, [])).toBeUndefined();
    expect(followedChoices(t, [{ id: 5, title: 'Frieren' }], '', { place: 'bot_dm', ageRestricted: false }, 'https://example.test')[0]?.name).toBe(
      t.t('reminders.list.choice', { title: 'Frieren', id: '5' }),
    );
    const notice = pauseNotice(t);
    expect(notice.embeds?.[0]?.title).toBe(t.t('reminders.paused.title'));
    expect(notice.embeds?.[0]?.description).toBe(t.t('reminders.paused.text'));
  });
});

describe('reminder errors in the reader\'s language', () => {
  it('a refused reminder (ReminderError) says why in the reader\'s language; its message stays English', async () => {
    const now = Date.UTC(2026, 0, 7);
    const kv = new MemoryEngine(() => now);
    const reminders = new Reminders({
      kv,
      jobs: new InProcessJobEngine(kv, () => now, () => undefined, 0),
      now: () => now,
      log: silentLogger,
      source: { anime: async () => ({ id: 1 }), airingList: async () => undefined },
      deliver: async () => ({ ok: true }),
    });
    const error = await reminders.add('1', { id: 1, title: 'Old Show', status: 'finished_airing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReminderError);
    expect((error as Error).message).toBe('No episode of Old Show is expected (finished airing), so there is nothing to remind you of.');
    const de = translator('de');
    const told = describeError(error, de);
    expect(told.title).toBe(de.t('error.reminder.title'));
    expect(told.text).toBe(de.t('reminders.refused.notExpected', { title: 'Old Show', reason: de.t('reminders.inactive.finished') }));
  });

  it('a channel the bot cannot use (ChannelAccessError) names the missing permissions in the reader\'s language', async () => {
    const guildId = '2';
    const rest = {
      get: async (route: string) => {
        if (route.includes('/members/')) return { roles: [] };
        if (route.endsWith('/roles')) return [{ id: guildId, permissions: '1024' }];
        return { id: CHANNEL, guild_id: guildId, type: 0 };
      },
    };
    const error = await checkReminderChannel(rest as never, '9', guildId, CHANNEL, undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelAccessError);
    // View Channel (1024) only: Send Messages and Embed Links are missing.
    expect((error as Error).message).toBe('The bot lacks Send Messages and Embed Links in that channel. Give it those permissions there, then try again.');
    const fr = translator('fr');
    const told = describeError(error, fr);
    expect(told.title).toBe(fr.t('error.channelAccess.title'));
    const names = fr.list([fr.t('reminders.permission.sendMessages'), fr.t('reminders.permission.embedLinks')]);
    expect(told.text).toBe(fr.t('reminders.access.missing', { permissions: names, count: 2 }));

    // The bot not a member of the server (the app installed there without its bot): told so, with the link that adds it.
    const noMember = new DiscordAPIError({ code: 10007, message: 'Unknown Member' }, 10007, 404, 'GET', '/guilds/x/members/9', {});
    const missing = { get: async () => Promise.reject(noMember) };
    const told2 = describeError(await checkReminderChannel(missing as never, '9', guildId, CHANNEL, undefined).catch((e: unknown) => e), translator('ja'));
    expect(told2.title).toBe(translator('ja').t('error.botNotMember.title'));
    expect(told2.text).toBe(translator('ja').t('error.botNotMember.text', { invite: inviteLinks('9').server }));
  });
});
