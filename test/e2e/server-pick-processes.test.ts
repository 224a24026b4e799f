// A `/server pick` poll with two bot processes on one PostgreSQL or Redis store (pg-boss, BullMQ),
// over the HTTP-interactions transport (no gateway: the end is noticed by the job reading the poll):
// End poll through one process, the end job taken by whichever process is free, one result posted
// within a minute though Discord (the fake, at its default) counts the votes a few seconds after the end,
// also when every process restarts between the end job's first read and Discord's count.
// On PostgreSQL the bot reads an ended poll Discord has not finalized again at its default (RECHECK_MS,
// 15 s): that is the case of the default re-read over HTTP. On Redis the same cases run with a short
// re-read (RECHECK_REREAD_MS) so the waits stay short: what differs there is the job engine (BullMQ),
// not the re-read's timing, which the PostgreSQL case covers.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionFlagsBits as P } from 'discord.js';
import type { RunningBot } from '../../src/app/bot.js';
import { snowflake, type RecordedMessage, type Where } from '../../fake-discord/index.js';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { CLIENT_ID, newUser, startReplica, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { buttonLabelled } from './catalogue-helpers.js';

const ENGINES = engineCases().filter((c) => c.kind === 'postgres' || c.kind === 'redis');
const ACCOUNT = { name: 'pickproc', password: 'pickproc-password' };
/** The re-read of an ended poll not yet finalized on Redis (the default, RECHECK_MS, runs on PostgreSQL). */
const RECHECK_REREAD_MS = 2_000;

async function until<T>(read: () => T | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(ENGINES)('a /server pick poll from two bot processes on $kind', (engine) => {
  let stack: Stack;
  let place: OpenedCase;
  let replica: RunningBot | undefined;
  const GUILD_ID = snowflake();
  const CHANNEL = snowflake();
  const member = newUser('pickproc');
  const where: Where = { kind: 'guild', guildId: GUILD_ID, channelId: CHANNEL, memberPermissions: P.ViewChannel | P.SendMessages | P.UseApplicationCommands };
  const click = (message: RecordedMessage, label: string) => answerOf(stack.click(message, buttonLabelled(message, label).custom_id ?? '', member, where));

  beforeAll(async () => {
    if (engine.skipped) return;
    place = prepareCase(engine.kind);
    const polls = engine.kind === 'redis' ? { recheckMs: RECHECK_REREAD_MS } : {};
    stack = await startStack({ storeUrl: place.url, transport: 'http', emulator: { users: [...DEFAULT_USERS, ACCOUNT] }, bot: { polls } });
    replica = await startReplica(stack, { polls });
    stack.discord.guilds.define({ id: GUILD_ID, channels: [{ id: CHANNEL, name: 'general' }] });
    const { access_token: token } = stack.emulator.issueTokensFor(ACCOUNT.name, CLIENT_ID);
    const ranking = (await (await fetch(`${stack.emulator.url}/v2/anime/ranking?ranking_type=all&limit=50&fields=nsfw`, { headers: { 'X-SERVICE-CLIENT-ID': CLIENT_ID } })).json()) as {
      data: Array<{ node: { id: number; nsfw?: string } }>;
    };
    for (const id of ranking.data.filter((d) => d.node.nsfw === 'white').slice(0, 3).map((d) => d.node.id)) {
      const res = await fetch(`${stack.emulator.url}/v2/anime/${id}/my_list_status`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'status=plan_to_watch',
      });
      expect(res.status).toBe(200);
    }
    await stack.login(member, ACCOUNT);
    expect((await answerOf(stack.command({ name: 'server', subcommand: 'join', user: member, where }))).text).toContain('joined');
  }, 120_000);
  afterAll(async () => {
    await replica?.stop();
    await stack?.stop();
    await place?.cleanup();
  });

  it.skipIf(engine.skipped)('End poll: the job reads the finalized poll and one result is posted', async () => {
    const out = await answerOf(stack.command({ name: 'server', subcommand: 'pick', user: member, where, options: { kind: 'anime' } }));
    const lines = out.text.split('\n').filter((l) => /^\*\*\d+\.\*\*/.test(l));
    expect(lines.length).toBeGreaterThan(0);
    const opened = await click(out.message, 'Vote');
    const poll = await until(() => stack.discord.guilds.pollsIn(CHANNEL).at(-1));
    stack.discord.guilds.vote(poll.id, member.id, [1]);
    expect((await click(opened.message, 'End poll')).text).toContain('The poll has ended');
    const endedAt = Date.now();
    expect((stack.discord.guilds.pollsIn(CHANNEL).at(-1) as unknown as { poll: { results: { is_finalized: boolean } } }).poll.results.is_finalized).toBe(false);
    const results = () => stack.discord.guilds.messagesIn(CHANNEL).filter((m) => m.embeds?.some((e) => e.title?.startsWith('The vote is in')));
    const result = await until(() => results().at(0), 60_000);
    expect(Date.now() - endedAt).toBeLessThan(60_000);
    expect(textOf(result)).toContain('1 vote** of 1');
    await new Promise((r) => setTimeout(r, 3_000));
    expect(results()).toHaveLength(1);
    expect(stack.discord.calls.filter((c) => c.route === 'GET /channels/:channel/messages/:message').length).toBeGreaterThan(1);
  }, 90_000);

  it.skipIf(engine.skipped)('End poll, then the deployment restarts while Discord counts: the result follows within a minute of the new start', async () => {
    const out = await answerOf(stack.command({ name: 'server', subcommand: 'pick', user: member, where, options: { kind: 'anime' } }));
    const earlier = stack.discord.guilds.pollsIn(CHANNEL).length;
    const opened = await click(out.message, 'Vote');
    const poll = await until(() => stack.discord.guilds.pollsIn(CHANNEL).at(earlier));
    stack.discord.guilds.vote(poll.id, member.id, [2]);
    const results = () => stack.discord.guilds.messagesIn(CHANNEL).filter((m) => m.embeds?.some((e) => e.title?.startsWith('The vote is in')));
    const before = results().length;
    const endCall = stack.discord.calls.length;
    expect((await click(opened.message, 'End poll')).text).toContain('The poll has ended');
    const finalized = () => (stack.discord.guilds.pollsIn(CHANNEL).find((m) => m.id === poll.id) as unknown as { poll: { results: { is_finalized: boolean } } }).poll.results.is_finalized;
    // An end job has read the poll, not yet finalized; then every process stops until Discord has counted.
    await until(() => (stack.discord.calls.slice(endCall).some((c) => c.route === 'GET /channels/:channel/messages/:message' && c.path.endsWith(`/${poll.id}`)) ? true : undefined));
    await replica?.stop();
    replica = undefined;
    await stack.restartBot(async () => {
      await until(() => (finalized() ? true : undefined));
    });
    expect(results()).toHaveLength(before);
    const started = Date.now();
    const result = await until(() => results().at(before), 60_000);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(textOf(result)).toContain('1 vote** of 1');
  }, 120_000);
});
