// The server community in the users' and the server's languages, end to end against the emulator and
// the fake Discord: /server join and /compare answer in the invoker's language (ja), a leaderboard in
// pt-BR, and what the bot posts on its own in a server whose guild_locale is fr (the feed post, the
// "paused" notice to its owner) is in French, while the manager's own /feed answers stay in theirs.
// Every expectation is the catalogue's text, never a copy of a translation.

import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { snowflake, type Where, type Who } from '../../fake-discord/index.js';
import { newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { translator, type Locale } from '../../src/i18n/index.js';
import { commandNameIn } from '../../src/interactions/command-localizations.js';
import type { MirrorEntry } from '../../src/community/types.js';
import { buttonLabelled } from './catalogue-helpers.js';

const START = Date.UTC(2026, 0, 8, 12, 0);
const BATCH_MS = 120_000;
const GUILD_ID = snowflake();
const FEED_CHANNEL = snowflake();
const MANAGER = (P.ManageGuild | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
const MEMBER = (P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
const USER_OPTION = 6;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Options = Record<string, string | number | boolean | { type: number; value: string }>;

const ja = translator('ja');
const ptBR = translator('pt-BR');
const fr = translator('fr');
const de = translator('de');

describe('the server community speaks the reader’s and the server’s language', () => {
  let stack: Stack;
  let clock = START;
  const admin: Who = newUser('admin');
  const alice: Who = newUser('alice');
  const bob: Who = newUser('bob');
  const outsider: Who = newUser('outsider');

  /** In the French server, as a member or a manager. */
  const inServer = (memberPermissions = MEMBER): Where => ({ kind: 'guild', guildId: GUILD_ID, channelId: FEED_CHANNEL, memberPermissions, nsfw: false, guildLocale: 'fr' });
  const run = (user: Who, locale: Locale, name: string, o: { group?: string; subcommand?: string; options?: Options; where?: Where } = {}) =>
    answerOf(
      stack.command({
        name,
        user,
        locale,
        where: o.where ?? inServer(),
        ...(o.group ? { subcommandGroup: o.group } : {}),
        ...(o.subcommand ? { subcommand: o.subcommand } : {}),
        ...(o.options ? { options: o.options } : {}),
      }),
    );
  const member = (user: Who) => ({ type: USER_OPTION, value: user.id });
  const posts = () => stack.discord.guilds.messagesIn(FEED_CHANNEL);
  const windowEnds = async () => {
    clock += BATCH_MS;
    await stack.bot.jobs.runDue();
  };
  let nextId = 91_001;
  const entry = (title: string, over: Partial<MirrorEntry> = {}): MirrorEntry => ({
    id: nextId++,
    title,
    status: 'watching',
    score: 0,
    progress: 1,
    total: 12,
    episodeSeconds: 1440,
    nsfw: false,
    updatedAt: clock,
    ...over,
  });
  const change = (user: Who, e: MirrorEntry) => stack.bot.deps.social.listChanged(user.id, 'anime', e.id, { ...e, updatedAt: clock });

  beforeAll(async () => {
    stack = await startStack({
      emulator: { now: () => clock, users: DEFAULT_USERS },
      bot: { now: () => clock, reminders: { tickMs: 24 * 3_600_000 }, feed: { batchMs: BATCH_MS } },
    });
    stack.discord.guilds.define({ id: GUILD_ID, name: 'club animé', ownerId: admin.id, channels: [{ id: FEED_CHANNEL, name: 'fil' }], roles: [], botRoles: [] });
    await stack.login(alice, { name: 'alice', password: 'alice-password' });
    await stack.login(bob, { name: 'bob', password: 'bob-password' });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('/server join answers in Japanese', async () => {
    const joined = await run(alice, 'ja', 'server', { subcommand: 'join' });
    expect(joined.ephemeral).toBe(true);
    expect(joined.message.embeds?.[0]?.title).toBe(ja.t('social.join.title'));
    expect(joined.text).toContain(ja.t('social.join.joined', { who: '**alice**' }));
    expect(joined.text).toContain(ja.t('social.join.shown.compare'));
    const again = await run(alice, 'ja', 'server', { subcommand: 'join' });
    expect(again.message.embeds?.[0]?.title).toBe(ja.t('social.join.titleAlready'));
    await run(bob, 'en-US', 'server', { subcommand: 'join' });
  });

  it('/compare answers in Japanese, its refusals too', async () => {
    const out = await run(alice, 'ja', 'compare', { options: { member: member(bob) } });
    expect(out.ephemeral).toBe(false);
    expect(out.message.embeds?.[0]?.title).toBe(ja.t('social.compare.title', { kind: 'anime' }));
    expect(out.text).toContain(ja.t('social.compare.pair', { a: '<@' + alice.id + '> (alice)', b: '<@' + bob.id + '> (bob)' }));
    const refused = await run(alice, 'ja', 'compare', { options: { member: member(outsider) } });
    expect(refused.text).toContain(ja.t('social.error.notJoined.title'));
    expect(refused.text).toContain(ja.t('social.error.notJoined.text', { you: 'other', who: `<@${outsider.id}>`, count: 1 }));
    const inDm = await run(alice, 'ja', 'compare', { options: { member: member(bob) }, where: { kind: 'dm' } });
    expect(inDm.text).toContain(ja.t('error.serverOnly.text', { command: `\`${commandNameIn('ja', 'compare')}\`` }));
  });

  it('a leaderboard in Brazilian Portuguese', async () => {
    const out = await run(bob, 'pt-BR', 'server', { subcommand: 'leaderboard', options: { by: 'completed' } });
    const embed = out.message.embeds?.[0];
    expect(embed?.title).toBe(ptBR.t('social.leaderboard.title', { metric: ptBR.t('social.leaderboard.metric.completed'), kind: 'anime' }));
    expect(embed?.footer?.text).toBe(ptBR.t('social.leaderboard.footer', { count: 2 }));
    // Bob's own line is marked with the Portuguese words around it.
    const [before = '', after = ''] = ptBR.t('social.leaderboard.you', { line: '|' }).split('|');
    expect(embed?.description).toMatch(new RegExp(`${escape(before)}.*<@${bob.id}>.*${escape(after)}`));
    const manga = await run(bob, 'pt-BR', 'server', { subcommand: 'leaderboard', options: { by: 'days', kind: 'manga' } });
    expect(manga.text).toContain(ptBR.t('social.error.animeOnly.title'));
  });

  it('the feed posts in French, the server’s language, while the manager is answered in German', async () => {
    const added = await run(admin, 'de', 'feed', { group: 'channel', subcommand: 'add', options: { channel: { type: 7, value: FEED_CHANNEL } }, where: inServer(MANAGER) });
    expect(added.text).toContain(de.t('social.feedChannel.added'));
    expect((await stack.bot.deps.feed.channels.server(GUILD_ID)).locale).toBe('fr');

    const before = posts().length;
    await change(alice, entry('Cowboy Bebop'));
    await windowEnds();
    expect(posts()).toHaveLength(before + 1);
    const post = posts().at(-1);
    const text = textOf(post);
    expect(text).toContain(fr.t('social.feed.line.startedWatching', { name: '**Cowboy Bebop**' }));
    expect(text).toContain(fr.t('social.feed.author', { user: 'alice' }));
    expect(text).toContain(fr.t('social.feed.footer'));
    if (!post) throw new Error('no post');
    expect(buttonLabelled(post, fr.t('social.feed.button.add')).custom_id).toBeDefined();
    expect(buttonLabelled(post, fr.t('social.feed.button.open', { title: 'Cowboy Bebop' })).label).toBe(fr.t('social.feed.button.open', { title: 'Cowboy Bebop' }));
  });

  it('a refused post tells the owner in French', async () => {
    stack.discord.guilds.setOverwrites(FEED_CHANNEL, [{ id: GUILD_ID, type: 0, deny: P.SendMessages }]);
    await change(alice, entry('Mushishi', { status: 'completed', progress: 12 }));
    await windowEnds();
    const told = stack.discord.dms.messagesTo(admin.id);
    expect(told).toHaveLength(1);
    expect(told[0]?.embeds?.[0]?.title).toBe(fr.t('social.feedChannel.notice.title'));
    expect(textOf(told[0])).toContain(fr.t('social.feedChannel.notice.why'));
    // The manager's own list is in their language, the paused line included.
    const list = await run(admin, 'de', 'feed', { group: 'channel', subcommand: 'list', where: inServer(MANAGER) });
    expect(list.text).toContain(de.t('social.feedChannel.list.title'));
    expect(list.text).toContain('⚠️ **' + de.t('social.feedChannel.paused', { reason: '', channel: FEED_CHANNEL }).split('**')[1] + '**');
  });
});
