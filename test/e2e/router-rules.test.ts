// Rules a subcommand or component declares (only in a server, a member permission, only in DMs, a
// linked account) and its option values are checked by the router before the handler runs: each
// refusal is one error in the user's language, and the handler never runs.

import { Events, PermissionFlagsBits, REST, Routes, type Client } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autocomplete, loginClient, slashCommand, startFakeDiscord, type FakeDiscord, type Where } from '../../fake-discord/index.js';
import { DM, GUILD, newUser, textOf } from '../../local-stack/harness.js';
import { SeasonAiring } from '../../src/airing/season-airing.js';
import { NsfwRatings } from '../../src/known-works/nsfw-ratings.js';
import { TitleCache } from '../../src/known-works/title-cache.js';
import { server } from '../../commands/server.js';
import { translator } from '../../src/i18n/index.js';
import { COMMAND_TEXTS } from '../../src/i18n/commands/index.js';
import { channelOption, integerOption, slashCommand as commandData, stringOption, subcommand, userOption } from '../../src/interactions/command-data.js';
import { optionNameIn } from '../../src/interactions/command-localizations.js';
import type { SlashCommand } from '../../src/interactions/command-types.js';
import type { BotDeps } from '../../src/interactions/context.js';
import { InteractionRouter } from '../../src/interactions/router.js';
import { WhereTracker } from '../../src/interactions/where.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { silentLogger } from '../../src/log/log.js';
import { TitlePreferences } from '../../src/preferences/title-preferences.js';
import { Reminders } from '../../src/reminders/reminders.js';
import { ServiceClient } from '../../src/service/client.js';
import type { TokenSource } from '../../src/service/token-source.js';
import { Feed } from '../../src/activity-feed/feed-posting.js';
import { Social } from '../../src/community/community.js';
import { sharedLocks } from '../../src/store/locks.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';

/** Every handler run, by name: a refused interaction adds nothing. */
const ran: string[] = [];
const LINKED = newUser('linked');
const TOKEN = { tag: 'linked token' } as unknown as TokenSource;

const commands: SlashCommand[] = [
  {
    data: commandData('rules', 'Declared rules', [
      subcommand('here', 'Server only'),
      subcommand('manage', 'Manage Server', [channelOption('channel', 'Where', { required: true })]),
      subcommand('dm', 'DMs only'),
      subcommand('linked', 'Linked account'),
      subcommand('values', 'Option values', [
        stringOption('color', 'A color', { choices: ['red', 'green'] as const }),
        integerOption('count', 'How many', { min: 1, max: 5 }),
        userOption('who', 'A member'),
      ]),
      subcommand('suggest', 'Server-only suggestions', [stringOption('q', 'Query', { autocomplete: true })]),
    ]),
    handlers: {
      here: { only: 'server', run: async (ctx) => (ran.push('here'), { content: `server ${ctx.guildId}` }) },
      manage: { only: 'server', permission: 'ManageGuild', run: async (ctx, args) => (ran.push('manage'), { content: `managed ${String(args.channel)}` }) },
      dm: { only: 'dm', run: async () => (ran.push('dm'), { content: 'in dm' }) },
      linked: { linked: true, run: async (ctx) => (ran.push('linked'), { content: ctx.auth === TOKEN ? 'token given' : 'wrong token' }) },
      values: { run: async (_ctx, args) => (ran.push('values'), { content: `values ${JSON.stringify(args)}` }) },
      suggest: { only: 'server', autocomplete: async () => (ran.push('suggest'), [{ name: 'one', value: 'one' }]), run: async () => ({ content: 'x' }) },
    },
  },
  // The real /server definition (its texts in every language), with a handler that counts.
  { data: server.data, handlers: { leaderboard: { only: 'server', run: async () => (ran.push('leaderboard'), { content: 'board' }) } } },
];

function depsFor(): BotDeps {
  const kv = new MemoryEngine();
  const jobs = () => new InProcessJobEngine(kv, Date.now, () => undefined);
  const service = new ServiceClient({ apiUrl: 'http://127.0.0.1:9', clientId: 'unused', userAgent: 'test' });
  return {
    service,
    locks: sharedLocks(new MemoryEngine()),
    accounts: {
      linkedAs: async (id: string) => (id === LINKED.id ? 'alice' : undefined),
      tokenSource: () => TOKEN,
      startLogin: async () => ({ url: 'http://127.0.0.1:9', expiresAt: 0 }),
      logout: async () => false,
      forget: async () => [],
    },
    log: silentLogger,
    now: Date.now,
    titleCache: new TitleCache(Date.now),
    nsfwRatings: new NsfwRatings(new MemoryEngine()),
    serviceWebUrl: 'https://service.example.test',
    airing: new SeasonAiring({ service, now: Date.now }),
    reminders: new Reminders({
      kv,
      jobs: jobs(),
      source: { anime: () => Promise.reject(new Error('unused')), airingList: async () => undefined },
      deliver: async () => ({ ok: true }),
      now: Date.now,
      log: silentLogger,
    }),
    feed: new Feed({ kv, jobs: jobs(), now: Date.now, log: silentLogger, batchMs: 120_000 }),
    social: new Social({ kv, jobs: jobs(), source: { page: () => Promise.reject(new Error('unused')) }, linked: async () => undefined, now: Date.now, log: silentLogger }),
    preferences: new TitlePreferences({ kv }),
  } as unknown as BotDeps;
}

describe('rules declared on subcommands, checked by the router', () => {
  let fake: FakeDiscord;
  let client: Client;

  beforeAll(async () => {
    fake = await startFakeDiscord({ applicationId: '1100000000000000005' });
    await new REST({ api: fake.apiUrl })
      .setToken(fake.botToken)
      .put(Routes.applicationCommands(fake.applicationId), { body: commands.map((c) => c.data) });
    client = await loginClient(fake);
    const where = new WhereTracker();
    where.attach(client);
    const router = new InteractionRouter(commands, [], depsFor(), where);
    client.on(Events.InteractionCreate, (interaction) => void router.handle(interaction));
  });
  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  const run = async (subcommand: string, o: { where?: Where; user?: ReturnType<typeof newUser>; locale?: string; options?: Record<string, string | number>; unchecked?: boolean } = {}) => {
    const before = ran.length;
    const handle = fake.interact(
      slashCommand({ name: 'rules', subcommand, where: o.where ?? GUILD, user: o.user ?? newUser(), ...(o.locale ? { locale: o.locale } : {}), ...(o.options ? { options: o.options } : {}), ...(o.unchecked ? { unchecked: true } : {}) }),
    );
    const text = textOf(await handle.settled());
    return { text, ephemeral: handle.ephemeral(), handlerRan: ran.length > before, errors: handle.errors() };
  };

  it('a server-only subcommand used in a DM or a private channel answers with the one localized error, without running its handler', async () => {
    for (const where of [DM, { kind: 'private' } as const]) {
      const out = await run('here', { where });
      expect(out).toMatchObject({ ephemeral: true, handlerRan: false, errors: [] });
      expect(out.text).toContain('Only in a server');
      expect(out.text).toContain('`/rules here` belongs to a server');
    }
    const ja = translator('ja');
    const inJapanese = await run('here', { where: DM, locale: 'ja' });
    expect(inJapanese.text).toContain(ja.t('error.serverOnly.title'));
    expect(inJapanese.text).toContain(ja.t('error.serverOnly.text', { command: '`/rules here`' }));
    expect(inJapanese.handlerRan).toBe(false);
    const inServer = await run('here');
    expect(inServer).toMatchObject({ handlerRan: true, ephemeral: true });
    expect(inServer.text).toMatch(/^server \d+$/);
  });

  it('a Manage Server subcommand is refused to a member without it, before any option is read, and runs for one with it', async () => {
    const channel = '1100000000000000123';
    const member = await run('manage', { options: { channel } });
    expect(member).toMatchObject({ ephemeral: true, handlerRan: false });
    expect(member.text).toContain('Manage Server needed');
    expect(member.text).toContain('Only members with the Manage Server permission can use `/rules manage`.');
    const de = translator('de');
    const inGerman = await run('manage', { options: { channel }, locale: 'de' });
    expect(inGerman.text).toContain(de.t('error.permission.title', { permission: 'ManageGuild' }));
    const inDm = await run('manage', { where: DM, options: { channel } });
    expect(inDm.text).toContain('Only in a server');
    const manager = await run('manage', { where: { kind: 'guild', memberPermissions: PermissionFlagsBits.ManageGuild | PermissionFlagsBits.SendMessages }, options: { channel } });
    expect(manager).toMatchObject({ handlerRan: true, text: `managed ${channel}` });
  });

  it('a DM-only subcommand is refused in a server', async () => {
    const out = await run('dm');
    expect(out).toMatchObject({ ephemeral: true, handlerRan: false });
    expect(out.text).toContain('Only in direct messages');
    expect((await run('dm', { where: DM })).text).toBe('in dm');
  });

  it('a subcommand needing a linked account tells the unlinked to /login and gives the linked their token', async () => {
    const unlinked = await run('linked');
    expect(unlinked).toMatchObject({ ephemeral: true, handlerRan: false });
    expect(unlinked.text).toContain('Log in first');
    expect(unlinked.text).toContain('/login');
    expect(await run('linked', { user: LINKED })).toMatchObject({ handlerRan: true, text: 'token given' });
  });

  it('a value outside its choices, range or kind is refused with the rule broken, naming the option', async () => {
    const color = await run('values', { options: { color: 'blue' }, unchecked: true });
    expect(color).toMatchObject({ ephemeral: true, handlerRan: false });
    expect(color.text).toContain('Invalid input');
    expect(color.text).toContain('`color`: must be Red or Green');
    const count = await run('values', { options: { count: 9 }, unchecked: true });
    expect(count.text).toContain('`count`: must be a whole number from 1 to 5');
    const who = await run('values', { options: { who: 'everyone' }, unchecked: true });
    expect(who.text).toContain('`who`: must be picked from the list Discord offers');
    expect(ran.filter((r) => r === 'values')).toEqual([]);
    const fine = await run('values', { options: { color: 'green', count: 5 } });
    expect(fine).toMatchObject({ handlerRan: true, text: 'values {"color":"green","count":5}' });
  });

  it('names the option and its choices as the user’s picker shows them (a real command’s texts)', async () => {
    const ja = translator('ja');
    const handle = fake.interact(slashCommand({ name: 'server', subcommand: 'leaderboard', options: { by: 'loudest' }, where: GUILD, user: newUser(), locale: 'ja', unchecked: true }));
    const text = textOf(await handle.settled());
    const by = optionNameIn('ja', 'server leaderboard', 'by');
    expect(by).not.toBe('by');
    const shown = Object.values(COMMAND_TEXTS.ja['server leaderboard by'].choices);
    expect(text).toContain(ja.t('error.invalidOption.title'));
    expect(text).toContain(ja.t('error.invalidOption.text', { option: by, detail: ja.t('error.rule.oneOf', { allowed: ja.list(shown, 'disjunction') }) }));
    expect(ran).not.toContain('leaderboard');
  });

  it('autocomplete offers nothing where its subcommand may not be used, without asking the handler', async () => {
    const inDm = fake.interact(autocomplete({ name: 'rules', subcommand: 'suggest', focused: 'q', value: 'o', where: DM, user: newUser() }));
    expect(await inDm.autocompleteChoices()).toEqual([]);
    expect(ran).not.toContain('suggest');
    const here = fake.interact(autocomplete({ name: 'rules', subcommand: 'suggest', focused: 'q', value: 'o', where: GUILD, user: newUser() }));
    expect(await here.autocompleteChoices()).toEqual([{ name: 'one', value: 'one' }]);
  });
});
