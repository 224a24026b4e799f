import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { GUILD, NSFW_CHANNEL, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { buttonLabelled, componentsOf, serviceGet } from './catalogue-helpers.js';

// A Thursday, 21:00 in Japan.
const START = Date.UTC(2026, 0, 8, 12, 0);
const DAY = 86_400_000;
const JST = 9 * 3_600_000;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const FRANK = { name: 'frank', password: 'frank-password' };

interface Node {
  id: number;
  title: string;
  nsfw?: string;
  status?: string;
  start_date?: string;
  num_episodes?: number;
  broadcast?: { day_of_the_week?: string; start_time?: string };
}

/**
 * Each schedule line: the instant (a full timestamp, so the reader sees its weekday and date in their
 * own zone), the title text with the episode number when shown, and the Japanese slot (`Mon 23:30`).
 */
function scheduleLines(text: string): Array<{ atMs: number; line: string; slot: string }> {
  return [...text.matchAll(/^<t:(\d+):F> \(<t:\1:R>\) (.+) · (\w{3} \d{2}:\d{2}) JST$/gm)].map((m) => ({
    atMs: Number(m[1]) * 1000,
    line: m[2] ?? '',
    slot: m[3] ?? '',
  }));
}

/** Whether a schedule line is about `title` (the title, then the episode and notes). */
function named(line: string, title: string): boolean {
  return line === title || line.startsWith(`${title} · `);
}

function japanSlot(ms: number): { day: string; time: string } {
  const d = new Date(ms + JST);
  return { day: WEEKDAYS[(d.getUTCDay() + 6) % 7] ?? '', time: d.toISOString().slice(11, 16) };
}

describe('/anime schedule', () => {
  let stack: Stack;
  const clock = START;
  const user = newUser('sched');
  let airing: Node[] = [];

  beforeAll(async () => {
    stack = await startStack({ emulator: { now: () => clock, users: [...DEFAULT_USERS, FRANK] }, bot: { now: () => clock } });
    const body = (await serviceGet(stack, '/anime/season/2026/winter?limit=500&nsfw=true&fields=broadcast,status,start_date,num_episodes,nsfw')) as {
      data: Array<{ node: Node }>;
    };
    airing = body.data.map((d) => d.node).filter((n) => (n.status === 'currently_airing' || n.status === 'not_yet_aired') && n.broadcast?.start_time !== undefined);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("lists this week's expected episodes at their Japan broadcast slot, as Discord timestamps in time order", async () => {
    const answer = await answerOf(stack.command({ name: 'anime', subcommand: 'schedule', user, where: NSFW_CHANNEL }));
    const text = textOf(answer.message);
    expect(text).toContain('Airing schedule · this week');
    const lines = scheduleLines(text);
    expect(lines.length).toBeGreaterThan(5);
    const todayJapan = Math.floor((START + JST) / DAY) * DAY - JST;
    for (const [i, l] of lines.entries()) {
      expect(l.atMs).toBeGreaterThanOrEqual(todayJapan);
      expect(l.atMs).toBeLessThan(todayJapan + 7 * DAY);
      if (i > 0) expect(l.atMs).toBeGreaterThanOrEqual(lines[i - 1]?.atMs ?? 0);
      // The instant is the title's broadcast slot in Japan time (late-night slots on their next-day date).
      // Generated titles can share a name, so one of the works of that name must match.
      const slots = airing.filter((w) => named(l.line, w.title)).map((w) => ({ day: w.broadcast?.day_of_the_week, time: w.broadcast?.start_time }));
      expect(slots.length, l.line).toBeGreaterThan(0);
      expect(slots, l.line).toContainEqual(japanSlot(l.atMs));
      // The Japanese slot follows as secondary information.
      const { day, time } = japanSlot(l.atMs);
      expect(l.slot).toBe(`${day.charAt(0).toUpperCase()}${day.slice(1, 3)} ${time}`);
    }
    // Day headings name Japan broadcast days, starting today (Thursday in Japan).
    expect(text).toMatch(/\*\*Thursday 8 Jan\*\* \(Japan\)/);
    expect(text).toContain('Grouped by Japanese broadcast day. Each time is shown in your time zone, with the Japanese slot after it.');
  });

  it('narrows to one Japan broadcast day', async () => {
    const counts = new Map<string, number>();
    for (const w of airing) counts.set(w.broadcast?.day_of_the_week ?? '', (counts.get(w.broadcast?.day_of_the_week ?? '') ?? 0) + 1);
    const day = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'sunday';
    const answer = await answerOf(stack.command({ name: 'anime', subcommand: 'schedule', options: { day }, user, where: NSFW_CHANNEL }));
    const text = textOf(answer.message);
    expect(text).toContain(`Airing schedule · ${day.charAt(0).toUpperCase()}${day.slice(1)} (Japan)`);
    const lines = scheduleLines(text);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(japanSlot(l.atMs).day).toBe(day);
  });

  it('leaves not-safe-for-work titles out outside age-restricted channels, and says so', async () => {
    const nsfwTitles = new Set(airing.filter((w) => w.nsfw !== 'white').map((w) => w.title));
    const all: string[] = [];
    let answer = await answerOf(stack.command({ name: 'anime', subcommand: 'schedule', user, where: GUILD }));
    expect(answer.message.content).toContain('hidden outside age-restricted channels');
    for (let page = 0; page < 10; page++) {
      all.push(...scheduleLines(textOf(answer.message)).map((l) => l.line));
      const next = componentsOf(answer.message).find((c) => c.label === 'Next ▶');
      if (!next || next.disabled === true) break;
      answer = await answerOf(stack.click(answer.message, buttonLabelled(answer.message, 'Next').custom_id ?? '', user, GUILD));
    }
    expect(all.length).toBeGreaterThan(0);
    for (const line of all) for (const t of nsfwTitles) expect(named(line, t)).toBe(false);
  });

  it('mine needs a login, then shows only Watching and Plan-to-watch titles', async () => {
    const me = newUser('mine');
    const refused = await answerOf(stack.command({ name: 'anime', subcommand: 'schedule', options: { mine: true }, user: me, where: GUILD }));
    expect(refused.text).toContain('/login');
    await stack.login(me, FRANK);
    // Three titles with a unique name that the public schedule shows this week.
    const publicLines = scheduleLines(textOf((await answerOf(stack.command({ name: 'anime', subcommand: 'schedule', user: me, where: GUILD }))).message));
    const unique = airing.filter((w) => airing.filter((o) => o.title === w.title).length === 1 && publicLines.some((l) => named(l.line, w.title)));
    const [watching, planned, completed] = unique;
    if (!watching || !planned || !completed) throw new Error('catalogue has too few airing titles');
    const { access_token: token } = stack.emulator.issueTokensFor('frank');
    for (const [w, status] of [[watching, 'watching'], [planned, 'plan_to_watch'], [completed, 'completed']] as const) {
      const res = await fetch(`${stack.emulator.url}/v2/anime/${w.id}/my_list_status`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ status }).toString(),
      });
      expect(res.status).toBe(200);
    }
    const answer = await answerOf(stack.command({ name: 'anime', subcommand: 'schedule', options: { mine: true }, user: me, where: GUILD }));
    const text = textOf(answer.message);
    expect(text, text).toContain('My airing titles');
    const lines = scheduleLines(text).map((l) => l.line);
    expect(lines.some((l) => named(l, watching.title))).toBe(true);
    expect(lines.some((l) => named(l, planned.title))).toBe(true);
    expect(lines.some((l) => named(l, completed.title))).toBe(false);
  });
});
