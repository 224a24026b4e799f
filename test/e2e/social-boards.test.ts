// The server's list community as members see it, end to end against the emulator and the fake
// Discord: "In this server" on /anime info (and every member behind a button), /compare (both cases,
// too few in common, who has to join), /server leaderboard and /server top paged with the viewer's
// own line marked, and the DM refusals. Everything is answered from the mirror: no list is read from
// the service after the members joined.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GUILD_ID, type RecordedMessage, type Where, type Who } from '../../fake-discord/index.js';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { CLIENT_ID, DM, GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { attachmentsOf } from './picture-helpers.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { computeAffinity } from '../../src/community/affinity.js';
import { leaderboard } from '../../src/community/leaderboards.js';
import type { MirrorEntry } from '../../src/community/types.js';
import { apiRequests, buttonLabelled, expectClean, isEphemeral, pageLabel } from './catalogue-helpers.js';

const GROUP = Array.from({ length: 11 }, (_, i) => ({ name: `member${i + 1}`, password: `member${i + 1}-password` }));
const DAVE = { name: 'dave', password: 'dave-password' };
const USER_OPTION = 6;

describe('the server list community: server view, compare, leaderboards', () => {
  let stack: Stack;
  const alice = newUser('alice');
  const bob = newUser('bob');
  const dave = newUser('dave');
  const group: Who[] = GROUP.map((a) => newUser(a.name));
  const outsider = newUser('outsider');
  /** A title on alice's list that everyone in the group adds too (white: shown in any channel). */
  let shared: MirrorEntry;
  let aliceScored: MirrorEntry[] = [];

  const put = async (account: string, id: number, form: Record<string, string>) => {
    const { access_token: token } = stack.emulator.issueTokensFor(account, CLIENT_ID);
    const res = await fetch(`${stack.emulator.url}/v2/anime/${id}/my_list_status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status).toBe(200);
  };
  const join = async (user: Who) => {
    const out = await answerOf(stack.command({ name: 'server', subcommand: 'join', user, where: GUILD }));
    expect(out.text).toContain('joined');
  };
  const run = (user: Who, name: string, o: { group?: string; subcommand?: string; options?: Record<string, string | number | boolean | { type: number; value: string }>; where?: Where } = {}) => {
    const handle = stack.command({ name, user, where: o.where ?? GUILD, ...(o.group ? { subcommandGroup: o.group } : {}), ...(o.subcommand ? { subcommand: o.subcommand } : {}), ...(o.options ? { options: o.options } : {}) });
    return answerOf(handle);
  };
  const member = (user: Who) => ({ type: USER_OPTION, value: user.id });
  async function click(message: RecordedMessage, label: string, user: Who): Promise<RecordedMessage> {
    const handle = stack.click(message, buttonLabelled(message, label).custom_id ?? '', user, GUILD);
    const out = await handle.settled();
    expectClean(handle, out);
    return out;
  }

  beforeAll(async () => {
    stack = await startStack({ emulator: { users: [...DEFAULT_USERS, DAVE, ...GROUP] } });
    await stack.login(alice, { name: 'alice', password: 'alice-password' });
    await join(alice);
    await stack.login(bob, { name: 'bob', password: 'bob-password' });
    await join(bob);
    const bobs = new Set((await stack.bot.deps.social.mirror(bob.id, 'anime'))?.entries.map((e) => e.id));
    const mirror = await stack.bot.deps.social.mirror(alice.id, 'anime');
    // Not one alice dropped: the dropped count of the shared title is then the test's own doing (her list follows the emulator's clock).
    aliceScored = (mirror?.entries ?? []).filter((e) => e.score > 0 && !e.nsfw && !bobs.has(e.id) && e.status !== 'dropped');
    const first = aliceScored[0];
    if (!first || aliceScored.length < 6) throw new Error('alice needs six scored titles safe for work');
    shared = first;
    // dave scores six of alice's titles: three just as she did, three far from her.
    for (const [i, e] of aliceScored.slice(0, 6).entries()) {
      const score = i < 3 ? e.score : e.score <= 5 ? 10 : 1;
      await put('dave', e.id, { status: 'completed', score: String(score) });
    }
    await stack.login(dave, DAVE);
    await join(dave);
    for (const [i, account] of GROUP.entries()) {
      await put(account.name, shared.id, { status: i % 3 === 0 ? 'watching' : 'completed', score: String((i % 10) + 1), num_watched_episodes: String(i + 1) });
      const user = group[i] as Who;
      await stack.login(user, account);
      await join(user);
    }
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('/anime info in the server shows "In this server", and every member behind a button, from the mirror alone', async () => {
    const listReads = apiRequests(stack, '/users').length;
    const info = await run(bob, 'anime', { subcommand: 'info', options: { title: `id:${shared.id}` } });
    expect(info.ephemeral).toBe(false);
    const part = info.message.embeds?.find((e) => e.title === 'In this server');
    expect(part?.description).toContain('13 members have it here');
    expect(part?.description).toContain('Their mean score: **');
    expect(part?.description?.match(/<@\d+>/g)).toHaveLength(5);
    expect(part?.description).toContain('…and 8 other members');

    const all = await answerOf(stack.click(info.message, buttonLabelled(info.message, 'See all 13 members').custom_id ?? '', outsider, GUILD));
    expect(all.ephemeral).toBe(true);
    expect(all.text).toContain('In this server:');
    expect(pageLabel(all.message)).toBe('Page 1 of 2');
    expect(all.text.match(/<@\d+>/g)).toHaveLength(10);
    const second = await click(all.message, 'Next', outsider);
    expect(textOf(second).match(/<@\d+>/g)).toHaveLength(3);
    expect(textOf(second)).toContain('**11.**');
    expect(apiRequests(stack, '/users').length).toBe(listReads);
  });

  it('a list change through the bot shows in the server view at once', async () => {
    const user = group[1] as Who;
    const changed = await run(user, 'list', { group: 'anime', subcommand: 'update', options: { title: `id:${shared.id}`, status: 'dropped', score: 2 }, where: DM });
    expect(changed.text).toContain('Dropped');
    const info = await run(outsider, 'anime', { subcommand: 'info', options: { title: `id:${shared.id}` } });
    const part = info.message.embeds?.find((e) => e.title === 'In this server');
    expect(part?.description).toMatch(/· 1 dropped/);
    const all = await answerOf(stack.click(info.message, buttonLabelled(info.message, 'See all').custom_id ?? '', outsider, GUILD));
    // Dropped comes after watching and completed: on the second page.
    const second = await click(all.message, 'Next', outsider);
    expect(textOf(second)).toContain(`<@${user.id}> (member2) — Dropped · scored 2`);
  });

  it('/anime info in a DM shows no server part', async () => {
    const info = await run(alice, 'anime', { subcommand: 'info', options: { title: `id:${shared.id}` }, where: DM });
    expect(info.message.embeds?.some((e) => e.title === 'In this server')).toBe(false);
    expect(info.text).not.toContain('In this server');
  });

  it('/compare with a member: the share in common, the correlation on titles both scored, agree and disagree', async () => {
    const [a, d] = await Promise.all([stack.bot.deps.social.mirror(alice.id, 'anime'), stack.bot.deps.social.mirror(dave.id, 'anime')]);
    const expected = computeAffinity(a?.entries ?? [], d?.entries ?? []);
    expect(expected.correlation.kind).toBe('value');
    const out = await run(alice, 'compare', { options: { member: member(dave) } });
    expect(out.ephemeral).toBe(false);
    expect(out.text).toContain(`<@${alice.id}> (alice) and <@${dave.id}> (dave)`);
    expect(out.text).toContain(`${Math.round(expected.commonShare * 100)}%** of the titles on either list are on both: 6 titles in common`);
    if (expected.correlation.kind === 'value') {
      expect(out.text).toContain(`**${Math.round(expected.correlation.value * 100)}%** correlation of scores, on 6 titles scored by both.`);
    }
    const fields = out.message.embeds?.[0]?.fields ?? [];
    expect(fields.map((f) => f.name)).toEqual(['Agree most on', 'Disagree most on']);
    expect(fields[0]?.value.split('\n')).toHaveLength(3);
    expect(fields[1]?.value.split('\n')).toHaveLength(3);
    // Beside the text, the plot: one point per title both scored, its alt text telling the same.
    const scoresD = new Map((d?.entries ?? []).filter((e) => e.score > 0).map((e) => [e.id, e.score]));
    const pairs = (a?.entries ?? []).filter((e) => e.score > 0 && scoresD.has(e.id)).map((e) => [e.score, scoresD.get(e.id) ?? 0] as const);
    const [plot, ...more] = attachmentsOf(out.message);
    expect(more).toEqual([]);
    expect(plot?.filename).toMatch(/^anime-compare\.(png|webp)$/);
    const percent = expected.correlation.kind === 'value' ? Math.round(expected.correlation.value * 100) : NaN;
    expect(plot?.description).toBe(
      `Plot of the scores of titles both scored, alice across and dave up: 6 titles scored by both · correlation ${percent}%. ` +
        `On the agreement line: ${pairs.filter(([x, y]) => x === y).length}; alice higher: ${pairs.filter(([x, y]) => x > y).length}; dave higher: ${pairs.filter(([x, y]) => y > x).length}.`,
    );
  });

  it('/compare two other members, and "too few" when they scored under five titles both', async () => {
    const out = await run(bob, 'compare', { options: { member: member(alice), other: member(group[0] as Who) } });
    expect(out.text).toContain(`<@${alice.id}> (alice) and <@${(group[0] as Who).id}> (member1)`);
    expect(out.text).toContain('Too few titles scored by both to tell (1 title; at least 5 needed).');
    expect(out.text).not.toMatch(/% correlation/);
    expect(attachmentsOf(out.message)[0]?.description).toContain('1 title scored by both · too few to correlate');
  });

  it('/compare says who has to /server join, and is refused in DMs', async () => {
    const notJoined = await run(alice, 'compare', { options: { member: member(outsider) } });
    expect(notJoined.ephemeral).toBe(true);
    expect(notJoined.text).toContain(`<@${outsider.id}> has not joined this server's list community`);
    expect(notJoined.text).toContain('/server join');
    const self = await run(outsider, 'compare', { options: { member: member(alice) } });
    expect(self.text).toContain('You have not joined');
    const dm = await run(alice, 'compare', { options: { member: member(dave) }, where: DM });
    expect(dm.ephemeral).toBe(true);
    expect(dm.text).toContain('Only in a server');
  });

  it('/server leaderboard pages, with the viewer marked on their page and their place told on others', async () => {
    const rows = leaderboard(await stack.bot.deps.social.summaries(DEFAULT_GUILD_ID, 'anime'), 'episodes');
    const last = rows.at(-1);
    if (!last) throw new Error('no leaderboard rows');
    const viewer = [alice, bob, dave, ...group].find((u) => u.id === last.discordUserId) as Who;
    const first = await run(viewer, 'server', { subcommand: 'leaderboard', options: { by: 'episodes' } });
    expect(first.ephemeral).toBe(false);
    expect(first.text).toContain(`You are **#${last.rank}**`);
    expect(pageLabel(first.message)).toBe('Page 1 of 2');
    expect(first.text).not.toContain('← you');
    const second = await click(first.message, 'Next', viewer);
    expect(textOf(second)).toContain(`▶ **#${last.rank}** <@${viewer.id}>`);
    expect(textOf(second).match(/← you/g)).toHaveLength(1);
  });

  it('/server top lists the titles most members have with their mean, marking those on your list', async () => {
    const top = await run(alice, 'server', { subcommand: 'top' });
    expect(top.text).toContain('Top anime in this server');
    expect(top.text).toContain('**#1**');
    expect(top.text).toContain('13 members · mean');
    expect(top.text).toContain('✓ you:');
    const watching = await run(alice, 'server', { subcommand: 'top', options: { status: 'current' } });
    expect(watching.text).toContain('(watching)');
    const chapters = await run(alice, 'server', { subcommand: 'leaderboard', options: { by: 'episodes', kind: 'manga' } });
    expect(chapters.text).toContain('Chapters read — manga leaderboard');
    expect(chapters.text).toMatch(/ chapters?( ← you)?\n|chapters?$/m);
    const days = await run(alice, 'server', { subcommand: 'leaderboard', options: { by: 'days', kind: 'manga' } });
    expect(days.ephemeral).toBe(true);
    expect(days.text).toContain('Anime only');
  });

  it('/server chart draws the titles most members hold with member counts and means, from the summaries and the title index (names with picture URLs) alone', async () => {
    const requests = stack.emulator.requestLog.length;
    const served = stack.emulator.pictures?.served.ok ?? 0;
    const out = await run(bob, 'server', { subcommand: 'chart', options: { status: 'completed', size: '4x4' } });
    // No service request at all (no details read for covers): the pictures' URLs come from the title index's names.
    expect(stack.emulator.requestLog.length).toBe(requests);
    const [chart, ...more] = attachmentsOf(out.message);
    expect(more).toEqual([]);
    expect(chart?.filename).toMatch(/^server-anime-chart\.(png|webp)$/);
    expect(chart?.width).toBe(4 * 180 + 5 * 6);
    const mirrors = await Promise.all([alice, bob, dave, ...group].map((u) => stack.bot.deps.social.mirror(u.id, 'anime')));
    const holders = mirrors.filter((m) => m?.entries.some((e) => e.id === shared.id && e.status === 'completed')).length;
    expect(chart?.description).toMatch(/^Chart of 16 covers, Anime most held in this server · Completed: /);
    expect(chart?.description).toContain(`${shared.title}, ${holders} members, mean score `);
    // Every cover shown was fetched from the picture host (the index kept a URL for each title).
    expect((stack.emulator.pictures?.served.ok ?? 0) - served).toBe(16);
    const nsfwHeld = mirrors.flatMap((m) => m?.entries ?? []).filter((e) => e.nsfw && e.status === 'completed');
    for (const e of nsfwHeld) expect(chart?.description).not.toContain(e.title);
    const again = await run(bob, 'server', { subcommand: 'chart', options: { status: 'completed', size: '4x4' } });
    expect(attachmentsOf(again.message)).toHaveLength(1);
    expect(stack.emulator.pictures?.served.ok ?? 0).toBe(served + 16);
    const dm = await run(bob, 'server', { subcommand: 'chart', where: DM });
    expect(dm.text).toContain('`/server chart` belongs to a server');
    expect(attachmentsOf(dm.message)).toHaveLength(0);
  });

  it('refuses the leaderboards in DMs', async () => {
    for (const subcommand of ['leaderboard', 'top']) {
      const out = await run(alice, 'server', { subcommand, options: subcommand === 'leaderboard' ? { by: 'completed' } : {}, where: DM });
      expect(out.ephemeral).toBe(true);
      expect(isEphemeral(out.message)).toBe(true);
      expect(out.text).toContain('Only in a server');
    }
  });
});
