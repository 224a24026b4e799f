// Watch parties through the real bot, the fake Discord's scheduled events and the emulator, with a
// hand-moved clock, on both transports: /watchparty create (defaults for an airing title, a given
// start and time zone, the permission refusals, Discord's refusals; the cover drawn wide as a JPEG,
// which Discord takes), list and cancel, the end of the
// event (early or on time) noticed through GUILD_SCHEDULED_EVENT_UPDATE on the gateway or by the check
// jobs over HTTP, the post once with "+1 on my list", and the button for a linked and an unlinked member.

import { loadImage } from '@napi-rs/canvas';
import { PermissionFlagsBits as P, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airingPlan, episodesBetween, type AiringFields } from '../../src/airing/air-times.js';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { snowflake, type RecordedMessage, type Where, type Who } from '../../fake-discord/index.js';
import { newUser, startStack, TRANSPORTS, type Stack } from '../../local-stack/harness.js';
import { answerOf, expectToldToLogin } from '../../local-stack/user-helpers.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { encodeCustomId } from '../../src/render/custom-ids.js';
import { buttonLabelled, serviceGet } from './catalogue-helpers.js';

const START = Date.UTC(2026, 0, 8, 12, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WEEK = 7 * 24 * HOUR;
const ACCOUNT = { name: 'wpfan', password: 'wpfan-password' };

const EVENTS = (P.CreateEvents | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();
const MEMBER = (P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString();

interface Work extends AiringFields {
  id: number;
  title: string;
  nsfw?: string;
}

describe.each(TRANSPORTS)('watch parties over %s', (transport) => {
  const GUILD_ID = snowflake();
  const CHAT = snowflake();
  const VOICE = snowflake();
  const BOT_ROLE = snowflake();
  let stack: Stack;
  let clock = START;
  let airing: Work & { next: number; episode: number };
  let finished: Work;
  const host: Who = newUser('host');
  const fan: Who = newUser('fan');
  const stranger: Who = newUser('stranger');

  const move = async (ms: number): Promise<void> => {
    clock += ms;
    stack.discord.clock.advance(ms);
  };

  beforeAll(async () => {
    stack = await startStack({ transport, emulator: { now: () => clock, users: [...DEFAULT_USERS, ACCOUNT] }, bot: { now: () => clock, reminders: { tickMs: 24 * HOUR } } });
    stack.discord.clock.advance(START - stack.discord.clock.now());
    stack.discord.guilds.define({
      id: GUILD_ID,
      name: 'anime club',
      ownerId: host.id,
      roles: [{ id: BOT_ROLE, name: 'bot', permissions: P.CreateEvents | P.ViewChannel | P.SendMessages | P.EmbedLinks, managed: true }],
      channels: [
        { id: CHAT, name: 'chat' },
        { id: VOICE, name: 'Watch room', type: 2, overwrites: [{ id: BOT_ROLE, type: 0, deny: P.Connect }] },
      ],
      botRoles: [BOT_ROLE],
      members: { [fan.id]: [], [stranger.id]: [] },
    });
    await stack.login(fan, ACCOUNT);
    const body = (await serviceGet(stack, '/anime/season/2026/winter?limit=500&fields=broadcast,status,start_date,num_episodes,nsfw')) as { data: Array<{ node: Work }> };
    const works = body.data.map((d) => d.node).filter((w) => w.nsfw === 'white');
    const candidates = works
      .filter((w) => w.status === 'currently_airing' && /^\d{4}-\d{2}-\d{2}$/.test(w.start_date ?? ''))
      .map((w) => {
        const plan = airingPlan(w);
        const first = plan ? episodesBetween(plan, clock + 5 * MINUTE, clock + 52 * WEEK)[0] : undefined;
        return first?.episode !== undefined ? { ...w, next: first.atMs, episode: first.episode } : undefined;
      })
      .filter((w): w is Work & { next: number; episode: number } => w !== undefined)
      .sort((a, b) => a.next - b.next);
    airing = candidates[0] ?? (() => { throw new Error('no airing title in the catalogue'); })();
    const done = (await serviceGet(stack, '/anime/ranking?ranking_type=all&limit=50&fields=status,nsfw,broadcast,start_date,num_episodes')) as { data: Array<{ node: Work }> };
    finished = done.data.map((d) => d.node).find((w) => w.status === 'finished_airing' && w.nsfw === 'white' && (w.num_episodes ?? 0) >= 3) ?? (() => { throw new Error('no finished title'); })();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const where = (memberPermissions = EVENTS, appPermissions?: string): Where => ({
    kind: 'guild',
    guildId: GUILD_ID,
    channelId: CHAT,
    memberPermissions,
    nsfw: false,
    ...(appPermissions !== undefined ? { appPermissions } : {}),
  });
  type Opts = Record<string, string | number | boolean | { type: number; value: string }>;
  const watchparty = (subcommand: string, options: Opts = {}, user: Who = host, w: Where = where()) => answerOf(stack.command({ name: 'watchparty', subcommand, options, user, where: w }));
  const events = () => stack.discord.scheduledEvents.all(GUILD_ID);
  const posts = (): RecordedMessage[] => stack.discord.guilds.messagesIn(CHAT);
  const settle = async () => {
    for (let i = 0; i < 20; i += 1) {
      await stack.bot.jobs.runDue();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('needs Create Events of the member, and says so; a DM is refused', async () => {
    const member = await watchparty('create', { title: `id:${airing.id}` }, stranger, where(MEMBER));
    expect(member.text).toContain('Create Events');
    expect(member.ephemeral).toBe(true);
    const dm = await watchparty('create', { title: `id:${airing.id}` }, host, { kind: 'dm' });
    expect(dm.text).toContain('Only in a server');
    expect(events()).toEqual([]);
  });

  it('an airing title with the defaults: the next episode at its expected broadcast, located here, with the cover and the end after the episode', async () => {
    const before = stack.discord.calls.length;
    const upstream = stack.emulator.requestLog.length;
    const answer = await watchparty('create', { title: `id:${airing.id}` });
    // One request to the service: the title's details (a picked title needs no search).
    expect(stack.emulator.requestLog.slice(upstream).map((r) => r.path)).toEqual([`/v2/anime/${airing.id}`]);
    expect(answer.text).toContain('Watch party planned');
    expect(answer.text).toContain(`episode ${airing.episode}`);
    const event = events().at(-1);
    expect(event).toMatchObject({ entityType: 3, status: 1, start: airing.next, name: expect.stringContaining(`Episode ${airing.episode}`) });
    expect(event?.location).toBe(`https://discord.com/channels/${GUILD_ID}/${CHAT}`);
    // The cover as Discord's image data takes it (JPEG, not the kept WebP), drawn for the event's wide shape.
    expect(event?.imageType).toBe('jpeg');
    const cover = await loadImage(event?.imageBytes ?? Buffer.alloc(0));
    expect([cover.width, cover.height]).toEqual([800, 320]);
    expect((event?.end ?? 0) - (event?.start ?? 0)).toBeGreaterThan(0);
    expect(event?.description).toContain(`/anime/${airing.id}`);
    const discordCalls = stack.discord.calls.slice(before).filter((c) => c.route?.includes('scheduled-events'));
    expect(discordCalls.map((c) => c.method)).toEqual(['POST']);
  });

  it('a finished title needs a start; a start, time zone, episode and voice channel are read as given', async () => {
    const noStart = await watchparty('create', { title: `id:${finished.id}` });
    expect(noStart.text).toContain('YYYY-MM-DD HH:MM');
    const badZone = await watchparty('create', { title: `id:${finished.id}`, start: '2026-01-10 20:30', timezone: 'Mars/Olympus' });
    expect(badZone.text).toContain('Mars/Olympus');
    const past = await watchparty('create', { title: `id:${finished.id}`, start: '2026-01-01 20:30' });
    expect(past.text).toContain('has passed');
    const count = events().length;
    const given = await watchparty('create', { title: `id:${finished.id}`, start: '2026-01-10 20:30', timezone: 'Europe/Berlin', episode: 2 });
    expect(given.text).toContain('Europe/Berlin');
    expect(events()).toHaveLength(count + 1);
    expect(events().at(-1)).toMatchObject({ start: Date.UTC(2026, 0, 10, 19, 30), name: expect.stringContaining('Episode 2') });
    // A typed title costs its search too: two requests.
    const upstream = stack.emulator.requestLog.length;
    const utc = await watchparty('create', { title: finished.title, start: '2026-01-11 20:30' });
    expect(stack.emulator.requestLog.length - upstream).toBeLessThanOrEqual(2);
    expect(utc.text).toContain('UTC (the default');
    // The bot may not connect to the voice channel: Discord refuses, and the member is told.
    const voice = await watchparty('create', { title: `id:${finished.id}`, start: '2026-01-11 20:30', channel: { type: 7, value: VOICE } });
    expect(voice.text).toContain('Connect');
    expect(events()).toHaveLength(count + 2);
  });

  it('list shows the parties; cancel is for the creator or Manage Events', async () => {
    const list = await watchparty('list', {}, fan, where(MEMBER));
    for (const e of events().filter((x) => x.status === 1)) expect(list.text).toContain(e.name.slice(0, 20));
    const target = events().filter((x) => x.status === 1).at(-1);
    if (!target) throw new Error('no event');
    // In the member's language; the event's own name stays in the server's.
    const ja = await answerOf(stack.command({ name: 'watchparty', subcommand: 'list', options: {}, user: fan, where: where(MEMBER), locale: 'ja' }));
    expect(ja.text).toContain('このサーバーの同時視聴会');
    const refusedJa = await answerOf(stack.command({ name: 'watchparty', subcommand: 'create', options: { title: `id:${airing.id}` }, user: stranger, where: where(MEMBER), locale: 'ja' }));
    expect(refusedJa.text).toContain('イベントを作成');
    const byFan = await watchparty('cancel', { event: target.id }, fan, where(MEMBER));
    expect(byFan.text).toContain('Manage Events');
    const byHost = await watchparty('cancel', { event: target.id });
    expect(byHost.text).toContain('canceled');
    expect(events().find((e) => e.id === target.id)?.status).toBe(4);
  });

  it('the end, early: one post with the interested count; +1 on my list for a linked member, /login for others', async () => {
    const party = events().find((e) => e.status === 1 && e.start === airing.next);
    if (!party) throw new Error('no airing party');
    stack.discord.scheduledEvents.subscribe(party.id, fan.id);
    stack.discord.scheduledEvents.subscribe(party.id, host.id);
    await move(party.start - clock + MINUTE);
    stack.discord.scheduledEvents.start(party.id);
    await settle();
    expect(posts()).toHaveLength(0);
    await move(5 * MINUTE);
    stack.discord.scheduledEvents.end(party.id);
    await move(MINUTE);
    await settle();
    await expect.poll(() => posts().length, { timeout: 5000 }).toBe(1);
    const post = posts()[0];
    if (!post) throw new Error('no post');
    expect(JSON.stringify(post.embeds)).toContain(`Episode ${airing.episode}`);
    expect(JSON.stringify(post.embeds)).toContain('2 people were interested');
    expect(post.allowed_mentions).toEqual({ parse: [] });
    // Later checks and a restart post nothing more.
    await move(20 * MINUTE);
    await settle();
    expect(posts()).toHaveLength(1);
    const button = String(buttonLabelled(post, '+1 on my list').custom_id);
    const pressed = await answerOf(stack.click(post, button, fan, where(MEMBER)));
    expect(pressed.text).toContain(String(airing.episode));
    const again = await answerOf(stack.click(post, button, fan, where(MEMBER)));
    expect(again.text).toContain('Already there');
    await expectToldToLogin(stack.click(post, button, stranger, where(MEMBER)));
  });

  it('"Plan a watch party" on a poll result: an airing title is created with the defaults; another is told the command', async () => {
    // The poll result's button, as the poll's view builds it.
    await stack.bot.client.rest.post(Routes.channelMessages(CHAT), {
      body: { content: 'The winner', components: [{ type: 1, components: [finished.id, airing.id].map((id) => ({ type: 2, style: 1, label: `Plan ${id}`, custom_id: encodeCustomId(COMPONENT_KINDS.watchPartyPlan, [id]) })) }] },
    });
    const message = posts().at(-1);
    if (!message) throw new Error('no poll result');
    const told = await answerOf(stack.click(message, encodeCustomId(COMPONENT_KINDS.watchPartyPlan, [finished.id]), host, where()));
    expect(told.text).toContain(`/watchparty create title:${finished.id}`);
    const count = events().length;
    const planned = await answerOf(stack.click(message, encodeCustomId(COMPONENT_KINDS.watchPartyPlan, [airing.id]), host, where()));
    expect(planned.text).toContain('Watch party planned');
    expect(events()).toHaveLength(count + 1);
  });

  it("the event's description follows the server's spoiler default (/settings server-spoilers): sequels, always, never", async () => {
    const HOKUTO = 967; // no prequel
    const HOKUTO_FILM = 1356; // prequel: 967
    const synopsis = async (id: number) => ((await serviceGet(stack, `/anime/${id}?fields=synopsis`)) as { synopsis: string }).synopsis.slice(0, 40);
    const [first, sequel] = [await synopsis(HOKUTO), await synopsis(HOKUTO_FILM)];
    const manager = where((P.ManageGuild | P.CreateEvents | P.ViewChannel | P.SendMessages | P.UseApplicationCommands).toString());
    const described = async (id: number): Promise<string> => {
      const count = events().length;
      const answer = await watchparty('create', { title: `id:${id}`, start: '2026-06-01 20:30' });
      expect(answer.text).toContain('Watch party planned');
      expect(events()).toHaveLength(count + 1);
      return events().at(-1)?.description ?? '';
    };
    const policy = async (value: string) => {
      const saved = await answerOf(stack.command({ name: 'settings', subcommand: 'server-spoilers', options: { policy: value }, user: host, where: manager }));
      expect(saved.text).toMatch(/Server spoiler default (saved|reset)/);
    };
    // The default (sequels): the sequel's synopsis left out, the first title's shown.
    expect(await described(HOKUTO_FILM)).toContain('this title has a prequel');
    expect(await described(HOKUTO_FILM)).not.toContain(sequel);
    expect(await described(HOKUTO)).toContain(first);
    // always: every synopsis left out, saying it is the server's choice.
    await policy('always');
    const hidden = await described(HOKUTO);
    expect(hidden).not.toContain(first);
    expect(hidden).toContain('this server hides synopses');
    // never: even the sequel's synopsis is shown.
    await policy('never');
    expect(await described(HOKUTO_FILM)).toContain(sequel);
    await policy('reset');
    expect(await described(HOKUTO_FILM)).not.toContain(sequel);
  });
});
