// `/server pick` and its poll end to end, against the emulator and the fake Discord, on SQLite (the
// in-process job engine on the bot's clock) over both transports: the pick from the mirror (no upstream
// request), who wants each title, what completed or dropped rules out, titles not safe for work only in
// age-restricted channels, the clear refusals; Vote (only the picker or Manage Events) opening a native
// poll whose end is a job; votes, the end by expiry and by End poll, the tie broken by members, the
// result posted exactly once with its watch-party button; a poll Discord refuses is told. Discord (the
// fake, at its default) finalizes a poll a few seconds after its end: End poll's result follows within a
// minute on both transports, also when the bot restarts before the count and misses the gateway's update.
// The bot here reads an ended poll Discord has not finalized again after RECHECK_REREAD_MS instead of
// the default RECHECK_MS (15 s) so the waits stay short; Discord's finalize delay stays at its default.
// The default re-read over HTTP (no gateway update: only the re-read finds the count), also through a
// restart, is exercised by server-pick-processes.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionFlagsBits as P } from 'discord.js';
import { POLL_FINALIZE_DELAY_MS, snowflake, type RecordedMessage, type Where, type Who } from '../../fake-discord/index.js';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { CLIENT_ID, newUser, startStack, textOf, TRANSPORTS, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { apiRequests, buttonLabelled } from './catalogue-helpers.js';

const HOUR = 3_600_000;
/** The bot's re-read of an ended poll not yet finalized (the default is RECHECK_MS, 15 s). */
const RECHECK_REREAD_MS = 2_000;
const USER_OPTION = 6;
const ACCOUNTS = ['pick1', 'pick2', 'pick3'].map((name) => ({ name, password: `${name}-password` }));
const MEMBER = P.ViewChannel | P.SendMessages | P.ReadMessageHistory | P.UseApplicationCommands;

interface Poll {
  answers: Array<{ answer_id: number; poll_media: { text: string } }>;
  expiry: string;
  results: { is_finalized: boolean };
}
const pollOf = (m: RecordedMessage | undefined): Poll => (m as unknown as { poll: Poll }).poll;

async function until<T>(read: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(TRANSPORTS)('/server pick and its poll over the %s transport', (transport) => {
  let stack: Stack;
  let offset = 0;
  const GUILD_ID = snowflake();
  const CHANNEL = snowflake();
  const ADULT = snowflake();
  const NO_POLLS = snowflake();
  const members: Who[] = ACCOUNTS.map((a) => newUser(a.name));
  const [m1, m2, m3] = members as [Who, Who, Who];
  const outsider = newUser('outsider');
  /** Safe titles W[0..5] and one not safe for work, with their names. */
  let white: Array<{ id: number; title: string }> = [];
  let adult: { id: number; title: string };

  const where = (channelId = CHANNEL, memberPermissions: bigint = MEMBER): Where => ({ kind: 'guild', guildId: GUILD_ID, channelId, memberPermissions });
  const put = async (account: string, id: number, status: string) => {
    const { access_token: token } = stack.emulator.issueTokensFor(account, CLIENT_ID);
    const res = await fetch(`${stack.emulator.url}/v2/anime/${id}/my_list_status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ status }).toString(),
    });
    expect(res.status).toBe(200);
  };
  const pick = (user: Who, options: Record<string, string | number | { type: number; value: string }> = {}, w: Where = where()) =>
    answerOf(stack.command({ name: 'server', subcommand: 'pick', user, where: w, options }));
  const click = (message: RecordedMessage, label: string, user: Who, w: Where = where()) =>
    answerOf(stack.click(message, buttonLabelled(message, label).custom_id ?? '', user, w));
  /** Lets time pass for Discord and the bot alike, then runs the jobs that became due. */
  const pass = async (ms: number) => {
    offset += ms;
    stack.discord.passTime(ms);
    await stack.bot.jobs.runDue();
  };
  const results = (channel = CHANNEL) => stack.discord.guilds.messagesIn(channel).filter((m) => m.embeds?.some((e) => e.title?.startsWith('The vote is in') || e.title === 'Nobody voted'));

  beforeAll(async () => {
    stack = await startStack({ transport, emulator: { users: [...DEFAULT_USERS, ...ACCOUNTS] }, bot: { now: () => Date.now() + offset, polls: { recheckMs: RECHECK_REREAD_MS } } });
    stack.discord.guilds.define({
      id: GUILD_ID,
      channels: [
        { id: CHANNEL, name: 'general' },
        { id: ADULT, name: 'after-dark', nsfw: true },
        { id: NO_POLLS, name: 'no-polls', overwrites: [{ id: GUILD_ID, type: 0, deny: P.SendPolls }] },
      ],
    });
    const ranking = (await (await fetch(`${stack.emulator.url}/v2/anime/ranking?ranking_type=all&limit=500&nsfw=true&fields=nsfw`, { headers: { 'X-SERVICE-CLIENT-ID': CLIENT_ID } })).json()) as {
      data: Array<{ node: { id: number; title: string; nsfw?: string } }>;
    };
    white = ranking.data.filter((d) => d.node.nsfw === 'white').slice(0, 6).map((d) => d.node);
    const found = ranking.data.find((d) => d.node.nsfw !== undefined && d.node.nsfw !== 'white');
    if (white.length < 6 || !found) throw new Error('the emulator ranking needs six safe titles and one not safe for work');
    adult = found.node;
    const [w1, w2, w3, w4, w5, w6] = white.map((w) => w.id) as [number, number, number, number, number, number];
    // w1: all three plan it; w2: pick1 and pick2; w3: pick1, pick2, but pick3 completed it; w4: pick3 plans,
    // pick2 dropped it; w5: pick1 only; w6: pick1 watches it (not a plan); the adult title: all three plan it.
    const plans: Array<[string, number, string]> = [
      ['pick1', w1, 'plan_to_watch'], ['pick2', w1, 'plan_to_watch'], ['pick3', w1, 'plan_to_watch'],
      ['pick1', w2, 'plan_to_watch'], ['pick2', w2, 'plan_to_watch'],
      ['pick1', w3, 'plan_to_watch'], ['pick2', w3, 'plan_to_watch'], ['pick3', w3, 'completed'],
      ['pick3', w4, 'plan_to_watch'], ['pick2', w4, 'dropped'],
      ['pick1', w5, 'plan_to_watch'], ['pick1', w6, 'watching'],
      ['pick1', adult.id, 'plan_to_watch'], ['pick2', adult.id, 'plan_to_watch'], ['pick3', adult.id, 'plan_to_watch'],
    ];
    for (const [account, id, status] of plans) await put(account, id, status);
    for (const [i, m] of members.entries()) {
      await stack.login(m, ACCOUNTS[i] as { name: string; password: string });
      const joined = await answerOf(stack.command({ name: 'server', subcommand: 'join', user: m, where: where() }));
      expect(joined.text).toContain('joined');
    }
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('picks from the mirror what the members plan and none finished or dropped, most wanted first, with no upstream request', async () => {
    const before = stack.emulator.requestLog.length;
    const out = await pick(m1);
    expect(stack.emulator.requestLog.length).toBe(before);
    expect(apiRequests(stack, '/', before)).toEqual([]);
    expect(out.ephemeral).toBe(false);
    const [w1, w2, , , w5] = white;
    const lines = out.text.split('\n').filter((l) => /^\*\*\d+\.\*\*/.test(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(`${w1?.title} — 3 want it: <@${m1.id}>, <@${m2.id}>, and <@${m3.id}>`);
    expect(lines[1]).toContain(`${w2?.title} — 2 want it`);
    expect(lines[2]).toContain(`${w5?.title} — 1 wants it: <@${m1.id}>`);
    expect(out.text).toContain('1 title not safe for work left out');
    expect(out.text).not.toContain(adult.title);
    expect(out.message.allowed_mentions).toEqual({ parse: [] });
    buttonLabelled(out.message, 'Vote');
  });

  it('picks for the chosen members only, and names titles not safe for work in an age-restricted channel', async () => {
    const chosen = await pick(m1, { with1: { type: USER_OPTION, value: m1.id }, with2: { type: USER_OPTION, value: m3.id } });
    const titles = chosen.text.split('\n').filter((l) => /^\*\*\d+\.\*\*/.test(l));
    // w4 counts now (pick2, who dropped it, is not chosen); w3 stays out (pick3 completed it).
    const shown = titles.map((l) => white.findIndex((w) => l.includes(w.title)));
    // The titles one member wants follow by id.
    expect(shown[0]).toBe(0);
    expect(shown.slice(1).sort()).toEqual([1, 3, 4]);
    expect(shown.slice(1).map((i) => white[i]?.id ?? 0)).toEqual(shown.slice(1).map((i) => white[i]?.id ?? 0).sort((a, b) => a - b));
    expect(titles[0]).toContain('2 want it');
    const inAdult = await pick(m2, {}, where(ADULT));
    expect(inAdult.text).toContain(adult.title);
    expect(inAdult.text).not.toContain('not safe for work left out');
  });

  it('refuses clearly: a member who has not joined, a DM, nothing that fits', async () => {
    const notJoined = await pick(m1, { with1: { type: USER_OPTION, value: outsider.id } });
    expect(notJoined.ephemeral).toBe(true);
    expect(notJoined.text).toContain(`<@${outsider.id}> has not joined this server's list community`);
    const dm = await pick(m1, {}, { kind: 'dm' });
    expect(dm.text).toContain('Only in a server');
    const manga = await pick(m1, { kind: 'manga' });
    expect(manga.ephemeral).toBe(true);
    expect(manga.text).toContain('Nothing to pick');
  });

  it('Vote opens a native poll (the picker or Manage Events only); expiry ends it, the tie goes to the title more members want, posted once', async () => {
    const out = await pick(m1, { poll_hours: 2 });
    const refused = await click(out.message, 'Vote', m2);
    expect(refused.ephemeral).toBe(true);
    expect(refused.text).toContain('Only the member who ran this pick');
    const opened = await click(out.message, 'Vote', m1);
    expect(opened.ephemeral).toBe(false);
    expect(opened.text).toContain('The poll is open until');
    const poll = await until(() => stack.discord.guilds.pollsIn(CHANNEL).at(-1));
    const answers = pollOf(poll).answers.map((a) => a.poll_media.text);
    expect(answers).toEqual([white[0]?.title, white[1]?.title, white[4]?.title].map((t) => (t && t.length > 55 ? expect.stringMatching(/…$/) : t)));
    expect(Math.abs(Date.parse(pollOf(poll).expiry) - stack.discord.clock.now() - 2 * HOUR)).toBeLessThan(5_000);
    // A second click returns the same poll (Discord's nonce), not a second one.
    const again = await click(out.message, 'Vote', m1, where(CHANNEL, MEMBER | P.ManageEvents));
    expect(again.text).toContain('already open');
    expect(stack.discord.guilds.pollsIn(CHANNEL)).toHaveLength(1);
    // One vote each for w1 and w2: w1 wins, three members want it against two.
    stack.discord.guilds.vote(poll.id, m2.id, [2]);
    stack.discord.guilds.vote(poll.id, m3.id, [1]);
    await pass(HOUR);
    expect(results()).toHaveLength(0);
    await pass(HOUR);
    const result = await until(() => results().at(0), 60_000);
    expect(textOf(result)).toContain(`The vote is in: ${white[0]?.title}`);
    expect(textOf(result)).toContain('1 vote** of 2');
    expect(textOf(result)).toContain('It tied on votes and won because more members want it.');
    expect(buttonLabelled(result, 'Plan a watch party').custom_id).toBe(`wp-plan|${white[0]?.id}`);
    await pass(10 * 60_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(results()).toHaveLength(1);
  }, 90_000);

  it('End poll ends it early (its creator or Manage Events); Discord counts the votes a few seconds later and the result follows within a minute', async () => {
    const out = await pick(m1);
    const opened = await click(out.message, 'Vote', m2, where(CHANNEL, MEMBER | P.ManageEvents));
    const poll = await until(() => stack.discord.guilds.pollsIn(CHANNEL).at(-1));
    stack.discord.guilds.vote(poll.id, m1.id, [3]);
    const refused = await click(opened.message, 'End poll', m3);
    expect(refused.text).toContain('Only the member who started this poll');
    const before = results().length;
    const ended = await click(opened.message, 'End poll', m2);
    expect(ended.ephemeral).toBe(true);
    expect(ended.text).toContain('The poll has ended');
    const endedAt = Date.now();
    expect(pollOf(stack.discord.guilds.pollsIn(CHANNEL).find((m) => m.id === poll.id)).results.is_finalized).toBe(false);
    const result = await until(() => results().at(before), 60_000);
    expect(Date.now() - endedAt).toBeGreaterThanOrEqual(POLL_FINALIZE_DELAY_MS - 1_000);
    expect(Date.now() - endedAt).toBeLessThan(60_000);
    expect(textOf(result)).toContain(`The vote is in: ${white[4]?.title}`);
    expect(textOf(result)).not.toContain('tied');
    const late = await click(opened.message, 'End poll', m2);
    expect(late.text).toContain('already ended');
  }, 90_000);

  it('End poll, then a restart while Discord counts (its update missed): the result follows within a minute of the new start', async () => {
    const out = await pick(m1);
    const opened = await click(out.message, 'Vote', m1);
    const poll = await until(() => stack.discord.guilds.pollsIn(CHANNEL).at(-1));
    stack.discord.guilds.vote(poll.id, m3.id, [2]);
    const before = results().length;
    expect((await click(opened.message, 'End poll', m1)).text).toContain('The poll has ended');
    // Down until Discord has finalized the poll: no session hears its MESSAGE_UPDATE.
    // The bot's end job has read the poll once, not yet finalized, before the restart.
    const endCall = stack.discord.calls.findLastIndex((c) => c.route === 'POST /channels/:channel/polls/:message/expire');
    const readNotFinal = (c: (typeof stack.discord.calls)[number]) =>
      c.route === 'GET /channels/:channel/messages/:message' && c.path.endsWith(`/${poll.id}`) && (c.response as { poll?: Poll } | undefined)?.poll?.results.is_finalized === false;
    await until(() => (stack.discord.calls.slice(endCall).some(readNotFinal) ? true : undefined));
    await stack.restartBot(async () => {
      await until(() => (pollOf(stack.discord.guilds.pollsIn(CHANNEL).find((m) => m.id === poll.id)).results.is_finalized ? true : undefined), 30_000);
    });
    const started = Date.now();
    expect(results()).toHaveLength(before);
    const result = await until(() => results().at(before), 60_000);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(textOf(result)).toContain(`The vote is in: ${white[1]?.title}`);
    expect(textOf(result)).toContain('1 vote** of 1');
  }, 120_000);

  it('the end is a job: a poll opened before a restart gets its result after it', async () => {
    const out = await pick(m1, { poll_hours: 1 });
    await click(out.message, 'Vote', m1);
    const poll = await until(() => stack.discord.guilds.pollsIn(CHANNEL).at(-1));
    stack.discord.guilds.vote(poll.id, m2.id, [1]);
    const before = results().length;
    await stack.restartBot();
    await pass(HOUR);
    const result = await until(() => results().at(before), 60_000);
    expect(textOf(result)).toContain(`The vote is in: ${white[0]?.title}`);
    expect(textOf(result)).toContain('1 vote** of 1');
  }, 90_000);

  it('a poll Discord refuses is told: the bot lacks Send Polls', async () => {
    const out = await pick(m1, {}, where(NO_POLLS));
    const refused = await click(out.message, 'Vote', m1, where(NO_POLLS));
    expect(refused.ephemeral).toBe(true);
    expect(refused.text).toContain('Send Polls');
    expect(stack.discord.guilds.pollsIn(NO_POLLS)).toHaveLength(0);
  });
});
