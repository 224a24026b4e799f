// Titles the way each person reads them, end to end: /settings titles (the person's own form),
// /settings server-titles (the server's default: Manage Server, server-only) and /settings show, and
// what they change in search, details, people's lists, autocomplete and search by any title form.

import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionValue, Where, Who } from '../../fake-discord/index.js';
import { DM, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { translator } from '../../src/i18n/index.js';
import { apiRequests } from './catalogue-helpers.js';

const HOKUTO = 967; // Hokuto no Ken · en "Fist of the North Star" · ja 北斗の拳
const GUILD_ID = '771100000000000001';
const MANAGER = (P.ManageGuild | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
const MEMBER = (P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
const inServer = (memberPermissions = MEMBER): Where => ({ kind: 'guild', guildId: GUILD_ID, memberPermissions });

describe('title forms end to end', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const settings = (subcommand: string, user: Who, where: Where, options: Record<string, OptionValue> = {}, locale?: string) =>
    answerOf(stack.command({ name: 'settings', subcommand, options, user, where, ...(locale ? { locale } : {}) }));
  const search = (user: Who, where: Where, query = 'Hokuto') => answerOf(stack.command({ name: 'anime', subcommand: 'search', options: { query }, user, where }));
  const info = (user: Who, where: Where) => answerOf(stack.command({ name: 'anime', subcommand: 'info', options: { title: `id:${HOKUTO}` }, user, where }));

  it('english changes what /anime search, /anime info, a user’s /list and autocomplete show, with no extra request', async () => {
    const reader = newUser('english');
    const before = await search(reader, DM);
    expect(before.text).toMatch(/1\.\*\* Hokuto no Ken\n/);

    const saved = await settings('titles', reader, DM, { form: 'english' });
    expect(saved.ephemeral).toBe(true);
    expect(saved.text).toContain('Title form saved');
    expect(saved.text).toContain('**English**');

    // Search: the English title first, the main title among the facts.
    const from = stack.emulator.requestLog.length;
    const found = await search(reader, DM);
    expect(found.text).toMatch(/1\.\*\* Fist of the North Star\n.*Hokuto no Ken/);
    const searches = apiRequests(stack, '/anime', from);
    expect(searches).toHaveLength(1);
    expect(String(searches[0]?.query.fields)).toContain('alternative_titles');

    // Details: one request, the English title as the heading, the main title still shown below it.
    const detailsFrom = stack.emulator.requestLog.length;
    const details = await info(reader, DM);
    expect(details.message.embeds?.[0]?.title).toContain('Fist of the North Star');
    expect(details.text).toContain('Hokuto no Ken');
    expect(details.text).toContain('北斗の拳');
    expect(apiRequests(stack, '/anime', detailsFrom)).toHaveLength(1);

    // Someone's list.
    const list = await answerOf(stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'view', options: { user: 'alice' }, user: reader, where: DM }));
    expect(list.text).toMatch(/Fist of the North Star\n.*Watching/);

    // Autocomplete names suggestions in the reader's form; someone else's cached suggestions stay theirs.
    const choices = await stack.autocomplete({ name: 'anime', subcommand: 'info', options: {}, focused: 'title', value: 'Hokuto no', user: reader, where: DM }).autocompleteChoices();
    expect(choices[0]).toEqual({ name: expect.stringContaining('Fist of the North Star'), value: `id:${HOKUTO}` });
    const other = await stack.autocomplete({ name: 'anime', subcommand: 'info', options: {}, focused: 'title', value: 'Hokuto no', user: newUser('romaji'), where: DM }).autocompleteChoices();
    expect(other[0]).toEqual({ name: expect.stringContaining('Hokuto no Ken'), value: `id:${HOKUTO}` });

    // Others still read the main title (the bot's caches keep the service's own data).
    expect((await search(newUser('other'), DM)).text).toMatch(/1\.\*\* Hokuto no Ken\n/);
    expect((await info(newUser('other'), DM)).message.embeds?.[0]?.title).toContain('Hokuto no Ken');
  });

  it('/anime search finds a work by its English and by its Japanese title', async () => {
    const user = newUser('searcher');
    const english = await search(user, DM, 'Fist of the North Star');
    expect(english.text).toContain('Hokuto no Ken');
    const japanese = await search(user, DM, '北斗の拳');
    expect(japanese.text).toMatch(/1\.\*\* Hokuto no Ken/);
    const info = await answerOf(stack.command({ name: 'anime', subcommand: 'info', options: { title: '北斗の拳' }, user, where: DM }));
    expect(info.text).toContain('Hokuto no Ken');
  });

  it('a server default of japanese applies to members without their own choice; theirs wins; reset', async () => {
    const admin = newUser('admin');
    const member = newUser('member');
    const chooser = newUser('chooser');
    await settings('titles', chooser, DM, { form: 'english' });

    const saved = await settings('server-titles', admin, inServer(MANAGER), { form: 'japanese' });
    expect(saved.text).toContain('Server default saved');
    expect(saved.text).toContain('**Japanese**');

    expect((await search(member, inServer())).text).toMatch(/1\.\*\* 北斗の拳\n/);
    expect((await info(member, inServer())).message.embeds?.[0]?.title).toContain('北斗の拳');
    // Their own choice beats the server's default; outside the server the default does not apply.
    expect((await search(chooser, inServer())).text).toMatch(/1\.\*\* Fist of the North Star\n/);
    expect((await search(member, DM)).text).toMatch(/1\.\*\* Hokuto no Ken\n/);

    const shown = await settings('show', member, inServer());
    expect(shown.text).toContain('**Japanese**: this server’s default');
    expect(shown.text).toContain('This server’s default: **Japanese**.');
    const mine = await settings('show', chooser, inServer());
    expect(mine.text).toContain('**English**: your own choice');

    // In the member's language.
    const ja = translator('ja');
    const shownJa = await settings('show', member, inServer(), {}, 'ja');
    expect(shownJa.text).toContain(ja.t('settings.show.server', { form: ja.t('settings.form.japanese') }));

    const reset = await settings('server-titles', admin, inServer(MANAGER), { form: 'reset' });
    expect(reset.text).toContain('Server default reset');
    expect((await search(member, inServer())).text).toMatch(/1\.\*\* Hokuto no Ken\n/);
    expect((await settings('show', member, inServer())).text).toContain('This server has no default');
  });

  it('/settings server-titles is refused in DMs and without Manage Server, and changes nothing', async () => {
    const user = newUser('plain');
    const inDm = await settings('server-titles', user, DM, { form: 'english' });
    expect(inDm.ephemeral).toBe(true);
    expect(inDm.text).toContain('Only in a server');
    const member = await settings('server-titles', user, inServer(MEMBER), { form: 'english' });
    expect(member.ephemeral).toBe(true);
    expect(member.text).toContain('Manage Server needed');
    const de = translator('de');
    const inGerman = await settings('server-titles', user, inServer(MEMBER), { form: 'english' }, 'de');
    expect(inGerman.text).toContain(de.t('error.permission.title', { permission: 'ManageGuild' }));
    expect(await stack.bot.deps.preferences.serverForm(GUILD_ID)).toBeUndefined();
  });

  it('forget me removes the preference', async () => {
    const user = newUser('forgetful');
    await settings('titles', user, DM, { form: 'japanese' });
    expect((await search(user, DM)).text).toMatch(/1\.\*\* 北斗の拳\n/);
    expect(await stack.bot.deps.accounts.forget(user.id)).toContainEqual({ label: 'settings (title form and language)', kind: 'settings', deleted: 1 });
    expect(await stack.bot.deps.preferences.userForm(user.id)).toBeUndefined();
    expect((await search(user, DM)).text).toMatch(/1\.\*\* Hokuto no Ken\n/);
    expect((await settings('show', user, DM)).text).toContain('you have not chosen a title form');
  });
});
