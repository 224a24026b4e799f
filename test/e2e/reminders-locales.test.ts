// Reminders in the reader's language, through the real bot, the fake Discord and the emulator with a
// hand-moved clock: a server's channel posts follow its guild_locale (as /remind channel last saw it),
// a user's DMs follow their Discord language (as /remind last saw it), and /remind's answers follow
// the invoker's. Every expected text is the catalogue's own, never a copy of a translation.

import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airingPlan, discordTime, episodesBetween, type AiringFields } from '../../src/airing/air-times.js';
import { ENGLISH, translator, type Translator } from '../../src/i18n/index.js';
import { escapeMarkdown } from '../../src/render/text.js';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { snowflake, type RecordedMessage, type Where, type Who } from '../../fake-discord/index.js';
import { DM, GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { componentsOf, serviceGet } from './catalogue-helpers.js';

const START = Date.UTC(2026, 0, 8, 12, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WEEK = 7 * 24 * HOUR;

const GUILD_ID = snowflake();
const CHANNEL = snowflake();
const MANAGER = (P.ManageGuild | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();

interface Work extends AiringFields {
  id: number;
  title: string;
  nsfw?: string;
}

describe('reminders in the reader\'s language', () => {
  let stack: Stack;
  let clock = START;
  let works: Work[] = [];

  beforeAll(async () => {
    stack = await startStack({
      emulator: { now: () => clock, users: DEFAULT_USERS },
      bot: { now: () => clock, reminders: { tickMs: 24 * HOUR } },
    });
    stack.discord.guilds.define({ id: GUILD_ID, name: 'Anime-Club', channels: [{ id: CHANNEL, name: 'folgen' }], botRoles: [] });
    const body = (await serviceGet(stack, '/anime/season/2026/winter?limit=500&nsfw=true&fields=broadcast,status,start_date,num_episodes,nsfw')) as {
      data: Array<{ node: Work }>;
    };
    works = body.data.map((d) => d.node).filter((w) => w.nsfw === 'white' && /^\d{4}-\d{2}-\d{2}$/.test(w.start_date ?? ''));
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** The airing title with a numbered episode soonest after the clock (at least three to come). */
  function upcoming(exclude: readonly number[] = []): Work & { next: number; episode: number } {
    const out: Array<Work & { next: number; episode: number }> = [];
    for (const w of works) {
      if (exclude.includes(w.id) || w.status !== 'currently_airing') continue;
      const plan = airingPlan(w);
      const eps = plan ? episodesBetween(plan, clock + 5 * MINUTE, clock + 52 * WEEK) : [];
      const first = eps[0];
      if (eps.length >= 3 && first?.episode !== undefined) out.push({ ...w, next: first.atMs, episode: first.episode });
    }
    const best = out.sort((a, b) => a.next - b.next)[0];
    if (!best) throw new Error('no airing title in the catalogue');
    return best;
  }

  const tick = () => stack.bot.reminders.tick();
  const labels = (message: RecordedMessage | undefined) => (message ? componentsOf(message).map((c) => c.label) : []);
  /** The headline and the expected-time line a reminder of `work`'s episode airing at `atMs` has in `t`'s language. */
  const reminderTexts = (t: Translator, work: Work, episode: number, atMs: number) => ({
    headline: t.t('reminders.post.headline', { episode, title: escapeMarkdown(work.title) }),
    expected: t.t('reminders.post.expected', { time: discordTime(atMs, 't'), relative: discordTime(atMs, 'R') }),
  });

  it('posts a channel reminder in the server\'s guild_locale (German), answers the admin in theirs, and follows a changed guild_locale', async () => {
    const de = translator('de');
    const fr = translator('fr');
    const work = upcoming();
    const where = (guildLocale: string): Where => ({ kind: 'guild', guildId: GUILD_ID, channelId: CHANNEL, memberPermissions: MANAGER, guildLocale });
    const admin: Who = newUser('admin');
    const channel = (subcommand: string, options: Record<string, string | number | boolean | { type: number; value: string }>, guildLocale: string) =>
      answerOf(stack.command({ name: 'remind', subcommandGroup: 'channel', subcommand, options, user: admin, where: where(guildLocale), locale: 'en-US' }));

    const set = await channel('add', { title: `id:${work.id}`, channel: { type: 7, value: CHANNEL } }, 'de');
    // The answer is the admin's (English); the posts are the server's (German).
    expect(set.text).toContain(ENGLISH.t('reminders.channelAdded.title'));

    clock = work.next + MINUTE;
    await tick();
    const posts = stack.discord.guilds.messagesIn(CHANNEL);
    expect(posts).toHaveLength(1);
    const post = posts[0];
    const german = reminderTexts(de, work, work.episode, work.next);
    expect(textOf(post)).toContain(german.headline);
    expect(textOf(post)).toContain(german.expected);
    expect(textOf(post)).not.toContain(ENGLISH.t('reminders.post.headline', { episode: work.episode, title: escapeMarkdown(work.title) }));
    expect(labels(post).slice(0, 2)).toEqual([de.t('reminders.post.button.addEpisode'), de.t('reminders.post.button.open')]);
    const discussion = labels(post)[2];
    if (discussion !== undefined) expect(discussion).toBe(de.t('reminders.post.button.discussion', { episode: work.episode }));

    // The server switched to French: the next /remind channel command there records it, and the next post is French.
    const listed = await channel('list', {}, 'fr');
    expect(listed.text).toContain(ENGLISH.t('reminders.channelList.title'));
    clock = work.next + WEEK + MINUTE;
    await tick();
    const next = stack.discord.guilds.messagesIn(CHANNEL)[1];
    expect(textOf(next)).toContain(reminderTexts(fr, work, work.episode + 1, work.next + WEEK).headline);
    expect(labels(next).slice(0, 2)).toEqual([fr.t('reminders.post.button.addEpisode'), fr.t('reminders.post.button.open')]);
    await channel('remove', { title: `id:${work.id}`, channel: { type: 7, value: CHANNEL } }, 'fr');
  });

  it('DMs a reminder in the user\'s Discord language (Japanese), and tells them of a pause in it', async () => {
    const ja = translator('ja');
    const user = newUser('yuki');
    const work = upcoming();
    const added = await answerOf(stack.command({ name: 'remind', subcommand: 'add', options: { title: `id:${work.id}` }, user, where: DM, locale: 'ja' }));
    expect(added.text).toContain(ja.t('reminders.added.title'));
    expect(added.text).toContain(ja.t('reminders.added.text', { title: escapeMarkdown(work.title) }));

    clock = work.next + MINUTE;
    await tick();
    const dm = stack.discord.dms.messagesTo(user.id).at(-1);
    const japanese = reminderTexts(ja, work, work.episode, work.next);
    expect(textOf(dm)).toContain(japanese.headline);
    expect(textOf(dm)).toContain(japanese.expected);
    expect(labels(dm)).toContain(ja.t('reminders.post.button.addEpisode'));
    expect(labels(dm)).toContain(ja.t('reminders.post.button.stop'));

    // Closed DMs pause the reminders; the notice comes after the user's next answer, in Japanese.
    stack.discord.dms.closeDms(user.id);
    clock = work.next + WEEK + MINUTE;
    await tick();
    const next = stack.command({ name: 'anime', subcommand: 'season', user, where: GUILD, locale: 'ja' });
    await next.settled();
    await expect.poll(() => next.followUps().map((m) => textOf(m)).join('\n')).toContain(ja.t('reminders.paused.title'));
    stack.discord.dms.openDms(user.id);
    await answerOf(stack.command({ name: 'remind', subcommand: 'remove', options: { title: `id:${work.id}` }, user, where: DM, locale: 'ja' }));
  });

  it('answers /remind list in Portuguese for a pt-BR user', async () => {
    const pt = translator('pt-BR');
    const user = newUser('joana');
    const work = upcoming();
    const run = (subcommand: string, options: Record<string, string | number> = {}) =>
      answerOf(stack.command({ name: 'remind', subcommand, options, user, where: DM, locale: 'pt-BR' }));
    expect((await run('add', { title: `id:${work.id}` })).text).toContain(pt.t('reminders.added.title'));
    expect((await run('delay', { minutes: 1 })).text).toContain(pt.t('reminders.delay.text', { minutes: 1 }));
    const list = await run('list');
    expect(list.ephemeral).toBe(true);
    expect(list.text).toContain(pt.t('reminders.list.title'));
    expect(list.text).toContain(pt.t('reminders.list.followList', { state: 'off' }));
    expect(list.text).toContain(pt.t('reminders.list.delay', { minutes: 1 }));
    expect(list.text).toContain(pt.t('reminders.list.footer'));
    expect(list.text).toContain(work.title);
    expect(list.text).not.toContain(ENGLISH.t('reminders.list.title'));
    await run('remove', { title: `id:${work.id}` });
  });
});
