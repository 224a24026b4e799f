// Channel reminders in the sandbox, through the page's own action layer against the real bot: the
// sandbox's server is modelled in the fake Discord (aiko owns it, ben and chidi are members), channel
// and role options are sent typed by id (names map to ids), and the bot's own posts in a server
// channel show in that channel's timeline with clickable buttons.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderDelivery } from '../../src/reminders/discord-delivery.js';
import { reminderPostIds, reminderRendering } from '../../src/render/reminders.js';
import { silentLogger } from '../../src/log/log.js';
import { ClientRefusal, type CommandInput } from '../../sandbox/actions.js';
import { GUILD_ID, placeOf, SERVER_CHANNELS, SERVER_ROLES, USERS, type Place, type SandboxUser } from '../../sandbox/places.js';
import { startSandbox, type Sandbox } from '../../sandbox/start.js';
import type { EntryView } from '../../sandbox/timeline.js';
import { runCommand, viewText } from './run-command.js';
import { airingTitle, type AiringTitle } from './airing-title.js';

const [aiko, ben, chidi] = USERS as [SandboxUser, SandboxUser, SandboxUser];

function place(key: string): Place {
  const found = placeOf(key);
  if (!found) throw new Error(`the sandbox has no ${key}`);
  return found;
}
const general = place('general');
const afterDark = place('after-dark');
const generalId = SERVER_CHANNELS.find((c) => c.name === 'general')?.id ?? '';
const watchersId = SERVER_ROLES.find((r) => r.name === 'Watchers')?.id ?? '';

describe('channel reminders in the sandbox', () => {
  let sandbox: Sandbox;
  let work: AiringTitle;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, transport: 'gateway', log: silentLogger });
    work = await airingTitle(sandbox.emulator.url);
  }, 60_000);

  afterAll(async () => {
    await sandbox?.stop();
  });

  const remind = (sub: string, options: Record<string, string>): CommandInput => ({ name: 'remind', group: 'channel', sub, options });

  const run = (where: Place, user: SandboxUser, input: CommandInput): Promise<EntryView> => runCommand(sandbox, where, user, input);
  const textOf = viewText;

  it('models the server: the page offers its channels and roles, and sends them typed by id', async () => {
    const world = (await (await fetch(new URL('/api/world', sandbox.url))).json()) as {
      users: Array<{ username: string; standing: string }>;
      server: { channels: Array<{ id: string; name: string }>; roles: Array<{ id: string; name: string; mentionable: boolean }> };
    };
    expect(world.server.channels.map((c) => c.name)).toEqual(['general', 'after-dark']);
    expect(world.server.roles.map((r) => [r.name, r.mentionable])).toEqual([
      ['Watchers', true],
      ['Mods', false],
      ['@everyone', false],
    ]);
    expect(world.users.map((u) => `${u.username} (${u.standing})`)).toEqual(['aiko (server owner)', 'ben (member, @Watchers)', 'chidi (member, @Mods)']);
    // The fake Discord works out permissions from the same model: aiko owns the server, ben does not manage it.
    const manageGuild = 1n << 5n;
    expect(sandbox.discord.guilds.permissionsOf(GUILD_ID, generalId, aiko.id) & manageGuild).toBe(manageGuild);
    expect(sandbox.discord.guilds.permissionsOf(GUILD_ID, generalId, ben.id) & manageGuild).toBe(0n);
    // A channel or role that is not the server's is refused before anything is sent, with the client's hint.
    expect(() => sandbox.actions.runCommand(general, aiko, remind('add', { title: `id:${work.id}`, channel: 'random' }))).toThrow(new ClientRefusal({ channel: 'Pick a channel of this server' }));
    expect(() => sandbox.actions.runCommand(general, aiko, remind('add', { title: `id:${work.id}`, channel: generalId, role: 'Admins' }))).toThrow(new ClientRefusal({ role: 'Pick a role of this server' }));
  });

  it('sets a channel reminder for the owner, refuses an ordinary member, and lists it for everyone', async () => {
    const refused = await run(general, ben, remind('add', { title: `id:${work.id}`, channel: generalId, role: watchersId }));
    expect(textOf(refused)).toContain('Manage Server needed');
    expect(refused.messages[0]?.ephemeral).toBe(true);

    const unmentionable = await run(general, aiko, remind('add', { title: `id:${work.id}`, channel: '#general', role: '@Mods' }));
    expect(textOf(unmentionable)).toContain('cannot mention that role');

    const set = await run(general, aiko, remind('add', { title: `id:${work.id}`, channel: generalId, role: watchersId }));
    expect(set.label).toBe(`/remind channel add title: id:${work.id} channel: #general role: @Watchers`);
    expect(textOf(set)).toContain('Channel reminder set');
    expect(textOf(set)).toContain(`<#${generalId}>, mentioning <@&${watchersId}>`);
    // Ephemeral: ben does not see aiko's answer.
    expect(sandbox.timeline.view(general, ben).some((e) => e.seq === set.seq)).toBe(false);

    const listed = await run(general, chidi, remind('list', {}));
    expect(textOf(listed)).toContain(work.title);
    expect(textOf(listed)).toContain(`<#${generalId}>`);
  }, 60_000);

  it('shows the bot’s reminder post in the channel’s timeline, with buttons anyone there can click', async () => {
    // The sandbox's clock is the real one, so the episode is not due yet: deliver it as the bot's
    // scheduler would, through the bot's own delivery code and Discord client.
    const before = sandbox.timeline.view(general, ben).length;
    const delivered = await reminderDelivery(sandbox.bot.deps.discord, reminderRendering(reminderPostIds))({
      id: `c:${GUILD_ID}:${generalId}:${work.id}:${work.next}`,
      target: { kind: 'channel', guildId: GUILD_ID, channelId: generalId, roleId: watchersId, ageRestricted: false },
      titleId: work.id,
      title: work.title,
      ...(work.episode !== undefined ? { episode: work.episode } : {}),
      atMs: work.next,
      dueMs: work.next,
      late: false,
    });
    expect(delivered).toEqual({ ok: true });
    // The latest message there (the seeded community's feed post came before it).
    const stored = sandbox.discord.guilds.messagesIn(generalId).at(-1);
    expect(stored?.mention_roles).toEqual([watchersId]);

    for (const user of [aiko, ben, chidi]) {
      const post = sandbox.timeline.view(general, user).at(-1);
      expect(post).toMatchObject({ kind: 'post', state: 'answered', label: '' });
      expect(post?.user).toBeUndefined();
      expect(post?.messages[0]).toMatchObject({ id: stored?.id, content: `<@&${watchersId}>`, ephemeral: false });
      expect(textOf(post as EntryView)).toContain(`of ${work.title} is expected to be out`);
    }
    expect(sandbox.timeline.view(general, ben)).toHaveLength(before + 1);
    expect(sandbox.timeline.view(afterDark, ben).some((e) => e.kind === 'post')).toBe(false);
    const post = sandbox.timeline.view(general, ben).at(-1)?.messages[0];
    const buttons = (post?.components as Array<{ components: Array<{ label?: string; custom_id?: string }> }>).flatMap((row) => row.components);
    expect(buttons.map((b) => b.label)).toEqual(['+1 episode', 'Open']);

    const open = sandbox.actions.click(general, ben, post?.id ?? '', buttons[1]?.custom_id ?? '', 'Open');
    await expect
      .poll(() => textOf(sandbox.timeline.view(general, ben).find((e) => e.seq === open.seq) ?? ({ messages: [] } as unknown as EntryView)), { timeout: 15_000 })
      .toContain(work.title);
    const openView = sandbox.timeline.view(general, ben).find((e) => e.seq === open.seq);
    expect(openView).toMatchObject({ kind: 'component', state: 'answered', label: 'Open' });
    expect(openView?.messages[0]?.ephemeral).toBe(true);
    // The click is ben's: the post stays where it was, after it comes his answer.
    expect(sandbox.timeline.view(general, ben).slice(-2).map((e) => e.kind)).toEqual(['post', 'component']);
    expect(sandbox.timeline.view(general, aiko).some((e) => e.seq === open.seq)).toBe(false);

    const plus = sandbox.actions.click(general, chidi, post?.id ?? '', buttons[0]?.custom_id ?? '', '+1 episode');
    await expect.poll(() => sandbox.timeline.view(general, chidi).find((e) => e.seq === plus.seq)?.state, { timeout: 15_000 }).toBe('answered');
  }, 60_000);

  it('shows the bot’s reminder DMs in the DM place of that user only', async () => {
    const dm = place('dm');
    const delivered = await reminderDelivery(sandbox.bot.deps.discord, reminderRendering(reminderPostIds))({
      id: `u:${aiko.id}:${work.id}:${work.next}`,
      target: { kind: 'dm', userId: aiko.id },
      titleId: work.id,
      title: work.title,
      atMs: work.next,
      dueMs: work.next,
      late: false,
    });
    expect(delivered).toEqual({ ok: true });
    const post = sandbox.timeline.view(dm, aiko).at(-1);
    expect(post?.kind).toBe('post');
    expect(textOf(post as EntryView)).toContain(`${work.title} is expected to be out`);
    expect(sandbox.timeline.view(dm, ben).some((e) => e.kind === 'post')).toBe(false);
    expect(sandbox.timeline.view(general, aiko).some((e) => e.messages.some((m) => m.id === post?.messages[0]?.id))).toBe(false);
  });
});
