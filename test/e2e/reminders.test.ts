// Episode reminders through the real bot, the fake Discord and the emulator, with a clock the test
// moves by hand and scheduler passes run on demand (the timer is set far out).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airingPlan, episodesBetween, nextEpisode, type AiringFields } from '../../src/airing/air-times.js';
import type { RunningBot } from '../../src/app/bot.js';
import { DEFAULT_USERS } from '../../emulator/server.js';
import type { RecordedMessage, Who } from '../../fake-discord/index.js';
import { componentId, DM, GUILD, newUser, SERVICE_WEB_URL, startReplica, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { EPISODE_TOPIC_BASE } from '../../emulator/catalogue/episode-topics.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { buttonLabelled, serviceGet } from './catalogue-helpers.js';

const START = Date.UTC(2026, 0, 8, 12, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WEEK = 7 * 24 * HOUR;
const ACCOUNTS = ['gina', 'hank', 'ivan', 'judy', 'kent'].map((name) => ({ name, password: `${name}-password` }));

interface Work extends AiringFields {
  id: number;
  title: string;
  nsfw?: string;
}

describe('episode reminders', () => {
  let stack: Stack;
  let clock = START;
  let works: Work[] = [];

  beforeAll(async () => {
    stack = await startStack({
      emulator: { now: () => clock, users: [...DEFAULT_USERS, ...ACCOUNTS] },
      bot: { now: () => clock, reminders: { tickMs: 24 * HOUR } },
    });
    const body = (await serviceGet(stack, '/anime/season/2026/winter?limit=500&nsfw=true&fields=broadcast,status,start_date,num_episodes,nsfw')) as {
      data: Array<{ node: Work }>;
    };
    works = body.data.map((d) => d.node).filter((w) => w.nsfw === 'white' && /^\d{4}-\d{2}-\d{2}$/.test(w.start_date ?? ''));
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** Airing titles with at least `left` numbered episodes still to come, the soonest first. */
  function upcoming(left: number, exclude: readonly number[] = []): Array<Work & { next: number; episode: number }> {
    const out: Array<Work & { next: number; episode: number }> = [];
    for (const w of works) {
      if (exclude.includes(w.id) || w.status !== 'currently_airing') continue;
      const plan = airingPlan(w);
      if (!plan) continue;
      const eps = episodesBetween(plan, clock + 5 * MINUTE, clock + 52 * WEEK);
      const first = eps[0];
      if (eps.length >= left && first?.episode !== undefined) out.push({ ...w, next: first.atMs, episode: first.episode });
    }
    return out.sort((a, b) => a.next - b.next);
  }

  const run = (user: Who, subcommand: string, options: Record<string, string | number | boolean> = {}, where = DM) =>
    answerOf(stack.command({ name: 'remind', subcommand, options, user, where }));
  const tick = (bot: RunningBot = stack.bot) => bot.reminders.tick();
  const dms = (user: Who): RecordedMessage[] => stack.discord.dms.messagesTo(user.id);
  const setStatus = async (account: string, id: number, form: Record<string, string>) => {
    const { access_token: token } = stack.emulator.issueTokensFor(account);
    const res = await fetch(`${stack.emulator.url}/v2/anime/${id}/my_list_status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status).toBe(200);
  };
  const watched = async (account: string, id: number): Promise<number | undefined> => {
    const { access_token: token } = stack.emulator.issueTokensFor(account);
    const res = await fetch(`${stack.emulator.url}/v2/anime/${id}?fields=my_list_status`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { my_list_status?: { num_episodes_watched?: number } };
    return body.my_list_status?.num_episodes_watched;
  };

  it('DMs "Episode N of X is expected to be out" at the air time plus the delay, once; +1 updates the list', async () => {
    const user = newUser('rem');
    await stack.login(user, ACCOUNTS[0] ?? { name: '', password: '' });
    const [work] = upcoming(3);
    if (!work) throw new Error('no airing title in the catalogue');
    await setStatus('gina', work.id, { status: 'watching', num_watched_episodes: String(work.episode - 1) });

    const added = await run(user, 'add', { title: `id:${work.id}` });
    expect(added.text).toContain('Reminder set');
    expect(added.text).toContain(`<t:${work.next / 1000}:f>`);
    expect((await run(user, 'delay', { minutes: 30 })).text).toContain('30 minutes');

    clock = work.next + 10 * MINUTE;
    await tick();
    expect(dms(user)).toHaveLength(0);
    clock = work.next + 30 * MINUTE;
    await tick();
    await tick();
    const sent = dms(user);
    expect(sent).toHaveLength(1);
    const dm = sent[0] as RecordedMessage;
    expect(textOf(dm)).toContain(`Episode ${work.episode} of ${work.title} is expected to be out`);
    expect(textOf(dm)).toContain(`<t:${work.next / 1000}:t>`);
    expect(textOf(dm)).not.toContain('Late');
    expect(JSON.stringify(dm.allowed_mentions)).toBe('{"parse":[]}');

    const plus = await answerOf(stack.click(dm, buttonLabelled(dm, '+1 episode').custom_id ?? '', user));
    expect(plus.text).toContain('Updated your list');
    expect(plus.text).toContain(`${work.episode}`);
    expect(await watched('gina', work.id)).toBe(work.episode);

    const open = await answerOf(stack.click(dm, buttonLabelled(dm, 'Open').custom_id ?? '', user));
    expect(open.text).toContain(work.title);

    const stop = await answerOf(stack.click(dm, buttonLabelled(dm, 'Stop reminders').custom_id ?? '', user));
    expect(stop.text).toContain('Reminders stopped');
    clock = work.next + WEEK + 31 * MINUTE;
    await tick();
    expect(dms(user)).toHaveLength(1);
    expect((await run(user, 'list')).text).not.toContain(work.title);
  });

  it('carries an "Episode N discussion" link to the episode\'s forum topic, found with one forum search for all its followers', async () => {
    const [first, second] = [newUser('rem-disc-a'), newUser('rem-disc-b')];
    const [work] = upcoming(3);
    if (!work) throw new Error('no airing title');
    for (const who of [first, second]) expect((await run(who, 'add', { title: `id:${work.id}` })).text).toContain('Reminder set');
    const before = stack.emulator.requestLog.length;
    clock = work.next + MINUTE;
    await tick();
    const searches = stack.emulator.requestLog.slice(before).filter((r) => r.path.startsWith('/v2/forum/topics'));
    expect(searches).toHaveLength(1);
    // The topic the emulator opened at the broadcast, as the service's forum does.
    const topicId = EPISODE_TOPIC_BASE + work.id * 1000 + work.episode;
    const topic = (await serviceGet(stack, `/forum/topic/${topicId}`)) as { data: { title: string } };
    expect(topic.data.title).toBe(`${work.title} Episode ${work.episode} Discussion`);
    for (const who of [first, second]) {
      const dm = dms(who).at(-1) as RecordedMessage;
      const link = buttonLabelled(dm, `Episode ${work.episode} discussion`) as { style?: number; url?: string };
      expect(link.style).toBe(5);
      expect(link.url).toBe(`${SERVICE_WEB_URL}/forum/?topicid=${topicId}`);
    }
  });

  it('"forget me" under /logout deletes every reminder record of the user, and only theirs', async () => {
    const user = newUser('rem-forget');
    const other = newUser('rem-keep');
    const [work] = upcoming(3);
    if (!work) throw new Error('no airing title');
    for (const who of [user, other]) expect((await run(who, 'add', { title: `id:${work.id}` })).text).toContain('Reminder set');
    clock = work.next + MINUTE;
    await tick();
    expect(dms(user)).toHaveLength(1);
    const mine = async (who: Who) => (await stack.bot.store.engine.keys('rem:')).filter((k) => k.includes(who.id));
    expect((await mine(user)).length).toBeGreaterThan(0);

    const out = await answerOf(stack.command({ name: 'logout', user, where: DM }));
    const forgotten = await answerOf(stack.click(out.message, componentId(out.message, 'Also delete everything stored about me'), user, DM));
    expect(forgotten.text).toMatch(/reminders: [1-9]/);
    expect(await mine(user)).toEqual([]);
    expect((await run(user, 'list')).text).not.toContain(work.title);
    expect((await run(other, 'list')).text).toContain(work.title);
    clock = work.next + WEEK + MINUTE;
    await tick();
    expect(dms(user)).toHaveLength(1);
  });

  it('refuses titles with nothing to expect', async () => {
    const user = newUser('rem');
    const finished = works.find((w) => w.status === 'finished_airing');
    const answer = await run(user, 'add', { title: `id:${finished?.id ?? 1}` });
    expect(answer.text).toContain('nothing to remind you of');
    expect(answer.ephemeral).toBe(true);
  });

  it('catches up after downtime once, marked late, and sends nothing twice across a restart', async () => {
    const user = newUser('rem');
    const [work] = upcoming(3);
    if (!work) throw new Error('no airing title');
    await run(user, 'add', { title: `id:${work.id}` });
    // The bot is down from before the air time until two hours after it.
    clock = work.next + 2 * HOUR;
    await stack.restartBot();
    await tick();
    await tick();
    expect(dms(user)).toHaveLength(1);
    expect(textOf(dms(user)[0])).toContain('Late: the bot was offline');
    await stack.restartBot();
    await tick();
    expect(dms(user)).toHaveLength(1);
    // The next episode comes on time again.
    clock = work.next + WEEK + MINUTE;
    await tick();
    expect(dms(user)).toHaveLength(2);
    expect(textOf(dms(user)[1])).not.toContain('Late');
  });

  it('leaves out what fell due longer ago than the catch-up window', async () => {
    const user = newUser('rem');
    const [work] = upcoming(3);
    if (!work) throw new Error('no airing title');
    await run(user, 'add', { title: `id:${work.id}` });
    clock = work.next + 7 * HOUR;
    await stack.restartBot();
    await tick();
    expect(dms(user)).toHaveLength(0);
  });

  it('two processes on one store deliver each reminder once', async () => {
    const users = [newUser('two'), newUser('two'), newUser('two')];
    const [work] = upcoming(3);
    if (!work) throw new Error('no airing title');
    for (const u of users) await run(u, 'add', { title: `id:${work.id}` });
    const second = await startReplica(stack, { now: () => clock, reminders: { tickMs: 24 * HOUR, indexRefreshMs: 0 } });
    try {
      clock = work.next + MINUTE;
      await Promise.all([tick(), tick(second), tick(), tick(second)]);
      await Promise.all([tick(), tick(second)]);
    } finally {
      await second.stop();
    }
    for (const u of users) expect(dms(u)).toHaveLength(1);
  });

  it('retries a failed delivery with back-off and sends it once', async () => {
    const user = newUser('rem');
    const [work] = upcoming(3);
    if (!work) throw new Error('no airing title');
    await run(user, 'add', { title: `id:${work.id}` });
    clock = work.next + MINUTE;
    // Enough server errors to outlast the REST client's own retries.
    stack.discord.dms.failNext(4, { status: 500, code: 0, message: '500: Internal Server Error' });
    await tick();
    expect(dms(user)).toHaveLength(0);
    await tick();
    expect(dms(user)).toHaveLength(0);
    clock += 31_000;
    await tick();
    await tick();
    expect(dms(user)).toHaveLength(1);
    expect(textOf(dms(user)[0])).not.toContain('Late');
  });

  it('closed DMs pause reminders and the user is told the next time they use the bot', async () => {
    const user = newUser('rem');
    const [work] = upcoming(3);
    if (!work) throw new Error('no airing title');
    await run(user, 'add', { title: `id:${work.id}` });
    stack.discord.dms.closeDms(user.id);
    clock = work.next + MINUTE;
    await tick();
    expect(dms(user)).toHaveLength(0);
    const calls = stack.discord.calls.filter((c) => c.route === 'POST /channels/:channel/messages' && c.status === 403);
    expect(calls.some((c) => (c.response as { code?: number }).code === 50007)).toBe(true);

    const next = stack.command({ name: 'anime', subcommand: 'season', user, where: GUILD });
    await next.settled();
    await expect.poll(() => next.followUps().map((m) => textOf(m)).join('\n')).toContain('Your episode reminders are paused');
    expect(next.followUps().every((m) => ((m.flags ?? 0) & 64) === 64)).toBe(true);
    // Told once.
    const again = stack.command({ name: 'anime', subcommand: 'season', user, where: GUILD });
    await again.settled();
    await new Promise((r) => setTimeout(r, 200));
    expect(again.followUps()).toHaveLength(0);
    expect((await run(user, 'list')).text).toContain('Paused');

    // Paused: the next episode is not attempted.
    clock = work.next + WEEK + MINUTE;
    await tick();
    stack.discord.dms.openDms(user.id);
    expect((await run(user, 'resume')).text).toContain('Reminders resumed');
    clock = work.next + 2 * WEEK + MINUTE;
    await tick();
    const got = dms(user);
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(textOf(got[got.length - 1])).toContain(`Episode ${work.episode + 2} of`);
  });

  it('follow-list follows airing Watching and Plan-to-watch titles and keeps in sync as the list changes', async () => {
    const user = newUser('list');
    expect((await run(user, 'follow-list', { enabled: true })).text).toContain('/login');
    await stack.login(user, ACCOUNTS[1] ?? { name: '', password: '' });
    const [a, b, c] = upcoming(3);
    if (!a || !b || !c) throw new Error('too few airing titles');
    await setStatus('hank', a.id, { status: 'watching' });
    await setStatus('hank', b.id, { status: 'plan_to_watch' });
    const on = await run(user, 'follow-list', { enabled: true });
    expect(on.text).toContain('Following your list');
    let list = (await run(user, 'list')).text;
    expect(list).toContain(a.title);
    expect(list).toContain(b.title);
    expect(list).not.toContain(c.title);

    // The user drops one title and starts watching another; the next sync follows.
    await setStatus('hank', a.id, { status: 'dropped' });
    await setStatus('hank', c.id, { status: 'watching' });
    clock += 6 * HOUR + MINUTE;
    await tick();
    list = (await run(user, 'list')).text;
    expect(list).not.toContain(a.title);
    expect(list).toContain(b.title);
    expect(list).toContain(c.title);

    // Stopping a list title keeps it stopped through later syncs.
    await run(user, 'remove', { title: `id:${b.id}` });
    clock += 6 * HOUR + MINUTE;
    await tick();
    expect((await run(user, 'list')).text).not.toContain(b.title);
  });

  it('/remind add suggests airing and upcoming titles first and marks finished ones', async () => {
    // A word whose search (the service's own order) puts a finished title before an airing one.
    type Found = { node: { id: number; title: string; status?: string } };
    const followable = (status: string | undefined) => status === 'currently_airing' || status === 'not_yet_aired';
    let query: string | undefined;
    let found: Found[] = [];
    for (const word of new Set(works.flatMap((w) => w.title.split(/\s+/)).filter((t) => /^[A-Za-z]{4,}$/.test(t)))) {
      const body = (await serviceGet(stack, `/anime?q=${encodeURIComponent(word)}&limit=25&nsfw=false&fields=status`)) as { data: Found[] };
      const firstFinished = body.data.findIndex((d) => d.node.status === 'finished_airing');
      const lastFollowable = body.data.map((d) => followable(d.node.status)).lastIndexOf(true);
      if (firstFinished >= 0 && lastFollowable > firstFinished) {
        query = word;
        found = body.data;
        break;
      }
    }
    if (query === undefined) throw new Error('no search mixes finished and airing titles');
    const choices = await stack.autocomplete({ name: 'remind', subcommand: 'add', focused: 'title', value: query, user: newUser('sugg'), where: DM }).autocompleteChoices();
    const status = new Map(found.map((d) => [`id:${d.node.id}`, d.node.status]));
    const groups = choices.map((c) => (followable(status.get(String(c.value))) ? 0 : status.get(String(c.value)) === 'finished_airing' ? 2 : 1));
    expect(groups.length).toBeGreaterThan(1);
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
    expect(groups[0]).toBe(0);
    for (const [i, c] of choices.entries()) expect(c.name.endsWith(' (finished)'), c.name).toBe(groups[i] === 2);
    // Other title options keep the service's order, unmarked.
    const plain = await stack.autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value: query, user: newUser('sugg2'), where: DM }).autocompleteChoices();
    expect(plain.map((c) => c.value)).toEqual(found.map((d) => `id:${d.node.id}`));
    expect(plain.some((c) => c.name.includes('(finished)'))).toBe(false);
  });

  it('a title that reaches its episode count stops cleanly', async () => {
    const user = newUser('end');
    const last = works
      .filter((w) => w.status === 'currently_airing' && (w.num_episodes ?? 0) > 0)
      .map((w) => ({ w, plan: airingPlan(w) }))
      .filter((x) => x.plan && nextEpisode(x.plan, clock + MINUTE) && episodesBetween(x.plan, clock + MINUTE, clock + 52 * WEEK).length <= 3)
      .sort((x, y) => (nextEpisode(x.plan!, clock)?.atMs ?? 0) - (nextEpisode(y.plan!, clock)?.atMs ?? 0))[0];
    if (!last?.plan) throw new Error('no title near its end');
    await run(user, 'add', { title: `id:${last.w.id}` });
    const remaining = episodesBetween(last.plan, clock + MINUTE, clock + 52 * WEEK);
    for (const e of remaining) {
      clock = e.atMs + MINUTE;
      await tick();
    }
    expect(dms(user)).toHaveLength(remaining.length);
    expect(textOf(dms(user).at(-1))).toContain(`Episode ${last.w.num_episodes} of`);
    // After the last one, nothing more is expected: the follow ends and nothing else is sent.
    clock += 8 * HOUR;
    await tick();
    clock += 31 * 24 * HOUR;
    await tick();
    await tick();
    expect(dms(user)).toHaveLength(remaining.length);
    expect((await run(user, 'list')).text).not.toContain(last.w.title);
  });
});
