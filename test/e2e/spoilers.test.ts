// Spoiler-safe synopses end to end: a sequel's synopsis behind spoiler tags unless the reader's
// mirrored list shows its prequel completed (the server community's mirror, no extra request);
// /settings spoilers per person; /settings server-spoilers (Manage Server).

import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GUILD_ID, type Where, type Who } from '../../fake-discord/index.js';
import { GUILD, componentId, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';

const HOKUTO = 967; // no prequel
const HOKUTO_FILM = 1356; // prequel: 967
const MANAGER: Where = { kind: 'guild', guildId: DEFAULT_GUILD_ID, memberPermissions: (P.ManageGuild | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString() };

describe('spoiler-safe synopses', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const info = async (id: number, user: Who, where: Where = GUILD) => answerOf(stack.command({ name: 'anime', subcommand: 'info', options: { title: `id:${id}` }, user, where }));
  const description = async (id: number, user: Who, where: Where = GUILD) => (await info(id, user, where)).message.embeds?.[0]?.description ?? '';
  const settings = (subcommand: string, user: Who, options: Record<string, string>, where: Where = GUILD) =>
    answerOf(stack.command({ name: 'settings', subcommand, options, user, where }));

  it('hides a sequel’s synopsis by default, never a first title’s; the person’s setting changes it', async () => {
    const reader = newUser('reader');
    const sequel = await description(HOKUTO_FILM, reader);
    expect(sequel).toMatch(/\|\|[^|][\s\S]*\|\|$/);
    expect(await description(HOKUTO, reader)).not.toContain('||');

    expect((await settings('spoilers', reader, { policy: 'never' })).text).toContain('Spoiler setting saved');
    expect(await description(HOKUTO_FILM, reader)).not.toContain('||');
    await settings('spoilers', reader, { policy: 'always' });
    expect(await description(HOKUTO, reader)).toMatch(/\|\|[\s\S]+\|\|$/);
    expect((await settings('show', reader, {})).text).toContain('Synopses: **every synopsis hidden**, your own choice');
  });

  it('shows a sequel’s synopsis once the mirrored list shows its prequel completed, with no extra request', async () => {
    const alice = newUser('alice');
    await stack.login(alice, { name: 'alice', password: 'alice-password' });
    expect((await answerOf(stack.command({ name: 'server', subcommand: 'join', user: alice, where: GUILD }))).text).toContain('joined');
    // Alice is watching 967: the film's synopsis stays hidden.
    expect(await description(HOKUTO_FILM, alice)).toMatch(/\|\|[\s\S]+\|\|$/);
    const first = await info(HOKUTO, alice);
    await answerOf(stack.select(first.message, componentId(first.message, 'Set status'), ['completed'], alice));
    const from = stack.emulator.requestLog.length;
    expect(await description(HOKUTO_FILM, alice)).not.toContain('||');
    expect(stack.emulator.requestLog.slice(from).filter((r) => r.path.includes('animelist'))).toHaveLength(0);
  });

  it('a server default applies to members without a choice; only with Manage Server', async () => {
    const member = newUser('member');
    const refused = await settings('server-spoilers', member, { policy: 'never' });
    expect(refused.text).toContain('Manage Server needed');
    const saved = await settings('server-spoilers', newUser('admin'), { policy: 'never' }, MANAGER);
    expect(saved.text).toContain('Server spoiler default saved');
    expect(await description(HOKUTO_FILM, member)).not.toContain('||');
    expect((await settings('show', member, {})).text).toContain('this server’s default');
    await settings('server-spoilers', newUser('admin'), { policy: 'reset' }, MANAGER);
    expect(await description(HOKUTO_FILM, member)).toContain('||');
  });
});
