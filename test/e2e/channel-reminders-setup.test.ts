// Setting up server-channel episode reminders through the real bot, the fake Discord's guild model
// (roles, channel overwrites, the bot's member, mention resolution) and the emulator: who may, what the
// bot checks in the channel (see, post, embed, mention the role, age restriction), the titles the remove
// commands suggest, and the same setup over HTTP interactions.

import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airingPlan, episodesBetween } from '../../src/airing/air-times.js';
import { type Where } from '../../fake-discord/index.js';
import { newUser, SERVICE_WEB_URL, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { serviceGet } from './catalogue-helpers.js';
import {
  START,
  HOUR,
  WEEK,
  GUILD_ID,
  ANIME_CHANNEL,
  LOCKED_CHANNEL,
  NO_EMBEDS_CHANNEL,
  HIDDEN_CHANNEL,
  ADULT_CHANNEL,
  WATCHERS,
  QUIET_ROLE,
  MENTIONER,
  MANAGER,
  MEMBER,
  useReminderServer,
  type Work,
} from './channel-reminders-helpers.js';

describe('episode reminders in a server channel', () => {
  const clock = START;
  const server = useReminderServer(() => clock);
  const { admin, upcoming, inServer, channelCommand, add, role, posts, stored } = server;
  let stack: Stack;
  let adultWorks: Work[] = [];
  beforeAll(() => {
    ({ stack, adultWorks } = server);
  });

  it('needs Manage Server and a server; a refused setup stores nothing', async () => {
    const work = upcoming();
    const member = await channelCommand('add', { title: `id:${work.id}`, channel: { type: 7, value: ANIME_CHANNEL } }, newUser('member'), inServer(MEMBER));
    expect(member.text).toContain('Manage Server');
    expect(member.ephemeral).toBe(true);
    const inDm = await answerOf(stack.command({ name: 'remind', subcommandGroup: 'channel', subcommand: 'list', user: admin, where: { kind: 'dm' } }));
    expect(inDm.text).toContain('Only in a server');
    expect(await stored()).toBe(0);
  });

  it('checks at setup that the bot can see, post and embed in the channel, with a clear error', async () => {
    const work = upcoming();
    const locked = await add(work, LOCKED_CHANNEL);
    expect(locked.text).toContain('lacks Send Messages');
    const noEmbeds = await add(work, NO_EMBEDS_CHANNEL);
    expect(noEmbeds.text).toContain('lacks Embed Links');
    const hidden = await add(work, HIDDEN_CHANNEL);
    expect(hidden.text).toMatch(/lacks View Channel|cannot see that channel/);
    expect(await stored()).toBe(0);
    expect(posts(LOCKED_CHANNEL)).toHaveLength(0);
  });

  it('checks the bot can mention the role: a role nobody may mention is refused until the bot may', async () => {
    const work = upcoming();
    const refused = await add(work, ANIME_CHANNEL, { role: role(QUIET_ROLE) });
    expect(refused.text).toContain('cannot mention that role');
    const everyone = await add(work, ANIME_CHANNEL, { role: role(GUILD_ID) });
    expect(everyone.text).toContain('not @everyone');
    expect(await stored()).toBe(0);
    stack.discord.guilds.setBotRoles(GUILD_ID, [MENTIONER]);
    try {
      expect((await add(work, ANIME_CHANNEL, { role: role(QUIET_ROLE) })).text).toContain('Channel reminder set');
      expect((await channelCommand('remove', { title: `id:${work.id}`, channel: { type: 7, value: ANIME_CHANNEL } })).text).toContain('stopped');
    } finally {
      stack.discord.guilds.setBotRoles(GUILD_ID, []);
    }
  });

  it('a not-safe-for-work title needs an age-restricted channel', async () => {
    const adult = adultWorks.find((w) => {
      const plan = airingPlan(w);
      return plan !== undefined && episodesBetween(plan, clock, clock + 52 * WEEK).length > 0;
    });
    if (!adult) throw new Error('no airing not-safe-for-work title in the catalogue');
    const refused = await add(adult, ANIME_CHANNEL, {}, inServer(MANAGER, ADULT_CHANNEL, true));
    expect(refused.text).toContain('age-restricted channel');
    expect(await stored()).toBe(0);
    const set = await add(adult, ADULT_CHANNEL, {}, inServer(MANAGER, ADULT_CHANNEL, true));
    expect(set.text).toContain('Channel reminder set');
    expect(set.text).toContain(adult.title);
  });

  it('the remove commands suggest only followed titles, without asking the service', async () => {
    const work = upcoming();
    const other = upcoming([work.id]);
    await add(work);
    const user = newUser('suggest');
    await answerOf(stack.command({ name: 'remind', subcommand: 'add', options: { title: `id:${other.id}` }, user, where: { kind: 'dm' } }));
    const requests = stack.emulator.stats.requests;
    const server = await stack
      .autocomplete({ name: 'remind', subcommandGroup: 'channel', subcommand: 'remove', options: { channel: { type: 7, value: ANIME_CHANNEL } }, focused: 'title', value: '', user: admin, where: inServer() })
      .autocompleteChoices();
    expect(server.map((c) => c.value)).toEqual([`id:${work.id}`]);
    const mine = await stack.autocomplete({ name: 'remind', subcommand: 'remove', focused: 'title', value: other.title.slice(0, 4), user, where: { kind: 'dm' } }).autocompleteChoices();
    expect(mine.map((c) => c.value)).toEqual([`id:${other.id}`]);
    // Every form a title option takes finds a followed title, and only a followed one.
    for (const typed of [String(other.id), `#${other.id}`, `${SERVICE_WEB_URL}/anime/${other.id}/Some_Title`]) {
      const found = await stack.autocomplete({ name: 'remind', subcommand: 'remove', focused: 'title', value: typed, user, where: { kind: 'dm' } }).autocompleteChoices();
      expect(found.map((c) => c.value), typed).toEqual([`id:${other.id}`]);
    }
    const unfollowed = await stack.autocomplete({ name: 'remind', subcommand: 'remove', focused: 'title', value: String(work.id), user, where: { kind: 'dm' } }).autocompleteChoices();
    expect(unfollowed).toEqual([]);
    expect(stack.emulator.stats.requests).toBe(requests);
    await channelCommand('remove', { title: `id:${work.id}`, channel: { type: 7, value: ANIME_CHANNEL } });
  });
});

describe('channel reminder setup over HTTP interactions', () => {
  // The client never logs in on this transport, so the bot learns its own id over REST for the permission check.
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ transport: 'http', bot: { now: () => START, reminders: { tickMs: 24 * HOUR } } });
    stack.discord.guilds.define({
      id: GUILD_ID,
      channels: [
        { id: ANIME_CHANNEL, name: 'airing' },
        { id: LOCKED_CHANNEL, name: 'announcements', overwrites: [{ id: GUILD_ID, type: 0, deny: P.SendMessages }] },
      ],
      roles: [{ id: WATCHERS, name: 'watchers', permissions: 0n, mentionable: true }],
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('checks the channel and sets the reminder', async () => {
    const body = (await serviceGet(stack, '/anime/season/2026/winter?limit=500&fields=broadcast,status,start_date,num_episodes')) as { data: Array<{ node: Work }> };
    const work = body.data.map((d) => d.node).find((w) => w.status === 'currently_airing' && airingPlan(w) !== undefined);
    if (!work) throw new Error('no airing title');
    const where: Where = { kind: 'guild', guildId: GUILD_ID, channelId: ANIME_CHANNEL, memberPermissions: MANAGER };
    const run = (channel: string) =>
      answerOf(stack.command({ name: 'remind', subcommandGroup: 'channel', subcommand: 'add', options: { title: `id:${work.id}`, channel: { type: 7, value: channel }, role: { type: 8, value: WATCHERS } }, user: newUser('http-admin'), where }));
    expect((await run(LOCKED_CHANNEL)).text).toContain('lacks Send Messages');
    expect((await run(ANIME_CHANNEL)).text).toContain('Channel reminder set');
    expect((await stack.bot.reminders.listChannels(GUILD_ID)).map((v) => v.follow)).toEqual([
      { titleId: work.id, channelId: ANIME_CHANNEL, roleId: WATCHERS, delayMinutes: 0, ageRestricted: false },
    ]);
  });
});
