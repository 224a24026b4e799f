// The one rule for a server where the app is installed without its bot (src/discord-api/membership.ts):
// a refusal that can mean "not a member" (Missing Access, Unknown Guild, Unknown Member) makes the bot
// read its own member; without one, every feature throws BotNotMemberError with the server invite link
// of this app; with one, the refusal stands as before. Checked over a stub of discord.js's REST.

import { DiscordAPIError, PermissionFlagsBits as P } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { checkReminderChannel } from '../../src/discord-api/channel-access.js';
import { inviteLinks } from '../../src/discord-api/invite.js';
import { BotNotMemberError, botAbsence, mayMeanBotAbsent } from '../../src/discord-api/membership.js';
import { createPoll } from '../../src/discord-api/polls.js';
import { createScheduledEvent, ScheduledEventRefusal } from '../../src/discord-api/scheduled-events.js';
import { ENGLISH } from '../../src/i18n/index.js';
import { describeError } from '../../src/interactions/user-errors.js';

const GUILD = '100000000000000001';
const BOT = '100000000000000002';
const APP = '100000000000000009';
const CHANNEL = '100000000000000003';

const refusal = (code: number, status: number, message: string): DiscordAPIError => new DiscordAPIError({ code, message }, code, status, 'GET', '/x', {});
const missingAccess = refusal(50001, 403, 'Missing Access');
const missingPermissions = refusal(50013, 403, 'Missing Permissions');
const unknownGuild = refusal(10004, 404, 'Unknown Guild');

/** A REST stub: the bot's member present or not (Discord answers Unknown Guild then), every post refused with `postError`. */
function rest(o: { member: boolean; postError?: unknown; application?: boolean }) {
  const gets: string[] = [];
  return {
    gets,
    get: async (route: string) => {
      gets.push(route);
      if (route === '/applications/@me') return o.application === false ? Promise.reject(refusal(0, 500, 'down')) : { id: APP };
      if (route.startsWith('/users/')) return { id: BOT };
      if (!o.member) return Promise.reject(unknownGuild);
      if (route.includes('/members/')) return { roles: [] };
      if (route.endsWith('/roles')) return [{ id: GUILD, permissions: String(P.ViewChannel) }];
      return { id: CHANNEL, guild_id: GUILD, type: 0 };
    },
    post: async () => Promise.reject(o.postError ?? missingAccess),
  };
}

const EVENT = { name: 'n', description: 'd', startMs: Date.UTC(2030, 0, 1), endMs: Date.UTC(2030, 0, 1, 1), location: 'x' };
const POLL = { question: 'q', answers: ['a', 'b'], hours: 1 };

describe('the bot not a member of the server', () => {
  it('only Missing Access, Unknown Guild and Unknown Member can mean it', () => {
    expect([missingAccess, unknownGuild, refusal(10007, 404, 'Unknown Member')].map(mayMeanBotAbsent)).toEqual([true, true, true]);
    expect([missingPermissions, refusal(10003, 404, 'Unknown Channel'), new Error('x')].map(mayMeanBotAbsent)).toEqual([false, false, false]);
  });

  it('reads the bot’s member (its id over REST when not known) and gives the server invite link of this app', async () => {
    const absent = rest({ member: false });
    const error = await botAbsence(absent as never, undefined, GUILD);
    expect(error).toBeInstanceOf(BotNotMemberError);
    expect(error?.invite).toBe(inviteLinks(APP).server);
    expect(absent.gets).toContain(`/guilds/${GUILD}/members/${BOT}`);
    expect(await botAbsence(rest({ member: true }) as never, BOT, GUILD)).toBeUndefined();
    // The application not readable: the bot's id, which a newer app shares.
    expect((await botAbsence(rest({ member: false, application: false }) as never, BOT, GUILD))?.invite).toBe(inviteLinks(BOT).server);
  });

  it('every feature says so: a poll, a scheduled event, a channel set up for posts', async () => {
    const absent = rest({ member: false });
    const poll = await createPoll(absent as never, { botId: BOT, guildId: GUILD, channelId: CHANNEL, draft: POLL, nonce: 'n' }).catch((e: unknown) => e);
    const event = await createScheduledEvent(absent as never, GUILD, EVENT).catch((e: unknown) => e);
    const channel = await checkReminderChannel(absent as never, BOT, GUILD, CHANNEL, undefined).catch((e: unknown) => e);
    for (const error of [poll, event, channel]) {
      expect(error).toBeInstanceOf(BotNotMemberError);
      const told = describeError(error, ENGLISH);
      expect(told.title).toBe('The bot is not in this server');
      expect(told.text).toContain(`(${inviteLinks(APP).server})`);
      expect(told.unexpected).toBe(false);
    }
  });

  it('with the bot a member, Discord’s refusal stands as before', async () => {
    const present = rest({ member: true, postError: missingPermissions });
    const event = await createScheduledEvent(present as never, GUILD, EVENT, undefined, BOT).catch((e: unknown) => e);
    expect(event).toBeInstanceOf(ScheduledEventRefusal);
    expect((event as ScheduledEventRefusal).reason).toBe('permissions');
    // A refusal that cannot mean absence reads nothing more.
    expect(present.gets).toEqual([]);
    const poll = await createPoll(rest({ member: true }) as never, { botId: BOT, guildId: GUILD, channelId: CHANNEL, draft: POLL, nonce: 'n' }).catch((e: unknown) => e);
    expect(describeError(poll, ENGLISH).text).toContain('Send Messages');
  });
});
