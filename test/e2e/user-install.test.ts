// Where the app is only installed to the user (Discord sends `authorizing_integration_owners` with the
// user install `1` and no server install `0`: the bot is not in the server), the features that need the
// bot there say so in the person's language instead of failing: /watchparty create|list|cancel, /feed
// channel add, /remind channel add, Vote and End poll on a pick; /server pick still answers from the mirror,
// without a Vote button and saying why. Both transports; nothing reaches Discord's events or channels.

import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buttonClick, snowflake, type Where, type Who } from '../../fake-discord/index.js';
import { newUser, startStack, TRANSPORTS, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { buttonLabelled } from './catalogue-helpers.js';

const ADMIN = (P.ManageGuild | P.ManageEvents | P.CreateEvents | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
const REFUSED = 'Needs the bot in this server';

describe.each(TRANSPORTS)('a server where the app is only user-installed, over %s', (transport) => {
  const GUILD_ID = snowflake();
  const CHANNEL = snowflake();
  let stack: Stack;
  const alice: Who = newUser('alice');
  const where: Where = { kind: 'guild', guildId: GUILD_ID, channelId: CHANNEL, memberPermissions: ADMIN };

  beforeAll(async () => {
    stack = await startStack({ transport });
    stack.discord.guilds.define({ id: GUILD_ID, name: 'no bot here', ownerId: alice.id, channels: [{ id: CHANNEL, name: 'general' }] });
    await stack.login(alice, { name: 'alice', password: 'alice-password' });
    // Joining the community needs no bot in the server (the mirror is the bot's own store).
    expect((await answerOf(stack.command({ name: 'server', subcommand: 'join', user: alice, where }))).text).toContain('joined');
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  type Opts = Record<string, string | number | boolean | { type: number; value: string }>;
  const userInstalled = (name: string, subcommand: string, options: Opts = {}, locale?: string, subcommandGroup?: string) =>
    answerOf(stack.command({ name, subcommand, options, user: alice, where, install: 'user', ...(locale ? { locale } : {}), ...(subcommandGroup ? { subcommandGroup } : {}) }));

  it('/watchparty, /feed channel add and /remind channel add say the bot is needed here, in the person’s language; nothing reaches Discord', async () => {
    const before = stack.discord.calls.length;
    for (const [subcommand, options] of [
      ['create', { title: 'id:1', start: '2030-01-01 20:00' }],
      ['list', {}],
      ['cancel', { event: '123' }],
    ] as const) {
      const answer = await userInstalled('watchparty', subcommand, options);
      expect(answer.text).toContain(REFUSED);
      expect(answer.text).toContain('only installed to your account');
      expect(answer.ephemeral).toBe(true);
    }
    const feed = await userInstalled('feed', 'add', { channel: { type: 7, value: CHANNEL } }, undefined, 'channel');
    expect(feed.text).toContain(REFUSED);
    const remind = await userInstalled('remind', 'add', { title: 'id:1', channel: { type: 7, value: CHANNEL } }, undefined, 'channel');
    expect(remind.text).toContain(REFUSED);
    const ja = await userInstalled('watchparty', 'list', {}, 'ja');
    expect(ja.text).toContain('このサーバーにボットが必要です');
    const de = await userInstalled('watchparty', 'create', { title: 'id:1', start: '2030-01-01 20:00' }, 'de');
    expect(de.text).toContain('Braucht den Bot auf diesem Server');
    expect(stack.discord.scheduledEvents.all(GUILD_ID)).toEqual([]);
    expect(stack.discord.calls.slice(before).filter((c) => c.route?.includes('scheduled-events') || c.route?.includes(`/channels/${CHANNEL}/messages`))).toEqual([]);
    // Autocomplete of a subcommand that needs the bot suggests nothing there.
    const choices = await stack
      .autocomplete({ name: 'watchparty', subcommand: 'cancel', focused: 'event', value: '', user: alice, where, install: 'user' })
      .autocompleteChoices();
    expect(choices).toEqual([]);
  });

  it('the same commands through the server install are not refused for it', async () => {
    const list = await answerOf(stack.command({ name: 'watchparty', subcommand: 'list', user: alice, where }));
    expect(list.text).not.toContain(REFUSED);
  });

  it('/server pick answers from the mirror without Vote, saying why; Vote pressed through a user install is refused', async () => {
    const handle = stack.command({ name: 'server', subcommand: 'pick', user: alice, where, install: 'user' });
    const pick = await answerOf(handle);
    expect(pick.text).toContain('No Vote here');
    expect(pick.message.components ?? []).toEqual([]);
    const ja = await userInstalled('server', 'pick', {}, 'ja');
    expect(ja.text).toContain('ここでは投票できません');
    // A pick answered through the server install has Vote; pressed through the user's install only, it is refused.
    const withBot = await answerOf(stack.command({ name: 'server', subcommand: 'pick', user: alice, where }));
    const vote = buttonLabelled(withBot.message, 'Vote').custom_id ?? '';
    const pressed = await answerOf(stack.discord.interact(buttonClick({ message: withBot.message, customId: vote, user: alice, where, install: 'user' })));
    expect(pressed.text).toContain(REFUSED);
    expect(stack.discord.guilds.messagesIn(CHANNEL).filter((m) => (m as unknown as { poll?: unknown }).poll !== undefined)).toEqual([]);
  });
});
