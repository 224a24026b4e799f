// The mirror end to end against the emulator, the fake Discord and the bot's own job engine on a moved
// clock: joining reads a list longer than one page in pages of 1000; a change made through the bot
// shows at once; a change made on the service's website is found by the next sync with one request per
// kind (newest first); a lost login stops the syncs, is told by one DM, and the mirror stays visible.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';

const START = Date.UTC(2026, 0, 8, 12, 0);
const MINUTE = 60_000;
const DAVE = { name: 'dave', password: 'dave-password', lists: { anime: 1150, manga: 40 } };

describe('the mirror of a joined member, synced by the job engine', () => {
  let stack: Stack;
  let clock = START;

  beforeAll(async () => {
    stack = await startStack({
      emulator: { now: () => clock, users: [...DEFAULT_USERS, DAVE], catalogue: { size: 1300 } },
      bot: { now: () => clock, reminders: { tickMs: 24 * 60 * MINUTE } },
    });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const listRequests = () => stack.emulator.requestLog.filter((r) => /\/users\/@me\/(anime|manga)list$/.test(r.path));
  const runJobs = async () => {
    for (let i = 0; i < 3; i++) await stack.bot.jobs.runDue();
  };

  it('pages the first read, follows changes through the bot and the website, and stops when the login is lost', async () => {
    const user = newUser('dave');
    await stack.login(user, DAVE);
    const before = listRequests().length;
    const joined = await answerOf(stack.command({ name: 'server', subcommand: 'join', user, where: GUILD }));
    expect(joined.text).toContain('1,150 anime entries and 40 manga entries');
    const first = listRequests().slice(before);
    expect(first.map((r) => [r.path.endsWith('animelist') ? 'anime' : 'manga', r.query.limit, r.query.offset ?? '0'])).toEqual([
      ['anime', '1000', '0'],
      ['anime', '1000', '1000'],
      ['manga', '1000', '0'],
    ]);
    const mirror = await stack.bot.deps.social.mirror(user.id, 'anime');
    expect(mirror?.entries).toHaveLength(1150);

    // Through the bot: the mirror follows at once, without a sync.
    const target = mirror?.entries.find((e) => e.status !== 'completed' && e.total > 3 && e.progress < e.total - 1 && !e.nsfw);
    expect(target).toBeDefined();
    const id = target?.id ?? 0;
    const updated = await answerOf(stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { title: `id:${id}`, score: 9 }, user, where: GUILD }));
    expect(updated.text).not.toContain('went wrong');
    expect((await stack.bot.deps.social.mirror(user.id, 'anime'))?.entries.find((e) => e.id === id)?.score).toBe(9);

    // On the website: the next sync finds it, with one request per kind, newest first.
    const { access_token } = stack.emulator.issueTokensFor('dave');
    clock += 10 * MINUTE;
    const other = mirror?.entries.find((e) => e.id !== id && e.status === 'plan_to_watch');
    const put = await fetch(`${stack.emulator.url}/v2/anime/${other?.id ?? 0}/my_list_status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ status: 'watching', num_watched_episodes: '1' }),
    });
    expect(put.status).toBe(200);
    clock += 10 * MINUTE;
    const beforeSync = listRequests().length;
    await runJobs();
    const synced = listRequests().slice(beforeSync);
    expect(synced.map((r) => [r.path.endsWith('animelist') ? 'anime' : 'manga', r.query.sort, r.query.limit])).toEqual([
      ['anime', 'list_updated_at', '100'],
      ['manga', 'list_updated_at', '100'],
    ]);
    expect((await stack.bot.deps.social.mirror(user.id, 'anime'))?.entries.find((e) => e.id === other?.id)).toMatchObject({ status: 'watching', progress: 1 });
    // Not due again yet: nothing more is read.
    await runJobs();
    expect(listRequests().length).toBe(beforeSync + 2);

    // The person revokes the bot at the service: the next sync finds the login lost.
    stack.emulator.revokeRefreshTokens('dave');
    stack.emulator.expireAccessTokens('dave');
    clock += 20 * MINUTE;
    await runJobs();
    const dms = stack.discord.dms.messagesTo(user.id);
    expect(dms).toHaveLength(1);
    expect(textOf(dms[0])).toContain('Log in again');
    const stale = await stack.bot.deps.social.mirror(user.id, 'anime');
    expect(stale?.staleUntil).toBe(clock + 30 * 24 * 60 * MINUTE);
    expect(stale?.entries).toHaveLength(1150);
    // No more syncs, no more DMs.
    const afterLost = listRequests().length;
    clock += 6 * 60 * MINUTE;
    await runJobs();
    await stack.bot.deps.social.mirror(user.id, 'anime');
    expect(listRequests().length).toBe(afterLost);
    expect(stack.discord.dms.messagesTo(user.id)).toHaveLength(1);
  });
});
